/**
 * "Message the seller" (and an originator's message to a matching buyer): starts the conversation
 * about a deal or continues it; the conversations list reads again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ThreadSummary } from '@dealclub/shared/chat-rules';
import type { StartThreadInput } from '@dealclub/shared/chat';
import { apiRequest, type Keyed } from '@/lib/api-client';
import { chatKeys } from '@/lib/chat-keys';

export function useStartThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...values }: Keyed<StartThreadInput>) =>
      apiRequest<{ thread: ThreadSummary; message: ChatMessage }>('/api/chat/threads', {
        method: 'POST',
        data: values,
        idempotencyKey,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.threads() }),
  });
}
