import { describe, expect, it } from 'vitest';
import { helpArticleInputSchema, snippetRuns } from './help';

describe('snippetRuns', () => {
  it('cuts a snippet into plain and highlighted runs, in order', () => {
    expect(
      snippetRuns({
        text: 'Make an offer; the seller may counter it',
        highlights: [
          { start: 30, end: 37 },
          { start: 8, end: 13 },
        ],
      }),
    ).toEqual([
      { text: 'Make an ', highlighted: false },
      { text: 'offer', highlighted: true },
      { text: '; the seller may ', highlighted: false },
      { text: 'counter', highlighted: true },
      { text: ' it', highlighted: false },
    ]);
  });

  it('ignores ranges outside the text or overlapping one before', () => {
    expect(
      snippetRuns({
        text: 'offer',
        highlights: [
          { start: 0, end: 3 },
          { start: 2, end: 4 },
          { start: 9, end: 12 },
        ],
      }),
    ).toEqual([
      { text: 'off', highlighted: true },
      { text: 'e', highlighted: true },
      { text: 'r', highlighted: false },
    ]);
  });
});

describe('helpArticleInputSchema', () => {
  const input = {
    category: 'offers',
    title: { en: 'Offers', es: '' },
    body: { en: 'How to offer.', es: '' },
    published: false,
  };

  it('takes a draft in English only', () => {
    expect(helpArticleInputSchema.safeParse(input).success).toBe(true);
  });

  it('refuses to publish without Spanish, naming each field', () => {
    const result = helpArticleInputSchema.safeParse({ ...input, published: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title.es', 'help.validation.spanishRequired'],
      ['body.es', 'help.validation.spanishRequired'],
    ]);
  });
});
