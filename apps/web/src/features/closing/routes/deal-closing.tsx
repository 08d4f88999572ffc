import { ArrowLeft, Printer, Scale } from 'lucide-react';
import { useDeferredValue, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError, currentToken, isNotFound } from '@/lib/api-client';
import { useLocaleSection } from '@/lib/i18n';
import { RequireSession } from '@/lib/session/require-session';
import type { ScreenPrefetch } from '@/lib/query-client';
import { closingRoomOptions, useClosingRoom } from '../api/closing-room';
import { BackupsPanel } from '../components/backups-panel';
import { CloseDatePanel } from '../components/close-date-panel';
import { ContractPanel } from '../components/contract-panel';
import { MilestoneList } from '../components/milestone-list';
import { RoomBanner } from '../components/room-banner';
import { RoomSummary } from '../components/room-summary';
import { RoomTimeline } from '../components/room-timeline';

/** The room, read as soon as this code has come (app/router.tsx), beside the session check. */
export const prefetch: ScreenPrefetch = (client, { params }) => {
  if (currentToken() && params.id) void client.prefetchQuery(closingRoomOptions(params.id));
};

/**
 * `/deals/:id/closing` (issue 28): the closing room of a deal whose offer was accepted, for its
 * seller, the winning buyer and admins — anyone else gets the not-found page, which says nothing of
 * the deal. The deal and its parties, the close date, the legal copy, the milestones to tick with
 * their documents, the backups (seller side only), the end of the contract or its closing, and the
 * room's timeline. An ended room is a read-only record with its banner. It prints as a summary (no
 * shell, no controls). `onOpen` lets the app keep the realtime connection up while the room is
 * shown (app/routes/deal-closing.tsx), so that both parties see it change live.
 */
export default function DealClosingPage({ onOpen }: { onOpen?: () => void }) {
  return <RequireSession>{() => <ClosingScreen onOpen={onOpen} />}</RequireSession>;
}

function ClosingScreen({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const room = useClosingRoom(id);
  const textsReady = useLocaleSection('closing');
  const closing = room.data?.closing;
  const street = closing?.deal.address.split(',')[0]?.trim();
  usePageTitle(
    street
      ? t('dealDetail.documentTitle', { page: t('pages.dealClosing'), place: street })
      : t('pages.dealClosing'),
  );
  useEffect(() => {
    onOpen?.();
  }, [onOpen, id, room.dataUpdatedAt]);

  const denied = isNotFound(room.error) || (room.error instanceof ApiError && room.error.status === 403);
  if (!closing && denied) return <NotFoundPage />;
  if (room.isPending || !textsReady) return <PageFallback />;
  if (!closing) {
    return (
      <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold">{t('closing.room.title')}</h1>
        <LoadFailed message={t('closing.room.loadFailed')} onRetry={() => void room.refetch()} />
      </section>
    );
  }
  return <ClosingRoomView room={closing} />;
}

function ClosingRoomView({ room }: { room: ClosingRoom }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const banner = useRef<HTMLDivElement>(null);
  const focusStatus = () => (banner.current ?? heading.current)?.focus();
  // The room's panels (summary, close date, milestones, backups, contract, timeline) render after
  // its head, in a render React splits into short slices: the head (the room's largest text) is
  // painted first, and no long task holds the page while the rest is built (issue 32's TBT).
  const panels = useDeferredValue<ClosingRoom | null>(room, null);

  // A step can remove the control that had the focus (a dialog's trigger when the contract ended,
  // the room closed, or the other party's step arrived live): the focus then goes to the room's
  // status rather than to the page's body. Checked when the head shows the new room and again
  // when the panels do, which come a render later; not when the panels first appear.
  const previous = useRef({ room, panels });
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { room, panels };
    if (before.panels === null || (before.room === room && before.panels === panels)) return;
    const active = document.activeElement;
    if (!active || active === document.body) (banner.current ?? heading.current)?.focus();
  }, [room, panels]);

  return (
    <article
      className="closing-room mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:py-8"
      data-testid="closing-room"
    >
      <div className="grid gap-2">
        <Link
          to={`/deals/${encodeURIComponent(room.dealId)}`}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start font-medium text-brand-800 hover:underline print:hidden"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('closing.room.back')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
              {t('closing.room.title')}
            </h1>
            <p className="text-lg font-medium break-words text-ink">{room.deal.address}</p>
            <p className="text-sm text-slate-700">
              {t('closing.room.statusLabel')}:{' '}
              <span className="font-semibold text-ink" data-testid="room-status">
                {t(`closing.room.status.${room.status}`)}
              </span>
            </p>
          </div>
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 print:hidden"
          >
            <Printer aria-hidden className="size-4" />
            {t('closing.room.print')}
          </button>
        </div>
      </div>

      <RoomBanner ref={banner} room={room} />

      <p className="flex gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        <Scale aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-600 print:hidden" />
        <span data-testid="closing-legal">{t('closing.room.legal')}</span>
      </p>

      {panels ? (
        <RoomPanels room={panels} focusStatus={focusStatus} />
      ) : (
        // Their place is kept meanwhile, so that what follows (the footer) does not move; it is
        // marked busy, as the rest of the app marks what is still coming.
        <div className="min-h-screen" aria-busy="true" />
      )}
    </article>
  );
}

function RoomPanels({ room, focusStatus }: { room: ClosingRoom; focusStatus: () => void }) {
  const open = room.status === 'open';
  return (
    <>
      {/* On a phone: the deal and its close date, the milestones, then the backups and the
          contract; on a wide screen the milestones on the left, the rest beside them. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-1">
          <RoomSummary room={room} />
          <CloseDatePanel room={room} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <MilestoneList room={room} />
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-2">
          {room.role !== 'buyer' && <BackupsPanel room={room} />}
          {open && <ContractPanel room={room} focusStatus={focusStatus} />}
        </div>
      </div>

      <RoomTimeline room={room} />
    </>
  );
}
