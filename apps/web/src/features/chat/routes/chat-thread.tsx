import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ChatMessage } from '@dealclub/shared/chat-rules';
import { personName } from '@dealclub/shared/format';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { RequireSession } from '@/lib/session/require-session';
import type { SessionUser } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { isNotFound } from '@/lib/api-client';
import { chatKeys } from '@/lib/chat-keys';
import { useThreadMessages } from '../api/messages';
import { useNotifications } from '../api/notifications';
import { BlockConversation } from '../components/block-conversation';
import { Composer } from '../components/composer';
import { MessageList } from '../components/message-list';
import { dealLine } from '../lib/wording';
import { useRealtime } from '../realtime/realtime-provider';

/**
 * `/chat/:threadId`: one conversation — the other party and the deal (linking to it), the messages
 * oldest first with older pages on scroll, and the reply box, or the notice once it is blocked.
 * New messages arrive by the realtime connection or, without one, by the bell's polling.
 */
export default function ChatThreadPage() {
  const { t } = useTranslation();
  const { threadId = '' } = useParams();
  usePageTitle(t('pages.chatThread'));
  return (
    <section className="mx-auto grid w-full max-w-3xl content-start gap-4 px-4 py-6">
      <Link
        to="/chat"
        className="inline-flex min-h-11 items-center gap-1 justify-self-start font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('chat.thread.back')}
      </Link>
      <RequireSession>
        {(user) => <Conversation key={threadId} threadId={threadId} me={user} />}
      </RequireSession>
    </section>
  );
}

/** Newest-first pages as one oldest-first list, without the repeats a shifted page can bring. */
function chronological(pages: { items: ChatMessage[] }[]): ChatMessage[] {
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (const message of pages.flatMap((page) => page.items)) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    out.push(message);
  }
  return out.reverse();
}

function Conversation({ threadId, me }: { threadId: string; me: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const conversation = useThreadMessages(threadId);
  const pages = conversation.data?.pages;
  const messages = useMemo(() => chronological(pages ?? []), [pages]);

  useEffect(() => realtime.noteActivity(), [realtime, threadId]);

  // Without a realtime connection (a buyer who has not opened the bell), the bell's poll tells of a
  // new message here: an unread notification of this conversation newer than the newest message
  // shown (both times are the server's). Each notification is acted on once per refresh.
  const notifications = useNotifications();
  const handled = useRef(new Set<string>());
  const newestAt = pages?.[0]?.items[0]?.createdAt ?? null;
  const loaded = pages !== undefined;
  useEffect(() => {
    if (!loaded) return;
    // An unread notification is refreshed (a newer time) by each further message: the key has both.
    const key = (n: { notificationId: string; createdAt: string }) => `${n.notificationId}@${n.createdAt}`;
    const unseen = (notifications.data?.items ?? []).filter(
      (n) => n.threadId === threadId && !n.readAt && !handled.current.has(key(n)),
    );
    for (const n of unseen) handled.current.add(key(n));
    if (unseen.some((n) => newestAt === null || Date.parse(n.createdAt) > Date.parse(newestAt))) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(threadId) });
    }
  }, [notifications.data, threadId, queryClient, loaded, newestAt]);

  if (conversation.isPending) return <PageFallback />;
  if (!conversation.data) {
    return isNotFound(conversation.error) ? (
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold">{t('chat.thread.notFound')}</h1>
        <p className="text-slate-700">{t('chat.thread.notFoundHint')}</p>
      </div>
    ) : (
      <LoadFailed message={t('chat.thread.failed')} onRetry={() => void conversation.refetch()} />
    );
  }

  const thread = conversation.data.pages[0]!.thread;
  const other = personName(thread.otherParty);
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold break-words">
            {other}{' '}
            <span className="text-base font-medium text-slate-600">
              ({t(`chat.side.${thread.otherParty.side}`)})
            </span>
          </h1>
          <p className="text-sm text-slate-700">
            {t('chat.thread.aboutDeal')}:{' '}
            <Link
              to={`/deals/${encodeURIComponent(thread.deal.dealId)}`}
              className="font-medium text-brand-800 underline underline-offset-4"
            >
              {dealLine(t, thread.deal, { full: true })}
            </Link>
          </p>
        </div>
        {!thread.blocked && (
          <BlockConversation threadId={threadId} summary={`${other} · ${dealLine(t, thread.deal)}`} />
        )}
      </header>
      <MessageList
        messages={messages}
        myId={me.userId}
        hasOlder={conversation.hasNextPage}
        loadingOlder={conversation.isFetchingNextPage}
        onLoadOlder={() => {
          if (!conversation.isFetchingNextPage) void conversation.fetchNextPage();
        }}
      />
      {thread.blocked ? (
        <FormAlert tone="info">
          {thread.blockedByMe ? t('chat.thread.blockedByMe') : t('chat.thread.blockedByOther')}
        </FormAlert>
      ) : (
        <Composer key={threadId} threadId={threadId} onSent={() => realtime.noteActivity()} />
      )}
    </>
  );
}
