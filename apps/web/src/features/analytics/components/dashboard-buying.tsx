import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { cardAddress, placeOf } from '@/lib/address';
import { formatDay } from '@/lib/dates';
import type { Card } from '@/lib/deals';
import { formatMoney, formatNumber } from '@/lib/format';
import { StatusBadge } from '@/components/deals/status-badge';
import { OfferStatusBadge } from '@/components/deals/offer-status-badge';
import type { BuyingDashboard } from '../api/dashboard';
import { ClosingRooms } from './dashboard-closings';
import { DashboardEmpty, DashboardSection } from './dashboard-parts';

/**
 * The buying mode: the deals I am under contract on, favorites, my interests, my offers and their
 * state, matched deals, training.
 */
export function BuyingMode({ data }: { data: BuyingDashboard }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const { training } = data;
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="dashboard-buying">
      {/* Only for a buyer under contract: most buyers have no closing room. */}
      {data.closings && data.closings.length > 0 && (
        <DashboardSection
          title={t('dashboard.closings.underContract')}
          count={n(data.closings.length)}
          testId="dashboard-under-contract"
        >
          <ClosingRooms rooms={data.closings} />
        </DashboardSection>
      )}
      <DashboardSection
        title={t('dashboard.buying.matched')}
        testId="dashboard-matched"
        more={data.matchedDeals > 0 ? { to: '/deals?view=matched', label: t('dashboard.seeAll') } : undefined}
      >
        {data.matchedDeals > 0 ? (
          <p className="text-slate-800">
            <span className="text-3xl font-bold text-ink">{n(data.matchedDeals)}</span>{' '}
            {t('dashboard.buying.matchedCount', { count: data.matchedDeals })}
          </p>
        ) : (
          <DashboardEmpty
            text={t('dashboard.buying.matchedEmpty')}
            action={{ to: '/profile?tab=preferences', label: t('dashboard.buying.setPreferences') }}
          />
        )}
      </DashboardSection>

      <DashboardSection title={t('dashboard.buying.training')} testId="dashboard-training">
        {training.totalLessons === 0 ? (
          <DashboardEmpty text={t('dashboard.buying.trainingEmpty')} />
        ) : (
          <div className="grid gap-2">
            <p className="flex flex-wrap items-center gap-2 text-slate-800">
              {t('dashboard.buying.trainingProgress', {
                completed: n(training.completedLessons),
                total: n(training.totalLessons),
              })}
              {training.certified && <CertifiedBadge />}
            </p>
            <progress
              className="h-2 w-full accent-brand-700"
              max={training.totalLessons}
              value={Math.min(training.completedLessons, training.totalLessons)}
              aria-label={t('dashboard.buying.training')}
            />
            <Link to="/training" className="justify-self-start font-medium text-brand-800 underline">
              {training.completedLessons >= training.totalLessons
                ? t('dashboard.buying.trainingReview')
                : t('dashboard.buying.trainingContinue')}
            </Link>
          </div>
        )}
      </DashboardSection>

      <DashboardSection
        title={t('dashboard.buying.favorites')}
        count={n(data.favorites.total)}
        testId="dashboard-favorites"
        more={
          data.favorites.total > 0 ? { to: '/deals?view=favorites', label: t('dashboard.seeAll') } : undefined
        }
      >
        {data.favorites.latest.length === 0 ? (
          <DashboardEmpty
            text={t('dashboard.buying.favoritesEmpty')}
            action={{ to: '/deals', label: t('dashboard.browse') }}
          />
        ) : (
          <ul className="grid gap-2">
            {data.favorites.latest.map((deal) => (
              <DealItem key={deal.id} deal={deal} />
            ))}
          </ul>
        )}
      </DashboardSection>

      <DashboardSection
        title={t('dashboard.buying.interests')}
        count={n(data.interests.total)}
        testId="dashboard-interests"
        more={
          data.interests.total > 0 ? { to: '/deals?view=interests', label: t('dashboard.seeAll') } : undefined
        }
      >
        {data.interests.items.length === 0 ? (
          <DashboardEmpty
            text={t('myOffers.interestsEmpty')}
            action={{ to: '/deals', label: t('dashboard.browse') }}
          />
        ) : (
          <ul className="grid gap-2">
            {data.interests.items.map((interest) => (
              <DealItem
                key={interest.id}
                deal={interest.deal}
                detail={t('dashboard.buying.interestSent', {
                  date: formatDay(interest.createdAt, i18n.language),
                })}
              />
            ))}
          </ul>
        )}
      </DashboardSection>

      <DashboardSection
        title={t('dashboard.buying.offers')}
        count={n(data.offers.total)}
        testId="dashboard-offers"
        more={data.offers.total > 0 ? { to: '/deals?view=offers', label: t('dashboard.seeAll') } : undefined}
      >
        {data.offers.items.length === 0 ? (
          <DashboardEmpty
            text={t('myOffers.offersEmpty')}
            action={{ to: '/deals', label: t('dashboard.browse') }}
          />
        ) : (
          <ul className="grid gap-2">
            {data.offers.items.map((offer) => {
              const amount = offer.type === 'cash' ? offer.purchasePrice : offer.entryFee;
              return (
                <DealItem
                  key={offer.id}
                  deal={offer.deal}
                  detail={
                    amount === null
                      ? t(`offers.type.${offer.type}`)
                      : t(offer.type === 'cash' ? 'dashboard.offerCash' : 'dashboard.offerCreative', {
                          amount: formatMoney(amount, i18n.language),
                        })
                  }
                  badge={<OfferStatusBadge status={offer.status} />}
                />
              );
            })}
          </ul>
        )}
      </DashboardSection>
    </div>
  );
}

/** One deal of a list: its address (the link to it), its place and status, and what the list adds. */
function DealItem({ deal, detail, badge }: { deal: Card; detail?: string; badge?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2 last:border-0">
      <span className="grid min-w-0 gap-0.5">
        <Link to={`/deals/${deal.id}`} className="font-medium text-brand-800 hover:underline">
          {cardAddress(t, deal)}
        </Link>
        <span className="text-sm text-slate-700">
          {placeOf(t, deal)} · {formatMoney(deal.purchasePrice, i18n.language)}
        </span>
        {detail && <span className="text-sm text-slate-700">{detail}</span>}
      </span>
      <span className="flex items-center gap-2">
        {badge}
        <StatusBadge status={deal.status} />
      </span>
    </li>
  );
}
