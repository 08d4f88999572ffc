import { afterEach, describe, expect, it } from 'vitest';
import en from '@dealclub/shared/locales/en.json' with { type: 'json' };
import es from '@dealclub/shared/locales/es.json' with { type: 'json' };
import { i18n, loadLocaleSection } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a section that holds part of a namespace', () => {
  it('adds to the shared texts of that namespace, and keeps both across a change of language', async () => {
    // The schemas' messages are there before the section is.
    expect(i18n.t('access.validation.phone')).toBe(en.access.validation.phone);
    await loadLocaleSection('access', 'en');
    expect(i18n.t('access.verifyTitle')).toBe(en.access.verifyTitle);
    expect(i18n.t('access.validation.phone')).toBe(en.access.validation.phone);

    // A language read anew brings the sections in use with it, merged into its shared texts.
    const backend = i18n.services.backendConnector.backend as {
      read: (language: string, namespace: string, done: (error: unknown, texts: unknown) => void) => void;
    };
    const texts = await new Promise<{ access: Record<string, unknown> }>((resolve, reject) =>
      backend.read('es', 'translation', (error, read) =>
        error ? reject(error) : resolve(read as { access: Record<string, unknown> }),
      ),
    );
    expect(texts.access).toEqual(es.access);

    // A language already read gets the section added to its texts.
    await i18n.changeLanguage('es');
    await loadLocaleSection('access', 'es');
    expect(i18n.t('access.verifyTitle')).toBe(es.access.verifyTitle);
    expect(i18n.t('access.validation.phone')).toBe(es.access.validation.phone);
  });
});
