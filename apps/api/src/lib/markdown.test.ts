import { describe, expect, it } from 'vitest';
import { markdownTreeOf } from './markdown';

describe('the kept Markdown trees', () => {
  it('parses a text once while it is read, and lets the least recently read go', () => {
    const first = markdownTreeOf('A **kept** text.');
    expect(markdownTreeOf('A **kept** text.')).toBe(first);
    // Five hundred other texts later (the bound), the first is parsed again: an equal, new tree.
    for (let i = 0; i < 500; i += 1) markdownTreeOf(`Text ${i}`);
    const again = markdownTreeOf('A **kept** text.');
    expect(again).not.toBe(first);
    expect(again).toEqual([
      { type: 'paragraph', children: ['A ', { type: 'strong', children: ['kept'] }, ' text.'] },
    ]);
  });
});
