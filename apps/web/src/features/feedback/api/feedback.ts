/**
 * The feedback calls (apps/api/src/modules/feedback/routes.ts): sending it signed in (the widget,
 * and the `/feedback` pages with their source) and signed out behind the human check, and the
 * admin's list, item, screenshot and status changes.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFeedback, FeedbackSource, FeedbackStatus, FeedbackType } from '@dealclub/shared/feedback';
import { apiDownload, apiRequest, type Keyed } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';

/** What the signed-in forms send (`POST /api/feedback`, multipart). */
export interface SignedInFeedback {
  type: FeedbackType;
  comment: string;
  /** The widget's page (path and query); the pages' own path is the server's. */
  page?: string;
  /** The widget by default; `page` or `owners` from `/feedback` and `/owners-feedback`. */
  source?: FeedbackSource;
  screenshot?: File | null;
}

export function sendFeedback({
  type,
  comment,
  page,
  source,
  screenshot,
  idempotencyKey,
}: Keyed<SignedInFeedback>) {
  const form = new FormData();
  form.append('type', type);
  form.append('comment', comment);
  if (page) form.append('page', page);
  if (source && source !== 'widget') form.append('source', source);
  if (screenshot) form.append('screenshot', screenshot, screenshot.name);
  return apiRequest<AdminFeedback>('/api/feedback', { method: 'POST', form, idempotencyKey });
}

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });

/** What the signed-out forms send (`POST /api/auth/public-feedback`): the proof is the widget's payload. */
export interface PublicFeedback {
  type: FeedbackType;
  comment: string;
  email?: string;
  proof: string;
  source: 'page' | 'owners';
}

export const useSendPublicFeedback = () =>
  useMutation({
    mutationFn: (body: PublicFeedback) =>
      apiRequest<{ id: string }>('/api/auth/public-feedback', { method: 'POST', data: body }),
  });

// ---------------------------------------------------------------------------------------------
// The admin's feedback

export interface FeedbackFilters {
  status?: FeedbackStatus;
  type?: FeedbackType;
  source?: FeedbackSource;
}

interface FeedbackPage {
  items: AdminFeedback[];
  nextCursor: string | null;
  total: number;
}

export const feedbackKeys = {
  all: ['admin', 'feedback'] as const,
  list: (filters: FeedbackFilters) => ['admin', 'feedback', 'list', filters] as const,
  item: (id: string) => ['admin', 'feedback', 'item', id] as const,
};

export function useAdminFeedbackList(filters: FeedbackFilters) {
  return useInfiniteQuery({
    queryKey: feedbackKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FeedbackPage>('/api/admin/feedback', {
        query: { ...filters, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessClientError,
  });
}

export function useAdminFeedback(id: string) {
  return useQuery({
    queryKey: feedbackKeys.item(id),
    queryFn: ({ signal }) => apiRequest<AdminFeedback>(`/api/admin/feedback/${id}`, { signal }),
    retry: retryUnlessClientError,
  });
}

/** A bug report's screenshot, fetched with the token (it is the admins' only). */
export async function fetchScreenshot(url: string, signal: AbortSignal): Promise<Blob> {
  return (await apiDownload(url, { signal })).blob;
}

export function useChangeFeedbackStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: string; status: FeedbackStatus; note: string | null }) =>
      apiRequest<AdminFeedback>(`/api/admin/feedback/${id}`, { method: 'PUT', data: { status, note } }),
    onSuccess: (item) => client.setQueryData(feedbackKeys.item(item.id), item),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
