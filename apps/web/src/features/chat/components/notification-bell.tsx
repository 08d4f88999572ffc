import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  badgeCount,
  NOTIFICATION_POLL_BUYER_MS,
  NOTIFICATION_POLL_SELLER_MS,
  notificationPath,
} from '@dealclub/shared/chat-rules';
import { isSellerSide, type Role } from '@dealclub/shared/roles';
import { useOnDemand } from '@/components/ui/on-demand';
import { useMarkNotificationRead, useNotifications } from '../api/notifications';
import { useRealtime } from '../realtime/realtime-provider';
import { BELL_CLASS, BellFace } from './bell-face';

const loadMenu = () => import('./notification-menu');

/**
 * The header's bell and its dropdown (shell §2 'Notification dropdown'): the unread count capped at
 * '99+', the unread notifications polled every 15 s for buyers and 60 s for the seller side, and a
 * click that marks one read and opens its conversation. Opening it is a buyer's way to a realtime
 * connection (shell §4). The dropdown loads on first use (components/ui/on-demand.tsx).
 */
export function NotificationBell({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const realtime = useRealtime();
  const notifications = useNotifications({
    refetchInterval: isSellerSide(roles) ? NOTIFICATION_POLL_SELLER_MS : NOTIFICATION_POLL_BUYER_MS,
  });
  const markRead = useMarkNotificationRead();
  const { loaded, standInProps } = useOnDemand(loadMenu);
  const unread = notifications.data?.unreadCount ?? 0;
  const label =
    unread > 0
      ? t('chat.notifications.labelUnread', { unread: badgeCount(unread) })
      : t('chat.notifications.label');
  // A rise of the count while the page is open is announced (WCAG 4.1.3): the bell's name carries
  // it, but a name that changes is read only when the bell has the focus. Not the first count, nor
  // a fall (the user reading their messages).
  const [seen, setSeen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  if (notifications.data && seen !== unread) {
    setSeen(unread);
    if (seen !== null && unread > seen) setAnnouncement(label);
  }
  const announcer = (
    <span role="status" className="sr-only" data-testid="notification-announcer">
      {announcement}
    </span>
  );

  if (!loaded) {
    return (
      <>
        {announcer}
        <button
          {...standInProps}
          aria-haspopup="menu"
          data-testid="notification-bell"
          aria-label={label}
          className={BELL_CLASS}
        >
          <BellFace unread={unread} />
        </button>
      </>
    );
  }
  const { Control, defaultOpen, autoFocus } = loaded;
  return (
    <>
      {announcer}
      <Control
        label={label}
        unread={unread}
        state={
          notifications.isPending
            ? 'loading'
            : notifications.isError && !notifications.data
              ? 'failed'
              : 'ready'
        }
        list={(notifications.data?.items ?? []).filter((n) => !n.readAt)}
        onOpen={() => {
          realtime.dropdownOpened();
          void notifications.refetch();
        }}
        onSelect={(notification) => {
          markRead.mutate(notification.notificationId);
          void navigate(notificationPath(notification));
        }}
        defaultOpen={defaultOpen}
        autoFocus={autoFocus}
      />
    </>
  );
}
