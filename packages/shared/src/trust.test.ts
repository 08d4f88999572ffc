import { describe, expect, it } from 'vitest';
import { offerFigures } from './offer-rules';
import {
  acknowledgementProblem,
  amortise,
  BALLOON_DISCLOSURE_MONTHS,
  disclosuresFor,
  explainDealMath,
  loanAmortisations,
  MAX_AMORTISATION_MONTHS,
  type TrustTerms,
} from './trust-rules';

const today = new Date('2026-11-25T12:00:00Z');

const blank: TrustTerms = {
  category: 'creative',
  purchaseType: null,
  purchasePrice: 400_000,
  emd: null,
  entryFee: null,
  optionFee: null,
  interestRate: null,
  loanBalance: null,
  loanMaturityDate: null,
  piti: null,
  sellerLoanAmount: null,
  sellerInterestRate: null,
  piMonthlyPayment: null,
  sellerLoanMaturity: null,
  monthlyLeasePayment: null,
  hoaMonthlyFee: null,
  solarMonthlyFee: null,
  solar: 'none',
};
const subTo = (over: Partial<TrustTerms> = {}): TrustTerms => ({
  ...blank,
  purchaseType: 'SubTo',
  entryFee: 9_000,
  emd: 5_000,
  interestRate: 3.25,
  loanBalance: 300_000,
  loanMaturityDate: '2051-06-01',
  piti: 2_100,
  ...over,
});
const sellerFinance = (over: Partial<TrustTerms> = {}): TrustTerms => ({
  ...blank,
  purchaseType: 'SellerFinance',
  entryFee: 20_000,
  sellerLoanAmount: 200_000,
  sellerInterestRate: 6,
  piMonthlyPayment: 1_199.1,
  sellerLoanMaturity: '2031-11-01',
  ...over,
});
/** A hybrid: the subject-to loan and the seller financing together. */
const hybrid = (over: Partial<TrustTerms> = {}): TrustTerms => {
  const seller = sellerFinance();
  return {
    ...subTo(),
    purchaseType: 'Hybrid',
    sellerLoanAmount: seller.sellerLoanAmount,
    sellerInterestRate: seller.sellerInterestRate,
    piMonthlyPayment: seller.piMonthlyPayment,
    sellerLoanMaturity: seller.sellerLoanMaturity,
    ...over,
  };
};
const keys = (terms: TrustTerms) => disclosuresFor(terms, today).map((d) => d.key);

/** The balance after `n` payments by the closed form, to check the month-by-month schedule against. */
function closedForm(balance: number, annualRate: number, payment: number, n: number) {
  const r = annualRate / 1200;
  const growth = (1 + r) ** n;
  return balance * growth - (payment * (growth - 1)) / r;
}

describe('disclosures', () => {
  it('names none for a cash deal, whatever its terms say', () => {
    expect(keys({ ...subTo(), category: 'cash', hoaMonthlyFee: 300, solar: 'leased' })).toEqual([]);
  });

  it('discloses the due-on-sale clause for subject-to and hybrid deals only', () => {
    expect(keys(subTo())).toEqual(['dueOnSale']);
    expect(
      keys({ ...subTo(), ...sellerFinance({ sellerLoanMaturity: '2040-01-01' }), purchaseType: 'Hybrid' }),
    ).toEqual(['dueOnSale']);
    expect(keys(sellerFinance({ sellerLoanMaturity: '2040-01-01' }))).toEqual([]);
    expect(keys({ ...blank, purchaseType: 'LeaseOption', optionFee: 5_000 })).not.toContain('dueOnSale');
  });

  it('discloses a loan maturing within 5 years, counting months, with the date and the amount due', () => {
    // Nov 2026 + 60 months = Nov 2031: disclosed; Dec 2031 is month 61: not.
    expect(BALLOON_DISCLOSURE_MONTHS).toBe(60);
    const at60 = disclosuresFor(sellerFinance({ sellerLoanMaturity: '2031-11-01' }), today);
    expect(at60.map((d) => d.key)).toEqual(['sellerBalloon']);
    expect(at60[0]!.values.date).toBe('2031-11-01');
    const schedule = loanAmortisations(sellerFinance({ sellerLoanMaturity: '2031-11-01' }), today)[0]!;
    expect(at60[0]!.values.amount).toBe(schedule.balloon);
    expect(schedule.balloon).toBeGreaterThan(180_000);
    expect(keys(sellerFinance({ sellerLoanMaturity: '2031-12-01' }))).toEqual([]);

    expect(keys(subTo({ loanMaturityDate: '2031-11-30' }))).toEqual(['dueOnSale', 'loanMaturity']);
    expect(keys(subTo({ loanMaturityDate: '2031-12-01' }))).toEqual(['dueOnSale']);
    // A loan already past maturity is due now: still disclosed, the whole balance owed.
    const past = disclosuresFor(subTo({ loanMaturityDate: '2026-01-01' }), today);
    expect(past.map((d) => d.key)).toContain('loanMaturity');
    expect(past.find((d) => d.key === 'loanMaturity')!.values.amount).toBe(300_000);
  });

  it('says the balance is due when the loan fields cannot be amortised (no rate or payment)', () => {
    const found = disclosuresFor(
      sellerFinance({ sellerInterestRate: null, sellerLoanMaturity: '2028-01-01' }),
      today,
    );
    expect(found[0]).toMatchObject({ key: 'sellerBalloon', values: { amount: 200_000 } });
  });

  it('discloses the option fee of a lease option, an HOA fee above zero and leased solar', () => {
    expect(keys({ ...blank, purchaseType: 'LeaseOption', optionFee: 7_500 })).toEqual(['optionFee']);
    expect(keys(subTo({ hoaMonthlyFee: 0 }))).toEqual(['dueOnSale']);
    expect(keys(subTo({ hoaMonthlyFee: 1 }))).toEqual(['dueOnSale', 'hoaApproval']);
    expect(keys(subTo({ solar: 'leased', solarMonthlyFee: 120 }))).toEqual(['dueOnSale', 'solarLease']);
    expect(keys(subTo({ solar: 'ownedWithPay', solarMonthlyFee: 120 }))).toEqual(['dueOnSale']);
  });

  it('links each disclosure to a lesson', () => {
    for (const d of disclosuresFor(subTo({ hoaMonthlyFee: 50, solar: 'leased' }), today)) {
      expect(d.help).toMatch(/^\/training\?lesson=[a-z-]+$/);
    }
  });
});

describe('acknowledgements', () => {
  it('takes exactly the deal keys, in any order, and names what is wrong otherwise', () => {
    expect(acknowledgementProblem(['dueOnSale', 'hoaApproval'], ['hoaApproval', 'dueOnSale'])).toBeNull();
    expect(acknowledgementProblem(['dueOnSale', 'hoaApproval'], ['dueOnSale'])).toBe('missing');
    expect(acknowledgementProblem(['dueOnSale'], ['dueOnSale', 'notARisk'])).toBe('unknown');
    expect(acknowledgementProblem([], [])).toBeNull();
    // A real key the deal does not call for is no harm: the buyer read more than needed.
    expect(acknowledgementProblem([], ['solarLease'])).toBeNull();
  });
});

describe('amortisation', () => {
  it('pays off a 30-year loan with its level payment, and agrees with the closed form each year', () => {
    const { years, balloon, negative } = amortise(100_000, 6, 599.55, 360);
    expect(years).toHaveLength(30);
    // The level payment is rounded down to the cent: under a dollar is left.
    expect(balloon).toBeLessThanOrEqual(1);
    expect(negative).toBe(false);
    expect(years[4]!.endBalance).toBeCloseTo(closedForm(100_000, 6, 599.55, 60), 0);
    expect(years[0]!.interest + years[0]!.principal).toBeCloseTo(599.55 * 12, 1);
  });

  it('leaves the balloon the closed form predicts when the loan matures early', () => {
    const { balloon, years } = amortise(200_000, 6, 1_199.1, 60);
    expect(years).toHaveLength(5);
    expect(balloon).toBe(Math.round(closedForm(200_000, 6, 1_199.1, 60)));
  });

  it('owes the whole balance at maturity on interest-only payments, and says when the balance grows', () => {
    expect(amortise(120_000, 6, 600, 24)).toMatchObject({ balloon: 120_000, negative: false });
    const growing = amortise(120_000, 6, 500, 12);
    expect(growing.negative).toBe(true);
    expect(growing.balloon).toBeGreaterThan(120_000);
  });

  it('stops at zero when the payments finish early, and follows at most 40 years', () => {
    const quick = amortise(10_000, 0, 1_000, 60);
    expect(quick.balloon).toBe(0);
    expect(quick.years).toHaveLength(1);
    expect(quick.years[0]!.payments).toBe(10);
    expect(amortise(1_000_000, 1, 1, 1_000).years).toHaveLength(MAX_AMORTISATION_MONTHS / 12);
  });

  it('schedules the existing loan (with the PITI, flagged) and the seller financing of a hybrid', () => {
    const loans = loanAmortisations(hybrid(), today);
    expect(loans.map((l) => [l.loan, l.paymentIncludesEscrow])).toEqual([
      ['existing', true],
      ['seller', false],
    ]);
    expect(loanAmortisations(subTo({ piti: null }), today)).toEqual([]);
    expect(loanAmortisations({ ...subTo(), category: 'cash' }, today)).toEqual([]);
  });
});

describe('the deal math explained', () => {
  it("writes each figure's formula in the deal's own numbers", () => {
    const math = explainDealMath(subTo({ hoaMonthlyFee: 150 }), today)!;
    expect(math.cashToClose).toEqual({
      value: 14_000,
      terms: [
        { term: 'entryFee', amount: 9_000 },
        { term: 'emd', amount: 5_000 },
      ],
    });
    expect(math.estimatedEquity.value).toBe(100_000);
    expect(math.estimatedEquity.terms).toEqual([
      { term: 'purchasePrice', amount: 400_000 },
      { term: 'loanBalance', amount: 300_000, minus: true },
    ]);
    expect(math.totalMonthlyPayment).toEqual({
      value: 2_250,
      terms: [
        { term: 'piti', amount: 2_100 },
        { term: 'hoaMonthlyFee', amount: 150 },
      ],
    });
    expect(math.monthsToMaturity.date).toBe('2051-06-01');
  });

  it('uses the option fee and the lease payment of a lease option, and nothing for a cash deal', () => {
    const lease = explainDealMath(
      { ...blank, purchaseType: 'LeaseOption', optionFee: 6_000, monthlyLeasePayment: 1_900 },
      today,
    )!;
    expect(lease.cashToClose.terms[0]).toEqual({ term: 'optionFee', amount: 6_000 });
    expect(lease.totalMonthlyPayment.terms).toEqual([{ term: 'monthlyLeasePayment', amount: 1_900 }]);
    expect(lease.estimatedEquity).toEqual({ value: null, terms: [] });
    expect(explainDealMath({ ...blank, category: 'cash' }, today)).toBeNull();
  });

  it('sums its terms to the figure shown', () => {
    const math = explainDealMath(
      { ...subTo(), ...sellerFinance(), purchaseType: 'Hybrid', entryFee: 9_000 },
      today,
    )!;
    for (const line of [math.cashToClose, math.estimatedEquity, math.totalMonthlyPayment]) {
      const sum = line.terms.reduce((total, t) => total + (t.minus ? -t.amount : t.amount), 0);
      expect(sum).toBeCloseTo(line.value!, 6);
    }
  });
});

describe('offers on one axis', () => {
  const close = '2026-12-20';
  it('puts a cash price and a creative entry fee plus the loans taken over side by side', () => {
    const deal = { purchasePrice: 330_000, entryFee: 12_000, purchaseType: 'SubTo', loanBalance: 305_000 };
    const cash = offerFigures(
      { type: 'cash', purchasePrice: 320_000, entryFee: null, estimatedCloseDate: close },
      deal,
      today,
    );
    const creative = offerFigures(
      { type: 'creative', purchasePrice: null, entryFee: 12_000, estimatedCloseDate: close },
      deal,
      today,
    );
    expect(cash).toMatchObject({ effectivePrice: 320_000, cashToSeller: 320_000, sellerFinanced: null });
    expect(creative).toMatchObject({ effectivePrice: 317_000, cashToSeller: 12_000, sellerFinanced: null });
  });

  it('shows the seller-financed part apart, and a lease option at its option price', () => {
    const hybrid = {
      purchasePrice: 400_000,
      entryFee: 20_000,
      purchaseType: 'Hybrid',
      loanBalance: 250_000,
      sellerLoanAmount: 100_000,
    };
    expect(
      offerFigures(
        { type: 'creative', purchasePrice: null, entryFee: 25_000, estimatedCloseDate: close },
        hybrid,
        today,
      ),
    ).toMatchObject({ effectivePrice: 375_000, sellerFinanced: 100_000, cashToSeller: 25_000 });
    const lease = {
      purchasePrice: 300_000,
      entryFee: 8_000,
      purchaseType: 'LeaseOption',
      optionSalePrice: 310_000,
    };
    expect(
      offerFigures(
        { type: 'creative', purchasePrice: null, entryFee: 8_000, estimatedCloseDate: close },
        lease,
        today,
      ),
    ).toMatchObject({ effectivePrice: 310_000, cashToSeller: 8_000 });
  });
});
