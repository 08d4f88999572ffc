/**
 * How guessable a new password is (DECISIONS.md, "Passwords"): zxcvbn-ts with the common, English
 * and Spanish dictionaries, one setup for the embedded identity provider and the screens that set
 * a password, so that both judge a password alike. The dictionaries are some megabytes of word
 * lists: they are imported only when {@link loadPasswordChecker} is first called (a sign-up, a
 * reset, a password change), never with the server's start or a screen that sets no password.
 */
import type { FeedbackType, OptionsType, Score } from '@zxcvbn-ts/core';
import type { Language } from './constants';

/** The lowest zxcvbn score (0–4) a new password may have. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Bounds on the work of one check, which blocks the server's event loop while it runs. zxcvbn's
 * time grows fast with the length and the look-alike characters (a 240-character repeated pattern
 * took 6 s with its defaults): only the first 32 characters are scored (more can only make a
 * password harder to guess), and at most 10 l33t substitutions are tried. That leaves the scores of
 * ordinary passwords as they were and keeps a check to 5–30 ms, under 100 ms for a 256-character
 * pattern, on the 2-core machine (loading and indexing the dictionaries, once: 0.4–0.8 s).
 */
const LIMITS = { maxLength: 32, l33tMaxSubstitutions: 10 } satisfies OptionsType;

export interface PasswordStrength {
  score: Score;
  /** Whether the score is at least {@link MIN_PASSWORD_SCORE}. */
  strong: boolean;
  /** zxcvbn's feedback as keys of its translations (`topTen`, `anotherWord`, …). */
  feedback: FeedbackType;
}

/** zxcvbn's feedback in a language: why the password is guessable, and what would help. */
export interface PasswordAdvice {
  warning: string | null;
  suggestions: string[];
}

export interface PasswordChecker {
  check(password: string): PasswordStrength;
  advice(feedback: FeedbackType, language: Language): PasswordAdvice;
}

let loading: Promise<PasswordChecker> | undefined;

/** The checker, its dictionaries loaded at the first call and kept for the next ones. */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  loading ??= createChecker().catch((error: unknown) => {
    // A failed load (a browser gone offline) is tried again by the next call.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createChecker(): Promise<PasswordChecker> {
  const [{ ZxcvbnFactory }, common, en, es] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-es-es'),
  ]);
  // No `translations`: the feedback comes as keys, put in the reader's language by `advice`.
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    ...LIMITS,
  });
  const translations = { en: en.translations, es: es.translations };
  return {
    check(password) {
      const { score, feedback } = zxcvbn.check(password);
      return { score, strong: score >= MIN_PASSWORD_SCORE, feedback };
    },
    advice({ warning, suggestions }, language) {
      const texts = translations[language];
      const text = (group: Record<string, string>, key: string) => group[key] ?? key;
      return {
        warning: warning ? text(texts.warnings, warning) : null,
        suggestions: suggestions.map((key) => text(texts.suggestions, key)),
      };
    },
  };
}
