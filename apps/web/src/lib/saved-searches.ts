/**
 * A buyer's saved searches (`GET`, `POST /api/saved-searches`, `DELETE /api/saved-searches/{id}`): the
 * list the Preferences tab shows, the save of the `/deals` dialog and the delete, each refreshing the
 * list by the same query key. Shared: the deals list saves them, the profile lists them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedDealFilters } from '@dealclub/shared/deal-filters';
import type { ListPage } from '@dealclub/shared/constants';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '@dealclub/shared/saved-search-rules';
import type { SavedSearchForm } from '@dealclub/shared/saved-searches';
import { apiRequest } from '@/lib/api-client';

export type SavedSearchList = ListPage<SavedSearch>;

/** A buyer keeps at most MAX_SAVED_SEARCHES: one page of that size is the whole list. */
export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: ['saved-searches'],
    queryFn: ({ signal }) =>
      apiRequest<SavedSearchList>('/api/saved-searches', { query: { limit: MAX_SAVED_SEARCHES }, signal }),
  });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchForm & { filters: SavedDealFilters }) =>
      apiRequest<SavedSearch>('/api/saved-searches', { method: 'POST', data: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey }),
  });
}
