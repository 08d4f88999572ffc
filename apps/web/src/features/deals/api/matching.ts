/**
 * Matching (API.md, matching): "Matched for you" (`GET /api/matches`, best first) and, for a deal's
 * originator, the buyers it fits (`GET /api/deals/:id/matches`). Keys under `dealKeys.all`: a
 * change of a deal refreshes them. The `match` a buyer's cards and deal page carry is `@/lib/deals`.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListPage } from '@dealclub/shared/constants';
import { apiRequest, withQuery } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { dealKeys } from '@/lib/deals';
import type { DealsPage } from './deals';

export interface MatchingBuyer {
  buyer: { id: string; firstName: string; lastName: string };
  score: number;
  certified: boolean;
}

/** A page of the buyers a deal fits; `count` and `certifiedCount` are of every matching buyer. */
export interface MatchingBuyers extends ListPage<MatchingBuyer> {
  count: number;
  certifiedCount: number;
}

const PAGE_SIZE = 24;

export const matchKeys = {
  mine: () => [...dealKeys.all, 'matches'] as const,
  ofDeal: (dealId: string) => [...dealKeys.all, 'matching-buyers', dealId] as const,
};

export function matchesOptions() {
  return infiniteQueryOptions({
    queryKey: matchKeys.mine(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DealsPage>(withQuery('/api/matches', { cursor: pageParam ?? undefined, limit: PAGE_SIZE }), {
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** "Matched for you": the deals that fit the buyer, best first. */
export function useMatches() {
  return useInfiniteQuery(matchesOptions());
}

/** The buyers a deal fits (its originator and admins), best first, a page at a time. */
export function useMatchingBuyers(dealId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: matchKeys.ofDeal(dealId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MatchingBuyers>(
        withQuery(`/api/deals/${encodeURIComponent(dealId)}/matches`, {
          cursor: pageParam ?? undefined,
          limit: PAGE_SIZE,
        }),
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
    enabled,
  });
}
