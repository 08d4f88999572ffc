/**
 * The profile's preference tabs (core §2, §3, §5; DECISIONS.md Conversations and notifications):
 * preferences, buyer preferences, seller preferences, buy box and company. One schema per tab, used
 * by the form and by the API. Messages are locale keys.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants';
import { cityField, stateField, zipListField } from './geo';
import { normalizePhone } from './phone';
import {
  MAX_PREFERENCE_ZIPS,
  MAX_BUY_BOX_ZIPS,
  NOTIFICATION_CHANNELS,
  SEARCH_FREQUENCIES,
  USE_CASES,
  HOME_TYPES,
  BUYER_PROPERTY_TYPES,
  CONDITIONS,
  IMPORTANCE,
  FINANCING_TYPES,
  CREDIT_SCORE_RANGES,
  LOT_SIZE_UNITS,
  DEAL_TYPES,
  BUY_BOX_TYPES,
  MAX_MARKETS,
} from './preferences-rules';

export * from './preferences-rules';

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** Distinct values of a list of choices. */
const choices = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.array(choice(values, message), { error: message }).transform((list) => [...new Set(list)]);

/** An optional whole number in [min, max]; empty is null. */
const optionalInt = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().default(null);

/** An optional amount of US dollars, positive. */
const optionalMoney = (message: string) => optionalInt(1, 1_000_000_000, message);

const optionalUrl = z
  .string({ error: 'profile.validation.url' })
  .trim()
  .max(500, 'profile.validation.url')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'profile.validation.url')
  .transform((v) => v || null)
  .nullable()
  .default(null);

export const preferencesSchema = z
  .object({
    languagePreference: choice(LANGUAGES, 'preferences.validation.language'),
    notificationChannels: choices(NOTIFICATION_CHANNELS, 'preferences.validation.channel'),
    searchFrequency: choice(SEARCH_FREQUENCIES, 'preferences.validation.frequency'),
    /** Deal alert e-mails (users.alert_emails; an alert e-mail's unsubscribe link turns them off). Absent: unchanged. */
    alertEmails: z.boolean({ error: 'preferences.validation.alertEmails' }).optional(),
  })
  .strict();
export type PreferencesInput = z.input<typeof preferencesSchema>;
export type Preferences = z.output<typeof preferencesSchema>;

export const buyerPreferencesSchema = z
  .object({
    useCase: choice(USE_CASES, 'buyerPreferences.validation.useCase'),
    homeType: choice(HOME_TYPES, 'buyerPreferences.validation.homeType').default('no-preference'),
    state: stateField,
    city: cityField,
    zipCodes: zipListField(MAX_PREFERENCE_ZIPS, 'buyerPreferences.validation.zipMax').default([]),
    propertyTypes: choices(BUYER_PROPERTY_TYPES, 'buyerPreferences.validation.propertyType').default([]),
    minYearBuilt: optionalInt(1800, 2100, 'buyerPreferences.validation.yearBuilt'),
    minSquareFootage: optionalInt(1, 1_000_000, 'buyerPreferences.validation.positive'),
    bedrooms: optionalInt(0, 50, 'buyerPreferences.validation.rooms'),
    bathrooms: z
      .number({ error: 'buyerPreferences.validation.rooms' })
      .min(0, 'buyerPreferences.validation.rooms')
      .max(50, 'buyerPreferences.validation.rooms')
      .multipleOf(0.5, 'buyerPreferences.validation.rooms')
      .nullable()
      .default(null),
    minLotSize: z
      .number({ error: 'buyerPreferences.validation.positive' })
      .positive('buyerPreferences.validation.positive')
      .max(100_000_000, 'buyerPreferences.validation.positive')
      .nullable()
      .default(null),
    lotSizeUnit: choice(LOT_SIZE_UNITS, 'buyerPreferences.validation.lotSizeUnit').default('sqft'),
    maxMonthlyPayment: optionalMoney('buyerPreferences.validation.positive'),
    maxDownPayment: optionalMoney('buyerPreferences.validation.positive'),
    excludeHoa: z.boolean().default(false),
    newConstructionOnly: z.boolean().default(false),
    condition: choice(CONDITIONS, 'buyerPreferences.validation.condition').default('no-preference'),
    schools: choice(IMPORTANCE, 'buyerPreferences.validation.importance').default('no-preference'),
    publicTransport: choice(IMPORTANCE, 'buyerPreferences.validation.importance').default('no-preference'),
    rentalPotential: choice(IMPORTANCE, 'buyerPreferences.validation.importance').default('no-preference'),
    notes: z.string().trim().max(2000, 'buyerPreferences.validation.notes').default(''),
    preApproved: z.boolean().default(false),
    preApprovedAmount: optionalMoney('buyerPreferences.validation.preApprovedAmount'),
    financingType: choice(FINANCING_TYPES, 'buyerPreferences.validation.financingType')
      .nullable()
      .default(null),
    creditScoreRange: choice(CREDIT_SCORE_RANGES, 'buyerPreferences.validation.creditScore')
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.preApproved && value.preApprovedAmount === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['preApprovedAmount'],
        message: 'buyerPreferences.validation.preApprovedAmount',
      });
    }
  })
  .transform((value) => ({
    ...value,
    preApprovedAmount: value.preApproved ? value.preApprovedAmount : null,
  }));
export type BuyerPreferencesInput = z.input<typeof buyerPreferencesSchema>;
export type BuyerPreferences = z.output<typeof buyerPreferencesSchema>;

export const buyBoxSchema = z
  .object({
    type: choice(BUY_BOX_TYPES, 'buyBox.validation.type'),
    state: stateField,
    city: cityField,
    zipCodes: zipListField(MAX_BUY_BOX_ZIPS, 'buyBox.validation.zipMax').default([]),
  })
  .strict();
export type BuyBoxInput = z.input<typeof buyBoxSchema>;
export type BuyBox = z.output<typeof buyBoxSchema>;

export const marketSchema = z.object({
  state: stateField,
  city: z.string().trim().max(80, 'geo.validation.city').default(''),
});

export const sellerPreferencesSchema = z
  .object({
    markets: z
      .array(marketSchema, { error: 'sellerPreferences.validation.markets' })
      .min(1, 'sellerPreferences.validation.markets')
      .max(MAX_MARKETS, 'sellerPreferences.validation.marketsMax'),
    dealTypes: choices(DEAL_TYPES, 'sellerPreferences.validation.dealTypes').refine(
      (list) => list.length > 0,
      'sellerPreferences.validation.dealTypes',
    ),
    callBookingUrl: optionalUrl,
  })
  .strict();
export type SellerPreferencesInput = z.input<typeof sellerPreferencesSchema>;
export type SellerPreferences = z.output<typeof sellerPreferencesSchema>;

/** An optional phone number: empty is null, otherwise 10 digits (11 starting with 1). */
const optionalPhone = z
  .string({ error: 'access.validation.phone' })
  .trim()
  .transform((v, ctx) => {
    if (!v) return null;
    const digits = normalizePhone(v);
    if (!digits) {
      ctx.addIssue({ code: 'custom', message: 'access.validation.phone' });
      return z.NEVER;
    }
    return digits;
  })
  .nullable()
  .default(null);

export const companySchema = z
  .object({
    companyName: z
      .string()
      .trim()
      .max(120, 'company.validation.name')
      .transform((v) => v || null)
      .nullable()
      .default(null),
    companyPhone: optionalPhone,
    companyEmail: z
      .string({ error: 'auth.validation.email' })
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || z.email().safeParse(v).success, 'auth.validation.email')
      .transform((v) => v || null)
      .nullable()
      .default(null),
    callBookingUrl: optionalUrl,
  })
  .strict();
export type CompanyInput = z.input<typeof companySchema>;
export type Company = z.output<typeof companySchema>;
