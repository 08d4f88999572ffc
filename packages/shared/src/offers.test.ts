import { describe, expect, it, vi } from 'vitest';
import { daysUntil, earliestCloseDate, localToday, offerFigures, offerSchema, offerTypesFor } from './offers';

const noon = new Date('2026-11-23T12:00:00Z');

describe('close dates', () => {
  it('takes today anywhere on Earth as the earliest date, so no US time zone loses its own today', () => {
    // 01:00 UTC on the 24th is still the 23rd in every US time zone.
    expect(earliestCloseDate(new Date('2026-11-24T01:00:00Z'))).toBe('2026-11-23');
    expect(earliestCloseDate(new Date('2026-11-24T13:00:00Z'))).toBe('2026-11-24');
  });

  it("takes the buyer's own calendar day for their today, zero-padded, whatever the UTC day is", () => {
    vi.stubEnv('TZ', 'Pacific/Honolulu');
    try {
      // 05:00 UTC on the 24th is 19:00 on the 23rd in Honolulu (UTC−10).
      expect(localToday(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-23');
      expect(localToday(new Date('2026-01-05T12:00:00Z'))).toBe('2026-01-05');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('counts whole days from today, never below zero', () => {
    expect(daysUntil('2026-11-23', noon)).toBe(0);
    expect(daysUntil('2026-12-23', noon)).toBe(30);
    expect(daysUntil('2026-11-20', noon)).toBe(0);
  });
});

describe('offer schema', () => {
  const today = new Date().toISOString().slice(0, 10);

  it('keeps only the amount of the offer type', () => {
    const cash = offerSchema.parse({
      type: 'cash',
      purchasePrice: 300000,
      entryFee: 5,
      estimatedCloseDate: today,
    });
    expect(cash).toMatchObject({ purchasePrice: 300000, entryFee: null, message: '' });
    const creative = offerSchema.parse({ type: 'creative', entryFee: 9000, estimatedCloseDate: today });
    expect(creative).toMatchObject({ purchasePrice: null, entryFee: 9000 });
  });

  it('names the missing amount of each type', () => {
    const result = offerSchema.safeParse({ type: 'creative', estimatedCloseDate: today });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['entryFee', 'offers.validation.entryFee'],
    ]);
  });

  it('refuses a day that does not exist rather than rolling it over', () => {
    const result = offerSchema.safeParse({
      type: 'cash',
      purchasePrice: 1,
      estimatedCloseDate: '2027-02-31',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['offers.validation.closeDate']);
  });

  it('takes only cash offers on cash deals', () => {
    expect(offerTypesFor('cash')).toEqual(['cash']);
    expect(offerTypesFor('creative')).toEqual(['cash', 'creative']);
  });
});

describe('offer figures', () => {
  const deal = { purchasePrice: 400000, entryFee: 10000 };

  it('compares a cash offer by its price and its share of the asking price', () => {
    expect(
      offerFigures(
        { type: 'cash', purchasePrice: 390000, entryFee: null, estimatedCloseDate: '2026-12-08' },
        deal,
        noon,
      ),
    ).toEqual({
      cashToSeller: 390000,
      priceOfAsking: 97.5,
      entryFeeOfAsking: null,
      daysToClose: 15,
      effectivePrice: 390000,
      sellerFinanced: null,
    });
  });

  it('compares a creative offer by its entry fee against the one the deal asks', () => {
    expect(
      offerFigures(
        { type: 'creative', purchasePrice: null, entryFee: 7500, estimatedCloseDate: '2026-11-23' },
        deal,
        noon,
      ),
    ).toEqual({
      cashToSeller: 7500,
      priceOfAsking: null,
      entryFeeOfAsking: 75,
      daysToClose: 0,
      // A creative deal without loan fields: the entry fee is all the seller is paid.
      effectivePrice: 7500,
      sellerFinanced: null,
    });
    expect(
      offerFigures(
        { type: 'creative', purchasePrice: null, entryFee: 7500, estimatedCloseDate: '2026-11-23' },
        { purchasePrice: 400000, entryFee: null },
        noon,
      ).entryFeeOfAsking,
    ).toBeNull();
  });
});
