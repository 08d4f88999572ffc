/**
 * `GET /api/dashboard` (API.md, analytics; DECISIONS.md, Pages the spec lists without content): the
 * buying mode and the selling mode the user's roles allow (`modes`), each null when not allowed.
 * Under `dealKeys.all`, so that a favorite, an offer or a status change refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardMode } from '@dealclub/shared/analytics';
import type { ClosedThroughDealClub, ClosingSummary } from '@dealclub/shared/closing';
import type { DealStatus } from '@dealclub/shared/deal-rules';
import type { OfferStatus, OfferType } from '@dealclub/shared/offer-rules';
import { apiRequest } from '@/lib/api-client';
import { dealKeys, type Card, type MyInterest, type MyOffer } from '@/lib/deals';

export interface BuyingDashboard {
  favorites: { total: number; latest: Card[] };
  interests: { items: MyInterest[]; total: number };
  offers: { items: MyOffer[]; total: number };
  matchedDeals: number;
  training: { completedLessons: number; totalLessons: number; certified: boolean };
  /** 'Under contract': the open closing rooms where I am the buyer (absent from an older server). */
  closings?: ClosingSummary[];
}

/** One of my listings with what it drew (views by day and viewer, interests, current offers). */
export interface ListingWithCounts extends Card {
  views: number;
  uniqueViewers: number;
  interests: number;
  offers: number;
}

/** An offer on one of my listings; the address is the seller's own to see. */
export interface LatestOffer {
  id: string;
  dealId: string;
  type: OfferType;
  purchasePrice: number | null;
  entryFee: number | null;
  status: OfferStatus;
  createdAt: string;
  buyer: { firstName: string; lastName: string; certified: boolean };
  deal: { id: string; streetAddress: string; city: string; state: string; zipCode: string };
}

export interface SellingDashboard {
  listings: { counts: Record<DealStatus, number>; total: number; items: ListingWithCounts[] };
  latestOffers: LatestOffer[];
  /** 'In closing': the open closing rooms of my deals (absent from an older server). */
  closings?: ClosingSummary[];
  closedThroughDealClub?: ClosedThroughDealClub;
}

export interface Dashboard {
  modes: DashboardMode[];
  buying: BuyingDashboard | null;
  selling: SellingDashboard | null;
}

export function dashboardOptions() {
  return queryOptions({
    queryKey: dealKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest<Dashboard>('/api/dashboard', { signal }),
  });
}

export function useDashboard() {
  return useQuery(dashboardOptions());
}
