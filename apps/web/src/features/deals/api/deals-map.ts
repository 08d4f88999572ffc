/**
 * The deals of the map view of `/deals` (`?view=map`): every deal the current filters select, read
 * through the browse list's cursor 100 at a time up to {@link MAP_DEAL_CAP}; `capped` says there
 * are more than the map shows. Kept under `['deals', …]` so that a change of a deal refreshes it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { apiRequest, withQuery } from '@/lib/api-client';
import { toQuery, type DealsPage } from './deals';
import type { DealFilters } from '@/lib/browse-filters';
import { dealKeys, type Card } from '@/lib/deals';

/** The most deals the map gathers (5 pages of 100). */
export const MAP_DEAL_CAP = 500;

export interface MapDeals {
  items: Card[];
  /** How many deals the filters select (exact up to 10,000, `totalCapped` beyond). */
  total: number;
  totalCapped: boolean;
  /** More deals than {@link MAP_DEAL_CAP} match: the map shows the first ones of the sort. */
  capped: boolean;
}

export const dealsMapKey = (filters: DealFilters) => [...dealKeys.all, 'map', filters] as const;

export async function fetchMapDeals(filters: DealFilters, signal?: AbortSignal): Promise<MapDeals> {
  const items: Card[] = [];
  let cursor: string | null = null;
  let last: DealsPage;
  do {
    const limit = Math.min(PAGE_LIMIT_MAX, MAP_DEAL_CAP - items.length);
    last = await apiRequest<DealsPage>(
      withQuery('/api/deals', { ...toQuery(filters), cursor: cursor ?? undefined, limit }),
      { signal },
    );
    items.push(...last.items);
    cursor = last.nextCursor;
  } while (cursor && items.length < MAP_DEAL_CAP);
  const total = last.total;
  const totalCapped = Boolean(last.totalCapped);
  return { items, total, totalCapped, capped: cursor !== null };
}

export function useDealsMap(filters: DealFilters) {
  return useQuery({
    queryKey: dealsMapKey(filters),
    queryFn: ({ signal }) => fetchMapDeals(filters, signal),
    // While new filters load, the previous deals stay on the map (marked busy).
    placeholderData: keepPreviousData,
  });
}
