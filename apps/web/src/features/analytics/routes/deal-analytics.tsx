import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useId, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DealAnalytics } from '@dealclub/shared/analytics';
import { PageFallback } from '@/components/layout/page-fallback';
import { LoadFailed } from '@/components/ui/load-failed';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { fullAddress, placeOf, streetOf } from '@/lib/address';
import { ApiError, isNotFound } from '@/lib/api-client';
import type { ScreenPrefetch } from '@/lib/query-client';
import { storedRoles } from '@/lib/session/session-manager';
import { isSellerSide } from '@dealclub/shared/roles';
import { RequireSession } from '@/lib/session/require-session';
import { useDeal, type DealDetail } from '@/lib/deals';
import { formatMoney, formatNumber } from '@/lib/format';
import { StatusBadge } from '@/components/deals/status-badge';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { dealAnalyticsOptions, useDealAnalytics } from '../api/deal-analytics';
import { formatShare, formatShortDay, funnelRows } from '../components/analytics-figures';

// The chart comes after the figures have shown; if its code cannot be downloaded, a line says so
// and the table below still has every figure.
const DailyChart = lazy(() =>
  import('../components/daily-chart').then(
    (m) => ({ default: m.DailyChart }),
    () => ({ default: ChartFailed }),
  ),
);

function ChartFailed() {
  const { t } = useTranslation();
  return <p className="text-slate-700">{t('analyticsScreens.deal.chartFailed')}</p>;
}

/**
 * The screen's read, started as soon as its code has come (app/router.tsx), beside the session
 * check: the deal's figures (the deal itself follows them, as the page asks for it).
 */
export const prefetch: ScreenPrefetch = (client, { params }) => {
  // A buyer-only account gets the not-found page, which asks for nothing.
  if (!params.id || !isSellerSide(storedRoles())) return;
  void client.prefetchQuery(dealAnalyticsOptions(params.id));
};

/**
 * `/deals/:id/analytics` (DECISIONS.md, Pages the spec lists without content): one deal's views and
 * unique viewers, favorites, interests and offers per day for 30 days (a chart with the table of the
 * same figures), the funnel view → favorite → interest → offer, the offers' range, days on market
 * and the buyers the deal matches. Its originator and admins only: the API answers anyone else 404
 * (403 for a buyer-only account), and they get the not-found page, which says nothing of the deal.
 * The matching buyers' panel is the deals feature's: the app's route passes it in
 * (app/routes/deal-analytics.tsx).
 */
export default function DealAnalyticsPage({ matchingBuyers }: { matchingBuyers?: MatchingBuyersPanel }) {
  return <RequireSession>{() => <DealAnalyticsScreen matchingBuyers={matchingBuyers} />}</RequireSession>;
}

/** The buyers a deal matches, with a way to write to them. */
export type MatchingBuyersPanel = ComponentType<{ dealId: string; exclusive: boolean }>;

function DealAnalyticsScreen({ matchingBuyers }: { matchingBuyers?: MatchingBuyersPanel }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const analytics = useDealAnalytics(id);
  // The figures, the table and the funnel are drawn in a render React may interrupt (a
  // transition), not in one long task when the answer comes (issue 32's blocking time).
  const figures = useDeferredValue(analytics.data);
  const textsReady = useLocaleSection('analytics');
  const denied =
    isNotFound(analytics.error) || (analytics.error instanceof ApiError && analytics.error.status === 403);
  // The deal (its address and status for the heading) is read once the analytics say it is theirs.
  const deal = useDeal(analytics.data ? id : undefined);
  const place = deal.data ? (streetOf(deal.data) ?? placeOf(t, deal.data)) : null;
  usePageTitle(
    place
      ? t('dealDetail.documentTitle', { page: t('pages.dealAnalytics'), place })
      : t('pages.dealAnalytics'),
  );

  if (!analytics.data && denied) return <NotFoundPage />;
  if (analytics.isPending || !textsReady) return <PageFallback />;
  return (
    <article className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 sm:py-8">
      <div className="grid gap-2">
        <Link
          to={`/deals/${encodeURIComponent(id)}`}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start font-medium text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('analyticsScreens.deal.back')}
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('analyticsScreens.deal.title')}</h1>
        {deal.data && <DealLine deal={deal.data} />}
      </div>
      {figures ? (
        <Figures analytics={figures} deal={deal.data} matchingBuyers={matchingBuyers} />
      ) : analytics.data ? (
        <PageFallback />
      ) : (
        <LoadFailed
          message={t('analyticsScreens.deal.loadFailed')}
          onRetry={() => void analytics.refetch()}
        />
      )}
    </article>
  );
}

function DealLine({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
      <StatusBadge status={deal.status} />
      <span className="font-medium text-ink">{fullAddress(t, deal)}</span>
      <span>{placeOf(t, deal)}</span>
    </p>
  );
}

function Figures({
  analytics,
  deal,
  matchingBuyers: MatchingBuyers,
}: {
  analytics: DealAnalytics;
  deal: DealDetail | undefined;
  matchingBuyers?: MatchingBuyersPanel;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const { offerRange } = analytics;
  const range =
    offerRange.min === null || offerRange.max === null
      ? t('analyticsScreens.deal.noOffers')
      : offerRange.min === offerRange.max
        ? formatMoney(offerRange.min, i18n.language)
        : t('analyticsScreens.deal.range', {
            min: formatMoney(offerRange.min, i18n.language),
            max: formatMoney(offerRange.max, i18n.language),
          });
  const stats: [key: string, label: string, value: string][] = [
    ['views', t('analyticsScreens.deal.views'), n(analytics.views)],
    ['uniqueViewers', t('analyticsScreens.deal.uniqueViewers'), n(analytics.uniqueViewers)],
    ['favorites', t('analyticsScreens.deal.favorites'), n(analytics.favorites)],
    ['interests', t('analyticsScreens.deal.interests'), n(analytics.interests)],
    ['offers', t('analyticsScreens.deal.offers'), n(analytics.offers)],
    ['daysOnMarket', t('analyticsScreens.deal.daysOnMarket'), n(analytics.daysOnMarket)],
    ['matchingBuyers', t('analyticsScreens.deal.matchingBuyers'), n(analytics.matchingBuyers)],
    [
      'offerRange',
      offerRange.basis === 'entryFee'
        ? t('analyticsScreens.deal.entryFeeRange')
        : t('analyticsScreens.deal.priceRange'),
      range,
    ],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([key, label, value]) => (
          <div
            key={key}
            className="grid content-start gap-1 rounded-xl border border-slate-200 bg-white p-4"
            data-testid={`stat-${key}`}
          >
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <Panel title={t('analyticsScreens.deal.dailyTitle', { count: analytics.daily.length })}>
        <p className="text-sm text-slate-700">{t('analyticsScreens.deal.dailyHint')}</p>
        <Suspense fallback={<div aria-hidden className="h-72" />}>
          <DailyChart daily={analytics.daily} />
        </Suspense>
        <DailyTable daily={analytics.daily} />
      </Panel>
      <Funnel funnel={analytics.funnel} />
      {MatchingBuyers && deal && deal.status !== 'deleted' && (
        <MatchingBuyers dealId={analytics.dealId} exclusive={deal.status === 'exclusive'} />
      )}
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The chart's figures as a table: the way to them for keyboard and screen-reader users. */
function DailyTable({ daily }: { daily: DealAnalytics['daily'] }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <details className="group rounded-md border border-slate-200">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium text-brand-800 hover:underline">
        {t('analyticsScreens.deal.showTable')}
      </summary>
      <ScrollRegion label={t('analyticsScreens.deal.tableCaption')}>
        <table className="w-full text-left text-sm" data-testid="daily-table">
          <caption className="sr-only">{t('analyticsScreens.deal.tableCaption')}</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('analyticsScreens.deal.day')}
              </th>
              {(['views', 'favorites', 'interests', 'offers'] as const).map((key) => (
                <th key={key} scope="col" className="px-3 py-2 text-right font-semibold">
                  {t(`analyticsScreens.deal.series.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {/* Newest first: the day a reader most likely wants is at the top. */}
            {[...daily].reverse().map((day) => (
              <tr key={day.date} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  <time dateTime={day.date}>{formatShortDay(day.date, i18n.language)}</time>
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{n(day.views)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{n(day.favorites)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{n(day.interests)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{n(day.offers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}

/** View → favorite → interest → offer: people at each step, with the share kept from the step before. */
function Funnel({ funnel }: { funnel: DealAnalytics['funnel'] }) {
  const { t, i18n } = useTranslation();
  const rows = funnelRows(funnel);
  const widest = Math.max(1, ...rows.map((r) => r.count));
  const share = (value: number | null) => (value === null ? '—' : formatShare(value, i18n.language));
  return (
    <Panel title={t('analyticsScreens.deal.funnelTitle')}>
      <p className="text-sm text-slate-700">{t('analyticsScreens.deal.funnelHint')}</p>
      <ScrollRegion label={t('analyticsScreens.deal.funnelTable')}>
        <table className="w-full text-left text-sm" data-testid="funnel">
          <caption className="sr-only">{t('analyticsScreens.deal.funnelTable')}</caption>
          <thead className="text-slate-800">
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-2 font-semibold">
                {t('analyticsScreens.deal.funnelStep')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                {t('analyticsScreens.deal.funnelPeople')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                {t('analyticsScreens.deal.funnelOfPrevious')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                {t('analyticsScreens.deal.funnelOfViewers')}
              </th>
              <th scope="col" className="hidden w-1/3 py-2 pl-2 sm:table-cell">
                <span className="sr-only">{t('analyticsScreens.deal.funnelBar')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.step} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-2 font-medium">
                  {t(`analyticsScreens.deal.funnel.${row.step}`)}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">
                  {formatNumber(row.count, i18n.language)}
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{share(row.ofPrevious)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{share(row.ofViewers)}</td>
                <td aria-hidden className="hidden py-2 pl-2 sm:table-cell">
                  <div className="h-3 rounded-full bg-slate-100">
                    <div
                      className="h-3 rounded-full bg-brand-700"
                      style={{ width: `${Math.round((row.count / widest) * 100)}%` }}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Panel>
  );
}
