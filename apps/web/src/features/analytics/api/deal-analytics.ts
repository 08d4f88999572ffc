/**
 * `GET /api/deals/{id}/analytics` (API.md, analytics): one deal's figures for its originator and
 * admins. Anyone else gets a 404 (another seller's deal) or a 403 (a buyer-only account), which the
 * screen shows as the not-found page; neither is retried. Under `dealKeys.all`, so a change of the
 * deal (a new offer, a status change) refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealAnalytics } from '@dealclub/shared/analytics';
import { apiRequest } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { dealKeys } from '@/lib/deals';

export const dealAnalyticsKey = (dealId: string) => [...dealKeys.all, 'analytics', dealId] as const;

export function dealAnalyticsOptions(dealId: string) {
  return queryOptions({
    queryKey: dealAnalyticsKey(dealId),
    queryFn: ({ signal }) =>
      apiRequest<DealAnalytics>(`/api/deals/${encodeURIComponent(dealId)}/analytics`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function useDealAnalytics(dealId: string) {
  return useQuery(dealAnalyticsOptions(dealId));
}
