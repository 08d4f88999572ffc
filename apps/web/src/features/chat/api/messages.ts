/**
 * One conversation: its messages newest first, a page at a time toward older ones; sending; and
 * blocking. Reading the first page marks the conversation and its notifications read on the server,
 * so the bell and the list are read again after it.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  MESSAGES_PAGE_SIZE,
  type ChatMessage,
  type MessagePage,
  type ThreadSummary,
} from '@dealclub/shared/chat-rules';
import type { ChatMessageInput } from '@dealclub/shared/chat';
import { apiRequest, type Keyed } from '@/lib/api-client';
import { retryUnlessClientError } from '@/lib/query-client';
import { chatKeys } from '@/lib/chat-keys';

const threadPath = (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}`;

async function refreshReadState(queryClient: QueryClient) {
  // A read of the bell that started before this one may answer what is now read: drop it first.
  await queryClient.cancelQueries({ queryKey: chatKeys.notifications() });
  void queryClient.invalidateQueries({ queryKey: chatKeys.notifications() });
  void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
}

export function useThreadMessages(threadId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(threadId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest<MessagePage>(`${threadPath(threadId)}/messages`, {
        query: { cursor: pageParam ?? undefined, limit: MESSAGES_PAGE_SIZE },
        signal,
      });
      if (pageParam === null) void refreshReadState(queryClient);
      return page;
    },
    getNextPageParam: (last) => last.nextCursor,
    // A missing conversation (404) is an answer, not a hiccup.
    retry: retryUnlessClientError,
  });
}

type Pages = InfiniteData<MessagePage, string | null>;

export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...values }: Keyed<ChatMessageInput>) =>
      apiRequest<ChatMessage>(`${threadPath(threadId)}/messages`, {
        method: 'POST',
        data: values,
        idempotencyKey,
      }),
    onSuccess: (message) => {
      // Shown at once, at the newest end; the sender gets no realtime event of their own message.
      queryClient.setQueryData<Pages>(chatKeys.messages(threadId), (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first || first.items.some((m) => m.id === message.id)) return data;
        return {
          ...data,
          pages: [{ ...first, items: [message, ...first.items], total: first.total + 1 }, ...rest],
        };
      });
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
    },
  });
}

export function useBlockThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ThreadSummary>(`${threadPath(threadId)}/block`, { method: 'POST' }),
    onSuccess: (thread) => {
      queryClient.setQueryData<Pages>(chatKeys.messages(threadId), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, thread })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
    },
  });
}
