/**
 * The counter-offer form (DECISIONS.md, Trust on creative terms), validated by the same schema in
 * the seller's dialog and in `POST /api/offers/{id}/counter`: the amount of the offer's own type
 * (purchase price for a cash offer, entry fee for a creative one), the estimated close date within
 * the offer form's window, an optional message. Messages are locale keys.
 */
import { z } from 'zod';
import { isCalendarDate, MONEY_MAX } from './deal-rules';
import { counterAmountField } from './counter-rules';
import { earliestCloseDate, latestCloseDate, MESSAGE_MAX_LENGTH, type OfferType } from './offer-rules';

export * from './counter-rules';

const amount = (key: string) =>
  z
    .number({ error: key })
    .int('offers.validation.wholeDollars')
    .positive('offers.validation.positive')
    .max(MONEY_MAX, 'offers.validation.positive')
    .nullable()
    .optional();

/**
 * The body as the API reads it before it knows the offer: either amount, the close date and the
 * message. {@link counterTermsFor} then asks for the amount of the offer's type.
 */
export const counterSchema = z
  .object({
    purchasePrice: amount('counters.validation.purchasePrice'),
    entryFee: amount('counters.validation.entryFee'),
    estimatedCloseDate: z
      .string({ error: 'counters.validation.closeDate' })
      .refine(isCalendarDate, 'counters.validation.closeDate')
      .refine((v) => v >= earliestCloseDate(), 'offers.validation.closeDatePast')
      .refine((v) => v <= latestCloseDate(), 'offers.validation.closeDateTooFar'),
    message: z
      .string({ error: 'offers.validation.message' })
      .trim()
      .max(MESSAGE_MAX_LENGTH, 'offers.validation.messageTooLong')
      .optional()
      .default(''),
  })
  .strict();
export type CounterInput = z.input<typeof counterSchema>;
export type CounterBody = z.output<typeof counterSchema>;

export interface CounterTerms {
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string;
  message: string;
}

const MISSING_AMOUNT_KEY = {
  purchasePrice: 'counters.validation.purchasePrice',
  entryFee: 'counters.validation.entryFee',
} as const;

/**
 * The terms of a counter to an offer of `type`: its own amount is required and the other one is
 * dropped, as the offer form does. Returns the field and message key of a missing amount instead.
 */
export function counterTermsFor(
  type: OfferType,
  body: CounterBody,
): { terms: CounterTerms } | { error: { path: string; key: string } } {
  const field = counterAmountField(type);
  const value = body[field];
  if (value == null) return { error: { path: field, key: MISSING_AMOUNT_KEY[field] } };
  return {
    terms: {
      purchasePrice: field === 'purchasePrice' ? value : null,
      entryFee: field === 'entryFee' ? value : null,
      estimatedCloseDate: body.estimatedCloseDate,
      message: body.message,
    },
  };
}

/** The dialog's schema for an offer of `type`: the same rules, the amount of that type required. */
export function counterFormSchema(type: OfferType) {
  return counterSchema.superRefine((body, ctx) => {
    const result = counterTermsFor(type, body);
    if ('error' in result)
      ctx.addIssue({ code: 'custom', path: [result.error.path], message: result.error.key });
  });
}
