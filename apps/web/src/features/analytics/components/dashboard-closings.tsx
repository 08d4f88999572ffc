import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { milestoneTitle, type ClosedThroughDealClub, type ClosingSummary } from '@dealclub/shared/closing';
import { formatDay } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import { DashboardEmpty } from './dashboard-parts';

/**
 * The open closing rooms of the dashboard ('In closing' for the seller, 'Under contract' for the
 * buyer): each with its address (the way into the room), the milestones done, the next one and its
 * due date, and the overdue ones — red, and said in words.
 */
export function ClosingRooms({ rooms, empty }: { rooms: ClosingSummary[]; empty?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (rooms.length === 0) return empty ? <DashboardEmpty text={empty} /> : null;
  return (
    <ul className="grid gap-3">
      {rooms.map((room) => (
        <li
          key={room.dealId}
          data-testid="dashboard-closing"
          className="grid gap-1 border-b border-slate-100 pb-3 text-sm last:border-0"
        >
          <Link
            to={`/deals/${encodeURIComponent(room.dealId)}/closing`}
            className="text-base font-medium break-words text-brand-800 hover:underline"
          >
            {room.address}
          </Link>
          <span className="flex flex-wrap gap-x-3 text-slate-700">
            <span>
              {t('dashboard.closings.progress', {
                done: formatNumber(room.done, language),
                total: formatNumber(room.total, language),
              })}
            </span>
            <span>{t('dashboard.closings.closeDate', { date: formatDay(room.closeDate, language) })}</span>
          </span>
          <progress
            className="h-2 w-full accent-brand-700"
            max={Math.max(room.total, 1)}
            value={Math.min(room.done, room.total)}
            aria-label={t('dashboard.closings.progress', { done: room.done, total: room.total })}
          />
          <span className="text-slate-800">
            {room.next
              ? t('dashboard.closings.next', {
                  milestone: milestoneTitle(room.next.key, language),
                  date: formatDay(room.next.dueDate, language),
                })
              : t('dashboard.closings.allDone')}
          </span>
          {room.overdue > 0 && (
            <span
              className="flex items-center gap-1 font-semibold text-red-800"
              data-testid="closing-overdue"
            >
              <CircleAlert aria-hidden className="size-4 shrink-0" />
              {t('dashboard.closings.overdue', { count: room.overdue })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** How many of the seller's deals closed through DealClub, and their median days to close. */
export function ClosedThroughDealClubFigure({ closed }: { closed: ClosedThroughDealClub }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1 rounded-md bg-slate-50 p-4" data-testid="closed-through-dealclub">
      <h3 className="font-semibold">{t('dashboard.closings.closedTitle')}</h3>
      {closed.count === 0 ? (
        <p className="text-slate-700">{t('dashboard.closings.closedNone')}</p>
      ) : (
        <>
          <p className="text-slate-800">{t('dashboard.closings.closedCount', { count: closed.count })}</p>
          {closed.medianDaysToClose !== null && (
            <p className="text-slate-800">
              {t('dashboard.closings.median', { count: Math.round(closed.medianDaysToClose) })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
