/**
 * The deal form's values and rules, kept apart from the markup so they can be tested: the empty
 * form, the form of a saved deal, which purchase-type sections show, the values actually sent
 * (the fields of a purchase type not chosen are sent empty, so hidden sections never block a save)
 * and the resolver that validates with the one shared `dealSchema`, loaded on first use.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  REQUIRED_BY_PURCHASE_TYPE,
  SELLER_FINANCE_TERMS,
  SUBJECT_TO_TERMS,
  type PURCHASE_TYPES,
} from '@dealclub/shared/deal-rules';
import type { DealInput, DealValues } from '@dealclub/shared/deals';
import { lazyResolver } from '@/lib/lazy-resolver';

type PurchaseType = (typeof PURCHASE_TYPES)[number];

/** What the form holds while the user types: every field, empty ones as null (numbers, choices). */
export type DealFormValues = Omit<
  { [K in keyof DealValues]: DealValues[K] | null },
  'legalCertification' | 'tags' | 'traditionalFinancingQualifications' | 'restrictions' | 'allowedPetTypes'
> & {
  legalCertification: boolean;
  tags: string[];
  traditionalFinancingQualifications: string[];
  restrictions: string[];
  allowedPetTypes: string[];
};

export type DealFormField = keyof DealFormValues;

export const SUBJECT_TO_FIELDS: readonly DealFormField[] = SUBJECT_TO_TERMS;
export const SELLER_FINANCE_FIELDS: readonly DealFormField[] = SELLER_FINANCE_TERMS;

export const LEASE_OPTION_FIELDS = [
  'optionFee',
  'optionSalePrice',
  'optionTermYears',
  'optionFeeDeducted',
  'monthlyLeasePayment',
  'monthlyPaymentCredited',
  'monthlyCreditAmount',
  'securityDeposit',
  'petsAllowed',
  'allowedPetTypes',
  'petFee',
  'utilitiesIncluded',
  'allowsSublease',
  'appliancesIncluded',
] as const satisfies readonly DealFormField[];

export const EMPTY_DEAL: DealFormValues = {
  streetAddress: '',
  unit: '',
  city: '',
  state: null,
  zipCode: '',
  hideAddress: false,
  purchasePrice: null,
  emd: null,
  expectedCloseOfEscrow: null,
  category: null,
  traditionalFinancingQualifications: [],
  purchaseType: null,
  propertyType: null,
  bedrooms: null,
  bathrooms: null,
  squareFootage: null,
  lotSize: null,
  lotSizeUnit: 'sqft',
  yearBuilt: null,
  solar: 'none',
  parking: 'none',
  additionalParking: '',
  hoaMonthlyFee: null,
  solarMonthlyFee: null,
  restrictions: [],
  agentInvolved: false,
  privatePool: false,
  description: '',
  tags: [],
  legalCertification: false,
  exclusive: false,
  loanType: null,
  interestRate: null,
  loanBalance: null,
  loanMaturityDate: null,
  piti: null,
  entryFee: null,
  sellerLoanAmount: null,
  sellerInterestRate: null,
  piMonthlyPayment: null,
  sellerLoanMaturity: null,
  deedTransferType: null,
  optionFee: null,
  optionSalePrice: null,
  optionTermYears: null,
  optionFeeDeducted: false,
  monthlyLeasePayment: null,
  monthlyPaymentCredited: false,
  monthlyCreditAmount: null,
  securityDeposit: null,
  petsAllowed: false,
  allowedPetTypes: [],
  petFee: null,
  utilitiesIncluded: false,
  allowsSublease: false,
  appliancesIncluded: false,
};

/**
 * The form of a saved deal (the detail answer of `GET /api/deals/:id`): each field the detail
 * carries, the empty value for the others. Exclusivity is chosen at creation only.
 */
export function dealToForm(deal: object): DealFormValues {
  const source = deal as Record<string, unknown>;
  const values = { ...EMPTY_DEAL } as Record<string, unknown>;
  for (const key of Object.keys(EMPTY_DEAL)) {
    const value = source[key];
    if (value !== undefined && value !== null) values[key] = Array.isArray(value) ? [...value] : value;
  }
  values.exclusive = false;
  values.legalCertification = source.legalCertification === true;
  return values as DealFormValues;
}

/** The purchase-type sections the form shows for a category and purchase type. */
export function visibleSections(category: string | null, purchaseType: string | null) {
  const type = category === 'creative' ? purchaseType : null;
  return {
    purchaseType: category === 'creative',
    subjectTo: type === 'SubTo' || type === 'Hybrid',
    sellerFinance: type === 'SellerFinance' || type === 'Hybrid',
    leaseOption: type === 'LeaseOption',
  };
}

/**
 * The values sent: the fields of the sections not shown go back to their empty value (null, false
 * or none), and so do the sub-fields of an unticked box (credit amount, pet types and fee). The form
 * itself keeps what was typed, so switching back brings it back.
 */
export function valuesToSend(values: DealFormValues, isNew: boolean): DealFormValues {
  const out = { ...values };
  const shown = visibleSections(values.category, values.purchaseType);
  const clear = (fields: readonly DealFormField[]) => {
    for (const field of fields) (out as Record<string, unknown>)[field] = EMPTY_DEAL[field];
  };
  if (!shown.purchaseType) out.purchaseType = null;
  if (!shown.subjectTo) clear(SUBJECT_TO_FIELDS);
  if (!shown.sellerFinance) clear(SELLER_FINANCE_FIELDS);
  if (!shown.leaseOption) clear(LEASE_OPTION_FIELDS);
  if (!out.monthlyPaymentCredited) out.monthlyCreditAmount = null;
  if (!out.petsAllowed) {
    out.allowedPetTypes = [];
    out.petFee = null;
  }
  if (!isNew) out.exclusive = false;
  return out;
}

/**
 * The fields the chosen purchase type requires that are still empty. The schema checks these in a
 * refinement that runs only once every other field is valid; the form reports them at once, so
 * the first submit lists every missing field.
 */
export function missingTypeFields(values: DealFormValues): { field: DealFormField; message: string }[] {
  const missing: { field: DealFormField; message: string }[] = [];
  const empty = (field: DealFormField) => values[field] === null || values[field] === undefined;
  if (values.category === 'creative' && empty('purchaseType')) {
    missing.push({ field: 'purchaseType', message: 'deals.validation.purchaseType' });
  }
  const type = values.category === 'creative' ? (values.purchaseType as PurchaseType | null) : null;
  const messages: Partial<Record<DealFormField, string>> = {
    loanType: 'deals.validation.loanType',
    deedTransferType: 'deals.validation.deedTransferType',
    optionTermYears: 'deals.validation.optionTerm',
  };
  for (const field of type ? REQUIRED_BY_PURCHASE_TYPE[type] : []) {
    const name = field as DealFormField;
    if (empty(name)) missing.push({ field: name, message: messages[name] ?? 'deals.validation.required' });
  }
  if (values.monthlyPaymentCredited && empty('monthlyCreditAmount')) {
    missing.push({ field: 'monthlyCreditAmount', message: 'deals.validation.required' });
  }
  return missing;
}

/** The number of fields with an error: what the summary at the top of the form counts. */
export function errorCount(errors: Partial<Record<string, unknown>>): number {
  return Object.keys(errors).filter((key) => key !== 'root' && errors[key]).length;
}

/**
 * `dealSchema` (zod, a fifth of the screen's script) loads when the form is first validated, or
 * first focused (`preloadDealSchema`), not with the screen.
 */
const schemaResolver = lazyResolver<DealInput, unknown, DealValues>(() =>
  import('./deal-schema-resolver').then((m) => m.dealSchemaResolver),
);

/** Starts loading the deal's schema (the form's first focus), so that a submit does not wait for it. */
export const preloadDealSchema = schemaResolver.preload;

/** Validates the values to send with `dealSchema`; the submit handler receives the schema's output. */
export function dealFormResolver(isNew: boolean): Resolver<DealFormValues, unknown, DealValues> {
  return async (values, context, options) => {
    const sent = valuesToSend(values, isNew);
    const result = await schemaResolver(
      sent as unknown as DealInput,
      context,
      options as unknown as Parameters<typeof schemaResolver>[2],
    );
    if (Object.keys(result.errors).length === 0) {
      return result as unknown as Awaited<ReturnType<Resolver<DealFormValues, unknown, DealValues>>>;
    }
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const { field, message } of missingTypeFields(sent)) {
      errors[field] ??= { type: 'custom', message };
    }
    return { values: {}, errors: errors as FieldErrors<DealFormValues> };
  };
}

/** `setValueAs` of a select whose empty choice means "none chosen". */
export const choiceOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** `setValueAs` of a date input: empty is null. */
export const dateOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The deal form's field of a server error's path: its first segment (`tags.2` lands on `tags`);
 * null for a path the form does not know.
 */
export function dealFieldOf(path: string): DealFormField | null {
  const field = path.split('.')[0] ?? '';
  return field in EMPTY_DEAL ? (field as DealFormField) : null;
}
