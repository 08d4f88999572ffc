/**
 * The map view of `/deals` (`?view=map`, issue 15): the deals the current filters select, each at
 * the centroid of its ZIP code (never a street position, DECISIONS.md Analytics and maps),
 * clustered by zoom level. A click on a group zooms in and lists its deals; a click on a deal
 * shows a small card that opens it. Keyboard and screen-reader users get the same deals as a
 * table by ZIP code, whose buttons list a ZIP's deals as links.
 *
 * A chunk of its own (with d3-geo through `@/components/maps/geo`): the list view's first load
 * never carries it.
 */
import { X } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { LoadFailed } from '@/components/ui/load-failed';
import { project } from '@/components/maps/geo';
import { LazyUsMap, MapPlaceholder } from '@/components/maps/lazy-us-map';
import { PlaceTable, ZipButton } from '@/components/maps/place-table';
import { sqrtRadius } from '@/components/maps/scales';
import type { MapPoint } from '@/components/maps/map-point';
import { cardAddress, placeOf } from '@/lib/address';
import { useLocaleSection } from '@/lib/i18n';
import type { DealFilters } from '@/lib/browse-filters';
import type { Card } from '@/lib/deals';
import { MAP_DEAL_CAP, useDealsMap } from '../api/deals-map';
import { PriceAndKind } from './deal-card';
import { clusterDeals, dealsByZip, MAX_MAP_ZOOM, nextZoom, type Cluster, type Placed } from './map-clusters';
import { formatMoney, formatNumber } from '@/lib/format';

const GROUP_COLOR = '#1e3a8a';
const DEAL_COLOR = '#0f766e';
const ZIP_PAGE = 25;

/** What the card under the map lists: a deal, a group of the map, or the deals of a ZIP code. */
interface Selection {
  kind: 'deal' | 'group' | 'zip';
  ids: string[];
  zipCode?: string;
}

export default function DealsMapView({
  filters,
  linkState,
  empty,
}: {
  filters: DealFilters;
  /** Kept on the deals' links so that "Back to deals" returns to the map with the same filters. */
  linkState: unknown;
  /** Shown when the filters select no deal (the list's empty state). */
  empty: ReactNode;
}) {
  const ready = useLocaleSection('dealsMap');
  const { t } = useTranslation();
  const query = useDealsMap(filters);
  if (!ready || query.isPending) {
    return (
      <section aria-busy="true" className="grid content-start gap-4">
        <h2 className="text-lg font-semibold">{t('dealsBrowse.loading')}</h2>
        <MapPlaceholder />
      </section>
    );
  }
  if (query.isError && !query.data) {
    return <LoadFailed message={t('dealsMap.error')} onRetry={() => void query.refetch()} />;
  }
  const data = query.data!;
  if (data.items.length === 0 && !query.isPlaceholderData) {
    return (
      <section className="grid content-start gap-4">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {t('dealsBrowse.results', { count: 0 })}
        </h2>
        {empty}
      </section>
    );
  }
  return (
    <DealsMap
      items={data.items}
      total={data.total}
      capped={data.capped}
      busy={query.isPlaceholderData || query.isFetching}
      linkState={linkState}
    />
  );
}

function DealsMap({
  items,
  total,
  capped,
  busy,
  linkState,
}: {
  items: Card[];
  total: number;
  capped: boolean;
  busy: boolean;
  linkState: unknown;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const lang = i18n.language;
  const [zoom, setZoom] = useState(1);
  const [center, setCenter] = useState<{ lat: number; lng: number } | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const panel = useRef<HTMLHeadingElement>(null);

  // Each deal at its ZIP's centroid on the projected map; those the data set or the projection
  // cannot place are counted and stay in the table.
  const placed = useMemo(() => {
    const out: Placed<Card>[] = [];
    for (const item of items) {
      if (item.lat === null || item.lat === undefined || item.lng === null || item.lng === undefined)
        continue;
      const xy = project(item.lat, item.lng);
      if (xy) out.push({ item, x: xy[0], y: xy[1], lat: item.lat, lng: item.lng });
    }
    return out;
  }, [items]);
  const clusters = useMemo(() => clusterDeals(placed, zoom), [placed, zoom]);
  const byId = useMemo(() => new Map(clusters.map((c) => [c.id, c])), [clusters]);

  const points = useMemo(() => {
    const largest = Math.max(1, ...clusters.map((c) => c.items.length));
    return clusters.map((cluster): MapPoint => {
      const n = cluster.items.length;
      return {
        id: cluster.id,
        lat: cluster.lat,
        lng: cluster.lng,
        radius: n === 1 ? 7 : sqrtRadius(n, largest, 11, 22),
        color: n === 1 ? DEAL_COLOR : GROUP_COLOR,
        text: n === 1 ? undefined : formatNumber(n, lang),
        label: pointLabel(t, lang, cluster, zoom),
      };
    });
  }, [clusters, t, lang, zoom]);

  // The deals listed under the map: those of the selection still among the filtered deals.
  const selectedItems = useMemo(() => {
    if (!selection) return [];
    const ids = new Set(selection.ids);
    return items.filter((item) => ids.has(item.id));
  }, [items, selection]);
  const selectedPoint = useMemo(() => {
    if (!selection) return null;
    const first = selection.ids[0];
    const holder = clusters.find((c) => c.items.some((i) => i.id === first));
    return holder && holder.items.length === selection.ids.length ? holder.id : null;
  }, [clusters, selection]);

  const select = useCallback((next: Selection) => {
    setSelection(next);
    // The card is where the deals are: focus moves there (without scrolling the map away).
    requestAnimationFrame(() => panel.current?.focus({ preventScroll: true }));
  }, []);

  const onPointClick = useCallback(
    (point: MapPoint) => {
      const cluster = byId.get(point.id);
      if (!cluster) return;
      const ids = cluster.items.map((i) => i.id);
      if (ids.length === 1) return select({ kind: 'deal', ids });
      if (cluster.onePlace) return select({ kind: 'zip', ids, zipCode: cluster.items[0]!.zipCode });
      // A group: closer, where it splits into smaller groups and deals; its deals listed meanwhile.
      setCenter({ lat: cluster.lat, lng: cluster.lng });
      setZoom((z) => nextZoom(z));
      select({ kind: 'group', ids });
    },
    [byId, select],
  );

  const showZip = useCallback(
    (zipCode: string, zipItems: Card[]) => {
      const located = zipItems.find((i) => typeof i.lat === 'number' && typeof i.lng === 'number');
      if (located) {
        setCenter({ lat: located.lat!, lng: located.lng! });
        setZoom((z) => Math.max(z, 9));
      }
      select({ kind: 'zip', ids: zipItems.map((i) => i.id), zipCode });
    },
    [select],
  );

  const reset = useCallback(() => {
    setCenter(null);
    setZoom(1);
    setSelection(null);
  }, []);

  const unplaced = items.length - placed.length;
  return (
    <section aria-labelledby={headingId} aria-busy={busy} className="grid content-start gap-4">
      <div className="grid gap-1">
        <h2
          id={headingId}
          aria-live="polite"
          className="text-lg font-semibold"
          data-testid="deals-map-summary"
        >
          {capped
            ? t('dealsMap.summaryCapped', { shown: formatNumber(items.length, lang), count: total })
            : t('dealsMap.summary', { count: items.length })}
        </h2>
        {capped && (
          <p className="text-sm text-slate-700">
            {t('dealsMap.capped', { cap: formatNumber(MAP_DEAL_CAP, lang) })}
          </p>
        )}
        <p className="text-sm text-slate-700">{t('dealsMap.privacy')}</p>
        {unplaced > 0 && (
          <p className="text-sm text-slate-700">{t('dealsMap.unplaced', { count: unplaced })}</p>
        )}
      </div>
      <div className={`transition-opacity ${busy ? 'opacity-60' : ''}`}>
        <LazyUsMap
          points={points}
          label={t('dealsMap.mapLabel')}
          center={zoom > 1 ? center : null}
          zoom={zoom}
          selectedId={selectedPoint}
          onPointClick={onPointClick}
          resetLabel={t('dealsMap.resetMap')}
          onReset={reset}
          loadFailedMessage={t('dealsMap.mapLoadFailed')}
        />
      </div>
      <p className="text-sm text-slate-600">{t('dealsMap.hint')}</p>
      {selection && selectedItems.length > 0 && (
        <SelectionCard
          selection={selection}
          items={selectedItems}
          headingRef={panel}
          linkState={linkState}
          onClose={() => setSelection(null)}
        />
      )}
      <ZipList
        items={items}
        selectedZip={selection?.kind === 'zip' ? selection.zipCode : undefined}
        onShow={showZip}
      />
    </section>
  );
}

/** "Austin, TX": the city most of the deals are in (the first of them on a tie). */
function mainPlace(t: TFunction, items: readonly Card[]): string {
  const counts = new Map<string, { n: number; deal: Card }>();
  for (const deal of items) {
    const key = `${deal.city}|${deal.state}`;
    const entry = counts.get(key);
    if (entry) entry.n += 1;
    else counts.set(key, { n: 1, deal });
  }
  let best = { n: 0, deal: items[0]! };
  for (const entry of counts.values()) if (entry.n > best.n) best = entry;
  return t('dealsMap.around', { city: best.deal.city, state: best.deal.state });
}

/** The accessible name and hover text of a point: a deal, a ZIP's deals or a group to zoom into. */
function pointLabel(t: TFunction, lang: string, cluster: Cluster<Card>, zoom: number): string {
  const first = cluster.items[0]!;
  const count = cluster.items.length;
  if (count === 1) {
    return t('dealsMap.dealLabel', {
      price: formatMoney(first.purchasePrice, lang),
      place: placeOf(t, first),
    });
  }
  if (cluster.onePlace) return t('dealsMap.zipLabel', { count, place: placeOf(t, first) });
  const place = mainPlace(t, cluster.items);
  return t(zoom < MAX_MAP_ZOOM ? 'dealsMap.groupLabel' : 'dealsMap.groupLabelList', { count, place });
}

/** The card under the map: the selected deal, or the deals of a group or a ZIP code, as links. */
function SelectionCard({
  selection,
  items,
  headingRef,
  linkState,
  onClose,
}: {
  selection: Selection;
  items: Card[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  linkState: unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const first = items[0]!;
  const title =
    selection.kind === 'deal'
      ? t('dealsMap.selectedDeal')
      : selection.kind === 'zip'
        ? t('dealsMap.selectedZip', { count: items.length, place: placeOf(t, first) })
        : t('dealsMap.selectedGroup', { count: items.length, place: mainPlace(t, items) });
  return (
    <section
      aria-label={title}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="deals-map-selection"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          {title}
        </h3>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('dealsMap.close')}
          className="grid size-9 shrink-0 place-items-center rounded-md border border-slate-300 hover:bg-slate-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((deal) => (
          <li key={deal.id}>
            <MapDealCard deal={deal} linkState={linkState} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A small card of a deal: price, kind, rooms and the link to its page. */
function MapDealCard({ deal, linkState }: { deal: Card; linkState: unknown }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <article className="grid gap-1 rounded-lg border border-slate-200 p-3">
      <PriceAndKind deal={deal} priceClassName="text-lg font-bold text-ink" />
      <p className="text-sm text-slate-700">
        {t('dealsMap.rooms', {
          beds: formatNumber(deal.bedrooms, lang),
          baths: formatNumber(deal.bathrooms, lang),
        })}
      </p>
      <Link
        to={`/deals/${deal.id}`}
        state={linkState}
        className="font-semibold text-brand-800 underline hover:text-brand-900"
      >
        <span className="block">{cardAddress(t, deal)}</span>
        <span className="block text-sm font-normal">{placeOf(t, deal)}</span>
      </Link>
    </article>
  );
}

/** The same deals as a table by ZIP code: a ZIP's button lists its deals (and shows it on the map). */
function ZipList({
  items,
  selectedZip,
  onShow,
}: {
  items: Card[];
  selectedZip: string | undefined;
  onShow: (zipCode: string, items: Card[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const zips = useMemo(() => dealsByZip(items), [items]);
  return (
    <PlaceTable
      caption={t('dealsMap.tableCaption')}
      testId="deals-map-table"
      rows={zips}
      rowKey={(zip) => zip.zipCode}
      place={{
        label: t('dealsMap.zipCode'),
        button: true,
        cell: ({ zipCode, items: zipItems }) => (
          <ZipButton
            zipCode={zipCode}
            pressed={selectedZip === zipCode}
            label={t('dealsMap.showZip', { zip: zipCode, count: zipItems.length })}
            onPress={() => onShow(zipCode, zipItems)}
          />
        ),
      }}
      columns={[
        {
          label: t('dealsMap.place'),
          cell: ({ items: zipItems }) =>
            t('dealsMap.around', { city: zipItems[0]!.city, state: zipItems[0]!.state }),
        },
        {
          label: t('dealsMap.deals'),
          numeric: true,
          cell: ({ items: zipItems }) => formatNumber(zipItems.length, i18n.language),
        },
      ]}
      page={{
        size: ZIP_PAGE,
        moreLabel: (shown, count) => t('dealsMap.showMoreZips', { shown, count }),
      }}
    />
  );
}
