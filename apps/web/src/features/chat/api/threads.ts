/**
 * The conversations list (newest activity first, a page at a time) and "Message the seller", which
 * starts the buyer's conversation about a deal or continues it.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  THREADS_PAGE_SIZE,
  type ChatMessage,
  type ThreadList,
  type ThreadSummary,
} from '@dealclub/shared/chat-rules';
import type { StartThreadInput } from '@dealclub/shared/chat';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from './keys';

export function useThreads() {
  return useInfiniteQuery({
    queryKey: chatKeys.threads(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ThreadList>('/api/chat/threads', {
        query: { cursor: pageParam ?? undefined, limit: THREADS_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useStartThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: StartThreadInput) =>
      apiRequest<{ thread: ThreadSummary; message: ChatMessage }>('/api/chat/threads', {
        method: 'POST',
        data: values,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.threads() }),
  });
}
