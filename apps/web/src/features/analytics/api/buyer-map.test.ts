import { describe, expect, it } from 'vitest';
import { filtersFromParams } from './buyer-map';

describe('the buyer map filters in the address', () => {
  it('reads the budget cap, the room minimums and the ZIP', () => {
    expect(
      filtersFromParams(new URLSearchParams('maxPrice=1500000&minBedrooms=3&minBathrooms=2&zip=85004')),
    ).toEqual({
      filters: { maxPrice: 1_500_000, minBedrooms: 3, minBathrooms: 2 },
      zipCode: '85004',
      // A ZIP is in its region (a map sent by region opens it), whatever the address says.
      region: '850',
    });
  });

  it('reads the opened region of a map sent by region', () => {
    expect(filtersFromParams(new URLSearchParams('region=787')).region).toBe('787');
    expect(filtersFromParams(new URLSearchParams('region=787&zip=85004')).region).toBe('850');
    for (const bad of ['78', '7870', 'abc', ''])
      expect(filtersFromParams(new URLSearchParams(`region=${bad}`)).region).toBeNull();
  });

  it('ignores values the filters do not offer and malformed ZIPs', () => {
    expect(
      filtersFromParams(new URLSearchParams('maxPrice=750000&minBedrooms=5&minBathrooms=&zip=8500')),
    ).toEqual({
      filters: { maxPrice: undefined, minBedrooms: undefined, minBathrooms: undefined },
      zipCode: null,
      region: null,
    });
  });
});
