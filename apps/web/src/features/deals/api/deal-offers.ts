/**
 * The seller side's offers and interests of one deal (`/deals/:id/offers`): the offers received,
 * normalised for comparison and sorted by the server; the interested buyers; accepting an offer;
 * the two CSV exports. Only the deal's originator and admins get answers (404 otherwise).
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { DealStatus } from '@dealclub/shared/deal-rules';
import type { OfferFigures, OfferSort } from '@dealclub/shared/offer-rules';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { dealKeys, type Category, type DealDetail, type Offer } from '@/lib/deals';
import { offerKeys, type Page } from './offers';

/** Who made an offer or expressed interest, as the deal's originator sees them. */
export interface EngagedBuyer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  certifiedBuyer: boolean;
}

export interface ReceivedOffer extends Offer {
  buyer: EngagedBuyer;
  figures: OfferFigures;
}

export interface ReceivedOffersPage extends Page<ReceivedOffer> {
  deal: {
    id: string;
    status: DealStatus;
    category: Category;
    purchasePrice: number;
    entryFee: number | null;
    acceptedOfferId: string | null;
  };
}

export interface ReceivedInterest {
  id: string;
  message: string;
  createdAt: string;
  updatedAt: string;
  buyer: EngagedBuyer;
}

/**
 * `current`: open, accepted and declined offers, and those that fell through or closed in a closing
 * room; `all` adds the replaced and released ones.
 */
export type OfferScope = 'current' | 'all';

export const RECEIVED_PAGE_SIZE = 25;

const dealPath = (dealId: string) => `/api/deals/${encodeURIComponent(dealId)}`;

/** The offers received on a deal, in the server's `sort`, a page at a time. */
export function useReceivedOffers(dealId: string, sort: OfferSort, scope: OfferScope) {
  return useInfiniteQuery(receivedOffersOptions(dealId, sort, scope));
}

export function receivedOffersOptions(dealId: string, sort: OfferSort, scope: OfferScope) {
  return infiniteQueryOptions({
    queryKey: [...offerKeys.received(dealId), { sort, scope }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReceivedOffersPage>(`${dealPath(dealId)}/offers`, {
        query: { sort, status: scope, cursor: pageParam ?? undefined, limit: RECEIVED_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
    // The rows in the old order stay on screen (marked busy) while the new order loads.
    placeholderData: keepPreviousData,
    // A 404 (not the originator, or no such deal) is an answer: not retried.
    retry: retryUnlessClientError,
  });
}

/** The buyers who expressed interest in a deal, newest first. */
export function useInterestedBuyers(dealId: string) {
  return useInfiniteQuery(interestedBuyersOptions(dealId));
}

export function interestedBuyersOptions(dealId: string) {
  return infiniteQueryOptions({
    queryKey: offerKeys.interested(dealId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<ReceivedInterest>>(`${dealPath(dealId)}/interests`, {
        query: { cursor: pageParam ?? undefined, limit: RECEIVED_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });
}

/**
 * Accepts an offer: the deal turns pending and no other offer can be accepted. The deal shows its
 * new status at once; every deal query (offers, lists, details) is read again.
 */
export function useAcceptOffer(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) =>
      apiRequest<{ offer: Offer; deal: { id: string; status: DealStatus } }>(
        `/api/offers/${encodeURIComponent(offerId)}/accept`,
        { method: 'POST' },
      ),
    onSuccess: ({ offer, deal }) => {
      queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (current) =>
        current ? { ...current, status: deal.status } : current,
      );
      queryClient.setQueriesData<InfiniteData<ReceivedOffersPage>>(
        { queryKey: offerKeys.received(dealId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              deal: { ...page.deal, status: deal.status, acceptedOfferId: offer.id },
              items: page.items.map((item) => (item.id === offer.id ? { ...item, ...offer } : item)),
            })),
          },
      );
    },
    // A refused accept (already accepted, no longer open) also means the table is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

export type CsvExport = 'offers' | 'interests';

/**
 * One CSV export of a deal, as a Blob and the file name to save it under. The offers' export takes
 * the table's scope, so the file holds the rows the seller sees.
 */
export async function downloadDealCsv(dealId: string, kind: CsvExport, scope: OfferScope = 'current') {
  const { blob, filename } = await apiDownload(`${dealPath(dealId)}/${kind}.csv`, {
    accept: 'text/csv',
    query: kind === 'offers' && scope === 'all' ? { status: 'all' } : undefined,
  });
  return { blob, filename: filename ?? `${kind}-${dealId}.csv` };
}
