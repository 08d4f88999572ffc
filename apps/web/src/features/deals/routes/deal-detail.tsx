import { ArrowLeft, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { isBuyerSide, isSellerSide } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { useSession } from '@/features/auth/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useDeal, type DealDetail } from '../api/deals';
import { kindOf, placeOf, streetOf } from '../components/deal-card';
import { DetailGallery } from '../components/detail-gallery';
import {
  DetailHistory,
  DetailMath,
  DetailOriginator,
  DetailSection,
  DetailTags,
  DetailTerms,
} from '../components/detail-sections';
import { FavoriteButton } from '../components/favorite-button';
import { formatDay, formatMoney } from '../components/money';
import { StatusBadge } from '../components/status-badge';

/** Whether an error means the deal is missing or hidden from this user. */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || error.code === 'LISTING_NOT_FOUND' || error.status === 400)
  );
}

/** "Back to deals", to the list with the filters it was opened from when there is one. */
function BackLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const to = typeof from === 'string' && from.startsWith('/deals') ? from : '/deals';
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('dealDetail.back')}
    </Link>
  );
}

/**
 * `/deals/:id`: one deal with every term grouped by purpose, the photos, the tags, the status and
 * its notices, the deal math of a creative deal, who listed it, the heart for the buyer side and
 * "Edit" for its originator and admins.
 */
export default function DealDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const deal = useDeal(session.status === 'authenticated' ? id : undefined);
  const place = deal.data ? (streetOf(deal.data) ?? placeOf(t, deal.data)) : null;
  usePageTitle(
    place ? t('dealDetail.documentTitle', { page: t('pages.dealDetail'), place }) : t('pages.dealDetail'),
  );

  if (session.status === 'loading') return <PageFallback />;
  if (session.status !== 'authenticated') {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (deal.isPending) return <PageFallback />;

  if (!deal.data) {
    const notFound = isNotFound(deal.error);
    return (
      <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
        <BackLink />
        <h1 className="text-3xl font-bold">
          {notFound ? t('dealDetail.notFound') : t('dealDetail.loadFailed')}
        </h1>
        {notFound ? (
          <p className="text-slate-700">{t('dealDetail.notFoundHint')}</p>
        ) : (
          <div>
            <button
              type="button"
              onClick={() => void deal.refetch()}
              className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              {t('dealDetail.retry')}
            </button>
          </div>
        )}
      </section>
    );
  }

  const roles = session.user.roles;
  return (
    <DealView
      deal={deal.data}
      buyer={isBuyerSide(roles)}
      canEdit={
        deal.data.status !== 'deleted' &&
        ((deal.data.isOwn && isSellerSide(roles)) || roles.includes('admin'))
      }
    />
  );
}

function DealView({ deal, buyer, canEdit }: { deal: DealDetail; buyer: boolean; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const street = streetOf(deal);
  const pending = deal.status === 'pending';
  const unavailable = deal.status === 'sold' || deal.status === 'canceled' || deal.status === 'deleted';

  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <BackLink />
      <header className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={deal.status} />
            <span className="text-sm font-medium text-brand-800">
              {kindOf(t, deal)} · {t(`dealCommon.propertyType.${deal.propertyType}`)}
            </span>
          </div>
          <h1 className="text-2xl font-bold break-words sm:text-3xl">
            {street ?? t('dealCommon.addressUndisclosed')}
          </h1>
          <p className="text-slate-700">{placeOf(t, deal)}</p>
        </div>
        <div className="flex items-center gap-2">
          {canEdit && (
            <Link
              to={`/deals/${deal.id}/edit`}
              className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50"
            >
              <Pencil aria-hidden className="size-4" />
              {t('dealDetail.edit')}
            </Link>
          )}
          {buyer && <FavoriteButton dealId={deal.id} isFavorite={deal.isFavorite} size="lg" />}
        </div>
      </header>

      {(pending || unavailable || (deal.status === 'exclusive' && deal.exclusiveUntil)) && (
        <div className="mt-4">
          <FormAlert tone="info">
            {pending
              ? t('dealDetail.pendingNotice')
              : unavailable
                ? t('dealDetail.unavailableNotice')
                : t('dealDetail.exclusiveNotice', { date: formatDay(deal.exclusiveUntil!, i18n.language) })}
          </FormAlert>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <DetailGallery photos={deal.photos} />
          <DetailTerms deal={deal} />
        </div>
        <div className="grid content-start gap-6">
          <DetailSection title={t('dealDetail.price')}>
            <p className="text-3xl font-bold text-ink">{formatMoney(deal.purchasePrice, i18n.language)}</p>
          </DetailSection>
          {deal.math && <DetailMath math={deal.math} />}
          <DetailTags tags={deal.tags} systemTags={deal.systemTags} />
          <DetailOriginator originator={deal.originator} />
          {deal.statusHistory.length > 0 && <DetailHistory history={deal.statusHistory} />}
        </div>
      </div>
    </article>
  );
}
