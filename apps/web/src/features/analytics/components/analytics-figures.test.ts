import { describe, expect, it } from 'vitest';
import { dailyTotals, formatShare, formatShortDay, funnelRows } from './analytics-figures';

describe('funnelRows', () => {
  it('gives each step its share of the previous step and of the viewers', () => {
    expect(funnelRows({ view: 40, favorite: 10, interest: 4, offer: 1 })).toEqual([
      { step: 'view', count: 40, ofPrevious: null, ofViewers: null },
      { step: 'favorite', count: 10, ofPrevious: 0.25, ofViewers: 0.25 },
      { step: 'interest', count: 4, ofPrevious: 0.4, ofViewers: 0.1 },
      { step: 'offer', count: 1, ofPrevious: 0.25, ofViewers: 0.025 },
    ]);
  });

  it('has no share after an empty step', () => {
    const rows = funnelRows({ view: 0, favorite: 2, interest: 0, offer: 0 });
    expect(rows.map((r) => [r.ofPrevious, r.ofViewers])).toEqual([
      [null, null],
      [null, null],
      [0, null],
      [null, null],
    ]);
  });

  it('keeps a share above 100 % as it is (a save without a counted view)', () => {
    expect(funnelRows({ view: 1, favorite: 2, interest: 0, offer: 0 })[1]!.ofPrevious).toBe(2);
  });
});

describe('formatShare', () => {
  it('writes a percent in the reader’s language, one decimal at most', () => {
    expect(formatShare(0.25, 'en')).toBe('25%');
    expect(formatShare(0.025, 'en')).toBe('2.5%');
    expect(formatShare(1 / 3, 'es')).toMatch(/^33,3\s%$/);
  });
});

describe('formatShortDay', () => {
  it('labels a UTC day without shifting it', () => {
    expect(formatShortDay('2026-11-01', 'en')).toBe('Nov 1');
    expect(formatShortDay('2026-11-01', 'es')).toBe('1 nov');
  });

  it('leaves an unreadable day as it came', () => {
    expect(formatShortDay('yesterday', 'en')).toBe('yesterday');
  });
});

describe('dailyTotals', () => {
  it('adds the days up', () => {
    const day = (views: number, offers: number) => ({
      date: '2026-11-01',
      views,
      favorites: 1,
      interests: 0,
      offers,
    });
    expect(dailyTotals([day(3, 0), day(2, 1)])).toEqual({ views: 5, favorites: 2, interests: 0, offers: 1 });
  });
});
