/**
 * The query keys of the conversations. Everything sits under `['chat']`, so that a realtime event
 * refreshes the bell, the list and the open conversation with one invalidation. Shared, because a
 * deal page starts conversations too (features/deals/api/start-thread.ts).
 */
export const chatKeys = {
  all: ['chat'] as const,
  notifications: () => [...chatKeys.all, 'notifications'] as const,
  threads: () => [...chatKeys.all, 'threads'] as const,
  messages: (threadId: string) => [...chatKeys.all, 'messages', threadId] as const,
};
