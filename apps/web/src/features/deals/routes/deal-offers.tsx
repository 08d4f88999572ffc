import { ArrowLeft, Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchParamsChange } from '@/hooks/use-search-params-change';
import { OFFER_SORTS, type OfferSort } from '@dealclub/shared/offer-rules';
import { retryableLazy } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-field';
import { RetryablePart } from '@/components/ui/retryable-part';
import { WhenVisible } from '@/components/ui/when-visible';
import { fullAddress, placeOf } from '@/lib/address';
import { isNotFound } from '@/lib/api-client';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { PageFallback } from '@/components/layout/page-fallback';
import {
  interestedBuyersOptions,
  receivedOffersOptions,
  useInterestedBuyers,
  useReceivedOffers,
  type OfferScope,
} from '../api/deal-offers';
import { dealQueryOptions, type DealDetail } from '@/lib/deals';
import type { ScreenPrefetch } from '@/lib/query-client';
import { storedRoles } from '@/lib/session/session-manager';
import { isSellerSide } from '@dealclub/shared/roles';
import { DealMissing } from '../components/deal-missing';
import { DealPage } from '../components/deal-page';
import { InterestedBuyers } from '../components/interested-buyers';
import { formatMoney } from '@/lib/format';
import { ReceivedOffers } from '../components/received-offers';
import { StatusBadge } from '@/components/deals/status-badge';

const isSort = (value: string | null): value is OfferSort =>
  (OFFER_SORTS as readonly string[]).includes(value ?? '');

/** The order and the offers shown, from the address (`?sort=…&status=all`). */
function shownOffers(params: URLSearchParams): { sort: OfferSort; scope: OfferScope } {
  const requested = params.get('sort');
  return {
    sort: isSort(requested) ? requested : 'newest',
    scope: params.get('status') === 'all' ? 'all' : 'current',
  };
}

/**
 * The screen's reads, started by the router as soon as this code has come (app/router.tsx), beside
 * the session check rather than after it and the deal: the deal, its offers in the address's order
 * and the interested buyers. Only for a stored seller-side session (a visitor is sent to sign in).
 */
export const prefetch: ScreenPrefetch = (client, { params, url }) => {
  // A buyer has no offers page: the screen shows the deal's not-found page without asking.
  if (!params.id || !isSellerSide(storedRoles())) return;
  const { sort, scope } = shownOffers(url.searchParams);
  void client.prefetchQuery(dealQueryOptions(params.id));
  void client.prefetchInfiniteQuery(receivedOffersOptions(params.id, sort, scope));
  void client.prefetchInfiniteQuery(interestedBuyersOptions(params.id));
};

// The texts download with the screen's code, not after its first render.
preloadLocaleSection('dealOffers');

// The matching buyers' panel sits below the offers and the interested buyers: its code, texts and
// data load as its place nears the viewport, not with the screen (issue 32's script budget).
const MatchingBuyers = retryableLazy(async () => ({
  default: (await import('../components/matching-buyers')).MatchingBuyers,
}));

/**
 * `/deals/:id/offers`: the offers a deal received, compared side by side, with "Accept"; the
 * interested buyers; both as CSV. Only the deal's originator and admins see it; anyone else gets
 * the detail page's 'Listing not found', which does not say whether the deal exists.
 */
export default function DealOffersPage() {
  const { t } = useTranslation();
  // The screen's texts are a section of their own, loaded with it (not with every first visit).
  const textsReady = useLocaleSection('dealOffers');
  return (
    <DealPage title={t('pages.dealOffers')}>
      {(deal) =>
        // The API gives the counts to the originator and admins only, and no offers of a deleted
        // deal: anyone else, and any deleted deal, has no offers page.
        deal.engagement === null || deal.status === 'deleted' ? (
          <DealMissing notFound onRetry={() => undefined} />
        ) : textsReady ? (
          <DealOffersView key={deal.id} deal={deal} />
        ) : (
          <PageFallback />
        )
      }
    </DealPage>
  );
}

function DealOffersView({ deal }: { deal: DealDetail }) {
  const { t, i18n } = useTranslation();
  const [params, change] = useSearchParamsChange();
  const { sort, scope } = shownOffers(params);
  const offers = useReceivedOffers(deal.id, sort, scope);
  // Asked for at once, beside the offers; shown below them only when both have come, so that
  // neither table pushes down a section already on screen as it replaces its loading line
  // (Lighthouse measured a layout shift of 0.09–0.3 here).
  const interests = useInterestedBuyers(deal.id);
  const interestsShown = !offers.isPending && !interests.isPending;

  const update = (key: 'sort' | 'status', value: string | null) =>
    change(
      (next) => {
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (isNotFound(offers.error) && !offers.data) {
    return <DealMissing notFound onRetry={() => undefined} />;
  }

  const status = offers.data?.pages.at(-1)?.deal.status ?? deal.status;
  return (
    <article className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-6 sm:py-8">
      <div className="grid gap-2">
        <Link
          to={`/deals/${deal.id}`}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start font-medium text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('dealOffers.back')}
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('dealOffers.title')}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
          <StatusBadge status={status} />
          <span className="font-medium text-ink">{fullAddress(t, deal)}</span>
          <span>{placeOf(t, deal)}</span>
          <span>{t('dealOffers.asking', { amount: formatMoney(deal.purchasePrice, i18n.language) })}</span>
        </p>
        {status === 'pending' && (
          <FormAlert tone="info">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span>{t('dealOffers.pendingNotice')}</span>
              <Link
                to={`/deals/${deal.id}/closing`}
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline"
              >
                <Handshake aria-hidden className="size-4" />
                {t('dealDetail.closingRoom')}
              </Link>
            </span>
          </FormAlert>
        )}
        {(status === 'sold' || status === 'canceled') && (
          <FormAlert tone="info">{t('dealOffers.closedNotice')}</FormAlert>
        )}
      </div>
      <ReceivedOffers
        dealId={deal.id}
        offers={offers}
        sort={sort}
        scope={scope}
        onSort={(next) => update('sort', next === 'newest' ? null : next)}
        onScope={(next) => update('status', next === 'all' ? 'all' : null)}
      />
      {interestsShown && <InterestedBuyers dealId={deal.id} interests={interests} />}
      {interestsShown && (
        <WhenVisible>
          <RetryablePart retry={MatchingBuyers.retry}>
            <MatchingBuyers dealId={deal.id} exclusive={status === 'exclusive'} />
          </RetryablePart>
        </WhenVisible>
      )}
    </article>
  );
}
