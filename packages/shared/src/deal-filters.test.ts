import { describe, expect, it } from 'vitest';
import { dealFiltersQuery, savedDealFiltersSchema } from './deal-filters';

const issues = (input: unknown) => {
  const parsed = savedDealFiltersSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('saved deal filters', () => {
  it('read JSON and the query string alike, as the deal list reads its query string', () => {
    const json = { state: 'nv', city: ' Reno ', maxPrice: 500000, tags: ['off-market'], verified: true };
    const query = { state: 'nv', city: ' Reno ', maxPrice: '500000', tags: 'off-market', verified: 'true' };
    const expected = { state: 'NV', city: 'Reno', maxPrice: 500000, tags: ['off-market'], verified: true };
    expect(savedDealFiltersSchema.parse(json)).toEqual(expected);
    expect(savedDealFiltersSchema.parse(query)).toEqual(expected);
    const listed = dealFiltersQuery.parse(query);
    expect({ ...listed, verified: listed.verified === 'true' }).toEqual(expected);
  });

  it('keep the sort and drop what narrows nothing', () => {
    expect(savedDealFiltersSchema.parse({ zipCode: '89501', tags: '', sort: 'match' })).toEqual({
      zipCode: '89501',
      sort: 'match',
    });
  });

  it('refuse bad values, unknown names, and a search without any filter', () => {
    expect(issues({ maxPrice: 0, minBedrooms: 101, category: 'barter', zipCode: '8950' })).toEqual([
      ['maxPrice', 'dealsBrowse.validation.maxPrice'],
      ['minBedrooms', 'dealsBrowse.validation.bedrooms'],
      ['category', 'dealsBrowse.validation.category'],
      ['zipCode', 'geo.validation.zip'],
    ]);
    // Bedrooms are whole; bathrooms may be half.
    expect(issues({ minBedrooms: 2.5 })).toEqual([['minBedrooms', 'dealsBrowse.validation.bedrooms']]);
    expect(issues({ minBathrooms: 2.5 })).toEqual([]);
    // Beyond the database's integers: refused here, never a database error.
    expect(issues({ maxPrice: 2_147_483_648 })).toEqual([['maxPrice', 'dealsBrowse.validation.maxPrice']]);
    expect(issues({ state: 'TX', limit: 5 })).toEqual([['', 'dealsBrowse.validation.unknownFilter']]);
    expect(issues({ sort: 'newest' })).toEqual([['', 'dealsBrowse.validation.noFilter']]);
    expect(issues({ minBedrooms: 0 })).toEqual([['', 'dealsBrowse.validation.noFilter']]);
    for (const value of [null, 'state=TX', ['TX'], 42]) {
      expect(issues(value)).toEqual([['', 'dealsBrowse.validation.filters']]);
    }
  });
});
