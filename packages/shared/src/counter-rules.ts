/**
 * Counter-offers and an offer's history (DECISIONS.md, Trust on creative terms): the originator
 * counters an open offer with new terms; the buyer accepts (the offer becomes the deal's one
 * accepted offer, on the counter's terms) or declines; a counter expires after 72 hours and only the
 * latest one can be accepted. The shapes the API answers with and the rules both sides read, kept
 * apart from the form schema (`counters.ts`) so that screens which only show offers do not load zod.
 */
import type { OfferType } from './offer-rules';

/** How long a counter stays open (DECISIONS.md): 72 hours. */
export const COUNTER_TTL_HOURS = 72;
export const COUNTER_TTL_MS = COUNTER_TTL_HOURS * 3_600_000;

/**
 * open: waiting for the buyer · accepted · declined (by the buyer) · expired (72 hours passed) ·
 * superseded (the seller countered again, or the offer itself moved on: replaced, accepted as it
 * was, or declined because another offer was accepted or the deal closed).
 */
export const COUNTER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'superseded'] as const;
export type CounterStatus = (typeof COUNTER_STATUSES)[number];

/** The steps of an offer's history, oldest first (`offer_events.kind`). */
export const OFFER_EVENT_KINDS = [
  'submitted',
  'replaced',
  'countered',
  'counter_accepted',
  'counter_declined',
  'counter_expired',
  'accepted',
  'declined',
  'released',
  'fell_through',
  'promoted',
  'closed',
] as const;
export type OfferEventKind = (typeof OFFER_EVENT_KINDS)[number];

/** Who took a step: the buyer, the seller's side (the originator, or an admin as moderator), or the system. */
export type OfferEventActor = 'buyer' | 'seller' | 'system';

/** The latest counter of an offer, as both sides see it. */
export interface OfferCounter {
  id: string;
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string;
  message: string;
  /** `expired` as soon as `expiresAt` has passed, before the expiry job has marked it. */
  status: CounterStatus;
  expiresAt: string;
  createdAt: string;
  decidedAt: string | null;
}

/** One step of an offer's history; the terms are the step's own (the counter's for a counter). */
export interface OfferEvent {
  id: string;
  kind: OfferEventKind;
  actor: OfferEventActor;
  counterId: string | null;
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string | null;
  message: string;
  createdAt: string;
}

/** What an offer carries beside its own fields: its latest counter and its history. */
export interface OfferTrail {
  counter: OfferCounter | null;
  history: OfferEvent[];
}

/** A counter's status at `now`: an open counter whose 72 hours have passed is expired already. */
export function counterStatusAt(
  counter: { status: string; expiresAt: Date | string },
  now = new Date(),
): CounterStatus {
  if (counter.status === 'open' && new Date(counter.expiresAt).getTime() <= now.getTime()) return 'expired';
  return counter.status as CounterStatus;
}

/** When a counter made at `createdAt` expires. */
export function counterExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + COUNTER_TTL_MS);
}

/** Which amount a counter names: the purchase price of a cash offer, the entry fee of a creative one. */
export function counterAmountField(type: OfferType): 'purchasePrice' | 'entryFee' {
  return type === 'cash' ? 'purchasePrice' : 'entryFee';
}

/** The amount a counter (or an offer) names for an offer of `type`. */
export function counterAmount(
  type: OfferType,
  terms: { purchasePrice: number | null; entryFee: number | null },
): number | null {
  return terms[counterAmountField(type)];
}
