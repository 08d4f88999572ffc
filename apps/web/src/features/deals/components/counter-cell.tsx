import { Reply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocaleSection } from '@/lib/i18n';
import type { ReceivedOffer } from '../api/deal-offers';
import { buyerName } from './buyer-cells';
import { CounterOfferDialog } from './counter-offer-dialog';
import { CounterState } from './counter-state';
import { OfferHistory } from './offer-history';

/**
 * The counter-offer part of an offer's row on `/deals/:id/offers` (issue 17): the latest counter's
 * state, "Counter" on an open offer while the deal takes offers, and the offer's history.
 */
export function CounterCell({ offer, canCounter }: { offer: ReceivedOffer; canCounter: boolean }) {
  const { t } = useTranslation();
  const ready = useLocaleSection('counters');
  if (!ready) return null;
  const isOpen = offer.status === 'open';
  const counter = offer.counter ?? null;
  return (
    <>
      {/* A counter that closed with its offer (replaced, not selected) says nothing more than the offer's state. */}
      {counter && (isOpen || counter.status === 'accepted') && (
        <CounterState type={offer.type} counter={counter} />
      )}
      {canCounter && isOpen && (
        <CounterOfferDialog
          offer={offer}
          trigger={
            <button
              type="button"
              aria-label={t(counter?.status === 'open' ? 'counters.actionAgainOf' : 'counters.actionOf', {
                name: buyerName(offer.buyer),
              })}
              className="inline-flex h-11 items-center gap-1 rounded-md border border-brand-700 px-3 font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50"
            >
              <Reply aria-hidden className="size-4" />
              {counter?.status === 'open' ? t('counters.actionAgain') : t('counters.action')}
            </button>
          }
        />
      )}
      <OfferHistory type={offer.type} history={offer.history ?? []} />
    </>
  );
}
