import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The initial language (shell §2, Language choice): the saved choice, then the browser language
 * (en or es, any region), else en.
 */
export function resolveInitialLanguage(
  saved: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
