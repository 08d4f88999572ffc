/**
 * The rules of deals that need no schema (core §3–§5, §9; DECISIONS.md Deals): the constants, the
 * status transition table, the system tags, the deal math and the address helpers. Kept apart from
 * the form schema (`deals.ts`) so that screens which only show deals do not load zod.
 */
export const CATEGORIES = ['cash', 'creative'] as const;
export const PURCHASE_TYPES = ['SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'] as const;
export const PROPERTY_TYPES = ['singleFamily', 'condo', '24unit', 'manufactured'] as const;
export const SOLAR_OPTIONS = ['none', 'ownedNoPay', 'ownedWithPay', 'leased'] as const;
export const PARKING_OPTIONS = [
  'garage1',
  'garage2',
  'garage3',
  'garage4',
  'garage5',
  'carport',
  'none',
] as const;
export const RESTRICTIONS = ['senior55', 'noShortTerm', 'noMidTerm', 'longTermCap', 'none'] as const;
export const FINANCING_QUALIFICATIONS = ['conventional', 'fha', 'va', 'usda', 'cashOnly'] as const;
export const LOAN_TYPES = ['Conventional', 'FHA', 'VA'] as const;
export const DEED_TRANSFER_TYPES = ['DeedTransfer', 'ExecutoryContract'] as const;
export const DEAL_LOT_SIZE_UNITS = ['sqft', 'acres'] as const;
export const PET_TYPES = ['dogs', 'cats', 'other'] as const;
/** Tags a seller picks (core §3: the four fixed tags and the other names seen). */
export const FIXED_TAGS = [
  'motivated-seller',
  'fix-and-flip',
  'rental-property',
  'off-market',
  'low-equity',
  'expired-listing',
  'wholesale',
] as const;
/** Tags the system assigns on every save (DECISIONS.md System tags). */
export const SYSTEM_TAGS = [
  'low-entry-fee',
  'super-low-entry-fee',
  'low-interest-rate',
  'super-low-interest-rate',
] as const;
export type SystemTag = (typeof SYSTEM_TAGS)[number];

export const DEAL_STATUSES = ['exclusive', 'active', 'pending', 'sold', 'canceled', 'deleted'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const STATUS_SOURCES = ['platform', 'off-platform', 'system'] as const;

/** core §9 and DECISIONS.md */
/** The largest amount of money any field takes, in whole dollars. */
export const MONEY_MAX = 1_000_000_000;
export const MIN_YEAR_BUILT = 1800;
export const MIN_DESCRIPTION_LENGTH = 10;
export const MIN_OPTION_TERM_YEARS = 1;
export const ADDRESS_DISPLAY_LENGTH = 30;
export const MAX_PHOTOS = 30;
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const BUDGET_CAPS = [500_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000] as const;
export const ROOM_MINIMUMS = [1, 2, 3, 4] as const;
export const LOW_ENTRY_FEE = 25_000;
export const SUPER_LOW_ENTRY_FEE = 10_000;
export const LOW_INTEREST_RATE = 4;
export const SUPER_LOW_INTEREST_RATE = 3;

/** The transition table of DECISIONS.md (Deals); anything else is 'This status change is not allowed'. */
export const STATUS_TRANSITIONS: Record<DealStatus, readonly DealStatus[]> = {
  exclusive: ['active', 'pending', 'sold', 'canceled', 'deleted'],
  active: ['exclusive', 'pending', 'sold', 'canceled', 'deleted'],
  pending: ['active', 'sold', 'canceled'],
  sold: [],
  canceled: [],
  deleted: [],
};

export function canChangeStatus(from: DealStatus, to: DealStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** `YYYY-MM-DD` naming a day that exists (not 2027-02-31, which `Date.parse` rolls over to March). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The terms of the seller's loan a subject-to deal takes over (the form shows them all, §5 requires them). */
export const SUBJECT_TO_TERMS = [
  'loanType',
  'interestRate',
  'loanBalance',
  'loanMaturityDate',
  'piti',
  'entryFee',
] as const;

/** The terms of the loan the seller gives (the form shows them all, §5 requires them). */
export const SELLER_FINANCE_TERMS = [
  'sellerLoanAmount',
  'sellerInterestRate',
  'piMonthlyPayment',
  'sellerLoanMaturity',
  'deedTransferType',
] as const;

/** The fields of one purchase type that the form shows and §5 requires. */
export const REQUIRED_BY_PURCHASE_TYPE: Record<(typeof PURCHASE_TYPES)[number], readonly string[]> = {
  SubTo: SUBJECT_TO_TERMS,
  SellerFinance: SELLER_FINANCE_TERMS,
  Hybrid: [...SUBJECT_TO_TERMS, ...SELLER_FINANCE_TERMS],
  LeaseOption: ['optionFee', 'optionSalePrice', 'optionTermYears', 'monthlyLeasePayment'],
};

/**
 * The terms the rules read, as the form schema (`deals.ts`) types them; that file checks that its
 * `DealValues` still fits this, so the two cannot drift apart.
 */
export interface TermFields {
  category: (typeof CATEGORIES)[number];
  purchaseType: (typeof PURCHASE_TYPES)[number] | null;
  purchasePrice: number;
  entryFee: number | null;
  optionFee: number | null;
  interestRate: number | null;
  sellerInterestRate: number | null;
  emd: number | null;
  loanBalance: number | null;
  sellerLoanAmount: number | null;
  piti: number | null;
  piMonthlyPayment: number | null;
  hoaMonthlyFee: number | null;
  solarMonthlyFee: number | null;
  /** ISO dates (YYYY-MM-DD). */
  loanMaturityDate: string | null;
  sellerLoanMaturity: string | null;
  monthlyLeasePayment: number | null;
}

/** The entry fee that counts for tags and math: the option fee for lease options. */
export function effectiveEntryFee(
  deal: Pick<TermFields, 'purchaseType' | 'entryFee' | 'optionFee'>,
): number | null {
  return deal.purchaseType === 'LeaseOption' ? deal.optionFee : deal.entryFee;
}

/** System tags (DECISIONS.md): the stronger tag of each pair only. Cash deals get none. */
export function systemTagsFor(
  deal: Pick<
    TermFields,
    'category' | 'purchaseType' | 'entryFee' | 'optionFee' | 'interestRate' | 'sellerInterestRate'
  >,
): SystemTag[] {
  if (deal.category !== 'creative') return [];
  const tags: SystemTag[] = [];
  const fee = effectiveEntryFee(deal);
  if (fee !== null) {
    if (fee <= SUPER_LOW_ENTRY_FEE) tags.push('super-low-entry-fee');
    else if (fee <= LOW_ENTRY_FEE) tags.push('low-entry-fee');
  }
  const rates = [deal.interestRate, deal.sellerInterestRate].filter((r): r is number => r !== null);
  if (rates.length) {
    const lowest = Math.min(...rates);
    if (lowest <= SUPER_LOW_INTEREST_RATE) tags.push('super-low-interest-rate');
    else if (lowest <= LOW_INTEREST_RATE) tags.push('low-interest-rate');
  }
  return tags;
}

export interface DealMath {
  cashToClose: number | null;
  estimatedEquity: number | null;
  totalMonthlyPayment: number | null;
  monthsToMaturity: number | null;
}

function monthsBetween(from: Date, to: Date): number {
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
}

/**
 * The deal math of DECISIONS.md for a creative deal: cash to close (entry fee + EMD), estimated
 * equity (price minus loan balances), total monthly payment (PITI or PI, or the lease payment, plus
 * HOA and solar fees) and months to the earliest maturity. Null where the deal lacks the inputs.
 */
export function dealMath(deal: TermFields, today = new Date()): DealMath | null {
  if (deal.category !== 'creative') return null;
  const fee = effectiveEntryFee(deal);
  const cashToClose = fee === null ? null : fee + (deal.emd ?? 0);
  const loans = [deal.loanBalance, deal.sellerLoanAmount].filter((v): v is number => v !== null);
  const estimatedEquity = loans.length ? deal.purchasePrice - loans.reduce((a, b) => a + b, 0) : null;
  const base =
    deal.purchaseType === 'LeaseOption'
      ? deal.monthlyLeasePayment
      : [deal.piti, deal.piMonthlyPayment].some((v) => v !== null)
        ? (deal.piti ?? 0) + (deal.piMonthlyPayment ?? 0)
        : null;
  const totalMonthlyPayment =
    base === null ? null : base + (deal.hoaMonthlyFee ?? 0) + (deal.solarMonthlyFee ?? 0);
  const maturities = [deal.loanMaturityDate, deal.sellerLoanMaturity]
    .filter((d): d is string => Boolean(d))
    .map((d) => new Date(`${d}T00:00:00Z`));
  const monthsToMaturity = maturities.length
    ? Math.max(0, Math.min(...maturities.map((d) => monthsBetween(today, d))))
    : null;
  return { cashToClose, estimatedEquity, totalMonthlyPayment, monthsToMaturity };
}

/** The first line of an address: the street, and the unit when there is one ("12 Oak St, Apt 4"). */
export function streetWithUnit(street: string, unit: string | null | undefined): string {
  return unit ? `${street}, ${unit}` : street;
}

/** A list display of the address: at most 30 characters (core §9). */
export function truncateAddress(address: string): string {
  return address.length <= ADDRESS_DISPLAY_LENGTH
    ? address
    : `${address.slice(0, ADDRESS_DISPLAY_LENGTH - 1)}…`;
}

const SUFFIXES: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  boulevard: 'blvd',
  drive: 'dr',
  road: 'rd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  circle: 'cir',
  parkway: 'pkwy',
  highway: 'hwy',
  trail: 'trl',
  way: 'way',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  apartment: 'apt',
  suite: 'ste',
  unit: 'unit',
};

/**
 * The address as the duplicate check compares it (DECISIONS.md): lower case, punctuation and extra
 * white space removed, common street words abbreviated, with unit, city, state and ZIP.
 */
export function normalizedAddress(deal: {
  streetAddress: string;
  unit?: string | null;
  city: string;
  state: string;
  zipCode: string;
}): string {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9\s]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => SUFFIXES[w] ?? w)
      .join(' ');
  return [
    words(deal.streetAddress),
    words(deal.unit ?? ''),
    words(deal.city),
    deal.state.toUpperCase(),
    deal.zipCode,
  ].join('|');
}
