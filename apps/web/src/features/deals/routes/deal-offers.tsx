import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { OFFER_SORTS, type OfferSort } from '@dealclub/shared/offers';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { useSession } from '@/features/auth/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReceivedOffers, type OfferScope } from '../api/deal-offers';
import { useDeal, type DealDetail } from '../api/deals';
import { placeOf, streetOf } from '../components/deal-card';
import { DealMissing, isNotFound } from '../components/deal-missing';
import { InterestedBuyers } from '../components/interested-buyers';
import { formatMoney } from '../components/money';
import { ReceivedOffers } from '../components/received-offers';
import { StatusBadge } from '../components/status-badge';

const isSort = (value: string | null): value is OfferSort =>
  (OFFER_SORTS as readonly string[]).includes(value ?? '');

/**
 * `/deals/:id/offers`: the offers a deal received, compared side by side, with "Accept"; the
 * interested buyers; both as CSV. Only the deal's originator and admins see it; anyone else gets
 * the detail page's 'Listing not found', which does not say whether the deal exists.
 */
export default function DealOffersPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const deal = useDeal(session.status === 'authenticated' ? id : undefined);
  const place = deal.data ? (streetOf(deal.data) ?? placeOf(t, deal.data)) : null;
  usePageTitle(
    place ? t('dealDetail.documentTitle', { page: t('pages.dealOffers'), place }) : t('pages.dealOffers'),
  );

  if (session.status === 'loading') return <PageFallback />;
  if (session.status !== 'authenticated') {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (deal.isPending) return <PageFallback />;
  if (!deal.data) {
    return <DealMissing notFound={isNotFound(deal.error)} onRetry={() => void deal.refetch()} />;
  }
  // The API gives the counts to the originator and admins only: anyone else has no offers page.
  if (deal.data.engagement === null) return <DealMissing notFound onRetry={() => undefined} />;
  return <DealOffersView deal={deal.data} />;
}

function DealOffersView({ deal }: { deal: DealDetail }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('sort');
  const sort: OfferSort = isSort(requested) ? requested : 'newest';
  const scope: OfferScope = params.get('status') === 'all' ? 'all' : 'current';
  const offers = useReceivedOffers(deal.id, sort, scope);

  const update = (key: 'sort' | 'status', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (isNotFound(offers.error) && !offers.data) {
    return <DealMissing notFound onRetry={() => undefined} />;
  }

  const street = streetOf(deal);
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
          <span className="font-medium text-ink">{street ?? t('dealCommon.addressUndisclosed')}</span>
          <span>{placeOf(t, deal)}</span>
          <span>{t('dealOffers.asking', { amount: formatMoney(deal.purchasePrice, i18n.language) })}</span>
        </p>
        {status === 'pending' && <FormAlert tone="info">{t('dealOffers.pendingNotice')}</FormAlert>}
        {(status === 'sold' || status === 'canceled' || status === 'deleted') && (
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
      <InterestedBuyers dealId={deal.id} />
    </article>
  );
}
