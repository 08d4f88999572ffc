import { Map as MapIcon, Table2, X } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SignInRedirect } from '@/lib/session/require-session';
import type { BuyerListItem, BuyerRegion, BuyerZip } from '@dealclub/shared/analytics';
import { BUDGET_CAPS, ROOM_MINIMUMS } from '@dealclub/shared/deal-rules';
import { isSellerSide } from '@dealclub/shared/roles';
import type { ScreenPrefetch } from '@/lib/query-client';
import { storedRoles } from '@/lib/session/session-manager';
import { PageFallback } from '@/components/layout/page-fallback';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatCompactMoney, formatMoney } from '@/lib/format';
import { LazyUsMap, preloadUsMap } from '@/components/maps/lazy-us-map';
import { extent, sequentialColor, sqrtRadius } from '@/components/maps/scales';
import type { MapPoint } from '@/components/maps/map-point';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { formatMoment } from '@/lib/dates';
import { useSession } from '@/lib/session/session-context';
import { buyerPagesOptions, filtersFromParams, useBuyerPages, useBuyerRegion } from '../api/buyer-map';
import { MapLegend } from '../components/map-legend';
import { Restricted } from '../components/restricted';
import { RegionTable, ZipTable } from '../components/zip-table';

const select =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100';
/**
 * The screen's reads, started as soon as its code has come (app/router.tsx), beside the session
 * check: the buyers with the address's filters, and the map's code and outlines. Only for a stored
 * seller-side session (anyone else reads the restricted-access message).
 */
export const prefetch: ScreenPrefetch = (client, { url }) => {
  if (!isSellerSide(storedRoles())) return;
  void client.prefetchInfiniteQuery(buyerPagesOptions(filtersFromParams(url.searchParams).filters, null));
  preloadUsMap();
};

/**
 * `/buyers`: the buyer locations map (core §2, seller side): buyers per ZIP code on a US map,
 * sized by count and coloured by average monthly payment, the budget and room filters (core §9)
 * kept in the URL, and the buyer list beside it; a ZIP narrows the list. A map naming more ZIP
 * codes than the server sends one by one (a national club) comes by region, the ZIP codes sharing
 * their first three digits: a region opened shows its ZIP codes. Others read the restricted-access
 * message.
 */
export default function BuyersPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.buyers'));
  const session = useSession();
  const textsReady = useLocaleSection('analytics');
  if (session.status === 'loading' || !textsReady) return <PageFallback />;
  if (session.status !== 'authenticated') return <SignInRedirect />;
  if (!isSellerSide(session.user.roles)) {
    return (
      <Restricted
        title={t('analyticsScreens.buyerMap.title')}
        message={t('analyticsScreens.buyerMap.restricted')}
      />
    );
  }
  return <BuyerMap />;
}

function BuyerMap() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { filters, zipCode, region } = useMemo(() => filtersFromParams(params), [params]);
  const [view, setView] = useState<'map' | 'table'>('map');
  // The map's code and the atlas download while the buyers' answer does, not after it.
  useEffect(preloadUsMap, []);
  const all = useBuyerPages(filters, null);
  const byZip = useBuyerPages(filters, zipCode, zipCode !== null);
  const list = zipCode ? byZip : all;
  // The answer is drawn in a render React may interrupt (a transition): the map's points, the
  // tables and the list are hundreds of elements, which a phone would otherwise build in one long
  // task when the answer comes, with every tap waiting for it (issue 32's blocking time).
  const first = useDeferredValue(all.data?.pages[0]);
  const zips = first?.zips ?? null;
  const regions = first?.regions ?? null;
  // A region the map has (an address may name one it does not, or one the filters left empty).
  const openRegion = regions?.some((r) => r.region === region) ? region : null;
  const regionsNote = useRef<HTMLParagraphElement>(null);
  const regionZips = useBuyerRegion(filters, openRegion, regions !== null);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = true) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
  const byRegion = regions !== null;
  const selectZip = useCallback(
    (zip: string) =>
      update({ zip: zip === zipCode ? null : zip, region: byRegion ? zip.slice(0, 3) : null }, false),
    [update, zipCode, byRegion],
  );
  const selectRegion = useCallback(
    (next: string | null) => {
      update({ region: next, zip: null }, false);
      // The button pressed goes (the table of regions, "All regions"): the focus goes to the note
      // that now says what the map shows, rather than to the page's body.
      regionsNote.current?.focus();
    },
    [update],
  );

  const { points, maxCount, sizeUnit, colorDomain } = useMapPoints(
    zips,
    regions,
    openRegion,
    regionZips.data ?? null,
  );
  const budgetHintId = useId();
  const onPointClick = useCallback(
    (point: MapPoint) =>
      point.id.startsWith(REGION_ID) ? selectRegion(point.id.slice(REGION_ID.length)) : selectZip(point.id),
    [selectZip, selectRegion],
  );
  const openedRegion = regions?.find((r) => r.region === openRegion) ?? null;

  if (all.isError && !all.data) {
    return (
      <Shell>
        <div className="mt-6">
          <LoadFailed
            message={t('analyticsScreens.buyerMap.loadFailed')}
            onRetry={() => void all.refetch()}
          />
        </div>
      </Shell>
    );
  }

  const hasFilters =
    filters.maxPrice !== undefined || filters.minBedrooms !== undefined || filters.minBathrooms !== undefined;
  return (
    <Shell>
      <form
        className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
        aria-label={t('analyticsScreens.buyerMap.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="grid gap-1 text-sm font-medium">
          {t('analyticsScreens.buyerMap.budget')}
          <select
            className={select}
            value={filters.maxPrice ?? ''}
            aria-describedby={budgetHintId}
            onChange={(e) => update({ maxPrice: e.target.value })}
          >
            <option value="">{t('analyticsScreens.buyerMap.anyBudget')}</option>
            {BUDGET_CAPS.map((cap) => (
              <option key={cap} value={cap}>
                {t('analyticsScreens.buyerMap.upTo', { amount: formatCompactMoney(cap, i18n.language) })}
              </option>
            ))}
          </select>
        </label>
        {(['minBedrooms', 'minBathrooms'] as const).map((key) => (
          <label key={key} className="grid gap-1 text-sm font-medium">
            {t(
              key === 'minBedrooms'
                ? 'analyticsScreens.buyerMap.bedrooms'
                : 'analyticsScreens.buyerMap.bathrooms',
            )}
            <select
              className={select}
              value={filters[key] ?? ''}
              onChange={(e) => update({ [key]: e.target.value })}
            >
              <option value="">{t('analyticsScreens.buyerMap.anyRooms')}</option>
              {ROOM_MINIMUMS.map((n) => (
                <option key={n} value={n}>
                  {t('analyticsScreens.buyerMap.roomsMin', { count: n })}
                </option>
              ))}
            </select>
          </label>
        ))}
        {hasFilters && (
          <button
            type="button"
            onClick={() => update({ maxPrice: null, minBedrooms: null, minBathrooms: null })}
            className="h-10 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100"
          >
            {t('analyticsScreens.buyerMap.clearFilters')}
          </button>
        )}
        <p id={budgetHintId} className="basis-full text-sm text-slate-700">
          {t('analyticsScreens.buyerMap.budgetHint')}
        </p>
      </form>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-4">
          <div className="grid gap-3">
            <div
              className="inline-flex justify-self-start rounded-md border border-slate-300 bg-white p-0.5"
              role="group"
              aria-label={t('analyticsScreens.buyerMap.viewAs')}
            >
              {(['map', 'table'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  className="inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium aria-pressed:bg-brand-700 aria-pressed:text-white"
                >
                  {v === 'map' ? (
                    <MapIcon aria-hidden className="size-4" />
                  ) : (
                    <Table2 aria-hidden className="size-4" />
                  )}
                  {t(
                    v === 'map' ? 'analyticsScreens.buyerMap.mapView' : 'analyticsScreens.buyerMap.tableView',
                  )}
                </button>
              ))}
            </div>
            <p
              // The figures take up to three lines on a phone: their room is kept while they load, so
              // that the map below does not move when they come (a layout shift).
              className="min-h-[3lh] text-sm text-slate-700 sm:min-h-[2lh] xl:min-h-[1lh]"
              aria-live="polite"
              data-testid="buyer-map-summary"
            >
              {first ? (
                <>
                  <strong className="text-ink">
                    {t('analyticsScreens.buyerMap.totalBuyers', { count: first.totalBuyers })}
                  </strong>
                  {' · '}
                  {t('analyticsScreens.buyerMap.zipCount', { count: first.zipCount })}
                  {' · '}
                  {first.lastUpdated
                    ? t('analyticsScreens.buyerMap.lastUpdated', {
                        date: formatMoment(first.lastUpdated, i18n.language),
                      })
                    : t('analyticsScreens.buyerMap.neverUpdated')}
                  <WithoutBudget count={first.buyersWithoutBudget} capped={filters.maxPrice !== undefined} />
                </>
              ) : (
                t('app.loading')
              )}
            </p>
          </div>
          {byRegion && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p
                ref={regionsNote}
                tabIndex={-1}
                className="text-sm text-slate-700"
                data-testid="buyer-map-regions"
                aria-live="polite"
              >
                {openRegion
                  ? t('analyticsScreens.buyerMap.regionOpen', { region: openRegion })
                  : t('analyticsScreens.buyerMap.byRegion', { count: regions.length })}
              </p>
              {openRegion && (
                <button
                  type="button"
                  onClick={() => selectRegion(null)}
                  className="inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100"
                >
                  {t('analyticsScreens.buyerMap.allRegions')}
                </button>
              )}
            </div>
          )}
          {view === 'map' ? (
            <>
              <LazyUsMap
                points={points}
                label={t(
                  byRegion
                    ? 'analyticsScreens.buyerMap.mapLabelRegions'
                    : 'analyticsScreens.buyerMap.mapLabel',
                )}
                focusedId={zipCode}
                // The region until the chosen ZIP's point is there (its region's ZIP codes loading).
                center={openedRegion}
                onPointClick={onPointClick}
                resetLabel={t('analyticsScreens.buyerMap.resetMap')}
                onReset={() => update({ zip: null, region: null }, false)}
                loadFailedMessage={t('analyticsScreens.buyerMap.mapLoadFailed')}
              />
              {openRegion && regionZips.isError && (
                <LoadFailed
                  message={t('analyticsScreens.buyerMap.loadFailed')}
                  onRetry={() => void regionZips.refetch()}
                />
              )}
              <MapLegend
                maxCount={maxCount}
                sizeUnit={sizeUnit}
                colorDomain={colorDomain}
                budgetCap={filters.maxPrice ?? null}
              />
            </>
          ) : zips ? (
            <ZipTable zips={zips} selected={zipCode} onSelect={selectZip} />
          ) : regions && openRegion ? (
            regionZips.data ? (
              <ZipTable zips={regionZips.data} selected={zipCode} onSelect={selectZip} />
            ) : regionZips.isError ? (
              <LoadFailed
                message={t('analyticsScreens.buyerMap.loadFailed')}
                onRetry={() => void regionZips.refetch()}
              />
            ) : (
              <PageFallback />
            )
          ) : (
            regions && <RegionTable regions={regions} onOpen={selectRegion} />
          )}
          {first && first.zipCount === 0 && (
            <p className="text-slate-700">{t('analyticsScreens.buyerMap.noZips')}</p>
          )}
        </div>
        <BuyerList
          zipCode={zipCode}
          onClearZip={() => update({ zip: null, region: openRegion }, false)}
          query={list}
        />
      </div>
    </Shell>
  );
}

/**
 * The buyers who stated no budget (no pre-approval amount), counted apart: a budget cap leaves them
 * out, and the summary says how many, rather than letting them vanish from the figures.
 */
function WithoutBudget({ count, capped }: { count: number; capped: boolean }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <>
      {' · '}
      <span data-testid="buyer-map-without-budget">
        {t(
          capped
            ? 'analyticsScreens.buyerMap.withoutBudgetLeftOut'
            : 'analyticsScreens.buyerMap.withoutBudget',
          { count },
        )}
      </span>
    </>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('analyticsScreens.buyerMap.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('analyticsScreens.buyerMap.lead')}</p>
      {children}
    </section>
  );
}

/** A region's point id on the map: the prefix and its three digits (a ZIP's id is its code). */
const REGION_ID = 'region:';

/**
 * The map's points, computed once per answer (tens of thousands of ZIPs on a national club): every
 * ZIP, or every region with the opened one's ZIP codes in its place once they have come.
 */
function useMapPoints(
  zips: BuyerZip[] | null,
  regions: BuyerRegion[] | null,
  openRegion: string | null,
  regionZips: BuyerZip[] | null,
) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const money = (v: number | null) =>
      v === null ? t('analyticsScreens.buyerMap.notGiven') : formatMoney(v, i18n.language);
    const places: {
      id: string;
      region: boolean;
      lat: number;
      lng: number;
      count: number;
      monthly: number | null;
      label: () => string;
    }[] = [];
    const zipPlace = (z: BuyerZip) => ({
      id: z.zipCode,
      region: false,
      lat: z.lat,
      lng: z.lng,
      count: z.buyerCount,
      monthly: z.averageMonthlyPayment,
      label: () =>
        t('analyticsScreens.buyerMap.pointLabel', {
          zip: z.zipCode,
          count: z.buyerCount,
          monthly: money(z.averageMonthlyPayment),
        }),
    });
    if (zips) for (const z of zips) places.push(zipPlace(z));
    for (const r of regions ?? []) {
      if (r.region === openRegion && regionZips) {
        for (const z of regionZips) places.push(zipPlace(z));
        continue;
      }
      places.push({
        id: `${REGION_ID}${r.region}`,
        region: true,
        lat: r.lat,
        lng: r.lng,
        count: r.buyerCount,
        monthly: r.averageMonthlyPayment,
        label: () =>
          t('analyticsScreens.buyerMap.regionPointLabel', {
            region: r.region,
            count: r.buyerCount,
            zips: t('analyticsScreens.buyerMap.zipCount', { count: r.zipCount }),
            monthly: money(r.averageMonthlyPayment),
          }),
      });
    }
    // A ZIP code and a region are sized each on their own scale: next to regions of thousands of
    // buyers, an opened region's ZIP codes would all be drawn at the smallest size. The legend
    // gives the scale of the ZIP codes when any are drawn (an opened region is what is in view).
    let maxZip = 0;
    let maxRegion = 0;
    for (const p of places) {
      if (p.region) maxRegion = Math.max(maxRegion, p.count);
      else maxZip = Math.max(maxZip, p.count);
    }
    const sizeUnit: 'zip' | 'region' = maxZip > 0 || maxRegion === 0 ? 'zip' : 'region';
    const maxCount = sizeUnit === 'zip' ? maxZip : maxRegion;
    const colorDomain = extent(places.map((p) => p.monthly));
    const color = sequentialColor(colorDomain?.[0] ?? 0, colorDomain?.[1] ?? 0);
    const points = places.map((p): MapPoint => ({
      id: p.id,
      lat: p.lat,
      lng: p.lng,
      radius: sqrtRadius(p.count, p.region ? maxRegion : maxZip),
      color: color(p.monthly),
      // Written when read (a hovered or focused point): tens of thousands of translations up
      // front cost a national map a third of a second.
      get label() {
        return p.label();
      },
    }));
    return { points, maxCount, sizeUnit, colorDomain };
  }, [zips, regions, openRegion, regionZips, t, i18n.language]);
}

function BuyerList({
  zipCode,
  onClearZip,
  query,
}: {
  zipCode: string | null;
  onClearZip: () => void;
  query: ReturnType<typeof useBuyerPages>;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // As the map's answer (above): drawn in a render React may interrupt.
  const data = useDeferredValue(query.data);
  const items = data?.pages.flatMap((p) => p.buyers.items) ?? [];
  const total = data?.pages[0]?.buyers.total;
  return (
    <aside aria-labelledby="buyer-list-title" className="grid content-start gap-3" data-testid="buyer-list">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="buyer-list-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          {zipCode
            ? t('analyticsScreens.buyerMap.listTitleZip', { zip: zipCode })
            : t('analyticsScreens.buyerMap.listTitle')}
        </h2>
        {zipCode && (
          <button
            type="button"
            onClick={() => {
              // The button goes with the ZIP: the focus goes to the list's heading, which now names
              // every ZIP code, rather than to the page's body.
              onClearZip();
              heading.current?.focus();
            }}
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100"
          >
            <X aria-hidden className="size-4" />
            {t('analyticsScreens.buyerMap.clearZip')}
          </button>
        )}
      </div>
      {/* Always on the page (empty while a ZIP's list loads), so that each new total is announced. */}
      <p className="text-sm text-slate-700" data-testid="buyer-list-total" aria-live="polite">
        {total !== undefined && t('analyticsScreens.buyerMap.listTotal', { count: total })}
      </p>
      {query.isError && !data ? (
        <LoadFailed
          message={t('analyticsScreens.buyerMap.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <PageFallback />
      ) : items.length === 0 ? (
        <p className="text-slate-700">{t('analyticsScreens.buyerMap.emptyList')}</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((buyer) => (
            <BuyerItem key={buyer.id} buyer={buyer} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-100 disabled:opacity-70"
        >
          {query.isFetchingNextPage ? t('app.loading') : t('analyticsScreens.buyerMap.loadMore')}
        </button>
      )}
    </aside>
  );
}

function BuyerItem({ buyer }: { buyer: BuyerListItem }) {
  const { t, i18n } = useTranslation();
  const money = (v: number | null) =>
    v === null ? t('analyticsScreens.buyerMap.notGiven') : formatMoney(v, i18n.language);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {buyer.firstName} {buyer.lastName}
        </span>
        {buyer.certified && <CertifiedBadge />}
      </div>
      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm text-slate-700">
        <dt>{t('analyticsScreens.buyerMap.maxDown')}</dt>
        <dd className="text-right font-medium text-ink">{money(buyer.maxDownPayment)}</dd>
        <dt>{t('analyticsScreens.buyerMap.maxMonthly')}</dt>
        <dd className="text-right font-medium text-ink">{money(buyer.maxMonthlyPayment)}</dd>
      </dl>
    </li>
  );
}
