/**
 * The namespaces of the locale files that only some screens use, by section: they are not part of
 * the texts a first visit loads (build/locale-sections.ts); a screen that uses one loads it with
 * `useLocaleSection`. A namespace belongs to one section at most.
 */
export const LOCALE_SECTIONS = {
  training: ['training', 'trainingAdmin'],
} as const;

export type LocaleSection = keyof typeof LOCALE_SECTIONS;
