/**
 * i18next with one language loaded at a time: each locale is a chunk of its own, so a first visit
 * downloads only the language it shows (the two together would be a fifth of the first load).
 * The app renders once the initial language is in (main.tsx), so the first paint is already in the
 * right language; changing language loads the other chunk before switching. The initial language
 * follows shell §2: saved choice, browser language, else en.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { useEffect, useReducer } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { type Language } from '@dealclub/shared/constants';
import { isLanguage, resolveInitialLanguage } from '@dealclub/shared/language';
import type { LocaleSection } from './locale-sections';

/** Where the language choice is kept in the browser. */
export const LANGUAGE_STORAGE_KEY = 'language';

// The texts every page needs; the sections some screens use load with `useLocaleSection`.
const LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('virtual:locales/en'),
  es: () => import('virtual:locales/es'),
};

const SECTIONS: Record<LocaleSection, Record<Language, () => Promise<{ default: ResourceKey }>>> = {
  training: {
    en: () => import('virtual:locales/en/training'),
    es: () => import('virtual:locales/es/training'),
  },
  trust: {
    en: () => import('virtual:locales/en/trust'),
    es: () => import('virtual:locales/es/trust'),
  },
  matchingBuyers: {
    en: () => import('virtual:locales/en/matchingBuyers'),
    es: () => import('virtual:locales/es/matchingBuyers'),
  },
  counters: {
    en: () => import('virtual:locales/en/counters'),
    es: () => import('virtual:locales/es/counters'),
  },
  savedSearches: {
    en: () => import('virtual:locales/en/savedSearches'),
    es: () => import('virtual:locales/es/savedSearches'),
  },
  help: {
    en: () => import('virtual:locales/en/help'),
    es: () => import('virtual:locales/es/help'),
  },
  helpAdmin: {
    en: () => import('virtual:locales/en/helpAdmin'),
    es: () => import('virtual:locales/es/helpAdmin'),
  },
  roadmap: {
    en: () => import('virtual:locales/en/roadmap'),
    es: () => import('virtual:locales/es/roadmap'),
  },
  roadmapAdmin: {
    en: () => import('virtual:locales/en/roadmapAdmin'),
    es: () => import('virtual:locales/es/roadmapAdmin'),
  },
  dashboard: {
    en: () => import('virtual:locales/en/dashboard'),
    es: () => import('virtual:locales/es/dashboard'),
  },
  feedback: {
    en: () => import('virtual:locales/en/feedback'),
    es: () => import('virtual:locales/es/feedback'),
  },
  feedbackAdmin: {
    en: () => import('virtual:locales/en/feedbackAdmin'),
    es: () => import('virtual:locales/es/feedbackAdmin'),
  },
  outboxAdmin: {
    en: () => import('virtual:locales/en/outboxAdmin'),
    es: () => import('virtual:locales/es/outboxAdmin'),
  },
  analytics: {
    en: () => import('virtual:locales/en/analytics'),
    es: () => import('virtual:locales/es/analytics'),
  },
  mapDemo: {
    en: () => import('virtual:locales/en/mapDemo'),
    es: () => import('virtual:locales/es/mapDemo'),
  },
  dealsMap: {
    en: () => import('virtual:locales/en/dealsMap'),
    es: () => import('virtual:locales/es/dealsMap'),
  },
  closing: {
    en: () => import('virtual:locales/en/closing'),
    es: () => import('virtual:locales/es/closing'),
  },
  mfa: {
    en: () => import('virtual:locales/en/mfa'),
    es: () => import('virtual:locales/es/mfa'),
  },
  drafts: {
    en: () => import('virtual:locales/en/drafts'),
    es: () => import('virtual:locales/es/drafts'),
  },
  dealForm: {
    en: () => import('virtual:locales/en/dealForm'),
    es: () => import('virtual:locales/es/dealForm'),
  },
  legal: {
    en: () => import('virtual:locales/en/legal'),
    es: () => import('virtual:locales/es/legal'),
  },
  access: {
    en: () => import('virtual:locales/en/access'),
    es: () => import('virtual:locales/es/access'),
  },
  dealOffers: {
    en: () => import('virtual:locales/en/dealOffers'),
    es: () => import('virtual:locales/es/dealOffers'),
  },
  integrations: {
    en: () => import('virtual:locales/en/integrations'),
    es: () => import('virtual:locales/es/integrations'),
  },
  push: {
    en: () => import('virtual:locales/en/push'),
    es: () => import('virtual:locales/es/push'),
  },
  profile: {
    en: () => import('virtual:locales/en/profile'),
    es: () => import('virtual:locales/es/profile'),
  },
  admin: {
    en: () => import('virtual:locales/en/admin'),
    es: () => import('virtual:locales/es/admin'),
  },
};

const sectionLoads = new Map<string, Promise<void>>();
const sectionsLoaded = new Set<string>();
const sectionsUsed = new Set<LocaleSection>();

const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    // A change of language brings the sections already in use with it, so a screen that shows one
    // keeps its state (a quiz in progress, an unsaved draft) instead of waiting for its texts.
    const used = [...sectionsUsed];
    Promise.all([LOCALES[language](), ...used.map((section) => SECTIONS[section][language]())]).then(
      ([locale, ...sections]) => {
        used.forEach((section) => sectionsLoaded.add(`${section}:${language}`));
        // Each namespace copied (a section added later is merged into it, and the module's own
        // object stays as built), and merged deep: a section may hold only part of one
        // (KEPT_IN_CORE).
        const texts: Record<string, object> = {};
        for (const [namespace, part] of Object.entries(locale!.default as Record<string, object>)) {
          texts[namespace] = Object.assign({}, part);
        }
        for (const section of sections) {
          for (const [namespace, part] of Object.entries(section.default as Record<string, object>)) {
            texts[namespace] = Object.assign({}, texts[namespace], part);
          }
        }
        callback(null, texts);
      },
      (error: Error) => callback(error, null),
    );
  },
};

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
  // Mirrored in a cookie so that the server can have the page preload this language's texts
  // (apps/api/src/plugins/web.ts); the stored choice stays the one the app reads.
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export function initialLanguage(): Language {
  return resolveInitialLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]);
}

/** Resolves once the language's texts are loaded. */
export async function setupI18n(language: Language = initialLanguage()) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', (lng) => {
      document.documentElement.lang = lng;
    });
    await i18n
      .use(localeChunks)
      .use(initReactI18next)
      .init({
        lng: language,
        // Both locales carry the same keys (a test holds them equal), so no fallback language is
        // loaded beside the one shown.
        fallbackLng: false,
        supportedLngs: ['en', 'es'],
        load: 'languageOnly',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
      });
  }
  document.documentElement.lang = i18n.language;
  return i18n;
}

export { i18n };

/** Adds a section's texts in `language` to what i18next has (once per section and language). */
export function loadLocaleSection(section: LocaleSection, language: Language): Promise<void> {
  const key = `${section}:${language}`;
  sectionsUsed.add(section);
  let load = sectionLoads.get(key);
  if (!load) {
    load = SECTIONS[section][language]().then(
      (texts) => {
        i18n.addResourceBundle(language, 'translation', texts.default, true, true);
        sectionsLoaded.add(key);
      },
      (error: unknown) => {
        // A failed download may be tried again on the next render.
        sectionLoads.delete(key);
        throw error;
      },
    );
    sectionLoads.set(key, load);
  }
  return load;
}

/**
 * Starts the download of `section`'s texts in the current language, for a screen's module to call
 * as it runs: they then arrive with the screen's code instead of one round trip after its first
 * render (`useLocaleSection` asks from an effect). A failure is left to the hook, which asks again.
 */
export function preloadLocaleSection(section: LocaleSection): void {
  loadLocaleSection(section, isLanguage(i18n.language) ? i18n.language : 'en').catch(() => undefined);
}

/**
 * Whether the texts of `section` are there in the current language; loads them (again after a
 * change of language) and re-renders when they arrive. A screen shows its fallback until then, so
 * no key ever shows untranslated; a failed download is thrown to the route's error boundary.
 */
export function useLocaleSection(section: LocaleSection): boolean {
  const { i18n: instance } = useTranslation();
  const language: Language = isLanguage(instance.language) ? instance.language : 'en';
  const [failure, fail] = useReducer((_: unknown, error: unknown) => error, null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const ready = sectionsLoaded.has(`${section}:${language}`);
  useEffect(() => {
    if (!ready) loadLocaleSection(section, language).then(rerender, fail);
  }, [ready, section, language]);
  if (failure) throw failure;
  return ready;
}
