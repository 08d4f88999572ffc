import { DropdownMenu } from 'radix-ui';
import { Ban, Bell, MessageSquare, MessageSquarePlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  badgeCount,
  NOTIFICATION_LIST_MAX_HEIGHT_PX,
  NOTIFICATION_POLL_BUYER_MS,
  NOTIFICATION_POLL_SELLER_MS,
  type ChatNotification,
  type NotificationType,
} from '@dealclub/shared/chat-rules';
import { isSellerSide, type Role } from '@dealclub/shared/roles';
import { useMarkNotificationRead, useNotifications } from '../api/notifications';
import { dealLine, relativeTimeText } from '../lib/wording';
import { useRealtime } from '../realtime/realtime-provider';

const ICONS: Record<NotificationType, LucideIcon> = {
  new_message: MessageSquare,
  new_thread: MessageSquarePlus,
  thread_blocked: Ban,
};

const itemClass =
  'flex cursor-pointer gap-3 rounded px-3 py-2 text-left outline-none data-[highlighted]:bg-brand-50';

/**
 * The header's bell and its dropdown (shell §2 'Notification dropdown'): the unread count capped at
 * '99+', the unread notifications polled every 15 s for buyers and 60 s for the seller side, and a
 * click that marks one read and opens its conversation. Opening it is a buyer's way to a realtime
 * connection (shell §4).
 */
export function NotificationBell({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const realtime = useRealtime();
  const notifications = useNotifications({
    refetchInterval: isSellerSide(roles) ? NOTIFICATION_POLL_SELLER_MS : NOTIFICATION_POLL_BUYER_MS,
  });
  const markRead = useMarkNotificationRead();
  const unread = notifications.data?.unreadCount ?? 0;
  const list = (notifications.data?.notifications ?? []).filter((n) => !n.readAt);

  function openNotification(notification: ChatNotification) {
    markRead.mutate(notification.notificationId);
    void navigate(`/chat/${encodeURIComponent(notification.threadId)}`);
  }

  return (
    <DropdownMenu.Root
      onOpenChange={(open) => {
        if (!open) return;
        realtime.dropdownOpened();
        void notifications.refetch();
      }}
    >
      <DropdownMenu.Trigger
        data-testid="notification-bell"
        aria-label={
          unread > 0
            ? t('chat.notifications.labelUnread', { unread: badgeCount(unread) })
            : t('chat.notifications.label')
        }
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-brand-800"
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {badgeCount(unread)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white text-ink shadow-lg"
        >
          <DropdownMenu.Label className="border-b border-slate-200 px-3 py-2 text-sm font-semibold">
            {t('chat.notifications.label')}
          </DropdownMenu.Label>
          <div
            data-testid="notification-list"
            className="overflow-y-auto p-1"
            style={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT_PX }}
          >
            {notifications.isPending ? (
              <p role="status" className="px-3 py-4 text-sm text-slate-600">
                {t('chat.notifications.loading')}
              </p>
            ) : notifications.isError && !notifications.data ? (
              <p role="alert" className="px-3 py-4 text-sm text-red-800">
                {t('chat.notifications.failed')}
              </p>
            ) : list.length === 0 ? (
              <div className="grid gap-1 px-3 py-6 text-center">
                <p className="font-medium">{t('chat.notifications.empty')}</p>
                <p className="text-sm text-slate-600">{t('chat.notifications.emptyHint')}</p>
              </div>
            ) : (
              list.map((notification) => (
                <NotificationItem
                  key={notification.notificationId}
                  notification={notification}
                  onSelect={() => openNotification(notification)}
                />
              ))
            )}
          </div>
          <DropdownMenu.Separator className="h-px bg-slate-200" />
          <div className="p-1">
            <DropdownMenu.Item asChild>
              <Link
                to="/chat"
                className="block rounded px-3 py-2 text-center text-sm font-medium text-brand-800 outline-none data-[highlighted]:bg-brand-50"
              >
                {t('chat.notifications.viewAll')}
              </Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One unread notification: the icon of its type, its title, the property line and how long ago. */
function NotificationItem({
  notification,
  onSelect,
}: {
  notification: ChatNotification;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[notification.type] ?? MessageSquare;
  return (
    <DropdownMenu.Item onSelect={onSelect} className={itemClass} data-testid="notification-item">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <span className="grid min-w-0 gap-0.5">
        <span className="text-sm font-medium">
          {t(`chat.notifications.title.${notification.type}`, { name: notification.senderName })}
        </span>
        <span className="truncate text-sm text-slate-700">{dealLine(t, notification.dealInfo)}</span>
        <time dateTime={notification.createdAt} className="text-xs text-slate-600">
          {relativeTimeText(t, notification.createdAt)}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}
