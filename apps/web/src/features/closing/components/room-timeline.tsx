import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { formatMoment } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import { timelineNote, timelineText } from '../lib/wording';

/**
 * The room's record, oldest first: every step, who took it (or DealClub) and when. Append-only; a
 * long one shows its newest steps and says so.
 */
export function RoomTimeline({ room }: { room: ClosingRoom }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = i18n.language;
  // The ranking of other buyers' offers is the seller's business: the buyer's record leaves it out.
  const entries =
    room.role === 'buyer' ? room.timeline.filter((e) => e.event !== 'backups_set') : room.timeline;
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="timeline"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {t('closing.room.timeline.title')}
      </h2>
      {/* A long room's answer carries its newest steps only (the API's limit). */}
      {room.timelineTotal > room.timeline.length && (
        <p className="text-sm text-slate-700">
          {t('closing.room.timeline.partial', {
            shown: formatNumber(room.timeline.length, language),
            total: formatNumber(room.timelineTotal, language),
          })}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-slate-700">{t('closing.room.timeline.empty')}</p>
      ) : (
        <ol className="grid gap-0 border-l-2 border-slate-200 pl-4">
          {entries.map((entry, index) => {
            const note = timelineNote(entry);
            return (
              <li
                key={`${entry.at}-${index}`}
                data-testid="timeline-entry"
                className="relative grid gap-0.5 py-2 text-sm print:break-inside-avoid"
              >
                <span
                  aria-hidden
                  className="absolute top-3.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-700 print:hidden"
                />
                <p className="flex flex-wrap gap-x-2 text-slate-700">
                  <time dateTime={entry.at}>{formatMoment(entry.at, language)}</time>
                  <span className="font-medium text-ink">
                    {entry.actorName ?? t('closing.room.timeline.platform')}
                  </span>
                </p>
                <p className="break-words text-ink">{timelineText(t, entry, language)}</p>
                {note && (
                  <p className="break-words whitespace-pre-line text-slate-700">
                    {t('closing.room.timeline.note', { note })}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
