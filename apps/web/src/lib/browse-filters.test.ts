import { describe, expect, it } from 'vitest';
import { hasFilters, parseFilters, withFilters, withoutFilters } from './browse-filters';

describe('browse filters in the URL', () => {
  it('reads the valid filters and ignores the rest', () => {
    const params = new URLSearchParams(
      'maxPrice=1000000&minBedrooms=3&minBathrooms=9&category=creative&purchaseType=Nope&state=tx&city=%20Austin%20&zipCode=123&tags=off-market,bogus,low-entry-fee&sort=price-asc&view=favorites',
    );
    expect(parseFilters(params)).toEqual({
      maxPrice: 1_000_000,
      minBedrooms: 3,
      category: 'creative',
      state: 'TX',
      city: 'Austin',
      tags: ['off-market', 'low-entry-fee'],
      sort: 'price-asc',
    });
  });

  it('writes changes and keeps the view', () => {
    const params = new URLSearchParams('view=favorites&city=Austin');
    const next = withFilters(params, { city: undefined, tags: ['wholesale', 'off-market'], sort: 'newest' });
    expect(next.toString()).toBe('view=favorites&tags=wholesale%2Coff-market');
    expect(withoutFilters(new URLSearchParams('q=pool&sort=price-desc&view=all')).toString()).toBe(
      'sort=price-desc&view=all',
    );
  });

  it('reads and writes the verified-terms filter (true only)', () => {
    expect(parseFilters(new URLSearchParams('verified=true'))).toEqual({ verified: true });
    expect(parseFilters(new URLSearchParams('verified=yes'))).toEqual({});
    expect(withFilters(new URLSearchParams(), { verified: true }).toString()).toBe('verified=true');
    expect(withFilters(new URLSearchParams('verified=true'), { verified: undefined }).toString()).toBe('');
    expect(hasFilters({ verified: true })).toBe(true);
  });

  it('knows when the list is narrowed', () => {
    expect(hasFilters({ sort: 'price-asc' })).toBe(false);
    expect(hasFilters({ zipCode: '78701' })).toBe(true);
  });
});
