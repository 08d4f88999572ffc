import { describe, expect, it } from 'vitest';
import { resolveInitialLanguage } from './language';

describe('resolveInitialLanguage', () => {
  it('prefers the saved choice over the browser language', () => {
    expect(resolveInitialLanguage('es', ['en-US'])).toBe('es');
  });

  it('falls back to the first supported browser language, ignoring the region', () => {
    expect(resolveInitialLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
  });

  it('ignores a saved value that is not a supported language', () => {
    expect(resolveInitialLanguage('de', ['en-GB'])).toBe('en');
  });

  it('uses English when nothing else matches', () => {
    expect(resolveInitialLanguage(undefined, ['fr', 'de'])).toBe('en');
  });
});
