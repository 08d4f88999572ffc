import { describe, expect, it } from 'vitest';
import { APP_ROUTES, matchBuiltRoute } from './routes';

describe('route table', () => {
  it('lists every route of the shell document once', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/help-qa/:id');
    expect(paths).toContain('/signup/seller/thank-you');
    expect(paths).toHaveLength(43);
  });

  it('matches built pages with or without a trailing slash', () => {
    expect(matchBuiltRoute('/')?.id).toBe('home');
    expect(matchBuiltRoute('/terms/')?.id).toBe('terms');
    expect(matchBuiltRoute('/privacy')?.id).toBe('privacy');
    expect(matchBuiltRoute('/deals/123/offers')?.id).toBe('dealOffers');
    expect(matchBuiltRoute('/deals/123/analytics')?.id).toBe('dealAnalytics');
    expect(matchBuiltRoute('/deals/123/closing')?.id).toBe('dealClosing');
    expect(matchBuiltRoute('/dashboard')?.id).toBe('dashboard');
    expect(matchBuiltRoute('/chat/123')?.id).toBe('chatThread');
  });

  it('does not match unknown paths or screens that are not built', () => {
    expect(matchBuiltRoute('/nope')).toBeUndefined();
    expect(matchBuiltRoute('/terms/extra')).toBeUndefined();
    expect(matchBuiltRoute('/deals/123/analytics/extra')).toBeUndefined();
    expect(matchBuiltRoute('/zip/78701/analytics/extra')).toBeUndefined();
  });
});
