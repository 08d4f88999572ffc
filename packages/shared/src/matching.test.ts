import { describe, expect, it } from 'vitest';
import {
  matchDeal,
  matchMoney,
  MATCH_WEIGHTS,
  scoreOf,
  SQFT_PER_ACRE,
  type MatchBuyBox,
  type MatchDeal,
  type MatchPreferences,
  type MatchReason,
} from './matching';

/** A subject-to house in Reno: PITI $2,100 + HOA $172 = $2,272 a month; $9,000 + $3,000 to close. */
const deal = (over: Partial<MatchDeal> = {}): MatchDeal => ({
  category: 'creative',
  purchaseType: 'SubTo',
  propertyType: 'singleFamily',
  state: 'NV',
  city: 'Reno',
  zipCode: '89501',
  purchasePrice: 420_000,
  bedrooms: 3,
  bathrooms: 2,
  yearBuilt: 1998,
  squareFootage: 1_650,
  lotSize: 6_000,
  lotSizeUnit: 'sqft',
  hoaMonthlyFee: 172,
  solarMonthlyFee: null,
  emd: 3_000,
  entryFee: 9_000,
  optionFee: null,
  interestRate: 3.1,
  sellerInterestRate: null,
  loanBalance: 330_000,
  sellerLoanAmount: null,
  piti: 2_100,
  piMonthlyPayment: null,
  loanMaturityDate: '2050-01-01',
  sellerLoanMaturity: null,
  monthlyLeasePayment: null,
  ...over,
});

const prefs = (over: Partial<MatchPreferences> = {}): MatchPreferences => ({
  state: 'NV',
  city: 'Reno',
  zipCodes: [],
  propertyTypes: [],
  minYearBuilt: null,
  minSquareFootage: null,
  bedrooms: null,
  bathrooms: null,
  minLotSize: null,
  lotSizeUnit: 'sqft',
  maxMonthlyPayment: null,
  maxDownPayment: null,
  excludeHoa: false,
  ...over,
});

const box = (over: Partial<MatchBuyBox> = {}): MatchBuyBox => ({
  type: 'any',
  state: 'NV',
  city: 'Reno',
  zipCodes: [],
  ...over,
});

const byPrefs = (d: MatchDeal, p: Partial<MatchPreferences>) =>
  matchDeal(d, { preferences: prefs(p), buyBox: null })!;
const reason = (d: MatchDeal, p: Partial<MatchPreferences>, criterion: MatchReason['criterion']) =>
  byPrefs(d, p).reasons.find((r) => r.criterion === criterion)!;

describe('location', () => {
  it('needs the state, then the ZIP codes when the buyer listed any, else the city (any case)', () => {
    expect(byPrefs(deal(), {}).matches).toBe(true);
    expect(byPrefs(deal(), { city: ' reno ' }).matches).toBe(true);
    expect(byPrefs(deal(), { state: 'CA' }).matches).toBe(false);
    expect(byPrefs(deal(), { city: 'Sparks' }).matches).toBe(false);
    // ZIP codes win over the city.
    expect(byPrefs(deal(), { city: 'Sparks', zipCodes: ['89431', '89501'] }).matches).toBe(true);
    expect(byPrefs(deal(), { zipCodes: ['89502'] }).matches).toBe(false);
    // A ZIP code of another state does not fit.
    expect(byPrefs(deal({ state: 'CA' }), { zipCodes: ['89501'] }).matches).toBe(false);
    expect(reason(deal(), { zipCodes: ['89502'] }, 'location')).toEqual({
      criterion: 'location',
      met: false,
      deal: { state: 'NV', city: 'Reno', zipCodes: ['89501'] },
      limit: { state: 'NV', city: 'Reno', zipCodes: ['89502'] },
    });
  });
});

describe('money', () => {
  it('compares the total monthly payment with the maximum, inclusive, naming both numbers', () => {
    expect(reason(deal(), { maxMonthlyPayment: 2_500 }, 'monthlyPayment')).toEqual({
      criterion: 'monthlyPayment',
      met: true,
      deal: 2_272,
      limit: 2_500,
    });
    expect(reason(deal(), { maxMonthlyPayment: 2_272 }, 'monthlyPayment').met).toBe(true);
    expect(reason(deal(), { maxMonthlyPayment: 2_271 }, 'monthlyPayment').met).toBe(false);
  });

  it('compares the cash to close (entry fee + EMD) with the maximum down payment, inclusive', () => {
    expect(reason(deal(), { maxDownPayment: 12_000 }, 'cashToClose')).toMatchObject({
      met: true,
      deal: 12_000,
    });
    expect(reason(deal(), { maxDownPayment: 11_999 }, 'cashToClose').met).toBe(false);
    // A lease option's option fee is its entry fee.
    const lease = deal({
      purchaseType: 'LeaseOption',
      entryFee: null,
      optionFee: 5_000,
      emd: null,
      piti: null,
      monthlyLeasePayment: 1_800,
    });
    expect(reason(lease, { maxDownPayment: 5_000 }, 'cashToClose').met).toBe(true);
    expect(reason(lease, { maxMonthlyPayment: 2_000 }, 'monthlyPayment')).toMatchObject({
      met: true,
      deal: 1_972,
    });
  });

  it('says unknown, and no match, when the deal does not give the figures', () => {
    const bare = deal({ entryFee: null, piti: null });
    const result = byPrefs(bare, { maxMonthlyPayment: 3_000, maxDownPayment: 50_000 });
    expect(result.reasons.filter((r) => r.met === null).map((r) => r.criterion)).toEqual([
      'monthlyPayment',
      'cashToClose',
    ]);
    expect(result.matches).toBe(false);
  });

  it("takes a cash deal's price as its cash to close and its fees as its monthly payment", () => {
    const cash = deal({
      category: 'cash',
      purchaseType: null,
      purchasePrice: 250_000,
      hoaMonthlyFee: 100,
      solarMonthlyFee: 50,
    });
    expect(matchMoney(cash)).toEqual({ monthlyPayment: 150, cashToClose: 250_000 });
    expect(byPrefs(cash, { maxDownPayment: 249_999 }).matches).toBe(false);
    expect(byPrefs(cash, { maxDownPayment: 250_000, maxMonthlyPayment: 150 }).matches).toBe(true);
  });
});

describe('the property', () => {
  it('needs one of the property types when the buyer chose any', () => {
    expect(byPrefs(deal(), { propertyTypes: ['condo', 'singleFamily'] }).matches).toBe(true);
    expect(
      reason(deal({ propertyType: 'manufactured' }), { propertyTypes: ['singleFamily'] }, 'propertyType'),
    ).toEqual({
      criterion: 'propertyType',
      met: false,
      deal: 'manufactured',
      limit: ['singleFamily'],
    });
  });

  it('takes at least the bedrooms and bathrooms, inclusive', () => {
    expect(reason(deal(), { bedrooms: 3 }, 'bedrooms').met).toBe(true);
    expect(reason(deal(), { bedrooms: 4 }, 'bedrooms').met).toBe(false);
    expect(reason(deal({ bathrooms: 2.5 }), { bathrooms: 2.5 }, 'bathrooms').met).toBe(true);
    expect(reason(deal({ bathrooms: 2 }), { bathrooms: 2.5 }, 'bathrooms').met).toBe(false);
  });

  it('takes at least the year built and square footage, unknown when the deal leaves them out', () => {
    expect(reason(deal(), { minYearBuilt: 1998 }, 'yearBuilt').met).toBe(true);
    expect(reason(deal(), { minYearBuilt: 1999 }, 'yearBuilt').met).toBe(false);
    expect(reason(deal({ yearBuilt: null }), { minYearBuilt: 1950 }, 'yearBuilt').met).toBeNull();
    expect(reason(deal(), { minSquareFootage: 1_650 }, 'squareFootage').met).toBe(true);
    expect(reason(deal(), { minSquareFootage: 1_651 }, 'squareFootage').met).toBe(false);
    expect(reason(deal({ squareFootage: null }), { minSquareFootage: 1 }, 'squareFootage').met).toBeNull();
  });

  it('compares lot sizes across square feet and acres', () => {
    const acre = deal({ lotSize: 1, lotSizeUnit: 'acres' });
    expect(reason(acre, { minLotSize: SQFT_PER_ACRE }, 'lotSize').met).toBe(true);
    expect(reason(acre, { minLotSize: SQFT_PER_ACRE + 1 }, 'lotSize').met).toBe(false);
    expect(reason(deal({ lotSize: 21_780 }), { minLotSize: 0.5, lotSizeUnit: 'acres' }, 'lotSize').met).toBe(
      true,
    );
    expect(reason(deal({ lotSize: null }), { minLotSize: 1 }, 'lotSize').met).toBeNull();
  });

  it('excludes a deal with an HOA fee when the buyer excludes HOAs; none given means no HOA', () => {
    expect(reason(deal(), { excludeHoa: true }, 'hoa')).toEqual({
      criterion: 'hoa',
      met: false,
      deal: 172,
      limit: 0,
    });
    expect(reason(deal({ hoaMonthlyFee: null }), { excludeHoa: true }, 'hoa').met).toBe(true);
    expect(reason(deal({ hoaMonthlyFee: 0 }), { excludeHoa: true }, 'hoa').met).toBe(true);
    expect(byPrefs(deal(), {}).reasons.map((r) => r.criterion)).not.toContain('hoa');
  });
});

describe('the buy box', () => {
  it("takes the deal type it names, or any, in the box's place", () => {
    const only = (b: Partial<MatchBuyBox>, d = deal()) =>
      matchDeal(d, { preferences: null, buyBox: box(b) })!;
    expect(only({}).matches).toBe(true);
    expect(only({ type: 'SubTo' }).matches).toBe(true);
    expect(only({ type: 'SellerFinance' })).toMatchObject({
      matches: false,
      reasons: [
        { criterion: 'location', met: true },
        { criterion: 'dealType', met: false, deal: 'SubTo', limit: 'SellerFinance' },
      ],
    });
    expect(only({ type: 'cash' }, deal({ category: 'cash', purchaseType: null })).matches).toBe(true);
    expect(only({ zipCodes: ['89502'] }).matches).toBe(false);
  });

  it('counts the better of preferences and buy box: a fit first, then the score', () => {
    const result = matchDeal(deal(), { preferences: prefs({ state: 'CA' }), buyBox: box() })!;
    expect(result).toMatchObject({ source: 'buyBox', matches: true, score: 100 });
    const both = matchDeal(deal(), {
      preferences: prefs({ maxMonthlyPayment: 2_500 }),
      buyBox: box({ type: 'cash' }),
    })!;
    expect(both).toMatchObject({ source: 'preferences', matches: true });
    expect(matchDeal(deal(), { preferences: null, buyBox: null })).toBeNull();
  });
});

describe('the score', () => {
  it('is the weighted share of the criteria set: location 30, payment 20, cash 20, type 10, rooms 10, rest 10', () => {
    expect(MATCH_WEIGHTS).toEqual({
      location: 30,
      monthlyPayment: 20,
      cashToClose: 20,
      propertyType: 10,
      rooms: 10,
      rest: 10,
    });
    // Everything set, everything met.
    const all = {
      maxMonthlyPayment: 3_000,
      maxDownPayment: 20_000,
      propertyTypes: ['singleFamily'],
      bedrooms: 3,
      bathrooms: 2,
      minYearBuilt: 1990,
      minSquareFootage: 1_000,
      minLotSize: 5_000,
      excludeHoa: false,
    };
    expect(byPrefs(deal(), all).score).toBe(100);
    // The payment missed: 20 of 100.
    expect(byPrefs(deal(), { ...all, maxMonthlyPayment: 2_000 }).score).toBe(80);
    // One of two room limits missed: 5 of 100.
    expect(byPrefs(deal(), { ...all, bedrooms: 5 }).score).toBe(95);
    // One of three "rest" limits unknown: 10/3 of 100, rounded.
    expect(byPrefs(deal({ yearBuilt: null }), { ...all }).score).toBe(97);
    // Only location set: all or nothing.
    expect(byPrefs(deal(), {}).score).toBe(100);
    expect(byPrefs(deal(), { state: 'CA' }).score).toBe(0);
    // Location met, payment missed, of 50.
    expect(byPrefs(deal(), { maxMonthlyPayment: 1 }).score).toBe(60);
  });

  it('counts unknown as not met', () => {
    const reasons: MatchReason[] = [
      { criterion: 'location', met: true, deal: null, limit: null },
      { criterion: 'cashToClose', met: null, deal: null, limit: 1 },
    ];
    expect(scoreOf(reasons)).toBe(60);
  });
});
