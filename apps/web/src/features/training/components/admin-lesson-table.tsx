import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberFormat } from '@dealclub/shared/format';
import type { AdminLesson } from '@dealclub/shared/training';
import { RefusalNotice, refusalReasons } from '@/components/ui/refusal-notice';
import { toast } from '@/components/ui/use-toast';
import { lessonInput, useReorderLessons, useUpdateLesson } from '../api/training';
import { ScrollRegion } from '@/components/ui/scroll-region';

type Control = 'handle' | 'up' | 'down';

/** A refusal to show above the table: what failed, why, and the lesson to fix. */
interface Notice {
  title: string;
  reasons: string[];
  lessonId?: string;
}

const smallButton =
  'inline-flex h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-60';
const iconButton =
  'grid size-11 place-items-center rounded-md border border-slate-300 bg-white hover:bg-slate-100 disabled:opacity-40';

/** `lessons` in the order of `ids`; a lesson `ids` does not name (added meanwhile) comes last. */
function inOrder(lessons: AdminLesson[], ids: string[]): AdminLesson[] {
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const listed = ids.flatMap((id) => byId.get(id) ?? []);
  return [...listed, ...lessons.filter((l) => !ids.includes(l.id))];
}

/**
 * The course's lessons in order, with how far buyers got in each, publish / unpublish, and Edit.
 * Lessons move by dragging a row, or with a row's reorder button focused by the arrow keys (or its
 * move up / down buttons); a status line announces where the lesson went. The new order shows at
 * once and is saved in the background, one save after another; if a save fails, the order the
 * server holds comes back with a message.
 */
export function AdminLessonTable({ lessons }: { lessons: AdminLesson[] }) {
  const { t } = useTranslation();
  const reorder = useReorderLessons();
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [drag, setDrag] = useState<{ id: string; over: string | null } | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const pendingFocus = useRef<{ id: string; control: Control } | null>(null);
  const saves = useRef(Promise.resolve());
  const lastTicket = useRef(0);
  /** Saves queued up to this ticket build on one that failed: they are dropped. */
  const droppedUpTo = useRef(0);

  const ordered = pendingOrder ? inOrder(lessons, pendingOrder) : lessons;
  const titleOf = (lesson: AdminLesson) => lesson.title.en || t('trainingAdmin.lessons.untitled');

  // After a move the focus stays on the moved lesson's control (React may have moved its row).
  useLayoutEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    pendingFocus.current = null;
    const row = body.current?.querySelector(`[data-lesson-id="${request.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${request.control}"]`);
    const target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLElement>('[data-control]');
    if (target && document.activeElement !== target) target.focus();
  });

  function save(ids: string[]) {
    const ticket = ++lastTicket.current;
    setPendingOrder(ids);
    setNotice(null);
    saves.current = saves.current.then(async () => {
      if (ticket <= droppedUpTo.current) return;
      try {
        // Resolves once the list is read again, so the server's order is already the one shown.
        await reorder.mutateAsync(ids);
        if (ticket === lastTicket.current) setPendingOrder(null);
      } catch {
        droppedUpTo.current = lastTicket.current;
        setPendingOrder(null);
        setNotice({ title: t('trainingAdmin.reorder.saveFailed'), reasons: [] });
      }
    });
  }

  function move(id: string, to: number, control?: Control) {
    const ids = ordered.map((l) => l.id);
    const from = ids.indexOf(id);
    if (from < 0 || to < 0 || to >= ids.length || to === from) return;
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    save(ids);
    const lesson = ordered[from]!;
    setAnnouncement(
      t('trainingAdmin.reorder.moved', { title: titleOf(lesson), position: to + 1, count: ids.length }),
    );
    if (control) pendingFocus.current = { id, control };
  }

  if (lessons.length === 0) return <p className="text-slate-700">{t('trainingAdmin.lessons.empty')}</p>;

  return (
    <div className="grid gap-4">
      {notice && (
        <RefusalNotice
          title={notice.title}
          reasons={notice.reasons}
          fix={
            notice.lessonId
              ? {
                  to: `/admin/training?edit=${notice.lessonId}`,
                  label: t('trainingAdmin.lessons.fixInEditor'),
                }
              : undefined
          }
          dismissLabel={t('trainingAdmin.lessons.dismiss')}
          onDismiss={() => setNotice(null)}
        />
      )}
      <p id="reorder-instructions" className="text-sm text-slate-700">
        {t('trainingAdmin.reorder.instructions')} {t('trainingAdmin.lessons.figuresHint')}
      </p>
      <ScrollRegion
        label={t('trainingAdmin.lessons.table')}
        className="rounded-xl border border-slate-200 bg-white"
      >
        <table aria-labelledby="lessons-title" className="w-full text-left">
          <thead className="bg-slate-50 text-sm">
            <tr>
              <th scope="col" className="p-3">
                {t('trainingAdmin.lessons.reorder')}
              </th>
              <th scope="col" className="p-3">
                {t('trainingAdmin.lessons.position')}
              </th>
              <th scope="col" className="p-3">
                {t('trainingAdmin.lessons.lessonTitle')}
              </th>
              <th scope="col" className="p-3">
                {t('trainingAdmin.lessons.status')}
              </th>
              <th scope="col" className="p-3 text-right">
                {t('trainingAdmin.lessons.reached')}
              </th>
              <th scope="col" className="p-3 text-right">
                {t('trainingAdmin.lessons.completed')}
              </th>
              <th scope="col" className="p-3">
                {t('trainingAdmin.lessons.actions')}
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {ordered.map((lesson, index) => (
              <LessonRow
                key={lesson.id}
                lesson={lesson}
                title={titleOf(lesson)}
                index={index}
                count={ordered.length}
                dragged={drag?.id === lesson.id}
                dropTarget={
                  drag !== null && drag.over === lesson.id && drag.id !== lesson.id
                    ? // The lesson takes the target's place: after it when it comes from above.
                      ordered.findIndex((l) => l.id === drag.id) < index
                      ? 'below'
                      : 'above'
                    : null
                }
                onMove={(to, control) => move(lesson.id, to, control)}
                onNotice={setNotice}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', lesson.id);
                  setDrag({ id: lesson.id, over: null });
                }}
                onDragOver={(e) => {
                  if (!drag) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (drag.over !== lesson.id) setDrag({ ...drag, over: lesson.id });
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (drag) move(drag.id, index);
                  setDrag(null);
                }}
                onDragEnd={() => setDrag(null)}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function LessonRow({
  lesson,
  title,
  index,
  count,
  dragged,
  dropTarget,
  onMove,
  onNotice,
  onDragStart,
  onDragOver,
  onDrop,
  onDragEnd,
}: {
  lesson: AdminLesson;
  title: string;
  index: number;
  count: number;
  dragged: boolean;
  /** Where the dragged lesson would land, shown as a line on that side of this row. */
  dropTarget: 'above' | 'below' | null;
  onMove: (to: number, control: Control) => void;
  onNotice: (notice: Notice) => void;
  onDragStart: (e: DragEvent<HTMLTableRowElement>) => void;
  onDragOver: (e: DragEvent<HTMLTableRowElement>) => void;
  onDrop: (e: DragEvent<HTMLTableRowElement>) => void;
  onDragEnd: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateLesson();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 0 });
  const missingSpanish = !lesson.title.es || !lesson.body.es;

  function onHandleKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    onMove(index + (e.key === 'ArrowUp' ? -1 : 1), 'handle');
  }

  async function togglePublished() {
    const publish = !lesson.published;
    try {
      await update.mutateAsync({ id: lesson.id, input: { ...lessonInput(lesson), published: publish } });
      toast({
        title: t(
          publish ? 'trainingAdmin.lessons.publishedToast' : 'trainingAdmin.lessons.unpublishedToast',
          {
            title,
          },
        ),
      });
    } catch (error) {
      onNotice({
        title: t(publish ? 'trainingAdmin.lessons.publishFailed' : 'trainingAdmin.lessons.unpublishFailed', {
          title,
        }),
        reasons: refusalReasons(t, error, 'trainingAdmin.editor.saveFailed'),
        lessonId: lesson.id,
      });
    }
  }

  return (
    <tr
      data-lesson-id={lesson.id}
      draggable
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
      className={`border-t align-middle ${
        dropTarget === 'above'
          ? 'border-t-2 border-t-brand-700 bg-brand-50'
          : dropTarget === 'below'
            ? 'border-b-2 border-slate-200 border-b-brand-700 bg-brand-50'
            : 'border-slate-200'
      } ${dragged ? 'opacity-50' : ''}`}
    >
      <td className="p-3">
        <div className="flex gap-1">
          <button
            type="button"
            data-control="handle"
            aria-label={t('trainingAdmin.reorder.handle', { title, position: index + 1, count })}
            aria-describedby="reorder-instructions"
            onKeyDown={onHandleKey}
            className={`${iconButton} cursor-grab`}
          >
            <GripVertical aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            data-control="up"
            disabled={index === 0}
            aria-label={t('trainingAdmin.reorder.moveUp', { title })}
            title={t('trainingAdmin.reorder.moveUp', { title })}
            onClick={() => onMove(index - 1, 'up')}
            className={iconButton}
          >
            <ArrowUp aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            data-control="down"
            disabled={index === count - 1}
            aria-label={t('trainingAdmin.reorder.moveDown', { title })}
            title={t('trainingAdmin.reorder.moveDown', { title })}
            onClick={() => onMove(index + 1, 'down')}
            className={iconButton}
          >
            <ArrowDown aria-hidden className="size-4" />
          </button>
        </div>
      </td>
      <td className="p-3 tabular-nums">{number.format(index + 1)}</td>
      <th scope="row" className="p-3 font-medium">
        <span lang="en">{title}</span>
        {missingSpanish && (
          <span className="ml-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {t('trainingAdmin.lessons.spanishMissing')}
          </span>
        )}
      </th>
      <td className="p-3">
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-medium ${lesson.published ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}
        >
          {lesson.published ? t('trainingAdmin.lessons.published') : t('trainingAdmin.lessons.draft')}
        </span>
      </td>
      <td className="p-3 text-right tabular-nums">{number.format(lesson.reached)}</td>
      <td className="p-3 text-right tabular-nums">{number.format(lesson.completed)}</td>
      <td className="p-3">
        <div className="flex gap-2 whitespace-nowrap">
          <button
            type="button"
            disabled={update.isPending}
            aria-label={t(
              lesson.published
                ? 'trainingAdmin.lessons.unpublishLesson'
                : 'trainingAdmin.lessons.publishLesson',
              { title },
            )}
            onClick={() => void togglePublished()}
            className={smallButton}
          >
            {lesson.published ? t('trainingAdmin.lessons.unpublish') : t('trainingAdmin.lessons.publish')}
          </button>
          <Link
            to={`/admin/training?edit=${lesson.id}`}
            state={{ fromList: true }}
            aria-label={t('trainingAdmin.lessons.editLesson', { title })}
            className={smallButton}
          >
            {t('trainingAdmin.lessons.edit')}
          </Link>
        </div>
      </td>
    </tr>
  );
}
