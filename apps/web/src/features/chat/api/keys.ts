/**
 * The query keys of the conversations feature. Everything sits under `['chat']`, so that a realtime
 * event refreshes the bell, the list and the open conversation with one invalidation.
 */
export const chatKeys = {
  all: ['chat'] as const,
  notifications: () => [...chatKeys.all, 'notifications'] as const,
  threads: () => [...chatKeys.all, 'threads'] as const,
  messages: (threadId: string) => [...chatKeys.all, 'messages', threadId] as const,
};
