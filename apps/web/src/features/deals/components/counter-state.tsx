import { useTranslation } from 'react-i18next';
import { counterAmount, counterStatusAt, type OfferCounter } from '@dealclub/shared/counter-rules';
import type { OfferType } from '@dealclub/shared/offer-rules';
import { formatDay, formatMoment } from '@/lib/dates';
import { formatMoney } from '@/lib/format';

const STYLES = {
  open: 'border-violet-200 bg-violet-50 text-violet-900',
  accepted: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  declined: 'border-slate-300 bg-slate-100 text-slate-800',
  expired: 'border-amber-200 bg-amber-50 text-amber-900',
  superseded: 'border-slate-300 bg-slate-100 text-slate-600',
};

/**
 * The state of an offer's latest counter in the seller's table (issue 17): "Countered, expires …"
 * while the buyer may answer, else what became of it, with the counter's terms. A counter whose
 * 72 hours pass while the page is open reads as expired, as the API will answer.
 */
export function CounterState({
  type,
  counter,
  now = new Date(),
}: {
  type: OfferType;
  counter: OfferCounter;
  now?: Date;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const status = counterStatusAt(counter, now);
  const amount = counterAmount(type, counter);
  return (
    <div className="grid justify-items-start gap-1" data-testid="counter-state">
      <span
        className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLES[status]}`}
      >
        {status === 'open'
          ? t('counters.state.open', { date: formatMoment(counter.expiresAt, lang) })
          : t(`counters.state.${status}`)}
      </span>
      {amount !== null && (
        <span className="text-xs text-slate-700">
          {t('counters.state.terms', {
            amount: formatMoney(amount, lang),
            date: formatDay(counter.estimatedCloseDate, lang),
          })}
        </span>
      )}
    </div>
  );
}
