import { Check, Undo2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSING_NOTE_MAX_LENGTH, type ClosingMilestone } from '@dealclub/shared/closing';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import { useTickMilestone } from '../api/tick-milestone';
import { DialogActions, NoteField, RoomDialog } from './room-dialog';

/**
 * "Mark done" / "Mark not done" of a milestone, for its responsible party or an admin: a dialog
 * with an optional note to tick, a required reason to untick. It sends the milestone's version as
 * the page shows it; when someone changed the milestone meanwhile (409 `MILESTONE_CHANGED`) the
 * room is read again and the toast says so. The button stays where it was (its label changes), so
 * the focus comes back to it.
 */
export function TickDialog({
  dealId,
  milestone,
  title,
}: {
  dealId: string;
  milestone: ClosingMilestone;
  /** The milestone's title in the reader's language. */
  title: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const tick = useTickMilestone(dealId);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The milestone as it was when the dialog opened: a change that arrives meanwhile (realtime)
  // must make the tick stale (409), not silently undo it.
  const [shown, setShown] = useState({ done: milestone.done, version: milestone.version });
  // What the dialog asks; the trigger says what the milestone is now.
  const undo = shown.done;

  const openChange = (next: boolean) => {
    if (next) {
      setShown({ done: milestone.done, version: milestone.version });
      setNote('');
      setError(undefined);
    }
    setOpen(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = note.trim();
    if (undo && !text) {
      setError(t('closing.validation.untickReason'));
      field.current?.focus();
      return;
    }
    try {
      await tick.mutateAsync({
        key: milestone.key,
        done: !shown.done,
        version: shown.version,
        ...(text ? { note: text } : {}),
      });
    } catch (failure) {
      const noteError = serverFieldErrors(failure, t).find((e) => e.path === 'note');
      if (noteError) {
        setError(noteError.text);
        field.current?.focus();
        return;
      }
      const code = failure instanceof ApiError ? failure.code : undefined;
      if (code === 'MILESTONE_CHANGED') {
        setOpen(false);
        toast({ title: t('closing.room.tick.changed'), variant: 'destructive' });
        return;
      }
      // A refusal that a read of the room explains (not the party, the room ended) closes the
      // dialog; anything else leaves it up for another try.
      if (code === 'MILESTONE_PARTY_ONLY' || code === 'CLOSING_NOT_OPEN' || code === 'MILESTONE_NOT_FOUND') {
        setOpen(false);
      }
      toast({
        title: codedErrorText(t, failure, 'closing.room.tick.failed', [
          'MILESTONE_PARTY_ONLY',
          'CLOSING_NOT_OPEN',
          'MILESTONE_NOT_FOUND',
        ]),
        variant: 'destructive',
      });
      return;
    }
    setOpen(false);
    toast({
      title: t(undo ? 'closing.room.tick.unticked' : 'closing.room.tick.ticked', { milestone: title }),
    });
  }

  const busy = tick.isPending;
  const Icon = milestone.done ? Undo2 : Check;
  return (
    <RoomDialog
      open={open}
      onOpenChange={openChange}
      busy={busy}
      title={t(undo ? 'closing.room.tick.undoTitle' : 'closing.room.tick.doneTitle')}
      description={
        <>
          <span className="block font-medium text-ink">{title}</span>
          <span className="block">
            {t(undo ? 'closing.room.tick.undoBody' : 'closing.room.tick.doneBody')}
          </span>
        </>
      }
      trigger={
        <button
          type="button"
          aria-label={t(
            milestone.done ? 'closing.room.milestones.markNotDoneOf' : 'closing.room.milestones.markDoneOf',
            {
              milestone: title,
            },
          )}
          className={`inline-flex h-11 items-center gap-2 rounded-md px-4 font-semibold print:hidden ${
            milestone.done
              ? 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              : 'bg-brand-700 text-white hover:bg-brand-800'
          }`}
        >
          <Icon aria-hidden className="size-4" />
          {t(milestone.done ? 'closing.room.milestones.markNotDone' : 'closing.room.milestones.markDone')}
        </button>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <NoteField
          id={`${id}-note`}
          fieldRef={field}
          label={t(undo ? 'closing.room.tick.reason' : 'closing.room.tick.note')}
          required={undo}
          maxLength={CLOSING_NOTE_MAX_LENGTH}
          value={note}
          error={error}
          onChange={(value) => {
            setNote(value);
            if (value.trim()) setError(undefined);
          }}
        />
        <DialogActions
          busy={busy}
          cancelLabel={t('closing.room.tick.cancel')}
          confirmLabel={t(undo ? 'closing.room.tick.confirmUndo' : 'closing.room.tick.confirmDone')}
          busyLabel={t('closing.room.tick.saving')}
        />
      </form>
    </RoomDialog>
  );
}
