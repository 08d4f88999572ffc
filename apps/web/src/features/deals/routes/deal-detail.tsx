import { ChartLine, Handshake, MessagesSquare, Pencil } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isBuyerSide, isSellerSide } from '@dealclub/shared/roles';
import { FormAlert } from '@/components/ui/form-field';
import { fullAddress, placeOf } from '@/lib/address';
import { formatDay } from '@/lib/dates';
import type { DealDetail } from '@/lib/deals';
import { BackLink } from '../components/back-link';
import { kindOf } from '../components/deal-card';
import { DealPage } from '../components/deal-page';
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
import { formatMoney } from '@/lib/format';
import { StatusBadge } from '@/components/deals/status-badge';
import { TermsVerifiedBadge } from '../components/terms-verified-badge';

// Rendered once the page has shown: the buyer's forms (offer, interest, the chat starter) and the
// trust parts (disclosures, formulas, loan schedules). Their code comes in the deal page's chunk,
// fetched with the page (build/first-visit.ts, issue 18's budget); the seller's matching buyers
// load only for the deal's originator.
const BuyerPanels = lazy(() => import('../components/buyer-panels'));
const DetailRisks = lazy(() =>
  import('../components/detail-trust').then((m) => ({ default: m.DetailRisks })),
);
const DetailLoans = lazy(() =>
  import('../components/detail-trust').then((m) => ({ default: m.DetailLoans })),
);
const DetailMathExplained = lazy(() =>
  import('../components/detail-trust').then((m) => ({ default: m.DetailMathExplained })),
);

const MatchReasons = lazy(() =>
  import('../components/match-reasons').then((m) => ({ default: m.MatchReasons })),
);
const MatchingBuyers = lazy(() =>
  import('../components/matching-buyers').then((m) => ({ default: m.MatchingBuyers })),
);

/** Holds the place of the buyer's panels while they load, so nothing below them moves. */
function PanelsFallback() {
  return <div aria-hidden className="min-h-96 rounded-xl border border-slate-200 bg-white" />;
}

/**
 * `/deals/:id`: one deal with every term grouped by purpose, the photos, the tags, the status and
 * its notices, the deal math of a creative deal, who listed it, the heart for the buyer side and
 * "Edit" for its originator and admins. Buyers make or replace their offer, express interest and
 * message the seller here; the originator and admins get the link to the offers and interested buyers.
 */
export default function DealDetailPage() {
  const { t } = useTranslation();
  return (
    <DealPage title={t('pages.dealDetail')}>
      {(deal, user) => (
        // Keyed by the deal, so the offer and interest panels start afresh on another deal.
        <DealView
          key={deal.id}
          deal={deal}
          buyer={isBuyerSide(user.roles)}
          canEdit={
            deal.status !== 'deleted' &&
            ((deal.isOwn && isSellerSide(user.roles)) || user.roles.includes('admin'))
          }
        />
      )}
    </DealPage>
  );
}

function DealView({ deal, buyer, canEdit }: { deal: DealDetail; buyer: boolean; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const pending = deal.status === 'pending';
  const unavailable = deal.status === 'sold' || deal.status === 'canceled' || deal.status === 'deleted';
  // The API names the viewer's closing room of the deal only to its members.
  const inClosingRoom = Boolean(deal.closing);

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
            <TermsVerifiedBadge termsVerified={deal.termsVerified} />
          </div>
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{fullAddress(t, deal)}</h1>
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

      {inClosingRoom && (
        <Link
          to={`/deals/${deal.id}/closing`}
          data-testid="closing-room-link"
          className="mt-4 flex min-h-11 items-center gap-3 rounded-xl bg-brand-700 p-4 text-white hover:bg-brand-800"
        >
          <Handshake aria-hidden className="size-6 shrink-0" />
          <span className="grid gap-0.5">
            <span className="text-lg font-semibold underline-offset-2 hover:underline">
              {t('dealDetail.closingRoom')}
            </span>
            <span className="text-sm text-brand-50">{t('dealDetail.closingRoomHint')}</span>
          </span>
        </Link>
      )}

      {/* On a phone: photos, then price, offer and interest, then the terms; side by side on wide screens. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <DetailGallery photos={deal.photos} />
        </div>
        <div className="grid content-start gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <DetailSection title={t('dealDetail.price')}>
            <p className="text-3xl font-bold text-ink">{formatMoney(deal.purchasePrice, i18n.language)}</p>
          </DetailSection>
          {deal.engagement && deal.status !== 'deleted' && (
            <EngagementLink dealId={deal.id} engagement={deal.engagement} />
          )}
          {deal.engagement && deal.status !== 'deleted' && (
            <Link
              to={`/deals/${deal.id}/analytics`}
              data-testid="deal-analytics-link"
              className="flex min-h-11 items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 font-semibold text-brand-800 hover:border-brand-700 hover:underline"
            >
              <ChartLine aria-hidden className="size-5 shrink-0" />
              {t('analytics.deal.link')}
            </Link>
          )}
          {canEdit && (
            <Suspense fallback={null}>
              <MatchingBuyers dealId={deal.id} exclusive={deal.status === 'exclusive'} />
            </Suspense>
          )}
          {buyer && !deal.isOwn && (
            <Suspense fallback={<PanelsFallback />}>
              <BuyerPanels deal={deal} />
            </Suspense>
          )}
          {buyer && !deal.isOwn && deal.match && (
            <Suspense fallback={null}>
              <MatchReasons match={deal.match} />
            </Suspense>
          )}
          {deal.math && (
            <Suspense fallback={<DetailMath math={deal.math} />}>
              <DetailMathExplained deal={deal} />
            </Suspense>
          )}
          <DetailTags tags={deal.tags} systemTags={deal.systemTags} />
          <DetailOriginator originator={deal.originator} />
          {deal.statusHistory.length > 0 && <DetailHistory history={deal.statusHistory} />}
        </div>
        <div className="grid content-start gap-6 lg:col-start-1 lg:row-start-2">
          {deal.category === 'creative' && (
            <Suspense fallback={null}>
              <DetailRisks dealId={deal.id} />
            </Suspense>
          )}
          <DetailTerms deal={deal} />
          <Suspense fallback={null}>
            <DetailLoans deal={deal} />
          </Suspense>
        </div>
      </div>
    </article>
  );
}

/** The seller side's way to the offers and interested buyers of the deal, with their counts. */
function EngagementLink({
  dealId,
  engagement,
}: {
  dealId: string;
  engagement: NonNullable<DealDetail['engagement']>;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/deals/${dealId}/offers`}
      data-testid="deal-offers-link"
      className="flex min-h-11 items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 font-semibold text-brand-800 hover:border-brand-700 hover:underline"
    >
      <MessagesSquare aria-hidden className="size-5 shrink-0" />
      <span>
        {t('offers.sellerLink', {
          offers: t('offers.offerCount', { count: engagement.offers }),
          interested: t('offers.interestedCount', { count: engagement.interests }),
        })}
      </span>
    </Link>
  );
}
