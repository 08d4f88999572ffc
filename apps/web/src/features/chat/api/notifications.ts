/**
 * The bell's calls (shell §7): the unread notifications, polled while the header is on screen, and
 * "mark read" on click, after which the list is read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_SHOWN, type NotificationList } from '@dealclub/shared/chat-rules';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/chat-keys';

/** The newest unread ones, as many as the dropdown lists; `unreadCount` counts them all. */
export const getNotifications = (signal?: AbortSignal) =>
  apiRequest<NotificationList>('/api/chat/notifications', { query: { limit: NOTIFICATIONS_SHOWN }, signal });

/**
 * The unread notifications. Only the bell passes `refetchInterval` (15 s for buyers, 60 s for the
 * seller side): every other reader shares its cache without starting a second timer.
 */
export function useNotifications({
  enabled = true,
  refetchInterval = false,
}: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: chatKeys.notifications(),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    refetchInterval,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      apiRequest<void>(`/api/chat/notifications/${encodeURIComponent(notificationId)}/read`, {
        method: 'PUT',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.notifications() }),
  });
}
