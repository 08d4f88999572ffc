import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFERABLE_STATUSES } from '@dealclub/shared/offer-rules';
import type { DealDetail, Offer } from '@/lib/deals';
import { DetailSection } from './detail-sections';
import { OfferForm } from './offer-form';
import { OfferStatusBadge } from '@/components/deals/offer-status-badge';
import { OfferTerms } from './offer-terms';
import { QuotedMessage } from './quoted-message';

// Only with an offer: the seller's counter and the offer's history, with their texts (issue 18's
// script budget: most visits of a deal page are before any offer).
const MyOfferCounter = lazy(() => import('./counter-panel').then((m) => ({ default: m.MyOfferCounter })));

/**
 * The buyer's offer on the deal detail: the current offer with its state and "Replace my offer",
 * or "Make an offer" while the deal takes offers. A deal that takes none (pending, sold, canceled)
 * still shows the buyer's offer, which is how they learn it was accepted or not selected.
 */
export function OfferPanel({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  /** An offer was just sent from this page: the form gave way to it, so the offer takes the focus. */
  const [sent, setSent] = useState(false);
  const offer = deal.myOffer ?? null;
  const offerable = OFFERABLE_STATUSES.includes(deal.status);

  if (!offer && !offerable) return null;
  return (
    <DetailSection title={offer ? t('offers.mine.title') : t('offers.form.title')}>
      <div className="grid gap-4">
        {offer && <CurrentOffer offer={offer} focus={sent} />}
        {offer && (
          <Suspense fallback={null}>
            <MyOfferCounter dealId={deal.id} offer={offer} />
          </Suspense>
        )}
        {offerable &&
          (!offer ? (
            <OfferForm deal={deal} current={null} onDone={() => setSent(true)} />
          ) : replacing ? (
            <div className="grid gap-3 border-t border-slate-100 pt-4">
              <h3 className="font-semibold">{t('offers.form.replaceTitle')}</h3>
              <p className="text-sm text-slate-700">{t('offers.form.replaceHint')}</p>
              <OfferForm
                deal={deal}
                current={offer}
                onDone={() => {
                  setReplacing(false);
                  setSent(true);
                }}
                onCancel={() => setReplacing(false)}
              />
            </div>
          ) : offer.status !== 'accepted' ? (
            <div>
              <button
                type="button"
                onClick={() => {
                  setSent(false);
                  setReplacing(true);
                }}
                className="h-11 rounded-md border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
              >
                {offer.status === 'open' ? t('offers.mine.replace') : t('offers.mine.makeNew')}
              </button>
            </div>
          ) : null)}
      </div>
    </DetailSection>
  );
}

/** The terms and the state of the buyer's offer. */
function CurrentOffer({ offer, focus }: { offer: Offer; focus: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, offer.id]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="grid gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      data-testid="my-offer"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-700">{t('offers.mine.state')}</span>
        <OfferStatusBadge status={offer.status} />
      </p>
      <p className="text-sm text-slate-700">{t(`offers.mine.stateHint.${offer.status}`)}</p>
      <OfferTerms offer={offer} layout="rows" />
      {offer.message && <QuotedMessage text={offer.message} label={t('offers.mine.message')} />}
    </div>
  );
}
