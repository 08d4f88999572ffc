/** Web Push for the signed-in user: the server's VAPID key (the subscription itself: lib/web-push.ts). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushKey } from '@dealclub/shared/push';
import { apiRequest } from '@/lib/api-client';

export const pushKeyQuery = () =>
  queryOptions({
    queryKey: ['push', 'key'],
    queryFn: () => apiRequest<PushKey>('/api/push/key'),
    // The key changes only when the server is reconfigured.
    staleTime: Infinity,
  });

export const usePushKey = () => useQuery(pushKeyQuery());
