/**
 * i18next set up with both languages bundled (they are small) so the first paint is already in the
 * right language. The initial language follows shell §2: saved choice, browser language, else en.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language } from '@dealclub/shared/constants';
import { resolveInitialLanguage } from '@dealclub/shared/language';
import en from '@dealclub/shared/locales/en.json';
import es from '@dealclub/shared/locales/es.json';

/** Where the language choice is kept in the browser. */
export const LANGUAGE_STORAGE_KEY = 'language';

function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or full storage: the choice still applies to this visit.
  }
}

export function initialLanguage(): Language {
  return resolveInitialLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]);
}

export function setupI18n(language: Language = initialLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, es: { translation: es } },
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: ['en', 'es'],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}

export { i18n };
