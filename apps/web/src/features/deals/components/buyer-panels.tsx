import { useTranslation } from 'react-i18next';
import { INTEREST_STATUSES } from '@dealclub/shared/offer-rules';
import { MessageSellerForm } from './message-seller-form';
import type { DealDetail } from '@/lib/deals';
import { DetailSection } from './detail-sections';
import { InterestPanel } from './interest-panel';
import { OfferPanel } from './offer-panel';

/**
 * The buyer's side of a deal page: make or replace an offer (and answer a counter), express
 * interest, message the seller. Rendered after the deal's photo and terms (the page's `lazy`
 * parts); its forms use lib/simple-form.ts, not react-hook-form (issue 18's script budget).
 */
export default function BuyerPanels({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <OfferPanel deal={deal} />
      <InterestPanel
        dealId={deal.id}
        interest={deal.myInterest ?? null}
        canSend={INTEREST_STATUSES.includes(deal.status)}
      />
      {deal.status !== 'deleted' && (
        <DetailSection title={t('chat.start.title')}>
          <MessageSellerForm dealId={deal.id} />
        </DetailSection>
      )}
    </>
  );
}
