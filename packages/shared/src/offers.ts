/**
 * Offers and interests (core §3–§5, §8; DECISIONS.md Offers and interests): the form schemas the
 * web app and the API share, the offer states, which offer types a deal takes, which deal states
 * take offers, and the figures the seller's comparison table normalises every offer to.
 * Messages are locale keys.
 */
import { z } from 'zod';
import { isCalendarDate, MONEY_MAX } from './deal-rules';
import { earliestCloseDate, latestCloseDate, MESSAGE_MAX_LENGTH, OFFER_TYPES } from './offer-rules';
import { DISCLOSURE_KEYS } from './trust-rules';

export * from './offer-rules';

const message = z
  .string({ error: 'offers.validation.message' })
  .trim()
  .max(MESSAGE_MAX_LENGTH, 'offers.validation.messageTooLong');

export const interestSchema = z
  .object({ message: message.min(1, 'offers.validation.interestMessage') })
  .strict();
export type InterestInput = z.input<typeof interestSchema>;

const amount = (key: string) =>
  z
    .number({ error: key })
    .int('offers.validation.wholeDollars')
    .positive('offers.validation.positive')
    .max(MONEY_MAX, 'offers.validation.positive')
    .nullable()
    .optional();

/**
 * The offer form (core §5): type required; purchase price required for cash, entry fee for
 * creative; estimated close date required, not in the past and within two years; optional message.
 * The amount of the other type is dropped, so an offer carries only what its type means.
 */
export const offerSchema = z
  .object({
    type: z.enum(OFFER_TYPES, { error: 'offers.validation.type' }),
    purchasePrice: amount('offers.validation.purchasePrice'),
    entryFee: amount('offers.validation.entryFee'),
    estimatedCloseDate: z
      .string({ error: 'offers.validation.closeDate' })
      .refine(isCalendarDate, 'offers.validation.closeDate')
      .refine((v) => v >= earliestCloseDate(), 'offers.validation.closeDatePast')
      .refine((v) => v <= latestCloseDate(), 'offers.validation.closeDateTooFar'),
    message: message.optional().default(''),
    /** The deal's disclosure keys a creative offer acknowledges (DECISIONS.md, Trust on creative terms). */
    acknowledgedRisks: z
      .array(z.string({ error: 'offers.validation.risks' }).max(40, 'offers.validation.risks'), {
        error: 'offers.validation.risks',
      })
      .max(DISCLOSURE_KEYS.length, 'offers.validation.risks')
      .optional()
      .default([]),
  })
  .strict()
  .superRefine((offer, ctx) => {
    if (offer.type === 'cash' && offer.purchasePrice == null) {
      ctx.addIssue({ code: 'custom', path: ['purchasePrice'], message: 'offers.validation.purchasePrice' });
    }
    if (offer.type === 'creative' && offer.entryFee == null) {
      ctx.addIssue({ code: 'custom', path: ['entryFee'], message: 'offers.validation.entryFee' });
    }
  })
  .transform((offer) => ({
    type: offer.type,
    purchasePrice: offer.type === 'cash' ? (offer.purchasePrice ?? null) : null,
    entryFee: offer.type === 'creative' ? (offer.entryFee ?? null) : null,
    estimatedCloseDate: offer.estimatedCloseDate,
    message: offer.message,
    // Cash offers acknowledge none; the server checks a creative offer's against the deal's.
    acknowledgedRisks: offer.type === 'creative' ? [...new Set(offer.acknowledgedRisks)] : [],
  }));
export type OfferInput = z.input<typeof offerSchema>;
export type OfferValues = z.output<typeof offerSchema>;

export const offerScopeField = z.enum(['current', 'all']).default('current');
