import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { counterAmount, counterStatusAt, type OfferCounter } from '@dealclub/shared/counter-rules';
import type { ErrorCode } from '@dealclub/shared/errors';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDay, formatMoment } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText } from '@/lib/server-errors';
import { useAnswerCounter } from '../api/counters';
import type { Offer } from '@/lib/deals';
import { OfferHistory } from './offer-history';
import { QuotedMessage } from './quoted-message';
import { formatMoney } from '@/lib/format';

/** Refusals whose own message says what happened (the counter expired, a newer one came, …). */
const CODED_REFUSALS: readonly ErrorCode[] = [
  'COUNTER_EXPIRED',
  'COUNTER_SUPERSEDED',
  'COUNTER_NOT_OPEN',
  'OFFER_ALREADY_ACCEPTED',
  'OFFER_NOT_OPEN',
  'DEAL_PENDING',
  'DEAL_UNAVAILABLE',
];

/** The buyer's view of their offer's counter and history on the deal page (texts of their own section). */
export function MyOfferCounter({ dealId, offer }: { dealId: string; offer: Offer }) {
  const ready = useLocaleSection('counters');
  if (!ready) return null;
  return (
    <>
      <CounterPanel dealId={dealId} offer={offer} />
      <OfferHistory type={offer.type} history={offer.history ?? []} />
    </>
  );
}

/**
 * The seller's counter on the buyer's offer, on the deal page (issue 17): while it is open, its
 * terms, message and expiry with "Accept counter-offer" (confirmed first: the deal turns pending)
 * and "Decline"; afterwards, what became of it. Nothing for a counter that was superseded.
 */
export function CounterPanel({
  dealId,
  offer,
  now = new Date(),
}: {
  dealId: string;
  offer: Offer;
  now?: Date;
}) {
  const { t, i18n } = useTranslation();
  const counter = offer.counter;
  if (!counter) return null;
  const lang = i18n.language;
  const status = counterStatusAt(counter, now);
  if (status === 'superseded') return null;
  if (status !== 'open') {
    const line =
      status === 'accepted'
        ? t('counters.buyer.wasAccepted')
        : status === 'declined'
          ? t('counters.buyer.wasDeclined')
          : t('counters.buyer.wasExpired', { date: formatMoment(counter.expiresAt, lang) });
    return (
      <p className="text-sm text-slate-700" data-testid="counter-outcome">
        {line}
      </p>
    );
  }
  return <OpenCounter dealId={dealId} offer={offer} counter={counter} />;
}

function OpenCounter({ dealId, offer, counter }: { dealId: string; offer: Offer; counter: OfferCounter }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const answer = useAnswerCounter(dealId);
  const [confirming, setConfirming] = useState(false);
  const amount = counterAmount(offer.type, counter) ?? 0;
  const date = formatDay(counter.estimatedCloseDate, lang);
  const pending = answer.isPending ? answer.variables?.answer : undefined;

  async function send(choice: 'accept' | 'decline') {
    try {
      await answer.mutateAsync({ offer, counterId: counter.id, answer: choice });
      toast({ title: t(choice === 'accept' ? 'counters.buyer.accepted' : 'counters.buyer.declined') });
    } catch (error) {
      toast({
        title: codedErrorText(t, error, 'counters.buyer.failed', CODED_REFUSALS),
        variant: 'destructive',
      });
    } finally {
      // A refusal too: the deal, read again, shows the counter as it is now.
      setConfirming(false);
    }
  }

  const terms: [string, string][] = [
    [
      t(offer.type === 'cash' ? 'counters.dialog.purchasePrice' : 'counters.dialog.entryFee'),
      formatMoney(amount, lang),
    ],
    [t('counters.dialog.closeDate'), date],
  ];
  return (
    <section
      aria-labelledby={`counter-${counter.id}`}
      data-testid="counter-panel"
      className="grid gap-3 rounded-lg border border-violet-200 bg-violet-50 p-4"
    >
      <div className="grid gap-1">
        <h3 id={`counter-${counter.id}`} className="font-semibold text-ink">
          {t('counters.buyer.title')}
        </h3>
        <p className="text-sm text-slate-700">{t('counters.buyer.lead')}</p>
      </div>
      <dl className="grid gap-0">
        {terms.map(([label, value]) => (
          <div
            key={label}
            className="flex justify-between gap-4 border-b border-violet-100 py-2 last:border-b-0"
          >
            <dt className="text-slate-700">{label}</dt>
            <dd className="text-right font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm font-medium text-violet-900">
        {t('counters.buyer.expires', { date: formatMoment(counter.expiresAt, lang) })}
      </p>
      {counter.message && <QuotedMessage text={counter.message} label={t('counters.buyer.message')} />}
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <button
              type="button"
              disabled={answer.isPending}
              className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {t('counters.buyer.accept')}
            </button>
          }
          title={t('counters.buyer.confirmTitle')}
          summary={t('counters.buyer.confirmSummary', {
            type: t(`offers.type.${offer.type}`),
            amount: formatMoney(amount, lang),
            date,
          })}
          body={t('counters.buyer.confirmBody')}
          cancelLabel={t('counters.buyer.confirmCancel')}
          confirmLabel={t('counters.buyer.accept')}
          busyLabel={t('counters.buyer.accepting')}
          busy={pending === 'accept'}
          onConfirm={() => void send('accept')}
        />
        <button
          type="button"
          disabled={answer.isPending}
          onClick={() => void send('decline')}
          className="h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-70"
        >
          {pending === 'decline' ? t('counters.buyer.declining') : t('counters.buyer.decline')}
        </button>
      </div>
    </section>
  );
}
