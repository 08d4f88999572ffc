/**
 * Deals (core §3–§5, §9; DECISIONS.md Deals; API.md Deal fields): the one form schema the deal
 * form and the API share, and (re-exported from `deal-rules.ts`) the constants, the status
 * transition table, the system tags and the deal math. Messages are locale keys.
 */
import { z } from 'zod';
import { cityField, stateField, ZIP_PATTERN } from './geo';
import {
  CATEGORIES,
  DEAL_LOT_SIZE_UNITS,
  DEED_TRANSFER_TYPES,
  FINANCING_QUALIFICATIONS,
  FIXED_TAGS,
  LOAN_TYPES,
  MIN_DESCRIPTION_LENGTH,
  MIN_OPTION_TERM_YEARS,
  MIN_YEAR_BUILT,
  MONEY_MAX,
  PARKING_OPTIONS,
  PET_TYPES,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
  RESTRICTIONS,
  SOLAR_OPTIONS,
  isCalendarDate,
  type TermFields,
} from './deal-rules';

export * from './deal-rules';

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
/** `T`, which must fit `U`: a type that stops compiling when the two drift apart. */
type Fitting<T extends U, U> = T;

/** The deal rules (deal-rules.ts) read a deal's terms as `TermFields`: the form's values fit them. */
export type DealValues = Fitting<z.output<typeof dealSchema>, TermFields>;
