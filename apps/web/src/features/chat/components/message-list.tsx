import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@dealclub/shared/chat-rules';
import { formatMoment } from '@/lib/dates';
import { systemText } from '../lib/wording';

/** How close to the end (px) still counts as "reading the newest": a new message then scrolls in. */
const AT_END_PX = 48;

/**
 * A conversation's messages, oldest first, in a scrolling log. Older pages load when the reader
 * reaches the top (an IntersectionObserver on a sentinel; "Load older messages" for the keyboard)
 * without moving what they were reading; a new message scrolls into view when they were at the end.
 */
export function MessageList({
  messages,
  myId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: ChatMessage[];
  myId: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const fromEnd = useRef(0);
  const edges = useRef<{ oldest?: string; newest?: string }>({});
  const loadOlder = useRef(onLoadOlder);
  useEffect(() => {
    loadOlder.current = onLoadOlder;
  });

  const oldest = messages[0]?.id;
  const newest = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = edges.current;
    if (newest !== before.newest) {
      if (before.newest === undefined || fromEnd.current < AT_END_PX) el.scrollTop = el.scrollHeight;
    } else if (oldest !== before.oldest) {
      // Older messages went in above: keep the same distance from the end, so nothing moves.
      el.scrollTop = el.scrollHeight - el.clientHeight - fromEnd.current;
    }
    edges.current = { oldest, newest };
    fromEnd.current = el.scrollHeight - el.clientHeight - el.scrollTop;
  }, [oldest, newest]);

  // Observed again after each page, so that a top still in view (a short page) loads the next one.
  useEffect(() => {
    const root = scroller.current;
    const target = sentinel.current;
    if (!root || !target || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder.current();
      },
      { root },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, oldest]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t('chat.thread.messages')}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        fromEnd.current = el.scrollHeight - el.clientHeight - el.scrollTop;
      }}
      className="h-[55dvh] min-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-100"
    >
      {hasOlder && (
        <div ref={sentinel} className="flex justify-center pb-4">
          <button
            type="button"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 disabled:opacity-70"
          >
            {loadingOlder ? t('chat.thread.loadingOlder') : t('chat.thread.loadOlder')}
          </button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="py-8 text-center text-slate-600">{t('chat.thread.empty')}</p>
      ) : (
        <ol className="grid gap-4">
          {messages.map((message) => (
            <li key={message.id} data-testid="chat-message">
              {message.kind === 'system' ? (
                <SystemMessage message={message} />
              ) : (
                <UserMessage message={message} own={message.senderId === myId} />
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageTime({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={value}>{formatMoment(value, i18n.language)}</time>;
}

function UserMessage({ message, own }: { message: ChatMessage; own: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`flex flex-col gap-1 ${own ? 'items-end' : 'items-start'}`} data-own={own}>
      <p className="text-xs text-slate-600">
        <span className="font-medium text-slate-800">{own ? t('chat.thread.you') : message.senderName}</span>
        {' · '}
        <MessageTime value={message.createdAt} />
      </p>
      <p
        className={`max-w-[85%] rounded-2xl px-4 py-2 break-words whitespace-pre-wrap ${
          own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-ink'
        }`}
      >
        {message.body}
      </p>
    </div>
  );
}

/** A marketplace event (interest, offer, acceptance), centred, in the reader's language; then the note. */
function SystemMessage({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="mx-auto grid max-w-md gap-1 text-center text-sm text-slate-700"
      data-system={message.event}
    >
      <p>
        <span className="font-semibold text-ink">{message.senderName}</span> ·{' '}
        {systemText(t, message, i18n.language)}
      </p>
      {message.body && <p className="break-words whitespace-pre-wrap italic">“{message.body}”</p>}
      <p className="text-xs text-slate-600">
        <MessageTime value={message.createdAt} />
      </p>
    </div>
  );
}
