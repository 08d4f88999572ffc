// @vitest-environment node
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '@dealclub/shared/locales/en.json' with { type: 'json' };
import es from '@dealclub/shared/locales/es.json' with { type: 'json' };
import { stateOptions } from './state-options';

const tOf = (states: Record<string, string>) =>
  ((key: string) => states[key.replace(/^states\./, '')] ?? key) as unknown as TFunction;

describe('the states of a select', () => {
  for (const [language, texts] of [
    ['en', en],
    ['es', es],
  ] as const) {
    it(`are in the order of the language's own collation (${language})`, () => {
      const options = stateOptions(tOf(texts.states));
      expect(options).toHaveLength(Object.keys(texts.states).length);
      const collated = options
        .map((option) => option.label)
        .sort((a, b) => new Intl.Collator(language).compare(a, b));
      expect(options.map((option) => option.label)).toEqual(collated);
      // A name with an accent sorts by its letters: "Míchigan" after "Massachusetts", before "Minnesota".
      if (language === 'es') {
        const names = options.map((option) => option.value);
        expect(names.indexOf('MI')).toBe(names.indexOf('MN') - 1);
        expect(names.indexOf('MI')).toBeGreaterThan(names.indexOf('MA'));
      }
    });
  }

  it('gives the same list again while the language is the same, and a new one when it changes', () => {
    const first = stateOptions(tOf(en.states));
    expect(stateOptions(tOf(en.states))).toBe(first);
    expect(stateOptions(tOf(es.states))).not.toBe(first);
  });
});
