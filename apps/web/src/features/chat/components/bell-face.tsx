/**
 * What the bell shows and takes, the same before its dropdown has loaded (notification-bell.tsx)
 * and in the dropdown's own trigger (notification-menu.tsx).
 */
import { Bell } from 'lucide-react';
import { badgeCount, type ChatNotification } from '@dealclub/shared/chat-rules';

export const BELL_CLASS =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-brand-800';

/** What the dropdown (notification-menu.tsx) shows. */
export interface BellProps {
  label: string;
  unread: number;
  state: 'loading' | 'failed' | 'ready';
  list: ChatNotification[];
  onOpen: () => void;
  onSelect: (notification: ChatNotification) => void;
}

/** The bell and its unread count, capped at '99+'. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
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
    </>
  );
}
