import { UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ZipAnalytics } from '@dealclub/shared/analytics';
import { ZIP_PATTERN } from '@dealclub/shared/geo-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatMoney } from '@/lib/format';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { LazyUsMap } from '@/components/maps/lazy-us-map';
import type { MapPoint } from '@/components/maps/map-point';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { isNotFound } from '@/lib/api-client';
import { formatMoment } from '@/lib/dates';
import { hasMemberHint } from '@/lib/session/member-hint';
import { useSession } from '@/lib/session/session-context';
import { useZipAnalytics } from '../api/buyer-map';

/**
 * `/zip/{zipCode}/analytics` (public, signed out too): the buyers who want to buy in a ZIP code,
 * their average maximum down and monthly payments, when that last changed and who they are (first
 * name and last initial, certified), a small map of the ZIP and a way to sign up. A malformed ZIP
 * or one the reference data does not know is the not-found page.
 */
export default function ZipAnalyticsPage() {
  const { t } = useTranslation();
  const { zipCode = '' } = useParams();
  const valid = ZIP_PATTERN.test(zipCode);
  const zip = useZipAnalytics(zipCode, valid);
  const missing = !valid || (!zip.data && isNotFound(zip.error));
  const textsReady = useLocaleSection('analytics');
  usePageTitle(
    missing
      ? t('pages.notFound')
      : textsReady
        ? t('analyticsScreens.zip.title', { zip: zipCode })
        : t('pages.zipAnalytics'),
  );

  if (missing) return <NotFoundPage />;
  if (!textsReady || (!zip.data && !zip.isError)) return <PageFallback />;
  if (!zip.data) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t('analyticsScreens.zip.title', { zip: zipCode })}</h1>
        <div className="mt-6">
          <LoadFailed
            message={t('analyticsScreens.buyerMap.loadFailed')}
            onRetry={() => void zip.refetch()}
          />
        </div>
      </section>
    );
  }
  return <ZipView data={zip.data} />;
}

function ZipView({ data }: { data: ZipAnalytics }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  // For those signed out; while the session is checked, as the document the server wrote has it
  // (without the box for a member's browser: MEMBER_HINT_COOKIE), so that it neither flashes nor
  // vanishes.
  const showSignUp =
    session.status === 'unauthenticated' || (session.status === 'loading' && !hasMemberHint());
  const money = (v: number | null) =>
    v === null ? t('analyticsScreens.buyerMap.notGiven') : formatMoney(v, i18n.language);
  const points = useMemo<MapPoint[]>(
    () => [
      {
        id: data.zipCode,
        lat: data.latitude,
        lng: data.longitude,
        radius: 10,
        color: '#1d4ed8',
        label: t('analyticsScreens.zip.place', { city: data.city, state: data.state, zip: data.zipCode }),
      },
    ],
    [data, t],
  );
  const figures = [
    {
      label: t('analyticsScreens.zip.buyerCount'),
      value: new Intl.NumberFormat(i18n.language).format(data.buyerCount),
      id: 'count',
    },
    { label: t('analyticsScreens.zip.averageDown'), value: money(data.averageDownPayment), id: 'down' },
    {
      label: t('analyticsScreens.zip.averageMonthly'),
      value: money(data.averageMonthlyPayment),
      id: 'monthly',
    },
    {
      label: t('analyticsScreens.zip.lastUpdated'),
      value: data.lastUpdated
        ? formatMoment(data.lastUpdated, i18n.language)
        : t('analyticsScreens.buyerMap.neverUpdated'),
      id: 'updated',
    },
  ];
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('analyticsScreens.zip.title', { zip: data.zipCode })}</h1>
      <p className="mt-2 text-slate-700">
        {t('analyticsScreens.zip.place', { city: data.city, state: data.state, zip: data.zipCode })}
      </p>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="zip-figures">
        {figures.map((f) => (
          <div
            key={f.id}
            className="rounded-xl border border-slate-200 bg-white p-4"
            data-testid={`zip-${f.id}`}
          >
            <dt className="text-sm text-slate-700">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{f.value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-3">
          <h2 className="text-xl font-semibold">{t('analyticsScreens.zip.listTitle')}</h2>
          {data.buyerCount === 0 ? (
            <p className="text-slate-700">{t('analyticsScreens.zip.noBuyers')}</p>
          ) : (
            <>
              <ul className="grid gap-2 sm:grid-cols-2" data-testid="zip-buyers">
                {data.buyers.map((buyer, i) => (
                  <li
                    key={`${buyer.name}-${i}`}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
                  >
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold">{buyer.name}</span>
                      {buyer.certified && <CertifiedBadge />}
                    </span>
                    <span className="text-sm text-slate-700">
                      {t('analyticsScreens.zip.maxMonthly', { amount: money(buyer.maxMonthlyPayment) })}
                    </span>
                  </li>
                ))}
              </ul>
              {data.buyerCount > data.buyers.length && (
                <p className="text-sm text-slate-700">
                  {t('analyticsScreens.zip.listShown', { shown: data.buyers.length, count: data.buyerCount })}
                </p>
              )}
            </>
          )}
        </div>
        <div className="grid content-start gap-4">
          <LazyUsMap
            points={points}
            label={t('analyticsScreens.zip.mapLabel', { zip: data.zipCode })}
            focusedId={data.zipCode}
            zoom={4}
            loadFailedMessage={t('analyticsScreens.buyerMap.mapLoadFailed')}
          />
          {showSignUp && (
            <div className="grid gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4">
              <h2 className="font-semibold">{t('analyticsScreens.zip.signupTitle')}</h2>
              <p className="text-sm text-slate-700">{t('analyticsScreens.zip.signupText')}</p>
              <Link
                to="/signup"
                className="inline-flex items-center gap-2 justify-self-start rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                <UserPlus aria-hidden className="size-4" />
                {t('analyticsScreens.zip.signupLink')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
