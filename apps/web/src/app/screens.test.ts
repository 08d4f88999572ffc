import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@dealclub/shared/routes';
import { appRoutes } from './router';
import { SCREENS } from './screens';

describe('screens', () => {
  it('has a screen for every built route and none for routes not built yet', () => {
    const built = APP_ROUTES.filter((r) => r.built && !('redirectTo' in r)).map((r) => r.id);
    expect(Object.keys(SCREENS).sort()).toEqual([...built].sort());
  });

  // Transforming every screen's module graph for the first time takes a while (the map demo's
  // 41,000 ZIP centroids and the US atlas alone take seconds on a loaded 2-core machine): a safety
  // net, not a speed goal.
  it('loads every screen as a module with a default component', { timeout: 60_000 }, async () => {
    for (const load of Object.values(SCREENS)) {
      expect(typeof (await load()).default).toBe('function');
    }
  });

  it('ends the route list with the not-found catch-all and gives each screen an error boundary', () => {
    const children = appRoutes()[0]?.children ?? [];
    expect(children.at(-1)?.path).toBe('*');
    for (const child of children.filter((c) => c.lazy)) expect(child.errorElement).toBeTruthy();
  });
});
