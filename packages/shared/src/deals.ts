/**
 * Deals (core §3–§5, §9; DECISIONS.md Deals; API.md Deal fields): the constants, the one form schema
 * the deal form and the API share, the status transition table, the system tags and the deal math.
 * Messages are locale keys.
 */
import { z } from 'zod';
import { cityField, stateField, ZIP_PATTERN } from './geo';

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

const MONEY_MAX = 1_000_000_000;
const positive = (message = 'deals.validation.positive') =>
  z.number({ error: message }).positive(message).max(MONEY_MAX, message);
const optionalPositive = (message?: string) => positive(message).nullable().default(null);
/** Money is whole US dollars (API.md). */
const money = () =>
  z
    .number({ error: 'deals.validation.positive' })
    .int('deals.validation.wholeDollars')
    .positive('deals.validation.positive')
    .max(MONEY_MAX, 'deals.validation.positive');
const optionalMoney = () => money().nullable().default(null);
const rate = () =>
  z
    .number({ error: 'deals.validation.rate' })
    .positive('deals.validation.rate')
    .max(30, 'deals.validation.rate')
    .nullable()
    .default(null);
/** `YYYY-MM-DD` naming a day that exists (not 2027-02-31, which `Date.parse` rolls over to March). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const isoDate = z.string({ error: 'deals.validation.date' }).refine(isCalendarDate, 'deals.validation.date');
const optionalDate = isoDate.nullable().default(null);
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
const choices = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.array(choice(values, message), { error: message }).transform((list) => [...new Set(list)]);

export const dealSchema = z
  .object({
    streetAddress: z
      .string({ error: 'deals.validation.streetAddress' })
      .trim()
      .min(1, 'deals.validation.streetAddress')
      .max(200, 'deals.validation.streetAddress'),
    unit: z.string().trim().max(20, 'deals.validation.unit').default(''),
    city: cityField,
    state: stateField,
    zipCode: z.string({ error: 'geo.validation.zip' }).trim().regex(ZIP_PATTERN, 'geo.validation.zip'),
    hideAddress: z.boolean().default(false),
    purchasePrice: money(),
    emd: optionalMoney(),
    expectedCloseOfEscrow: optionalDate,
    category: choice(CATEGORIES, 'deals.validation.category'),
    traditionalFinancingQualifications: choices(FINANCING_QUALIFICATIONS, 'deals.validation.choice').default(
      [],
    ),
    purchaseType: choice(PURCHASE_TYPES, 'deals.validation.purchaseType').nullable().default(null),
    propertyType: choice(PROPERTY_TYPES, 'deals.validation.propertyType'),
    bedrooms: z
      .number({ error: 'deals.validation.positive' })
      .int('deals.validation.positive')
      .positive('deals.validation.positive')
      .max(100, 'deals.validation.positive'),
    bathrooms: z
      .number({ error: 'deals.validation.positive' })
      .positive('deals.validation.positive')
      .max(100, 'deals.validation.positive')
      .multipleOf(0.5, 'deals.validation.bathrooms'),
    squareFootage: positive().pipe(z.number().int('deals.validation.positive')),
    lotSize: optionalPositive(),
    lotSizeUnit: choice(DEAL_LOT_SIZE_UNITS, 'deals.validation.choice').default('sqft'),
    yearBuilt: z
      .number({ error: 'deals.validation.yearBuilt' })
      .int('deals.validation.yearBuilt')
      .min(MIN_YEAR_BUILT, 'deals.validation.yearBuilt')
      .max(2100, 'deals.validation.yearBuilt'),
    solar: choice(SOLAR_OPTIONS, 'deals.validation.choice').default('none'),
    parking: choice(PARKING_OPTIONS, 'deals.validation.choice').default('none'),
    additionalParking: z.string().trim().max(200, 'deals.validation.tooLong').default(''),
    hoaMonthlyFee: optionalMoney(),
    solarMonthlyFee: optionalMoney(),
    restrictions: choices(RESTRICTIONS, 'deals.validation.choice').default([]),
    agentInvolved: z.boolean().default(false),
    privatePool: z.boolean().default(false),
    description: z
      .string({ error: 'deals.validation.description' })
      .trim()
      .min(MIN_DESCRIPTION_LENGTH, 'deals.validation.description')
      .max(10_000, 'deals.validation.tooLong'),
    tags: choices(FIXED_TAGS, 'deals.validation.tags').refine((t) => t.length > 0, 'deals.validation.tags'),
    legalCertification: z.literal(true, { error: 'deals.validation.legalCertification' }),
    /** First right of refusal: the deal starts exclusive (DECISIONS.md). */
    exclusive: z.boolean().default(false),
    // Subject-to
    loanType: choice(LOAN_TYPES, 'deals.validation.loanType').nullable().default(null),
    interestRate: rate(),
    loanBalance: optionalMoney(),
    loanMaturityDate: optionalDate,
    piti: optionalMoney(),
    entryFee: optionalMoney(),
    // Seller finance
    sellerLoanAmount: optionalMoney(),
    sellerInterestRate: rate(),
    piMonthlyPayment: optionalMoney(),
    sellerLoanMaturity: optionalDate,
    deedTransferType: choice(DEED_TRANSFER_TYPES, 'deals.validation.deedTransferType')
      .nullable()
      .default(null),
    // Lease option
    optionFee: optionalMoney(),
    optionSalePrice: optionalMoney(),
    optionTermYears: z
      .number({ error: 'deals.validation.optionTerm' })
      .min(MIN_OPTION_TERM_YEARS, 'deals.validation.optionTerm')
      .max(30, 'deals.validation.optionTerm')
      .nullable()
      .default(null),
    optionFeeDeducted: z.boolean().default(false),
    monthlyLeasePayment: optionalMoney(),
    monthlyPaymentCredited: z.boolean().default(false),
    monthlyCreditAmount: optionalMoney(),
    securityDeposit: optionalMoney(),
    petsAllowed: z.boolean().default(false),
    allowedPetTypes: choices(PET_TYPES, 'deals.validation.choice').default([]),
    petFee: optionalMoney(),
    utilitiesIncluded: z.boolean().default(false),
    allowsSublease: z.boolean().default(false),
    appliancesIncluded: z.boolean().default(false),
  })
  .strict()
  .superRefine((deal, ctx) => {
    const require = (field: keyof typeof deal, message = 'deals.validation.required') => {
      if (deal[field] === null || deal[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (deal.category === 'creative') require('purchaseType', 'deals.validation.purchaseType');
    const type = deal.category === 'creative' ? deal.purchaseType : null;
    if (type === 'SubTo' || type === 'Hybrid') {
      require('loanType', 'deals.validation.loanType');
      for (const field of ['interestRate', 'loanBalance', 'loanMaturityDate', 'piti', 'entryFee'] as const)
        require(field);
    }
    if (type === 'SellerFinance' || type === 'Hybrid') {
      for (const field of [
        'sellerLoanAmount',
        'sellerInterestRate',
        'piMonthlyPayment',
        'sellerLoanMaturity',
      ] as const) {
        require(field);
      }
      require('deedTransferType', 'deals.validation.deedTransferType');
    }
    if (type === 'LeaseOption') {
      for (const field of ['optionFee', 'optionSalePrice', 'monthlyLeasePayment'] as const) require(field);
      require('optionTermYears', 'deals.validation.optionTerm');
    }
    if (deal.monthlyPaymentCredited) require('monthlyCreditAmount');
  });
export type DealInput = z.input<typeof dealSchema>;
export type DealValues = z.output<typeof dealSchema>;

/** The fields of one purchase type that the form shows and §5 requires. */
export const REQUIRED_BY_PURCHASE_TYPE: Record<(typeof PURCHASE_TYPES)[number], readonly string[]> = {
  SubTo: ['loanType', 'interestRate', 'loanBalance', 'loanMaturityDate', 'piti', 'entryFee'],
  SellerFinance: [
    'sellerLoanAmount',
    'sellerInterestRate',
    'piMonthlyPayment',
    'sellerLoanMaturity',
    'deedTransferType',
  ],
  Hybrid: [
    'loanType',
    'interestRate',
    'loanBalance',
    'loanMaturityDate',
    'piti',
    'entryFee',
    'sellerLoanAmount',
    'sellerInterestRate',
    'piMonthlyPayment',
    'sellerLoanMaturity',
    'deedTransferType',
  ],
  LeaseOption: ['optionFee', 'optionSalePrice', 'optionTermYears', 'monthlyLeasePayment'],
};

type TermFields = Pick<
  DealValues,
  | 'category'
  | 'purchaseType'
  | 'entryFee'
  | 'optionFee'
  | 'interestRate'
  | 'sellerInterestRate'
  | 'purchasePrice'
  | 'emd'
  | 'loanBalance'
  | 'sellerLoanAmount'
  | 'piti'
  | 'piMonthlyPayment'
  | 'hoaMonthlyFee'
  | 'solarMonthlyFee'
  | 'loanMaturityDate'
  | 'sellerLoanMaturity'
  | 'monthlyLeasePayment'
>;

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
