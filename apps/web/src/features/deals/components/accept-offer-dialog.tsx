import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAcceptOffer, type ReceivedOffer } from '../api/deal-offers';
import { buyerName } from './buyer-cells';
import { formatDay, formatMoney } from './money';

/** Refusals whose own message says what happened (another offer was accepted, the deal moved on). */
const CODED_REFUSALS = new Set([
  'OFFER_ALREADY_ACCEPTED',
  'OFFER_NOT_OPEN',
  'DEAL_PENDING',
  'DEAL_UNAVAILABLE',
]);

/**
 * The confirmation of "Accept": the deal turns pending and no other offer can be accepted
 * (core §4). Both parties are notified by the API.
 */
export function AcceptOfferDialog({
  dealId,
  offer,
  trigger,
}: {
  dealId: string;
  offer: ReceivedOffer;
  /** The button that opens the confirmation; the focus goes back to it when it closes. */
  trigger: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const accept = useAcceptOffer(dealId);
  const [open, setOpen] = useState(false);
  const name = buyerName(offer.buyer);
  const amount = formatMoney(offer.figures.cashToSeller, i18n.language);

  async function confirm() {
    try {
      await accept.mutateAsync(offer.id);
      toast({ title: t('dealOffers.accept.done') });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      toast({
        title: code && CODED_REFUSALS.has(code) ? t(`errors.${code}`) : t('dealOffers.accept.failed'),
        variant: 'destructive',
      });
    } finally {
      setOpen(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !accept.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-semibold">
            {t('dealOffers.accept.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="grid gap-2 text-slate-700">
            <span className="font-medium text-ink">
              {t('dealOffers.accept.summary', {
                name,
                type: t(`offers.type.${offer.type}`),
                amount,
                date: formatDay(offer.estimatedCloseDate, i18n.language),
              })}
            </span>
            <span>{t('dealOffers.accept.body')}</span>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel
              disabled={accept.isPending}
              className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
            >
              {t('dealOffers.accept.cancel')}
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={accept.isPending}
              onClick={() => void confirm()}
              className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {accept.isPending ? t('dealOffers.accept.accepting') : t('dealOffers.accept.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
