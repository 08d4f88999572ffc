/**
 * The buyer side's deal lists: the browse list (filters, sort, a page at a time with the cursor),
 * the saved deals and the favorite toggle (optimistic over every cached list and detail). The deal
 * itself, one deal's read and the query keys are `@/lib/deals`.
 */
import {
  keepPreviousData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest, withQuery } from '@/lib/api-client';
import type { DealFilters } from '@/lib/browse-filters';
import { dealKeys, type Card, type DealDetail } from '@/lib/deals';

export interface DealsPage {
  items: Card[];
  nextCursor: string | null;
  /** Exact up to 10,000; `totalCapped` says there are more. */
  total: number;
  totalCapped?: boolean;
}

export const PAGE_SIZE = 24;

/** The filters as the query string of `GET /api/deals` (the map view pages through it too). */
export function toQuery(filters: DealFilters) {
  return {
    maxPrice: filters.maxPrice,
    minBedrooms: filters.minBedrooms,
    minBathrooms: filters.minBathrooms,
    category: filters.category,
    purchaseType: filters.purchaseType,
    propertyType: filters.propertyType,
    state: filters.state || undefined,
    city: filters.city?.trim() || undefined,
    zipCode: filters.zipCode || undefined,
    tags: filters.tags?.length ? filters.tags.join(',') : undefined,
    q: filters.q?.trim() || undefined,
    verified: filters.verified ? 'true' : undefined,
    sort: filters.sort,
  };
}

/** The browse list, a page at a time ("Load more" calls `fetchNextPage`). */
export function dealsListOptions(filters: DealFilters) {
  return infiniteQueryOptions({
    queryKey: dealKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DealsPage>(
        withQuery('/api/deals', { ...toQuery(filters), cursor: pageParam ?? undefined, limit: PAGE_SIZE }),
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDealsList(filters: DealFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...dealsListOptions(filters),
    // While new filters load, the previous results stay (marked busy) instead of flashing away.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The saved deals, most recently saved first, a page at a time ("Load more" calls `fetchNextPage`). */
export function useFavorites(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: dealKeys.favorites(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DealsPage>(
        withQuery('/api/favorites', { cursor: pageParam ?? undefined, limit: PAGE_SIZE }),
        {
          signal,
        },
      ),
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
}

type Snapshot = [QueryKey, unknown][];

function setFavoriteIn(data: unknown, id: string, isFavorite: boolean): unknown {
  if (!data || typeof data !== 'object') return data;
  const mark = <T extends { id: string; isFavorite: boolean }>(card: T): T =>
    card.id === id ? { ...card, isFavorite } : card;
  if ('pages' in data) {
    const infinite = data as InfiniteData<DealsPage>;
    return { ...infinite, pages: infinite.pages.map((p) => ({ ...p, items: p.items.map(mark) })) };
  }
  if ('items' in data) {
    const page = data as DealsPage;
    return { ...page, items: page.items.map(mark) };
  }
  if ('id' in data && 'isFavorite' in data) return mark(data as DealDetail);
  return data;
}

/** Saves or unsaves a deal; every cached list and the detail show the change at once. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation<null, Error, { id: string; favorite: boolean }, { snapshot: Snapshot }>({
    mutationFn: ({ id, favorite }) =>
      apiRequest<null>(`/api/deals/${encodeURIComponent(id)}/favorite`, {
        method: favorite ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: dealKeys.all });
      const snapshot = queryClient.getQueriesData({ queryKey: dealKeys.all });
      for (const [key, data] of snapshot) {
        queryClient.setQueryData(key, setFavoriteIn(data, id, favorite));
      }
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.favorites() }),
  });
}
