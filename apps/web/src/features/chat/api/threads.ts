/**
 * The conversations list (newest activity first, a page at a time). A deal page starts them
 * (features/deals/api/start-thread.ts).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { THREADS_PAGE_SIZE, type ThreadList } from '@dealclub/shared/chat-rules';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/chat-keys';

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
