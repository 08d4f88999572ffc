import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import {
  dealFieldOf,
  dealFormResolver,
  dealToForm,
  EMPTY_DEAL,
  errorCount,
  missingTypeFields,
  valuesToSend,
  visibleSections,
  type DealFormValues,
} from './form-values';

const valid: DealFormValues = {
  ...EMPTY_DEAL,
  streetAddress: '12 Oak Street',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  purchasePrice: 250_000,
  category: 'cash',
  propertyType: 'singleFamily',
  bedrooms: 3,
  bathrooms: 2,
  squareFootage: 1500,
  yearBuilt: 1999,
  description: 'A solid family home.',
  tags: ['off-market'],
  legalCertification: true,
};

const resolve = (values: DealFormValues, isNew = true) =>
  dealFormResolver(isNew)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as never);

describe('visibleSections', () => {
  it('shows no purchase-type section for a cash deal, even with a type left over', () => {
    expect(visibleSections('cash', 'SubTo')).toEqual({
      purchaseType: false,
      subjectTo: false,
      sellerFinance: false,
      leaseOption: false,
    });
  });

  it('shows the sections of each creative purchase type', () => {
    expect(visibleSections('creative', null)).toMatchObject({ purchaseType: true, subjectTo: false });
    expect(visibleSections('creative', 'SubTo')).toMatchObject({
      subjectTo: true,
      sellerFinance: false,
      leaseOption: false,
    });
    expect(visibleSections('creative', 'SellerFinance')).toMatchObject({
      subjectTo: false,
      sellerFinance: true,
      leaseOption: false,
    });
    expect(visibleSections('creative', 'Hybrid')).toMatchObject({
      subjectTo: true,
      sellerFinance: true,
      leaseOption: false,
    });
    expect(visibleSections('creative', 'LeaseOption')).toMatchObject({
      subjectTo: false,
      sellerFinance: false,
      leaseOption: true,
    });
  });
});

describe('valuesToSend', () => {
  it('sends the fields of a purchase type not chosen as empty', () => {
    const typed: DealFormValues = {
      ...valid,
      category: 'creative',
      purchaseType: 'LeaseOption',
      interestRate: 99,
      loanType: 'FHA',
      sellerLoanAmount: 5,
      optionFee: 1000,
      petsAllowed: false,
      petFee: 50,
    };
    const sent = valuesToSend(typed, true);
    expect(sent.interestRate).toBeNull();
    expect(sent.loanType).toBeNull();
    expect(sent.sellerLoanAmount).toBeNull();
    expect(sent.optionFee).toBe(1000);
    expect(sent.petFee).toBeNull();
    // The form's own values are untouched.
    expect(typed.interestRate).toBe(99);
  });

  it('sends no purchase type for a cash deal and no exclusivity on an edit', () => {
    const sent = valuesToSend({ ...valid, purchaseType: 'SubTo', exclusive: true }, false);
    expect(sent.purchaseType).toBeNull();
    expect(sent.exclusive).toBe(false);
  });
});

describe('dealFormResolver', () => {
  it('accepts a valid cash deal although a hidden section holds an invalid value', async () => {
    const result = await resolve({ ...valid, interestRate: 99, optionTermYears: 0 });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ interestRate: null, optionTermYears: null, purchaseType: null });
  });

  it('reports every missing field of the empty form at once, the purchase type fields included', async () => {
    const empty = await resolve(EMPTY_DEAL);
    expect(errorCount(empty.errors)).toBe(14);
    const subTo = await resolve({ ...EMPTY_DEAL, category: 'creative', purchaseType: 'SubTo' });
    expect(Object.keys(subTo.errors)).toEqual(
      expect.arrayContaining([
        'loanType',
        'interestRate',
        'loanBalance',
        'loanMaturityDate',
        'piti',
        'entryFee',
      ]),
    );
    expect(subTo.errors.loanType?.message).toBe('deals.validation.loanType');
    expect(errorCount(subTo.errors)).toBe(13 + 6);
  });

  it('requires the terms of the chosen type once the rest is valid', async () => {
    const result = await resolve({ ...valid, category: 'creative', purchaseType: 'SellerFinance' });
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'deedTransferType',
        'piMonthlyPayment',
        'sellerInterestRate',
        'sellerLoanAmount',
        'sellerLoanMaturity',
      ].sort(),
    );
  });
});

describe('missingTypeFields', () => {
  it('asks for the purchase type of a creative deal and the credit amount when credited', () => {
    expect(missingTypeFields({ ...valid, category: 'creative' }).map((m) => m.field)).toEqual([
      'purchaseType',
    ]);
    const lease = missingTypeFields({
      ...valid,
      category: 'creative',
      purchaseType: 'LeaseOption',
      monthlyPaymentCredited: true,
    });
    expect(lease.map((m) => m.field)).toEqual([
      'optionFee',
      'optionSalePrice',
      'optionTermYears',
      'monthlyLeasePayment',
      'monthlyCreditAmount',
    ]);
  });
});

describe('errorCount', () => {
  it('counts fields, not messages, and ignores the root', () => {
    const errors = {
      city: { type: 'x', message: 'a' },
      tags: [
        { type: 'x', message: 'b' },
        { type: 'x', message: 'c' },
      ],
      root: { type: 'x', message: 'd' },
    } as unknown as FieldErrors<DealFormValues>;
    expect(errorCount(errors)).toBe(2);
  });
});

describe('dealToForm and dealFieldOf', () => {
  it('fills the form from a detail and leaves exclusivity off', () => {
    const form = dealToForm({ ...valid, id: 'd1', photos: [], legalCertification: true, exclusive: true });
    expect(form.city).toBe('Austin');
    expect(form.exclusive).toBe(false);
    expect(form.legalCertification).toBe(true);
    expect(form.loanType).toBeNull();
  });

  it('puts server errors on the first segment of their path and knows no other paths', () => {
    expect(dealFieldOf('tags.1')).toBe('tags');
    expect(dealFieldOf('city')).toBe('city');
    expect(dealFieldOf('nonsense')).toBeNull();
  });
});
