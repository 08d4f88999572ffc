import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeCount, type ThreadSummary } from '@dealclub/shared/chat-rules';
import { personName } from '@dealclub/shared/format';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { RequireSession } from '@/lib/session/require-session';
import { usePageTitle } from '@/hooks/use-page-title';
import { useThreads } from '../api/threads';
import { dealLine, previewText, relativeTimeText } from '../lib/wording';

/**
 * `/chat`: the user's conversations, newest activity first — the other party and their side, the
 * deal, the last message, the unread count, how long ago, and whether it is blocked.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.chat'));
  return (
    <section className="mx-auto grid w-full max-w-3xl content-start gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">{t('pages.chat')}</h1>
      <RequireSession>{(user) => <ThreadList myId={user.userId} />}</RequireSession>
    </section>
  );
}

function ThreadList({ myId }: { myId: string }) {
  const { t } = useTranslation();
  const threads = useThreads();
  if (threads.isPending) return <PageFallback />;
  if (!threads.data) {
    return <LoadFailed message={t('chat.list.failed')} onRetry={() => void threads.refetch()} />;
  }
  const items = threads.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="grid gap-1 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-lg font-semibold">{t('chat.list.empty')}</p>
        <p className="text-slate-700">{t('chat.list.emptyHint')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3">
        {items.map((thread) => (
          <li key={thread.threadId}>
            <ThreadRow thread={thread} myId={myId} />
          </li>
        ))}
      </ul>
      {threads.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={() => void threads.fetchNextPage()}
            disabled={threads.isFetchingNextPage}
            className="h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50 disabled:opacity-70"
          >
            {threads.isFetchingNextPage ? t('chat.list.loadingMore') : t('chat.list.loadMore')}
          </button>
        </div>
      )}
    </div>
  );
}

function ThreadRow({ thread, myId }: { thread: ThreadSummary; myId: string }) {
  const { t, i18n } = useTranslation();
  const unread = thread.unreadCount > 0;
  return (
    <Link
      to={`/chat/${encodeURIComponent(thread.threadId)}`}
      data-testid="thread-item"
      className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-700"
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{personName(thread.otherParty)}</span>
          <span className="text-sm text-slate-600">{t(`chat.side.${thread.otherParty.side}`)}</span>
          {thread.blocked && (
            <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              <Ban aria-hidden className="size-3" />
              {t('chat.list.blocked')}
            </span>
          )}
        </span>
        <span className="truncate text-sm text-slate-700">{dealLine(t, thread.deal)}</span>
        <span className={`truncate text-sm ${unread ? 'font-semibold text-ink' : 'text-slate-600'}`}>
          {thread.lastMessage
            ? previewText(t, thread.lastMessage, myId, i18n.language)
            : t('chat.list.noMessages')}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-2">
        <time dateTime={thread.lastMessageAt} className="text-xs text-slate-600">
          {relativeTimeText(t, thread.lastMessageAt)}
        </time>
        {unread && (
          <span className="min-w-6 rounded-full bg-brand-700 px-2 text-center text-xs font-bold leading-6 text-white">
            <span aria-hidden>{badgeCount(thread.unreadCount)}</span>
            <span className="sr-only">{t('chat.list.unread', { count: thread.unreadCount })}</span>
          </span>
        )}
      </span>
    </Link>
  );
}
