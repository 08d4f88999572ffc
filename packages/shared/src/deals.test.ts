import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DISPLAY_LENGTH,
  BUDGET_CAPS,
  canChangeStatus,
  DEAL_STATUSES,
  dealMath,
  dealSchema,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MIN_DESCRIPTION_LENGTH,
  MIN_YEAR_BUILT,
  normalizedAddress,
  REQUIRED_BY_PURCHASE_TYPE,
  ROOM_MINIMUMS,
  systemTagsFor,
  truncateAddress,
  type DealInput,
} from './deals';
import { validCashDeal } from './deal-fixtures';

const cash: DealInput = validCashDeal();

const subTo = {
  loanType: 'FHA',
  interestRate: 3.25,
  loanBalance: 310000,
  loanMaturityDate: '2051-06-01',
  piti: 2100,
  entryFee: 20000,
} as const;
const sellerFinance = {
  sellerLoanAmount: 80000,
  sellerInterestRate: 6,
  piMonthlyPayment: 600,
  sellerLoanMaturity: '2031-01-01',
  deedTransferType: 'DeedTransfer',
} as const;
const leaseOption = {
  optionFee: 8000,
  optionSalePrice: 470000,
  optionTermYears: 2,
  monthlyLeasePayment: 2400,
} as const;

const paths = (input: unknown) => {
  const result = dealSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('dealSchema: required parts by purchase type', () => {
  it('accepts a cash deal without any financing fields', () => {
    expect(paths(cash)).toEqual([]);
  });

  it('requires a purchase type for creative deals', () => {
    expect(paths({ ...cash, category: 'creative' })).toEqual(['purchaseType']);
  });

  it.each([
    ['SubTo', subTo],
    ['SellerFinance', sellerFinance],
    ['Hybrid', { ...subTo, ...sellerFinance }],
    ['LeaseOption', leaseOption],
  ] as const)('%s requires exactly its own fields', (purchaseType, fields) => {
    const base = { ...cash, category: 'creative', purchaseType };
    expect(paths(base).sort()).toEqual([...REQUIRED_BY_PURCHASE_TYPE[purchaseType]].sort());
    expect(paths({ ...base, ...fields })).toEqual([]);
  });

  it('requires the credit amount when monthly payments are credited', () => {
    const deal = {
      ...cash,
      category: 'creative',
      purchaseType: 'LeaseOption',
      ...leaseOption,
      monthlyPaymentCredited: true,
    };
    expect(paths(deal)).toEqual(['monthlyCreditAmount']);
  });
});

describe('dealSchema: the rules of core §5', () => {
  it('needs street address and city, a real 2-letter state and a 5-digit ZIP', () => {
    expect(paths({ ...cash, streetAddress: ' ', city: '', state: 'ZZ', zipCode: '7870' }).sort()).toEqual([
      'city',
      'state',
      'streetAddress',
      'zipCode',
    ]);
    expect(paths({ ...cash, state: 'Texas' })).toEqual(['state']);
  });

  it('refuses zero, negative and absurd numbers', () => {
    for (const field of ['purchasePrice', 'bedrooms', 'bathrooms', 'squareFootage', 'emd', 'hoaMonthlyFee']) {
      expect(paths({ ...cash, [field]: -1 }), field).toEqual([field]);
      expect(paths({ ...cash, [field]: 0 }), field).toEqual([field]);
    }
    expect(paths({ ...cash, purchasePrice: 5e12 })).toEqual(['purchasePrice']);
    expect(
      paths({ ...cash, category: 'creative', purchaseType: 'SubTo', ...subTo, interestRate: 45 }),
    ).toEqual(['interestRate']);
  });

  it(`needs year built ${MIN_YEAR_BUILT} or later, ${MIN_DESCRIPTION_LENGTH}+ characters, a tag and the certification`, () => {
    expect(paths({ ...cash, yearBuilt: 1799 })).toEqual(['yearBuilt']);
    expect(paths({ ...cash, yearBuilt: 1800 })).toEqual([]);
    expect(paths({ ...cash, description: '123456789' })).toEqual(['description']);
    expect(paths({ ...cash, description: '1234567890' })).toEqual([]);
    expect(paths({ ...cash, tags: [] })).toEqual(['tags']);
    expect(paths({ ...cash, tags: ['made-up'] })).toEqual(['tags.0']);
    expect(paths({ ...cash, legalCertification: false })).toEqual(['legalCertification']);
  });

  it('needs an option term of at least 1 year and refuses unknown fields', () => {
    const deal = { ...cash, category: 'creative', purchaseType: 'LeaseOption', ...leaseOption };
    expect(paths({ ...deal, optionTermYears: 0.5 })).toEqual(['optionTermYears']);
    expect(paths({ ...cash, ownerSecret: 'x' })).toEqual(['']);
  });
});

describe('status transitions (DECISIONS.md)', () => {
  it('keeps sold, canceled and deleted final and lets pending go back to active (Reactivate)', () => {
    for (const to of DEAL_STATUSES) {
      expect(canChangeStatus('sold', to)).toBe(false);
      expect(canChangeStatus('canceled', to)).toBe(false);
      expect(canChangeStatus('deleted', to)).toBe(false);
    }
    expect(canChangeStatus('pending', 'active')).toBe(true);
    expect(canChangeStatus('pending', 'exclusive')).toBe(false);
    expect(canChangeStatus('pending', 'deleted')).toBe(false);
    expect(canChangeStatus('active', 'exclusive')).toBe(true);
    expect(canChangeStatus('exclusive', 'exclusive')).toBe(false);
  });
});

describe('system tags and deal math', () => {
  const creative = (fields: object) =>
    dealSchema.parse({ ...cash, category: 'creative', purchaseType: 'SubTo', ...subTo, ...fields });

  it('tags the stronger of each pair at the thresholds of DECISIONS.md', () => {
    expect(systemTagsFor(creative({ entryFee: 25000, interestRate: 4 }))).toEqual([
      'low-entry-fee',
      'low-interest-rate',
    ]);
    expect(systemTagsFor(creative({ entryFee: 10000, interestRate: 3 }))).toEqual([
      'super-low-entry-fee',
      'super-low-interest-rate',
    ]);
    expect(systemTagsFor(creative({ entryFee: 25001, interestRate: 4.01 }))).toEqual([]);
    expect(systemTagsFor(dealSchema.parse(cash))).toEqual([]);
  });

  it('uses the option fee for lease options and the lowest rate of a hybrid', () => {
    const lease = dealSchema.parse({
      ...cash,
      category: 'creative',
      purchaseType: 'LeaseOption',
      ...leaseOption,
    });
    expect(systemTagsFor(lease)).toEqual(['super-low-entry-fee']);
    const hybrid = creative({
      purchaseType: 'Hybrid',
      ...sellerFinance,
      interestRate: 5,
      sellerInterestRate: 2.9,
    });
    expect(systemTagsFor(hybrid)).toContain('super-low-interest-rate');
  });

  it('computes cash to close, equity, monthly payment and months to maturity', () => {
    const deal = creative({
      purchaseType: 'Hybrid',
      ...sellerFinance,
      emd: 5000,
      hoaMonthlyFee: 50,
      solarMonthlyFee: 100,
    });
    expect(dealMath(deal, new Date('2026-01-15T00:00:00Z'))).toEqual({
      cashToClose: 25000,
      estimatedEquity: 450000 - 310000 - 80000,
      totalMonthlyPayment: 2100 + 600 + 50 + 100,
      monthsToMaturity: 60,
    });
    expect(dealMath(dealSchema.parse(cash))).toBeNull();
  });
});

describe('constants of §9 and the address helpers', () => {
  it('has the spec constants', () => {
    expect(BUDGET_CAPS).toEqual([500000, 1000000, 1500000, 2000000, 3000000]);
    expect(ROOM_MINIMUMS).toEqual([1, 2, 3, 4]);
    expect(ADDRESS_DISPLAY_LENGTH).toBe(30);
    expect(MAX_PHOTOS).toBe(30);
    expect(MAX_PHOTO_BYTES).toBe(15 * 1024 * 1024);
  });

  it('truncates list addresses at 30 characters', () => {
    expect(truncateAddress('1200 Barton Springs Rd')).toBe('1200 Barton Springs Rd');
    const long = truncateAddress('12345 North Lamar Boulevard Apartment 7');
    expect(long).toHaveLength(30);
    expect(long.endsWith('…')).toBe(true);
  });

  it('normalises case, punctuation, white space and street suffixes for the duplicate check', () => {
    const a = normalizedAddress({
      streetAddress: '12 North Main Street',
      unit: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    const b = normalizedAddress({
      streetAddress: ' 12  N. main st ',
      unit: '',
      city: 'AUSTIN',
      state: 'tx',
      zipCode: '78701',
    });
    expect(a).toBe(b);
    expect(
      normalizedAddress({
        streetAddress: '12 N Main St',
        unit: '2',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      }),
    ).not.toBe(a);
  });
});
