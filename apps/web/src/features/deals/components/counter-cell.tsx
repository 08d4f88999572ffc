import { Reply } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { retryableLazy, useLazyDialogTrigger } from '@/components/ui/confirm-dialog';
import { useLocaleSection } from '@/lib/i18n';
import type { ReceivedOffer } from '../api/deal-offers';
import { buyerName } from './buyer-cells';
import { CounterState } from './counter-state';
import { OfferHistory } from './offer-history';

// The dialog (Radix, and react-hook-form for its form) is some 28 KB of compressed script that only
// serves once a seller counters: it loads then (the pointer over "Counter" or its focus starts the
// download), not with the offers screen (issue 32's script budget).
const loadDialog = () => import('./counter-offer-dialog');
const CounterOfferDialog = retryableLazy(loadDialog);
const prefetch = () => void loadDialog().catch(() => undefined);

/** "Counter" and, once pressed, its dialog. */
function CounterAction({ offer, trigger }: { offer: ReceivedOffer; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { button, opener, modal } = useLazyDialogTrigger({
    trigger,
    open,
    onOpenChange: setOpen,
    prefetch,
    retry: CounterOfferDialog.retry,
  });
  return (
    <>
      {button}
      {modal(<CounterOfferDialog offer={offer} open={open} onOpenChange={setOpen} opener={opener} />)}
    </>
  );
}

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
        <CounterAction
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
