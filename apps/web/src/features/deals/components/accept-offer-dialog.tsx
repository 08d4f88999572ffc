import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@dealclub/shared/errors';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDay } from '@/lib/dates';
import { codedErrorText } from '@/lib/server-errors';
import { useAcceptOffer, type ReceivedOffer } from '../api/deal-offers';
import { buyerName } from './buyer-cells';
import { formatMoney } from '@/lib/format';

/** Refusals whose own message says what happened (another offer was accepted, the deal moved on). */
const CODED_REFUSALS: readonly ErrorCode[] = [
  'OFFER_ALREADY_ACCEPTED',
  'OFFER_NOT_OPEN',
  'DEAL_PENDING',
  'DEAL_UNAVAILABLE',
];

/**
 * The confirmation of "Accept": the deal turns pending and no other offer can be accepted
 * (core §4). Both parties are notified by the API.
 */
export function AcceptOfferDialog({
  dealId,
  offer,
  trigger,
  onAccepted,
}: {
  dealId: string;
  offer: ReceivedOffer;
  /** Called once the offer is accepted (the dialog and its trigger are gone by then: the focus moves on). */
  onAccepted?: () => void;
  /** The button that opens the confirmation; the focus goes back to it when it closes. */
  trigger: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const accept = useAcceptOffer(dealId);
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await accept.mutateAsync(offer.id);
      onAccepted?.();
      toast({ title: t('dealOffers.accept.done') });
    } catch (error) {
      toast({
        title: codedErrorText(t, error, 'dealOffers.accept.failed', CODED_REFUSALS),
        variant: 'destructive',
      });
    } finally {
      // A refusal too: the table is read again and shows why (another offer accepted, say).
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={t('dealOffers.accept.title')}
      summary={t('dealOffers.accept.summary', {
        name: buyerName(offer.buyer),
        type: t(`offers.type.${offer.type}`),
        amount: formatMoney(offer.figures.cashToSeller, i18n.language),
        date: formatDay(offer.estimatedCloseDate, i18n.language),
      })}
      body={t('dealOffers.accept.body')}
      cancelLabel={t('dealOffers.accept.cancel')}
      confirmLabel={t('dealOffers.accept.confirm')}
      busyLabel={t('dealOffers.accept.accepting')}
      busy={accept.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
