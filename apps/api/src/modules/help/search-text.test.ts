import { describe, expect, it } from 'vitest';
import {
  markdownToPlainText,
  openingWords,
  parseHeadline,
  slugFrom,
  spellings,
  tsqueryTerms,
  withoutAccents,
} from './search-text';

describe('markdownToPlainText', () => {
  it('keeps the words a reader sees and drops the Markdown', () => {
    const markdown = [
      '## Making an offer',
      '',
      'Open the **deal page** and press _Make an offer_. See [counter-offers](/help/article/counters).',
      '',
      '1. Choose `cash` or creative',
      '   - nested > item',
      '> A quote',
      '',
      '| Field | Meaning |',
      '| --- | :-: |',
      '| EMD | earnest money |',
      '![A house](/img.png) <b>bold</b> snake_case',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Making an offer Open the deal page and press Make an offer. See counter-offers. Choose cash or creative ' +
        'nested > item A quote Field Meaning EMD earnest money A house bold snake_case',
    );
  });

  it('finds only what the page shows: an HTML block and a link definition are not words of it', () => {
    expect(
      markdownToPlainText(
        'Before\n\n<div>hidden <script>steal()</script></div>\n\nAfter [x][d].\n\n[d]: /help',
      ),
    ).toBe('Before After x.');
  });

  it('drops the characters the search uses as match markers', () => {
    expect(markdownToPlainText('a\u0002b\u0003c')).toBe('abc');
  });
});

describe('tsqueryTerms', () => {
  const typed = (query: string) => tsqueryTerms(query, 'en')?.map((term) => term.typed) ?? null;

  it('reads the words, the last one as a prefix while it is typed', () => {
    expect(typed('Counter OFFER')).toEqual(['counter', 'offer:*']);
    expect(typed('counter offer ')).toEqual(['counter', 'offer']);
    expect(tsqueryTerms('¿Cómo hago una oferta?', 'es')!.map((term) => term.typed)).toEqual([
      'cómo',
      'hago',
      'una',
      'oferta:*',
    ]);
  });

  it('searches every spelling of a word, the prefix too', () => {
    expect(tsqueryTerms('NEGOCIACION', 'es')).toEqual([
      {
        typed: 'negociacion:*',
        spellings: [
          'negociacion:*',
          'ñegociacion:*',
          'negociacíon:*',
          'ñegociacíon:*',
          'negociación:*',
          'ñegociación:*',
        ].join(' | '),
      },
    ]);
  });

  it('leaves out every character of the tsquery syntax', () => {
    expect(typed("a' & !b | c:* <-> (d)")).toEqual(['a', 'b', 'c', 'd:*']);
    expect(tsqueryTerms(' !&|() ', 'es')).toBeNull();
  });

  it('reads at most 12 words', () => {
    expect(typed(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(12);
  });
});

describe('spellings', () => {
  it('puts back an accent on the last syllable, a tilde, or a diaeresis', () => {
    expect(spellings('financiacion', 'es')).toContain('financiación');
    expect(spellings('garantias', 'es')).toContain('garantías');
    expect(spellings('ano', 'es')).toEqual(['ano', 'año', 'anó', 'añó']);
    expect(spellings('compania', 'es')).toContain('compañía');
    expect(spellings('verguenza', 'es')).toContain('vergüenza');
    expect(spellings('cafe', 'en')).toContain('café');
  });

  it('never on a last syllable that bears no written accent, nor on an earlier one', () => {
    // A word ending in another consonant is stressed on its last syllable without an accent; an
    // accent further back is in the stem, which the stemmer unaccents anyway.
    expect(spellings('propiedad', 'es')).toEqual(['propiedad']);
    expect(spellings('credito', 'es')).toEqual(['credito', 'creditó']);
  });

  it('takes a word typed with an accent as typed; in English also without it', () => {
    expect(spellings('financiación', 'es')).toEqual(['financiación']);
    expect(spellings('café', 'en')).toEqual(['café', 'cafe']);
    expect(withoutAccents('Financiación, año, pingüino')).toBe('Financiacion, ano, pinguino');
  });
});

describe('parseHeadline', () => {
  it('turns the markers into ranges of the plain text', () => {
    const snippet = parseHeadline('Make an \u0002offer\u0003; the seller may \u0002counter\u0003 it');
    expect(snippet.text).toBe('Make an offer; the seller may counter it');
    expect(snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end))).toEqual([
      'offer',
      'counter',
    ]);
  });

  it('counts in JavaScript string units, accents and all', () => {
    const snippet = parseHeadline('¿Cómo hago una \u0002oferta\u0003?');
    expect(snippet.text.slice(snippet.highlights[0]!.start, snippet.highlights[0]!.end)).toBe('oferta');
  });
});

describe('openingWords and slugFrom', () => {
  it('cuts a long text at a word boundary', () => {
    const text = 'word '.repeat(100).trim();
    const opening = openingWords(text).text;
    expect(opening.length).toBeLessThanOrEqual(181);
    expect(opening).toMatch(/word…$/);
    expect(openingWords('Short.').text).toBe('Short.');
  });

  it('makes a slug of lower-case ASCII words', () => {
    expect(slugFrom('¿Cómo cambio el idioma?', 'question')).toBe('como-cambio-el-idioma');
    expect(slugFrom('!!!', 'article')).toBe('article');
  });
});
