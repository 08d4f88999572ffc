/**
 * Runs the realtime connection on every signed-in page (the app shell mounts it): feeds the policy
 * the session's user, and turns events into a refreshed bell, list and open conversation, and into
 * the 'New Message' / 'New Conversation' toast with its View action (shell §7) — except for the
 * conversation the user is reading, which simply shows the new message. A deal match (issue 13)
 * refreshes the bell and toasts 'New deal match' with the place and score, View opening the deal
 * (unless that deal is the page being read). A step in a closing room (issue 28) refreshes the bell
 * and the room.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { messagePreview, type DealMatchEvent } from '@dealclub/shared/chat-rules';
import { isSellerSide } from '@dealclub/shared/roles';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '@/lib/session/session-context';
import { chatKeys } from '@/lib/chat-keys';
import { dealKeys } from '@/lib/deals';
import { openPusherClient } from './pusher-client';
import {
  RealtimeConnection,
  type ClosingUpdatedEvent,
  type RealtimeClient,
  type RealtimeEvent,
} from './realtime-connection';

export interface Realtime {
  dropdownOpened(): void;
  noteActivity(): void;
  /** A closing room is on screen (or used): its members see it change live. */
  closingRoomOpened(): void;
}

const NOOP: Realtime = { dropdownOpened: () => {}, noteActivity: () => {}, closingRoomOpened: () => {} };

const RealtimeContext = createContext<Realtime>(NOOP);

/** The realtime connection's activity hooks; no-ops outside the provider (unit tests of a screen). */
export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

export function RealtimeProvider({
  children,
  open = openPusherClient,
}: {
  children: ReactNode;
  /** Tests pass a fake client. */
  open?: () => Promise<RealtimeClient | null>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openThread = matchPath('/chat/:threadId', pathname)?.params.threadId ?? null;
  const openDeal = matchPath('/deals/:dealId', pathname)?.params.dealId ?? null;

  const [connection] = useState(() => new RealtimeConnection({ open }));

  // The connection outlives renders: each render hands it a handler with this render's values.
  useEffect(() => {
    const dealMatch = ({ dealId, place, score }: DealMatchEvent) => {
      if (dealId === openDeal) return;
      toast({
        title: t('chat.toast.dealMatch'),
        description: t('chat.toast.dealMatchPreview', { place, score }),
        action: {
          label: t('chat.toast.view'),
          altText: t('chat.toast.viewDealAlt'),
          onClick: () => void navigate(`/deals/${encodeURIComponent(dealId)}`),
        },
      });
    };
    // A step in one of the user's closing rooms: the room (open or not) and what shows it read
    // again. The bell says what happened; an open room simply shows it.
    const closingUpdated = ({ dealId }: ClosingUpdatedEvent) => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.closing(dealId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.detail(dealId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.dashboard() });
    };
    connection.onEvent((event: RealtimeEvent) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      if (event.name === 'deal-match') return dealMatch(event.data);
      if (event.name === 'closing-updated') return closingUpdated(event.data);
      const threadId = event.name === 'new-message' ? event.data.threadId : event.data.thread.threadId;
      if (threadId === openThread) return;
      toast({
        title: t(event.name === 'new-message' ? 'chat.toast.newMessage' : 'chat.toast.newThread'),
        description: t('chat.toast.preview', {
          sender: event.data.senderName,
          message: messagePreview(event.data.message),
        }),
        action: {
          label: t('chat.toast.view'),
          altText: t('chat.toast.viewAlt'),
          onClick: () => void navigate(`/chat/${encodeURIComponent(threadId)}`),
        },
      });
    });
  }, [connection, queryClient, openThread, openDeal, t, navigate]);

  const [value] = useState<Realtime>(() => ({
    dropdownOpened: () => connection.dropdownOpened(),
    noteActivity: () => connection.noteActivity(),
    closingRoomOpened: () => connection.closingRoomOpened(),
  }));

  const user = session.status === 'authenticated' ? session.user : null;
  const userId = user?.userId ?? null;
  const sellerSide = user ? isSellerSide(user.roles) : false;
  useEffect(() => {
    connection.setUser(userId ? { userId, sellerSide } : null);
  }, [connection, userId, sellerSide]);

  useEffect(() => () => connection.dispose(), [connection]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
