import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEAL_STATUSES } from '@dealclub/shared/deal-rules';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { cardAddress } from '@/lib/address';
import { formatDay } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/format';
import { StatusBadge } from '@/components/deals/status-badge';
import { OfferStatusBadge } from '@/components/deals/offer-status-badge';
import type { SellingDashboard } from '../api/dashboard';
import { ClosedThroughDealClubFigure, ClosingRooms } from './dashboard-closings';
import { DashboardEmpty, DashboardSection } from './dashboard-parts';
import { ScrollRegion } from '@/components/ui/scroll-region';

/**
 * The selling mode: my deals in closing and those closed through DealClub; my listings by status
 * with their view, interest and offer counts; the latest offers.
 */
export function SellingMode({ data }: { data: SellingDashboard }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const { listings } = data;
  // Deleted listings are not counted among mine (the total leaves them out too).
  const statuses = DEAL_STATUSES.filter((s) => s !== 'deleted');
  return (
    <div className="grid gap-6" data-testid="dashboard-selling">
      {data.closings && (
        <DashboardSection
          title={t('dashboard.closings.inClosing')}
          count={n(data.closings.length)}
          testId="dashboard-in-closing"
        >
          <ClosingRooms rooms={data.closings} empty={t('dashboard.closings.empty')} />
          {data.closedThroughDealClub && <ClosedThroughDealClubFigure closed={data.closedThroughDealClub} />}
        </DashboardSection>
      )}
      <DashboardSection
        title={t('dashboard.selling.listings')}
        count={n(listings.total)}
        testId="dashboard-listings"
        more={
          listings.total > 0 ? { to: '/deals?view=mine', label: t('dashboard.selling.manage') } : undefined
        }
      >
        {listings.total === 0 ? (
          <DashboardEmpty
            text={t('dashboard.selling.listingsEmpty')}
            action={{ to: '/deals/new', label: t('dashboard.selling.create') }}
          />
        ) : (
          <>
            <ul className="flex flex-wrap gap-2" aria-label={t('dashboard.selling.byStatus')}>
              {statuses.map((status) => (
                <li
                  key={status}
                  className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5"
                  data-testid={`listing-count-${status}`}
                >
                  <StatusBadge status={status} />
                  <span className="font-semibold tabular-nums">{n(listings.counts[status] ?? 0)}</span>
                </li>
              ))}
            </ul>
            <ScrollRegion label={t('dashboard.selling.table')}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('dashboard.selling.listings')}</caption>
                <thead className="text-slate-800">
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-2 font-semibold">
                      {t('dashboard.selling.listing')}
                    </th>
                    <th scope="col" className="px-2 py-2 font-semibold">
                      {t('dashboard.selling.status')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {t('dashboard.figures.views')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {t('dashboard.figures.uniqueViewers')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {t('dashboard.figures.interests')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {t('dashboard.figures.offers')}
                    </th>
                    <th scope="col" className="py-2 pl-2">
                      <span className="sr-only">{t('dashboard.selling.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {listings.items.map((deal) => {
                    const address = cardAddress(t, deal);
                    return (
                      <tr
                        key={deal.id}
                        className="border-b border-slate-100 last:border-0"
                        data-testid="dashboard-listing"
                      >
                        <th scope="row" className="py-2 pr-2 font-normal">
                          <Link
                            to={`/deals/${deal.id}`}
                            className="font-medium text-brand-800 hover:underline"
                          >
                            {address}
                          </Link>
                          <span className="block text-slate-700">
                            {formatMoney(deal.purchasePrice, i18n.language)}
                          </span>
                        </th>
                        <td className="px-2 py-2">
                          <StatusBadge status={deal.status} />
                        </td>
                        <td className="px-2 py-2 text-right tabular-nums">{n(deal.views)}</td>
                        <td className="px-2 py-2 text-right tabular-nums">{n(deal.uniqueViewers)}</td>
                        <td className="px-2 py-2 text-right tabular-nums">{n(deal.interests)}</td>
                        <td className="px-2 py-2 text-right tabular-nums">{n(deal.offers)}</td>
                        <td className="py-2 pl-2 text-right whitespace-nowrap">
                          <Link
                            to={`/deals/${deal.id}/analytics`}
                            aria-label={t('analytics.deal.linkOf', { address })}
                            className="inline-flex h-9 items-center rounded-md px-2 font-medium text-brand-800 hover:bg-brand-50 hover:underline"
                          >
                            {t('analytics.deal.link')}
                          </Link>
                          <Link
                            to={`/deals/${deal.id}/offers`}
                            aria-label={t('dealManage.offersOf', { address })}
                            className="inline-flex h-9 items-center rounded-md px-2 font-medium text-brand-800 hover:bg-brand-50 hover:underline"
                          >
                            {t('dealManage.offers')}
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        )}
      </DashboardSection>

      <DashboardSection title={t('dashboard.selling.latestOffers')} testId="dashboard-latest-offers">
        {data.latestOffers.length === 0 ? (
          <DashboardEmpty text={t('dashboard.selling.latestOffersEmpty')} />
        ) : (
          <ul className="grid gap-2">
            {data.latestOffers.map((offer) => {
              const amount = offer.type === 'cash' ? offer.purchasePrice : offer.entryFee;
              const buyer = `${offer.buyer.firstName} ${offer.buyer.lastName}`.trim();
              return (
                <li
                  key={offer.id}
                  className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2 last:border-0"
                  data-testid="dashboard-offer"
                >
                  <span className="grid min-w-0 gap-0.5">
                    <Link
                      to={`/deals/${offer.dealId}/offers`}
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {t('dashboard.selling.offerOn', { address: offer.deal.streetAddress })}
                    </Link>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      {buyer}
                      {offer.buyer.certified && <CertifiedBadge />}
                      <span>·</span>
                      {amount === null
                        ? t(`offers.type.${offer.type}`)
                        : t(offer.type === 'cash' ? 'dashboard.offerCash' : 'dashboard.offerCreative', {
                            amount: formatMoney(amount, i18n.language),
                          })}
                      <span>·</span>
                      {formatDay(offer.createdAt, i18n.language)}
                    </span>
                  </span>
                  <OfferStatusBadge status={offer.status} />
                </li>
              );
            })}
          </ul>
        )}
      </DashboardSection>
    </div>
  );
}
