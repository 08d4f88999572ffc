/**
 * The ALTCHA widget (DECISIONS.md, Help, feedback and roadmap: a self-hosted proof of work), loaded
 * only by the signed-out `/feedback` pages. The `external` build is used with its SHA worker as a
 * file of our own origin: the default build starts its workers from `blob:` URLs, which the
 * app's Content-Security-Policy (scripts from 'self' only) refuses. Its texts are ours, in the
 * app's language.
 */
import type { Language } from '@dealclub/shared/constants';
import { loadOnce } from '@/lib/load-once';

/** The texts the widget shows, by its keys; the rest keep the library's English. */
export type AltchaTexts = Record<
  | 'label'
  | 'verify'
  | 'verifying'
  | 'verified'
  | 'verificationRequired'
  | 'waitAlert'
  | 'error'
  | 'expired'
  | 'reload'
  | 'loading',
  string
>;

interface AltchaStore<T> {
  get: (name: string) => T | undefined;
  set: (name: string, value: T) => void;
}

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
  i18n: AltchaStore<Record<string, string>>;
}

// A failed download may be tried again.
export const loadAltcha: () => Promise<void> = loadOnce(() =>
  Promise.all([
    import('altcha/external'),
    import('altcha/workers/sha?worker'),
    import('altcha/altcha.css'),
    import('./altcha-overrides.css'),
  ]).then(([, { default: ShaWorker }]) => {
    const registry = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
    // The server's challenges are SHA-256 (apps/api/src/modules/feedback/human-check.ts).
    registry.algorithms.set('SHA-256', () => new ShaWorker());
  }),
);

/** Gives the widget our texts in `language` (it reads them from its registry by language code). */
export function setAltchaTexts(language: Language, texts: AltchaTexts) {
  const registry = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
  registry.i18n.set(language, { ...(registry.i18n.get('en') ?? {}), ...texts });
}
