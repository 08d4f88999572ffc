/** The bell's dropdown (notification-bell.tsx), loaded when it is first opened. */
import { DropdownMenu } from 'radix-ui';
import {
  BadgeCheck,
  Ban,
  CircleX,
  Handshake,
  House,
  MessageSquare,
  MessageSquarePlus,
  Reply,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  NOTIFICATION_LIST_MAX_HEIGHT_PX,
  type ChatNotification,
  type NotificationType,
} from '@dealclub/shared/chat-rules';
import type { OnDemandProps } from '@/components/ui/on-demand';
import { dealLine, relativeTimeText } from '../lib/wording';
import { BELL_CLASS, BellFace, type BellProps } from './bell-face';

const ICONS: Record<NotificationType, LucideIcon> = {
  new_message: MessageSquare,
  new_thread: MessageSquarePlus,
  thread_blocked: Ban,
  offer_countered: Reply,
  counter_accepted: BadgeCheck,
  counter_declined: CircleX,
  deal_match: Sparkles,
  closing: Handshake,
  deal_update: House,
};

const itemClass =
  'flex cursor-pointer gap-3 rounded px-3 py-2 text-left outline-none data-[highlighted]:bg-brand-50';

export default function NotificationMenu({
  label,
  unread,
  state,
  list,
  onOpen,
  onSelect,
  defaultOpen,
  autoFocus,
}: BellProps & OnDemandProps) {
  const { t } = useTranslation();
  // Opened by the stand-in's press: `onOpenChange` does not report an initial open.
  useEffect(() => {
    if (defaultOpen) onOpen();
    // Once, for the press that mounted it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root
      defaultOpen={defaultOpen}
      onOpenChange={(open) => {
        if (open) onOpen();
      }}
    >
      <DropdownMenu.Trigger
        data-testid="notification-bell"
        aria-label={label}
        autoFocus={autoFocus}
        className={BELL_CLASS}
      >
        <BellFace unread={unread} />
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
            {state === 'loading' ? (
              <p role="status" className="px-3 py-4 text-sm text-slate-600">
                {t('chat.notifications.loading')}
              </p>
            ) : state === 'failed' ? (
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
                  onSelect={() => onSelect(notification)}
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

/**
 * One unread notification: the icon of its type, its title, the property line and how long ago. A
 * deal match has no conversation (`threadId` null): it opens the deal; news of a closing room opens
 * the room (`notificationPath`).
 */
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
        {/* A match says how well the deal fits ("92% match · Subject-to · $450,000"); news of a
            closing room says what happened ("Due tomorrow: EMD deposited with escrow"). */}
        {(notification.type === 'deal_match' ||
          notification.type === 'closing' ||
          notification.type === 'deal_update') &&
          notification.message && (
            <span className="truncate text-sm text-slate-700">{notification.message}</span>
          )}
        <time dateTime={notification.createdAt} className="text-xs text-slate-600">
          {relativeTimeText(t, notification.createdAt)}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}
