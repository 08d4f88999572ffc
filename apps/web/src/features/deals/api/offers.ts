/**
 * The buyer side's offers and interests: express interest in a deal, make (or replace) an offer,
 * and the lists "My interests" and "My offers" (the interest and the offer themselves are
 * `@/lib/deals`). Query keys start with `['deals', …]` so that any deal change refreshes them too.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InterestInput, OfferValues } from '@dealclub/shared/offers';
import { apiRequest, type Keyed } from '@/lib/api-client';
import {
  dealKeys,
  dealQueryOptions,
  type DealDetail,
  type Interest,
  type MyInterest,
  type MyOffer,
  type Offer,
} from '@/lib/deals';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export const MY_PAGE_SIZE = 20;

/** Under `dealKeys.all`, so that invalidating the deals (an accept, a status change) reaches these too. */
export const offerKeys = {
  myInterests: () => [...dealKeys.all, 'my-interests'] as const,
  myOffers: () => [...dealKeys.all, 'my-offers'] as const,
  received: (dealId: string) => [...dealKeys.all, 'received-offers', dealId] as const,
  interested: (dealId: string) => [...dealKeys.all, 'interested', dealId] as const,
};

/**
 * Reads the deal again after an offer or an interest, with one attempt (no retries), so that a
 * failed refresh can be reported at once. Rejects when the read fails.
 */
export function useRefreshDeal(dealId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...dealQueryOptions(dealId), staleTime: 0, retry: false });
}

/** Sends (or updates) the buyer's message of interest; the deal and "My interests" refresh. */
export function useExpressInterest(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...values }: Keyed<InterestInput>) =>
      apiRequest<Interest>(`/api/deals/${encodeURIComponent(dealId)}/interest`, {
        method: 'POST',
        data: values,
        idempotencyKey,
      }),
    onSuccess: async (interest) => {
      queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (deal) =>
        deal ? { ...deal, myInterest: interest } : deal,
      );
      await queryClient.invalidateQueries({ queryKey: offerKeys.myInterests() });
    },
  });
}

/**
 * Submits an offer; a second one replaces the buyer's open offer. The deal shows the offer the API
 * answered at once; the caller then reads the deal again (`useRefreshDeal`) so that it can tell a
 * failed submit from a failed refresh.
 */
export function useSubmitOffer(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...values }: Keyed<OfferValues>) =>
      apiRequest<Offer>(`/api/deals/${encodeURIComponent(dealId)}/offers`, {
        method: 'POST',
        data: values,
        idempotencyKey,
      }),
    onSuccess: (offer) => {
      queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (deal) =>
        deal ? { ...deal, myOffer: offer } : deal,
      );
      void queryClient.invalidateQueries({ queryKey: offerKeys.myOffers() });
    },
  });
}

/** "My interests": the deals I expressed interest in, newest first, a page at a time. */
export function useMyInterests() {
  return useInfiniteQuery({
    queryKey: offerKeys.myInterests(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<MyInterest>>('/api/interests/mine', {
        query: { cursor: pageParam ?? undefined, limit: MY_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** "My offers": my current offers (replaced ones left out) with their deals and states. */
export function useMyOffers() {
  return useInfiniteQuery({
    queryKey: offerKeys.myOffers(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<MyOffer>>('/api/offers/mine', {
        query: { cursor: pageParam ?? undefined, limit: MY_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
