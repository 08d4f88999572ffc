import { BadgeCheck, CircleX } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { formatDay } from '@/lib/dates';

/**
 * The banner of a room that ended, now a read-only record: closed (when, and the days from the
 * accepted offer to the close) or fell through (when, and why). Nothing for an open room. It takes
 * the focus after the step that ended the room.
 */
export const RoomBanner = forwardRef<HTMLDivElement, { room: ClosingRoom }>(function RoomBanner(
  { room },
  ref,
) {
  const { t, i18n } = useTranslation();
  if (room.status === 'open') return null;
  const date = formatDay(room.endedAt ?? room.closeDate, i18n.language);
  const closed = room.status === 'closed';
  const Icon = closed ? BadgeCheck : CircleX;
  const sentence = closed
    ? room.daysToClose === null
      ? t('closing.room.banner.closedNoDays', { date })
      : t('closing.room.banner.closed', { date, count: room.daysToClose })
    : room.endReason
      ? t('closing.room.banner.fellThrough', { date, reason: room.endReason })
      : t('closing.room.banner.fellThroughNoReason', { date });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-testid="room-banner"
      className={`flex gap-3 rounded-xl border p-4 outline-none focus-visible:ring-2 ${
        closed
          ? 'border-emerald-300 bg-emerald-50 text-emerald-950'
          : 'border-amber-300 bg-amber-50 text-amber-950'
      }`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 print:hidden" />
      <div className="grid gap-1">
        <p className="font-semibold break-words">{sentence}</p>
        <p className="text-sm">{t('closing.room.banner.readOnly')}</p>
      </div>
    </div>
  );
});
