import { Building2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/load-failed';
import { PlaceTable } from '@/components/maps/place-table';
import { formatNumber } from '@/lib/format';
import { LazyUsMap } from '@/components/maps/lazy-us-map';
import { sqrtRadius } from '@/components/maps/scales';
import type { MapPoint } from '@/components/maps/map-point';
import type { OwnerMarket } from '@dealclub/shared/analytics';
import { useOwnersClub } from '../api/owners-club';

const marketKey = (m: { state: string; city: string }) => `${m.state}|${m.city.toLowerCase()}`;

/**
 * The owners club (core §2 `/owners`): the owners' markets on a US map (a bubble per market, sized
 * by its owners; a table with the same figures) and the owners in name order, a page at a time.
 */
export function OwnersClub() {
  const { t, i18n } = useTranslation();
  const club = useOwnersClub();
  const [focused, setFocused] = useState<string | null>(null);
  const markets = club.data?.pages[0]?.markets;
  const owners = club.data?.pages.flatMap((p) => p.owners.items) ?? [];
  const total = club.data?.pages[0]?.owners.total ?? 0;

  const points = useMemo(() => {
    if (!markets) return [];
    const max = Math.max(0, ...markets.map((m) => m.owners));
    return markets.flatMap((m): MapPoint[] =>
      m.lat === null || m.lng === null
        ? []
        : [
            {
              id: marketKey(m),
              lat: m.lat,
              lng: m.lng,
              radius: sqrtRadius(m.owners, max, 5, 20),
              color: '#0f766e',
              label: t('owners.club.marketLabel', { city: m.city, state: m.state, count: m.owners }),
            },
          ],
    );
  }, [markets, t]);
  const onPointClick = useCallback((p: MapPoint) => setFocused((f) => (f === p.id ? null : p.id)), []);

  if (club.isError && !club.data) {
    return (
      <div className="mt-10">
        <LoadFailed message={t('owners.club.loadFailed')} onRetry={() => void club.refetch()} />
      </div>
    );
  }
  return (
    <div className="mt-10 grid gap-6">
      <h2 className="text-xl font-semibold">{t('owners.club.title')}</h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-3">
          <LazyUsMap
            points={points}
            label={t('owners.club.mapLabel')}
            focusedId={focused}
            onPointClick={onPointClick}
            resetLabel={t('owners.club.resetMap')}
            onReset={() => setFocused(null)}
            loadFailedMessage={t('owners.club.mapLoadFailed')}
          />
          {markets && markets.length > 0 && (
            <PlaceTable
              caption={t('owners.club.marketsCaption')}
              testId="owner-markets"
              rows={markets}
              rowKey={marketKey}
              place={{
                label: t('owners.club.market'),
                cell: (m: OwnerMarket) => t('owners.club.marketName', { city: m.city, state: m.state }),
              }}
              columns={[
                {
                  label: t('owners.club.ownersColumn'),
                  numeric: true,
                  cell: (m) => formatNumber(m.owners, i18n.language),
                },
              ]}
            />
          )}
        </div>
        <section aria-labelledby="owners-list-title" className="grid content-start gap-3">
          <h3 id="owners-list-title" className="text-lg font-semibold">
            {t('owners.club.listTitle', { count: total })}
          </h3>
          {club.isSuccess && owners.length === 0 && (
            <p className="text-slate-700">{t('owners.club.empty')}</p>
          )}
          <ul className="grid gap-2" data-testid="owners-list">
            {owners.map((o) => (
              <li
                key={o.id}
                className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3"
              >
                {o.logoUrl ? (
                  <img src={o.logoUrl} alt="" className="size-10 rounded-md object-contain" />
                ) : (
                  <Building2 aria-hidden className="size-10 rounded-md bg-slate-100 p-2 text-slate-500" />
                )}
                <div className="min-w-0">
                  <p className="font-semibold">
                    {o.firstName} {o.lastName}
                  </p>
                  {o.companyName && <p className="text-sm text-slate-700">{o.companyName}</p>}
                  {o.markets.length > 0 && (
                    <p className="text-sm text-slate-700">
                      {o.markets
                        .map((m) => t('owners.club.marketName', { city: m.city, state: m.state }))
                        .join(' · ')}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {club.hasNextPage && (
            <button
              type="button"
              disabled={club.isFetchingNextPage}
              onClick={() => void club.fetchNextPage()}
              className="rounded-md border border-slate-300 px-3 py-2 hover:bg-slate-100 disabled:opacity-70"
            >
              {t('owners.loadMore')}
            </button>
          )}
        </section>
      </div>
    </div>
  );
}
