import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mayTick, type ClosingMilestone, type ClosingRoom } from '@dealclub/shared/closing';
import { formatDay, formatMoment } from '@/lib/dates';
import { partyText, titleOf } from '../lib/wording';
import { DocumentList, DocumentUpload } from './milestone-documents';
import { TickDialog } from './tick-dialog';

/** The milestones in due-date order (the room's own order among those due the same day). */
export function milestonesInOrder(milestones: ClosingMilestone[]): ClosingMilestone[] {
  return milestones
    .map((milestone, index) => ({ milestone, index }))
    .sort((a, b) => a.milestone.dueDate.localeCompare(b.milestone.dueDate) || a.index - b.index)
    .map(({ milestone }) => milestone);
}

/**
 * The room's milestones as a timeline: each with its party, due date, whether it is done (by whom
 * and when) or overdue — said in words and with an icon, red only on top — its note, its documents,
 * and, in an open room, the upload and the tick for whoever may tick it (`mayTick`).
 */
export function MilestoneList({ room }: { room: ClosingRoom }) {
  const { t } = useTranslation();
  const headingId = useId();
  const done = room.milestones.filter((m) => m.done).length;
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-4" data-testid="milestones">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('closing.room.milestones.title')}
        </h2>
        {/* Said again after each tick: the page's live account of the progress. */}
        <p className="text-slate-700" aria-live="polite" data-testid="milestone-progress">
          {t('closing.room.milestones.progress', { done, total: room.milestones.length })}
        </p>
      </div>
      <ol className="grid gap-3">
        {milestonesInOrder(room.milestones).map((milestone) => (
          <MilestoneItem key={milestone.key} room={room} milestone={milestone} />
        ))}
      </ol>
    </section>
  );
}

function MilestoneItem({ room, milestone }: { room: ClosingRoom; milestone: ClosingMilestone }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = titleOf(milestone, language);
  const open = room.status === 'open';
  const canTick = open && mayTick(milestone.party, room.role);
  const { overdue } = milestone;
  return (
    <li
      id={`milestone-${milestone.key}`}
      data-testid="milestone"
      className={`grid min-w-0 gap-3 rounded-xl border bg-white p-4 print:break-inside-avoid ${
        overdue ? 'border-red-300 border-l-4 border-l-red-700' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{title}</h3>
        <MilestoneState milestone={milestone} />
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
        <span>{t('closing.room.milestones.party', { party: partyText(t, milestone.party, room.role) })}</span>
        <span className={overdue ? 'font-semibold text-red-800' : ''}>
          {t('closing.room.milestones.due', { date: formatDay(milestone.dueDate, language) })}
        </span>
      </p>
      {milestone.done && milestone.doneAt && (
        <p className="text-sm text-slate-800">
          {milestone.doneByName
            ? t('closing.room.milestones.doneBy', {
                name: milestone.doneByName,
                date: formatMoment(milestone.doneAt, language),
              })
            : t('closing.room.milestones.doneAt', { date: formatMoment(milestone.doneAt, language) })}
        </p>
      )}
      {milestone.note && (
        <p className="text-sm break-words whitespace-pre-line text-slate-800">
          <span className="font-medium">{t('closing.room.milestones.note')}</span> {milestone.note}
        </p>
      )}
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold text-slate-800">{t('closing.room.documents.title')}</h4>
        <DocumentList dealId={room.dealId} milestone={milestone} />
      </div>
      {open && <DocumentUpload dealId={room.dealId} milestone={milestone} title={title} />}
      {canTick && (
        <div>
          <TickDialog dealId={room.dealId} milestone={milestone} title={title} />
        </div>
      )}
    </li>
  );
}

/** Done, overdue or not done: a word and an icon, so that the state never rests on colour alone. */
function MilestoneState({ milestone }: { milestone: ClosingMilestone }) {
  const { t } = useTranslation();
  const [Icon, label, style] = milestone.done
    ? [CircleCheck, t('closing.room.milestones.done'), 'border-emerald-200 bg-emerald-50 text-emerald-900']
    : milestone.overdue
      ? [CircleAlert, t('closing.room.milestones.overdue'), 'border-red-300 bg-red-50 text-red-800']
      : [CircleDashed, t('closing.room.milestones.notDone'), 'border-slate-300 bg-slate-50 text-slate-800'];
  return (
    <span
      data-testid="milestone-state"
      className={`inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-semibold ${style}`}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </span>
  );
}
