import { describe, expect, it } from 'vitest';
import { markdownToPlainText, openingWords, parseHeadline, slugFrom, tsqueryText } from './search-text';

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

  it('drops the characters the search uses as match markers', () => {
    expect(markdownToPlainText('a\u0002b\u0003c')).toBe('abc');
  });
});

describe('tsqueryText', () => {
  it('joins the words with AND, the last one as a prefix while it is typed', () => {
    expect(tsqueryText('Counter OFFER')).toBe('counter & offer:*');
    expect(tsqueryText('counter offer ')).toBe('counter & offer');
    expect(tsqueryText('¿Cómo hago una oferta?')).toBe('cómo & hago & una & oferta:*');
  });

  it('leaves out every character of the tsquery syntax', () => {
    expect(tsqueryText("a' & !b | c:* <-> (d)")).toBe('a & b & c & d:*');
    expect(tsqueryText(' !&|() ')).toBeNull();
  });

  it('reads at most 12 words', () => {
    expect(tsqueryText(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))!.split(' & ')).toHaveLength(
      12,
    );
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
