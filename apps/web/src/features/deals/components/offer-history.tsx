import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferEvent } from '@dealclub/shared/counter-rules';
import type { OfferType } from '@dealclub/shared/offer-rules';
import { formatDay, formatMoment } from '@/lib/dates';
import { formatMoney } from '@/lib/format';

/** Steps that name terms: the offer's own when made, a counter's when sent or answered. */
const WITH_TERMS = new Set<OfferEvent['kind']>(['submitted', 'countered', 'counter_accepted']);

/** The terms a step names, worded ("$455,000, closing Mar 1, 2026"), or null when it names none. */
export function stepTerms(
  t: (key: string, options?: Record<string, unknown>) => string,
  type: OfferType,
  event: OfferEvent,
  language: string,
): string | null {
  if (!WITH_TERMS.has(event.kind)) return null;
  const amount = type === 'cash' ? event.purchasePrice : event.entryFee;
  if (amount === null || !event.estimatedCloseDate) return null;
  return t('counters.history.terms', {
    amount: formatMoney(amount, language),
    date: formatDay(event.estimatedCloseDate, language),
  });
}

/**
 * An offer's history (issue 17), both sides: a button that shows or hides the steps, oldest first,
 * each with who took it, when, the terms it named and its message. Collapsed at first, so a table of
 * offers stays one line a row.
 */
export function OfferHistory({ type, history }: { type: OfferType; history: OfferEvent[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!history.length) return null;
  const lang = i18n.language;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <div className="grid justify-items-start gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <Chevron aria-hidden className="size-4" />
        {open ? t('counters.history.hide') : t('counters.history.show', { count: history.length })}
      </button>
      {open && (
        <ol
          id={listId}
          aria-label={t('counters.history.title')}
          className="grid gap-2 border-l-2 border-slate-200 pl-3 text-sm"
        >
          {history.map((event) => {
            const terms = stepTerms(t, type, event, lang);
            return (
              <li key={event.id} className="grid gap-0.5" data-testid="offer-history-step">
                <span className="font-medium text-ink">{t(`counters.history.kind.${event.kind}`)}</span>
                <span className="text-slate-600">
                  {t(`counters.history.actor.${event.actor}`)} · {formatMoment(event.createdAt, lang)}
                </span>
                {terms && <span className="text-slate-800">{terms}</span>}
                {event.message && (
                  <span className="break-words whitespace-pre-line text-slate-700">“{event.message}”</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
