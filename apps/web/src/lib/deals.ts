/**
 * A deal as the API answers it (a card of a list, the whole deal with the viewer's own interest and
 * offer, how it matches the viewer), the query keys of everything read about deals, and the read of
 * one deal. The deal screens and the screens that show deals among other things (the dashboard, a
 * deal's analytics) read them alike. Every key starts with `['deals', …]` so that a change of a
 * deal refreshes every list and page that shows it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CATEGORIES,
  DealMath,
  DealStatus,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
} from '@dealclub/shared/deal-rules';
import type { SavedDealFilters } from '@dealclub/shared/deal-filters';
import type { DealValues } from '@dealclub/shared/deals';
import type { MatchCriterion } from '@dealclub/shared/matching';
import type { OfferCounter, OfferEvent } from '@dealclub/shared/counter-rules';
import type { ClosingStatus } from '@dealclub/shared/closing';
import type { OfferStatus, OfferType } from '@dealclub/shared/offer-rules';
import type { TermsVerified } from '@dealclub/shared/verifications';
import { apiRequest } from './api-client';
import { retryUnlessClientError } from './query-client';

export type Category = (typeof CATEGORIES)[number];
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** One deal of a list (`GET /api/deals`, `GET /api/favorites`). */
export interface Card {
  id: string;
  status: DealStatus;
  /** Absent when `addressHidden`. */
  streetAddress?: string;
  unit?: string | null;
  addressHidden: boolean;
  hideAddress: boolean;
  city: string;
  state: string;
  zipCode: string;
  category: Category;
  purchaseType: PurchaseType | null;
  propertyType: PropertyType;
  purchasePrice: number;
  entryFee: number | null;
  interestRate: number | null;
  bedrooms: number;
  bathrooms: number;
  squareFootage: number | null;
  tags: string[];
  systemTags: string[];
  coverPhotoUrl: string | null;
  /** The cover in every stored size, with its shape. */
  coverPhoto: ResponsivePhoto | null;
  isFavorite: boolean;
  isOwn: boolean;
  /** Set while an admin's approval of the mortgage statement holds (verified terms). */
  termsVerified: TermsVerified | null;
  /** For a buyer with preferences or a buy box: how the deal fits them (null otherwise). */
  match?: Match | null;
  /** The browse list's cards: the centroid of the deal's ZIP code (null when unknown), for the map. */
  lat?: number | null;
  lng?: number | null;
  createdAt: string;
}

/** A photo as a responsive image: `url` is the small size, `srcSet` lists every stored one. */
export interface ResponsivePhoto {
  url: string;
  srcSet: string;
  width: number;
  height: number;
}

/** How wide a deal card's cover is at each breakpoint of the browse grid (its `<img>`'s `sizes`). */
export const CARD_PHOTO_SIZES =
  '(min-width: 1280px) 300px, (min-width: 768px) 36vw, (min-width: 640px) 50vw, 100vw';
/** The widths a deal page's main photo is drawn at. */
export const DETAIL_PHOTO_SIZES = '(min-width: 1280px) 880px, (min-width: 1024px) 66vw, 100vw';

export interface DealPhoto extends ResponsivePhoto {
  id: string;
  thumbUrl: string;
  fullUrl: string;
}

export interface DealOriginator {
  firstName: string;
  companyName: string | null;
  logoUrl: string | null;
  callBookingUrl: string | null;
}

export interface StatusHistoryEntry {
  status: DealStatus;
  source: string;
  reason: string | null;
  comments: string | null;
  date: string;
}

type Terms = Omit<
  DealValues,
  | 'streetAddress'
  | 'unit'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'hideAddress'
  | 'category'
  | 'purchaseType'
  | 'propertyType'
  | 'purchasePrice'
  | 'entryFee'
  | 'interestRate'
  | 'bedrooms'
  | 'bathrooms'
  | 'squareFootage'
  | 'tags'
  | 'exclusive'
  | 'legalCertification'
>;

/** One deal with every term (`GET /api/deals/:id`). */
export interface DealDetail extends Card, Partial<Terms> {
  description: string;
  exclusiveUntil: string | null;
  /** An exclusive deal's priority buyers (certified and matching): for its originator and admins. */
  priorityBuyers?: number | null;
  updatedAt: string;
  photos: DealPhoto[];
  math: DealMath | null;
  originator: DealOriginator;
  /** Only for the deal's originator and admins; empty otherwise. */
  statusHistory: StatusHistoryEntry[];
  /** The viewer's expression of interest in the deal, if any. */
  myInterest?: Interest | null;
  /** The viewer's current offer on the deal (never a replaced one), if any. */
  myOffer?: Offer | null;
  /** How many offers and interested buyers the deal has: for its originator and admins only. */
  engagement?: { interests: number; offers: number } | null;
  /** The viewer's closing room of the deal, when they are one of its members. */
  closing?: { status: ClosingStatus } | null;
}

export interface MatchPlace {
  state: string;
  city: string;
  zipCodes: string[];
}
export type MatchValue = number | string | MatchPlace | string[] | null;

export interface MatchReason {
  criterion: MatchCriterion;
  /** true met · false not met · null unknown (the deal does not say). */
  met: boolean | null;
  /** The API's sentence in the user's saved language; the screens write their own. */
  detail: string;
  deal: MatchValue;
  limit: MatchValue;
}

export interface Match {
  score: number;
  /** Every limit met: the deal fits (and alerts). */
  matches: boolean;
  reasons: MatchReason[];
}

/** A buyer's expression of interest in a deal (`POST /api/deals/:id/interest`). */
export interface Interest {
  id: string;
  dealId: string;
  message: string;
  createdAt: string;
  updatedAt: string;
}

/** An offer (`POST /api/deals/:id/offers`); money in whole dollars, the close date `YYYY-MM-DD`. */
export interface Offer {
  id: string;
  dealId: string;
  type: OfferType;
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string;
  message: string;
  /** The deal's disclosures acknowledged with a creative offer (none for cash). */
  acknowledgedRisks: string[];
  status: OfferStatus;
  createdAt: string;
  acceptedAt: string | null;
  /** The buyer's earlier offer this one replaced. */
  replacesId: string | null;
  /** The seller's latest counter-offer, and every step of the offer (issue 17); absent in older answers. */
  counter?: OfferCounter | null;
  history?: OfferEvent[];
  /** The counter whose terms the buyer accepted, when the offer was accepted that way. */
  acceptedCounterId?: string | null;
}

export interface MyInterest extends Omit<Interest, 'dealId'> {
  deal: Card;
}

export interface MyOffer extends Offer {
  deal: Card;
}

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (filters: SavedDealFilters) => [...dealKeys.lists(), filters] as const,
  detail: (id: string) => [...dealKeys.all, 'detail', id] as const,
  favorites: () => [...dealKeys.all, 'favorites'] as const,
  /** `GET /api/dashboard`: it lists deals, offers and closing rooms. */
  dashboard: () => [...dealKeys.all, 'dashboard'] as const,
  /** A deal's closing room as its reader sees it; the realtime event `closing-updated` refreshes it. */
  closing: (id: string) => [...dealKeys.all, 'closing', id] as const,
};

/** One deal; a 404 ('Listing not found') is not retried. */
export function dealQueryOptions(id: string) {
  return queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<DealDetail>(`/api/deals/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function useDeal(id: string | undefined) {
  return useQuery({ ...dealQueryOptions(id ?? ''), enabled: Boolean(id) });
}
