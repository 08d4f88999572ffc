/**
 * The rules of offers and interests that need no schema (core §3–§5, §8; DECISIONS.md Offers and
 * interests): the offer states, which offer types a deal takes, which deal states take offers, the
 * close-date window and the figures the comparison table normalises every offer to. Kept apart
 * from the form schemas (`offers.ts`) so that screens which only show offers do not load zod.
 */
import type { DealStatus } from './deal-rules';

export const OFFER_TYPES = ['cash', 'creative'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/**
 * open: the buyer's current offer · accepted: the seller accepted it (the deal is pending) ·
 * declined: another offer on the deal was accepted · replaced: the buyer submitted a newer one ·
 * released: it was accepted, then the deal was reactivated by hand · fell_through: it was accepted,
 * then the contract ended in the closing room (kept, never deleted) · closed: the deal closed on it.
 */
export const OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'replaced',
  'released',
  'fell_through',
  'closed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Messages to the originator (interest, offer): the conversation limit of DECISIONS.md. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The latest estimated close date an offer may name, in days from today. */
export const MAX_CLOSE_DAYS = 730;

/** Deals that take offers (core §4: none on pending, sold or unavailable deals). */
export const OFFERABLE_STATUSES: readonly DealStatus[] = ['exclusive', 'active'];
/** Deals that take an expression of interest: a pending deal still may fall through. */
export const INTEREST_STATUSES: readonly DealStatus[] = ['exclusive', 'active', 'pending'];

/** Cash deals take cash offers; creative deals take cash or creative offers (DECISIONS.md). */
export function offerTypesFor(category: string): readonly OfferType[] {
  return category === 'cash' ? ['cash'] : OFFER_TYPES;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a moment in UTC. */
export function isoDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * The earliest close date an offer may name: today "anywhere on Earth" (UTC−12), so a buyer in any
 * US time zone may pick their own today, and no date that is already past everywhere is accepted.
 */
export function earliestCloseDate(now = new Date()): string {
  return isoDay(new Date(now.getTime() - 12 * 3_600_000));
}

/**
 * Today in the time zone of the machine it runs on, `YYYY-MM-DD`: the earliest close date the
 * buyer's date picker offers (their own today, which {@link earliestCloseDate} always accepts).
 */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function latestCloseDate(now = new Date()): string {
  return isoDay(new Date(now.getTime() + MAX_CLOSE_DAYS * DAY_MS));
}

/** Whole days from today (UTC) to a `YYYY-MM-DD` date; 0 for today, never negative. */
export function daysUntil(date: string, now = new Date()): number {
  const target = Date.parse(`${date}T00:00:00Z`);
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  return Math.max(0, Math.round((target - today) / DAY_MS));
}

/** What the comparison table needs of an offer and of its deal. */
export interface ComparableOffer {
  type: OfferType;
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string;
}
export interface ComparedDeal {
  purchasePrice: number;
  /** The entry fee the deal asks (the option fee of a lease option); null for cash deals. */
  entryFee: number | null;
  purchaseType?: string | null;
  /** The existing loan a subject-to or hybrid buyer takes over. */
  loanBalance?: number | null;
  /** What the seller finances (seller finance, hybrid). */
  sellerLoanAmount?: number | null;
  /** The price at which a lease option's buyer may buy. */
  optionSalePrice?: number | null;
}

export interface OfferFigures {
  /** What the seller receives at closing: the price of a cash offer, the entry fee of a creative one. */
  cashToSeller: number;
  /** A cash offer's price as a percentage of the asking price (one decimal). */
  priceOfAsking: number | null;
  /** A creative offer's entry fee as a percentage of the entry fee the deal asks (one decimal). */
  entryFeeOfAsking: number | null;
  daysToClose: number;
  /**
   * What the seller is paid on one axis (issue 17): a cash offer's price; a creative offer's entry
   * fee plus the loan balances the buyer takes over (the seller-financed amount included, and shown
   * apart in `sellerFinanced`); a lease option's option price.
   */
  effectivePrice: number;
  /** The part of the effective price the seller finances and is paid over time; null when none. */
  sellerFinanced: number | null;
}

const percent = (part: number, whole: number | null) =>
  whole ? Math.round((part / whole) * 1000) / 10 : null;

/** One offer normalised to the figures the seller compares side by side. */
export function offerFigures(offer: ComparableOffer, deal: ComparedDeal, now = new Date()): OfferFigures {
  const isCash = offer.type === 'cash';
  const cashToSeller = (isCash ? offer.purchasePrice : offer.entryFee) ?? 0;
  const type = deal.purchaseType ?? null;
  const assumed = type === 'SubTo' || type === 'Hybrid' ? (deal.loanBalance ?? 0) : 0;
  const financed = type === 'SellerFinance' || type === 'Hybrid' ? (deal.sellerLoanAmount ?? null) : null;
  const effectivePrice = isCash
    ? cashToSeller
    : type === 'LeaseOption'
      ? (deal.optionSalePrice ?? deal.purchasePrice)
      : cashToSeller + assumed + (financed ?? 0);
  return {
    cashToSeller,
    priceOfAsking: isCash ? percent(cashToSeller, deal.purchasePrice) : null,
    entryFeeOfAsking: isCash ? null : percent(cashToSeller, deal.entryFee),
    daysToClose: daysUntil(offer.estimatedCloseDate, now),
    effectivePrice,
    sellerFinanced: isCash ? null : financed,
  };
}

/**
 * Which offers a list or an export shows (`?status=`): the current ones (the default), or all,
 * with the replaced and released ones of the history.
 */
export const OFFER_SCOPES = {
  current: ['open', 'accepted', 'declined', 'fell_through', 'closed'],
  all: null,
} as const satisfies Record<string, readonly OfferStatus[] | null>;
export type OfferScope = keyof typeof OFFER_SCOPES;

/** The orders of the comparison table (`GET /api/deals/{id}/offers?sort=`). */
export const OFFER_SORTS = ['newest', 'cash-desc', 'effective-desc', 'close-asc', 'certified'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
