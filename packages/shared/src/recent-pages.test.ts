import { describe, expect, it } from 'vitest';
import { addRecentPage, parseRecentPages } from './recent-pages';

const page = (n: number) => ({ title: `Page ${n}`, url: `/p/${n}` });

describe('addRecentPage', () => {
  it('puts the newest visit first and keeps only ten', () => {
    let pages = [] as ReturnType<typeof addRecentPage>;
    for (let n = 1; n <= 12; n++) pages = addRecentPage(pages, page(n));
    expect(pages).toHaveLength(10);
    expect(pages[0]).toEqual(page(12));
    expect(pages.at(-1)).toEqual(page(3));
  });

  it('moves a revisited page to the front instead of listing it twice', () => {
    const pages = addRecentPage([page(2), page(1)], { title: 'Again', url: '/p/1' });
    expect(pages).toEqual([{ title: 'Again', url: '/p/1' }, page(2)]);
  });
});

describe('parseRecentPages', () => {
  it('returns an empty list for corrupt storage', () => {
    expect(parseRecentPages('{not json')).toEqual([]);
    expect(parseRecentPages('{"title":"x"}')).toEqual([]);
    expect(parseRecentPages(null)).toEqual([]);
  });

  it('drops malformed entries', () => {
    expect(parseRecentPages(JSON.stringify([page(1), { title: 3 }, 'x']))).toEqual([page(1)]);
  });
});
