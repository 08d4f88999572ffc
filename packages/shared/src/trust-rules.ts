/**
 * Trust on creative terms (DECISIONS.md): the risk disclosures a deal's terms call for, the
 * amortisation of its loans to maturity, and the deal math explained with the deal's own numbers.
 * One implementation for the API (which enforces the acknowledgements) and the web app (which shows
 * them); zod-free so that the deal page does not load a schema library for it.
 */
import {
  dealMath,
  effectiveEntryFee,
  type CATEGORIES,
  type DealMath,
  type PURCHASE_TYPES,
} from './deal-rules';

/** The disclosures, in the order a deal page lists them. */
export const DISCLOSURE_KEYS = [
  'dueOnSale',
  'loanMaturity',
  'sellerBalloon',
  'optionFee',
  'hoaApproval',
  'solarLease',
] as const;
export type DisclosureKey = (typeof DISCLOSURE_KEYS)[number];

/** A loan maturing within this many months of today is disclosed as a balloon or near maturity. */
export const BALLOON_DISCLOSURE_MONTHS = 60;
/** The longest schedule the amortisation follows (40 years); a later maturity is cut there. */
export const MAX_AMORTISATION_MONTHS = 480;

/** Where each disclosure's help link leads: the training lesson (by its slug) that explains it. */
export const DISCLOSURE_HELP: Record<DisclosureKey, string> = {
  dueOnSale: '/training?lesson=subject-to-and-due-on-sale',
  loanMaturity: '/training?lesson=subject-to-and-due-on-sale',
  sellerBalloon: '/training?lesson=seller-finance-and-balloons',
  optionFee: '/training?lesson=lease-options',
  hoaApproval: '/training?lesson=due-diligence-and-offering-on-dealclub',
  solarLease: '/training?lesson=due-diligence-and-offering-on-dealclub',
};

/** The terms of a deal the disclosures, the amortisation and the explained math read. */
export interface TrustTerms {
  category: (typeof CATEGORIES)[number];
  purchaseType: (typeof PURCHASE_TYPES)[number] | null;
  purchasePrice: number;
  emd: number | null;
  entryFee: number | null;
  optionFee: number | null;
  interestRate: number | null;
  loanBalance: number | null;
  loanMaturityDate: string | null;
  piti: number | null;
  sellerLoanAmount: number | null;
  sellerInterestRate: number | null;
  piMonthlyPayment: number | null;
  sellerLoanMaturity: string | null;
  monthlyLeasePayment: number | null;
  hoaMonthlyFee: number | null;
  solarMonthlyFee: number | null;
  solar: string | null;
}

export interface AmortisationYear {
  /** 1 for the first twelve payments from today. */
  year: number;
  payments: number;
  interest: number;
  principal: number;
  /** The balance after the year's last payment. */
  endBalance: number;
}

export interface Amortisation {
  loan: 'existing' | 'seller';
  balance: number;
  annualRate: number;
  monthlyPayment: number;
  maturityDate: string;
  /** Payments from today to maturity (at most {@link MAX_AMORTISATION_MONTHS}). */
  months: number;
  years: AmortisationYear[];
  /** What is still owed at maturity: the balloon (0 when the payments pay the loan off). */
  balloon: number;
  /** The payment does not cover the interest: the balance grows. */
  negative: boolean;
  /** The existing loan's payment is the PITI: taxes and insurance make the real balloon larger. */
  paymentIncludesEscrow: boolean;
}

const cents = (value: number) => Math.round(value * 100) / 100;
const dollars = (value: number) => Math.round(value);

function monthsFrom(today: Date, date: string): number {
  const to = new Date(`${date}T00:00:00Z`);
  return (to.getUTCFullYear() - today.getUTCFullYear()) * 12 + (to.getUTCMonth() - today.getUTCMonth());
}

/**
 * The schedule of a loan of `balance` at `annualRate` % paid `payment` a month for `months` months:
 * per year the interest, the principal and the balance; and the balloon still owed at the end.
 */
export function amortise(
  balance: number,
  annualRate: number,
  payment: number,
  months: number,
): { years: AmortisationYear[]; balloon: number; negative: boolean } {
  const rate = annualRate / 100 / 12;
  const count = Math.max(0, Math.min(months, MAX_AMORTISATION_MONTHS));
  const years: AmortisationYear[] = [];
  let owed = balance;
  let negative = false;
  for (let month = 0; month < count && owed > 0; month++) {
    const interest = owed * rate;
    if (payment < interest) negative = true;
    const paid = Math.min(payment, owed + interest);
    const principal = paid - interest;
    owed = Math.max(0, owed - principal);
    const yearIndex = Math.floor(month / 12);
    const year = (years[yearIndex] ??= {
      year: yearIndex + 1,
      payments: 0,
      interest: 0,
      principal: 0,
      endBalance: 0,
    });
    year.payments += 1;
    year.interest += interest;
    year.principal += principal;
    year.endBalance = owed;
  }
  return {
    years: years.map((y) => ({
      ...y,
      interest: cents(y.interest),
      principal: cents(y.principal),
      endBalance: cents(y.endBalance),
    })),
    balloon: dollars(owed),
    negative,
  };
}

const hasSubjectTo = (t: TrustTerms) => t.purchaseType === 'SubTo' || t.purchaseType === 'Hybrid';
const hasSellerFinance = (t: TrustTerms) => t.purchaseType === 'SellerFinance' || t.purchaseType === 'Hybrid';

/**
 * The amortisation of each loan of a creative deal whose fields allow it: the existing loan taken
 * subject to (balance, rate, PITI, maturity) and the seller financing (amount, rate, P&I, maturity).
 */
export function loanAmortisations(terms: TrustTerms, today = new Date()): Amortisation[] {
  if (terms.category !== 'creative') return [];
  const loans: Amortisation[] = [];
  const add = (
    loan: Amortisation['loan'],
    balance: number | null,
    annualRate: number | null,
    monthlyPayment: number | null,
    maturityDate: string | null,
  ) => {
    if (balance === null || annualRate === null || monthlyPayment === null || !maturityDate) return;
    const months = Math.max(0, monthsFrom(today, maturityDate));
    const schedule = amortise(balance, annualRate, monthlyPayment, months);
    loans.push({
      loan,
      balance,
      annualRate,
      monthlyPayment,
      maturityDate,
      months: Math.min(months, MAX_AMORTISATION_MONTHS),
      ...schedule,
      // A schedule cut at 40 years has not reached maturity: what it shows owed is not a balloon.
      balloon: months > MAX_AMORTISATION_MONTHS ? 0 : schedule.balloon,
      paymentIncludesEscrow: loan === 'existing',
    });
  };
  if (hasSubjectTo(terms)) {
    add('existing', terms.loanBalance, terms.interestRate, terms.piti, terms.loanMaturityDate);
  }
  if (hasSellerFinance(terms)) {
    add(
      'seller',
      terms.sellerLoanAmount,
      terms.sellerInterestRate,
      terms.piMonthlyPayment,
      terms.sellerLoanMaturity,
    );
  }
  return loans;
}

export interface Disclosure {
  key: DisclosureKey;
  /** The figures the text names (dates `YYYY-MM-DD`, amounts in dollars), to format per language. */
  values: Record<string, string | number>;
  help: string;
}

/**
 * The disclosures of a deal (DECISIONS.md, Trust on creative terms), computed from its terms:
 * subject-to and hybrid → due-on-sale; the existing loan or the seller financing maturing within 5
 * years → near maturity / balloon, with the date and the amount due; lease option → the option fee
 * is not refundable; an HOA fee → HOA approval; leased solar → the solar lease transfer. A cash deal
 * has none (cash offers acknowledge none).
 */
export function disclosuresFor(terms: TrustTerms, today = new Date()): Disclosure[] {
  if (terms.category !== 'creative') return [];
  const list: Disclosure[] = [];
  const push = (key: DisclosureKey, values: Disclosure['values'] = {}) =>
    list.push({ key, values, help: DISCLOSURE_HELP[key] });
  if (hasSubjectTo(terms)) push('dueOnSale');
  const loans = loanAmortisations(terms, today);
  const soon = (date: string | null) => date !== null && monthsFrom(today, date) <= BALLOON_DISCLOSURE_MONTHS;
  const due = (kind: Amortisation['loan'], balance: number | null) =>
    loans.find((l) => l.loan === kind)?.balloon ?? balance ?? 0;
  if (hasSubjectTo(terms) && soon(terms.loanMaturityDate)) {
    push('loanMaturity', {
      date: terms.loanMaturityDate!,
      amount: due('existing', terms.loanBalance),
    });
  }
  if (hasSellerFinance(terms) && soon(terms.sellerLoanMaturity)) {
    push('sellerBalloon', {
      date: terms.sellerLoanMaturity!,
      amount: due('seller', terms.sellerLoanAmount),
    });
  }
  if (terms.purchaseType === 'LeaseOption') push('optionFee', { amount: terms.optionFee ?? 0 });
  if ((terms.hoaMonthlyFee ?? 0) > 0) push('hoaApproval', { amount: terms.hoaMonthlyFee ?? 0 });
  if (terms.solar === 'leased') push('solarLease', { amount: terms.solarMonthlyFee ?? 0 });
  return list;
}

/** What is wrong with the risks an offer acknowledges, or null when they are exactly the deal's. */
export function acknowledgementProblem(
  required: readonly DisclosureKey[],
  acknowledged: readonly string[],
): 'unknown' | 'missing' | null {
  if (acknowledged.some((key) => !(DISCLOSURE_KEYS as readonly string[]).includes(key))) return 'unknown';
  if (required.some((key) => !acknowledged.includes(key))) return 'missing';
  return null;
}

/** One term of an explained figure: a label key of `dealDetail.math.terms` and its amount. */
export interface FormulaTerm {
  term: string;
  amount: number;
  /** Subtracted (equity: the loans come off the price). */
  minus?: boolean;
}
export type ExplainedMath = Record<
  keyof DealMath,
  {
    value: number | null;
    terms: FormulaTerm[];
    /** The earliest maturity, for months to maturity. */ date?: string;
  }
>;

/**
 * The deal math with its formula in the deal's own numbers ("Cash to close = entry fee $9,000 +
 * EMD $5,000"): every figure of {@link dealMath} with the terms it adds up.
 */
export function explainDealMath(terms: TrustTerms, today = new Date()): ExplainedMath | null {
  const math = dealMath(terms, today);
  if (!math) return null;
  const fee = effectiveEntryFee(terms);
  const cash: FormulaTerm[] =
    fee === null
      ? []
      : [
          { term: terms.purchaseType === 'LeaseOption' ? 'optionFee' : 'entryFee', amount: fee },
          { term: 'emd', amount: terms.emd ?? 0 },
        ];
  const equity: FormulaTerm[] =
    math.estimatedEquity === null
      ? []
      : [
          { term: 'purchasePrice', amount: terms.purchasePrice },
          ...(terms.loanBalance !== null
            ? [{ term: 'loanBalance', amount: terms.loanBalance, minus: true }]
            : []),
          ...(terms.sellerLoanAmount !== null
            ? [{ term: 'sellerLoanAmount', amount: terms.sellerLoanAmount, minus: true }]
            : []),
        ];
  const monthly: FormulaTerm[] = [];
  if (math.totalMonthlyPayment !== null) {
    if (terms.purchaseType === 'LeaseOption') {
      monthly.push({ term: 'monthlyLeasePayment', amount: terms.monthlyLeasePayment ?? 0 });
    } else {
      if (terms.piti !== null) monthly.push({ term: 'piti', amount: terms.piti });
      if (terms.piMonthlyPayment !== null)
        monthly.push({ term: 'piMonthlyPayment', amount: terms.piMonthlyPayment });
    }
    if (terms.hoaMonthlyFee) monthly.push({ term: 'hoaMonthlyFee', amount: terms.hoaMonthlyFee });
    if (terms.solarMonthlyFee) monthly.push({ term: 'solarMonthlyFee', amount: terms.solarMonthlyFee });
  }
  return {
    cashToClose: { value: math.cashToClose, terms: cash },
    estimatedEquity: { value: math.estimatedEquity, terms: equity },
    totalMonthlyPayment: { value: math.totalMonthlyPayment, terms: monthly },
    monthsToMaturity: {
      value: math.monthsToMaturity,
      terms: [],
      date: [terms.loanMaturityDate, terms.sellerLoanMaturity]
        .filter((d): d is string => Boolean(d))
        .sort()[0],
    },
  };
}
