import { useTranslation } from 'react-i18next';
import { INTEREST_STATUSES } from '@dealclub/shared/offer-rules';
import { MessageSellerForm } from '@/features/chat/components/message-seller-form';
import type { DealDetail } from '@/features/deals/api/deals';
import { DetailSection } from '@/features/deals/components/detail-sections';
import { InterestPanel } from './interest-panel';
import { OfferPanel } from './offer-panel';

/**
 * The buyer's side of a deal page: make or replace an offer (and answer a counter), express
 * interest, message the seller. Forms with their library: a chunk of its own, loaded with the page
 * rather than before it (the deal's photo and terms show first; issue 18's script budget).
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
