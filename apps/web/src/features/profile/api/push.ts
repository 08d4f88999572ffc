/** Web Push for the signed-in user: the server's VAPID key, saving and forgetting a subscription. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushKey, PushSubscriptionInput } from '@dealclub/shared/push';
import { apiRequest } from '@/lib/api-client';

const PATH = '/api/push/subscriptions';

export const pushKeyQuery = () =>
  queryOptions({
    queryKey: ['push', 'key'],
    queryFn: () => apiRequest<PushKey>('/api/push/key'),
    // The key changes only when the server is reconfigured.
    staleTime: Infinity,
  });

export const usePushKey = () => useQuery(pushKeyQuery());

export const saveSubscription = (subscription: PushSubscriptionInput) =>
  apiRequest<null>(PATH, { method: 'POST', data: subscription });

export const forgetSubscription = (endpoint: string) =>
  apiRequest<null>(PATH, { method: 'DELETE', data: { endpoint } });
