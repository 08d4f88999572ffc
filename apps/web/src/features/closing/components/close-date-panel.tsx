import { CalendarClock } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { toast } from '@/components/ui/use-toast';
import { formatDay } from '@/lib/dates';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import { useAnswerCloseDate, useProposeCloseDate } from '../api/close-date';

/** Today in the reader's time zone, `YYYY-MM-DD` (the earliest close date the picker offers). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The close date: the current one; a proposed new one and who proposed it, with Accept / Decline
 * for the other party (the proposer waits); and, in an open room, the form that proposes another.
 * When an answer removes its buttons, the focus goes to the section's heading.
 */
export function CloseDatePanel({ room }: { room: ClosingRoom }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useAnswerCloseDate(room.dealId);
  const language = i18n.language;
  const open = room.status === 'open';
  const proposal = room.proposedCloseDate;
  const mine = proposal !== null && proposal.by === room.role;

  async function reply(verdict: 'accept' | 'decline') {
    try {
      const { closing } = await answer.mutateAsync(verdict);
      toast({
        title:
          verdict === 'accept'
            ? t('closing.room.closeDate.accepted', { date: formatDay(closing.closeDate, language) })
            : t('closing.room.closeDate.declined'),
      });
    } catch (error) {
      toast({
        title: codedErrorText(t, error, 'closing.room.closeDate.failed', [
          'CLOSE_DATE_NOT_PROPOSED',
          'CLOSE_DATE_OWN_PROPOSAL',
          'CLOSING_NOT_OPEN',
        ]),
        variant: 'destructive',
      });
    }
    // The buttons are gone (answered, or no longer to answer): the focus stays in the section.
    heading.current?.focus();
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="close-date"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <CalendarClock aria-hidden className="size-5 text-brand-700 print:hidden" />
        {t('closing.room.closeDate.title')}
      </h2>
      <p className="text-2xl font-bold text-ink">{formatDay(room.closeDate, language)}</p>
      <p className="text-sm text-slate-700">{t('closing.room.closeDate.hint')}</p>
      {proposal && open && (
        <div className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            {t('closing.room.closeDate.proposal', {
              who: t(`closing.room.closeDate.by.${proposal.by}`),
              date: formatDay(proposal.closeDate, language),
            })}
          </p>
          {mine ? (
            <p>{t('closing.room.closeDate.waiting')}</p>
          ) : (
            <div className="flex flex-wrap gap-2 print:hidden">
              <button
                type="button"
                disabled={answer.isPending}
                onClick={() => void reply('accept')}
                className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
              >
                {t('closing.room.closeDate.accept')}
              </button>
              <button
                type="button"
                disabled={answer.isPending}
                onClick={() => void reply('decline')}
                className="h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
              >
                {t('closing.room.closeDate.decline')}
              </button>
            </div>
          )}
        </div>
      )}
      {open && <ProposeCloseDate room={room} />}
    </section>
  );
}

/** "Propose a new close date": a day from today on; the other party is asked to answer it. */
function ProposeCloseDate({ room }: { room: ClosingRoom }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const propose = useProposeCloseDate(room.dealId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < localToday()) {
      setError(t('closing.validation.closeDate'));
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      await propose.mutateAsync(value);
      setValue('');
      toast({ title: t('closing.room.closeDate.proposed') });
    } catch (failure) {
      const field = serverFieldErrors(failure, t).find((e) => e.path === 'closeDate');
      if (field) {
        setError(field.text);
        input.current?.focus();
        return;
      }
      toast({
        title: codedErrorText(t, failure, 'closing.room.closeDate.failed', ['CLOSING_NOT_OPEN']),
        variant: 'destructive',
      });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2 print:hidden">
      <label htmlFor={`${id}-date`} className="text-sm font-medium text-slate-800">
        {t('closing.room.closeDate.propose')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={`${id}-date`}
          type="date"
          min={localToday()}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          className={`h-11 min-w-0 flex-1 rounded-md border bg-white px-3 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100 ${
            error ? 'border-red-700' : 'border-slate-300'
          }`}
        />
        <button
          type="submit"
          disabled={propose.isPending}
          className="h-11 rounded-md border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
        >
          {propose.isPending ? t('closing.room.closeDate.proposing') : t('closing.room.closeDate.submit')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
