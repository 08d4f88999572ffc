/**
 * Counter-offers (issue 17): the seller counters an open offer from `/deals/:id/offers`; the buyer
 * accepts or declines the latest counter on the deal page. Every answer is the offer with its
 * latest counter and its history; every deal query is read again after, since an accepted counter
 * turns the deal pending.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CounterBody } from '@dealclub/shared/counters';
import type { DealStatus } from '@dealclub/shared/deal-rules';
import { apiRequest } from '@/lib/api-client';
import { dealKeys, type DealDetail, type Offer } from '@/lib/deals';

const offerPath = (offerId: string, action: string) => `/api/offers/${encodeURIComponent(offerId)}/${action}`;

/** Sends the seller's counter; the offers table is read again with it. */
export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, values }: { offerId: string; values: CounterBody }) =>
      apiRequest<Offer>(offerPath(offerId, 'counter'), { method: 'POST', data: values }),
    // A refusal too (the offer was accepted meanwhile): the table then shows why.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...dealKeys.all] }),
  });
}

/** The buyer's answer to the counter they see (`counterId`, so that a newer one is not taken unseen). */
export function useAnswerCounter(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      offer,
      counterId,
      answer,
    }: {
      offer: Offer;
      counterId: string;
      answer: 'accept' | 'decline';
    }) => {
      if (answer === 'accept') {
        const { offer: accepted, deal } = await apiRequest<{
          offer: Offer;
          deal: { id: string; status: DealStatus };
        }>(offerPath(offer.id, 'accept-counter'), { method: 'POST', data: { counterId } });
        return { offer: accepted, status: deal.status };
      }
      const declined = await apiRequest<Offer>(offerPath(offer.id, 'decline-counter'), {
        method: 'POST',
        data: { counterId },
      });
      return { offer: declined, status: null };
    },
    onSuccess: ({ offer, status }) => {
      queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (deal) =>
        deal ? { ...deal, myOffer: offer, ...(status ? { status } : {}) } : deal,
      );
    },
    // A refusal (the counter expired, a newer one came) means the page is out of date as well.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...dealKeys.all] }),
  });
}
