/**
 * The roadmap's calls: the public list in the app's language (signed in, the token goes along so
 * `votedByMe` is the reader's: lib/api-client.ts), votes and take-backs, and the admin's editing.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@dealclub/shared/constants';
import type {
  AdminRoadmapItem,
  RoadmapItemInput,
  RoadmapList,
  RoadmapVoteResult,
} from '@dealclub/shared/roadmap';
import { apiRequest } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { useSession } from '@/lib/session/session-context';

const useLanguage = (): Language => (useTranslation().i18n.language === 'es' ? 'es' : 'en');

export const roadmapKeys = {
  all: ['roadmap'] as const,
  list: (language: Language, voter: string) => ['roadmap', 'list', language, voter] as const,
  admin: ['roadmap', 'admin'] as const,
};

function useVoter(): { voter: string; settled: boolean } {
  const session = useSession();
  return { voter: session.user?.userId ?? 'signed-out', settled: session.status !== 'loading' };
}

/** The roadmap in the reader's language, once the session is known (the votes are theirs). */
export function useRoadmap() {
  const language = useLanguage();
  const { voter, settled } = useVoter();
  return useQuery({
    queryKey: roadmapKeys.list(language, voter),
    queryFn: ({ signal }) => apiRequest<RoadmapList>('/api/features', { query: { lang: language }, signal }),
    enabled: settled,
    retry: retryUnlessClientError,
  });
}

/** Votes for an item (`voted` true) or takes the vote back; the list shows the new count at once. */
export function useRoadmapVote() {
  const client = useQueryClient();
  const { voter } = useVoter();
  return useMutation({
    mutationFn: async ({ id, voted }: { id: string; voted: boolean }) => {
      const path = `/api/features/${id}/vote`;
      if (voted) return apiRequest<RoadmapVoteResult>(path, { method: 'POST' });
      await apiRequest<void>(path, { method: 'DELETE' });
      return null;
    },
    onSuccess: (result, { id, voted }) => {
      client.setQueriesData<RoadmapList>(
        { queryKey: ['roadmap', 'list'], predicate: (query) => query.queryKey[3] === voter },
        (list) =>
          list && {
            ...list,
            items: list.items.map((item) =>
              item.id !== id || item.votedByMe === voted
                ? item
                : { ...item, votedByMe: voted, votes: result?.votes ?? Math.max(0, item.votes - 1) },
            ),
          },
      );
      void client.invalidateQueries({ queryKey: roadmapKeys.all });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The admin's roadmap

export function useAdminRoadmap() {
  return useQuery({
    queryKey: roadmapKeys.admin,
    queryFn: ({ signal }) =>
      apiRequest<{ items: AdminRoadmapItem[]; total: number }>('/api/admin/features', { signal }),
    retry: retryUnlessClientError,
  });
}

/** An item's input as the editor and the order buttons send it. */
export const inputOf = (item: AdminRoadmapItem, position?: number): RoadmapItemInput => ({
  title: item.title,
  description: item.description,
  status: item.status,
  ...(position !== undefined ? { position } : {}),
});

export function useSaveRoadmapItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RoadmapItemInput }) =>
      apiRequest<AdminRoadmapItem>(id ? `/api/admin/features/${id}` : '/api/admin/features', {
        method: id ? 'PUT' : 'POST',
        data: input,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: roadmapKeys.all }),
  });
}

/** Swaps two neighbours' positions (the up and down buttons). */
export function useSwapRoadmapItems() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ a, b }: { a: AdminRoadmapItem; b: AdminRoadmapItem }) => {
      // Equal positions (never expected) still swap: the moved item goes just before its neighbour.
      const [pa, pb] = a.position === b.position ? [b.position, b.position + 1] : [b.position, a.position];
      await apiRequest(`/api/admin/features/${a.id}`, { method: 'PUT', data: inputOf(a, pa) });
      await apiRequest(`/api/admin/features/${b.id}`, { method: 'PUT', data: inputOf(b, pb) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: roadmapKeys.all }),
  });
}

export function useDeleteRoadmapItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/admin/features/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: roadmapKeys.all }),
  });
}
