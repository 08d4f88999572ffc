import { List, Map as MapIcon, Plus } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isBuyerSide, isSellerSide, type Role } from '@dealclub/shared/roles';
import { LoadFailed } from '@/components/ui/load-failed';
import { RequireSession } from '@/lib/session/require-session';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSearchParamsChange } from '@/hooks/use-search-params-change';
import { useDealsList, useFavorites } from '../api/deals';
import { BrowseEmpty, BrowseGrid } from '../components/browse-results';
import {
  hasFilters,
  parseFilters,
  withFilters,
  withoutFilters,
  type DealFilters as Filters,
} from '@/lib/browse-filters';
import { BrowseViews, type BrowseView } from '../components/browse-views';
import { DealFilters, SearchFilter, SortSelect } from '../components/deal-filters';
import { PageFallback } from '@/components/layout/page-fallback';
import { SaveSearchButton } from '../components/save-search-button';

// The browse list is what most visits open; the other views are chunks of their own.
const ManageListings = lazy(() =>
  import('../components/manage-listings').then((m) => ({ default: m.ManageListings })),
);
const MyInterests = lazy(() =>
  import('../components/my-engagement').then((m) => ({ default: m.MyInterests })),
);
const MatchedView = lazy(() =>
  import('../components/matched-view').then((m) => ({ default: m.MatchedView })),
);
const MyOffers = lazy(() => import('../components/my-engagement').then((m) => ({ default: m.MyOffers })));
// The map view (`?view=map`) brings d3-geo and the atlas: never part of the list's first load.
const DealsMapView = lazy(() => import('../components/deals-map'));

/**
 * `/deals`: the buyer side browses deals with filters kept in the URL, the deals that fit it
 * (`?view=matched`, best first), its favorites
 * (`?view=favorites`), the deals it expressed interest in (`?view=interests`) and its offers
 * (`?view=offers`); the seller side manages its listings (`?view=mine`). The browse list shows as
 * a list or, with `?view=map`, as a map of the same filtered deals at their ZIP centroids. An
 * originator without the buyer side may not browse and is pointed to its listings.
 */
export default function DealsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.deals'));
  return <RequireSession>{(user) => <Deals roles={user.roles} />}</RequireSession>;
}

function Deals({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const buyer = isBuyerSide(roles);
  const seller = isSellerSide(roles);
  const requested = params.get('view');
  const buyerViews: readonly string[] = ['matched', 'favorites', 'interests', 'offers'];
  const view: BrowseView =
    requested === 'mine'
      ? 'mine'
      : buyer && buyerViews.includes(requested ?? '')
        ? (requested as BrowseView)
        : 'all';

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold">{t('dealsBrowse.title')}</h1>
          <p className="text-slate-700">{t('dealsBrowse.lead')}</p>
        </div>
        {seller && (
          <Link
            to="/deals/new"
            className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            <Plus aria-hidden className="size-5" />
            {t('dealsBrowse.listDeal')}
          </Link>
        )}
      </div>
      <BrowseViews current={view} buyer={buyer} seller={seller} />
      <div className="mt-6">
        <Suspense fallback={<PageFallback />}>
          {view === 'mine' ? (
            <ManageListings />
          ) : !buyer ? (
            <SellerOnlyNote />
          ) : view === 'matched' ? (
            <MatchedView />
          ) : view === 'favorites' ? (
            <FavoritesView />
          ) : view === 'interests' ? (
            <MyInterests />
          ) : view === 'offers' ? (
            <MyOffers />
          ) : (
            <BrowseList map={requested === 'map'} />
          )}
        </Suspense>
      </div>
    </section>
  );
}

function SellerOnlyNote() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="grid max-w-2xl gap-3 rounded-xl border border-sky-200 bg-sky-50 p-5 text-sky-950"
    >
      <h2 className="text-lg font-semibold">{t('dealsBrowse.sellerOnlyTitle')}</h2>
      <p>{t('dealsBrowse.sellerOnly')}</p>
      <Link to="/deals?view=mine" className="font-semibold text-brand-800 underline">
        {t('dealsBrowse.manageListings')}
      </Link>
    </div>
  );
}

function BrowseList({ map }: { map: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, change] = useSearchParamsChange();
  const filters = useMemo(() => parseFilters(params), [params]);
  // The map gathers its own deals (up to 500); the list's pages are read only for the list.
  const list = useDealsList(filters, { enabled: !map });
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  // The cards are built in the background, yielding to the browser between them, so that a
  // page of results arriving does not freeze taps and scrolling on a slow phone.
  const shownItems = useDeferredValue(items);
  const catchingUp = shownItems !== items;
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const capped = Boolean(list.data?.pages.at(-1)?.totalCapped);
  const linkState = { from: `${location.pathname}${location.search}` };

  // Changes in quick succession build on each other (useSearchParamsChange).
  const update = (patch: Partial<Filters>) =>
    change((current) => withFilters(current, patch), { replace: true });
  const clear = () => change(withoutFilters, { replace: true });
  // List or map: the same filters, kept in the URL (`?view=map`).
  const display = (asMap: boolean) =>
    // A step of its own in the history: "Back" returns to the other display.
    change((next) => {
      if (asMap) next.set('view', 'map');
      else next.delete('view');
      return next;
    });
  const emptyState = (
    <BrowseEmpty
      title={hasFilters(filters) ? t('dealsBrowse.empty') : t('dealsBrowse.emptyNoFilters')}
      hint={hasFilters(filters) ? t('dealsBrowse.emptyHint') : undefined}
      onClear={hasFilters(filters) ? clear : undefined}
    />
  );

  return (
    <div className="grid gap-6">
      <div className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto]">
        <SearchFilter value={filters.q ?? ''} onChange={(q) => update({ q: q || undefined })} />
        <SortSelect value={filters.sort ?? 'newest'} onChange={(sort) => update({ sort })} />
        <div
          role="group"
          aria-label={t('dealsBrowse.displayAs')}
          className="inline-flex h-11 justify-self-start rounded-md border border-slate-300 bg-white p-0.5"
        >
          {([false, true] as const).map((asMap) => (
            <button
              key={String(asMap)}
              type="button"
              aria-pressed={map === asMap}
              onClick={() => display(asMap)}
              className="inline-flex items-center gap-1.5 rounded px-3 text-sm font-medium aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {asMap ? <MapIcon aria-hidden className="size-4" /> : <List aria-hidden className="size-4" />}
              {t(asMap ? 'dealsBrowse.displayMap' : 'dealsBrowse.displayList')}
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="md:self-start">
          <DealFilters
            filters={filters}
            onChange={update}
            onClear={clear}
            action={<SaveSearchButton filters={filters} />}
          />
        </div>
        {map ? (
          <Suspense fallback={<PageFallback />}>
            <DealsMapView filters={filters} linkState={linkState} empty={emptyState} />
          </Suspense>
        ) : (
          <BrowseGrid
            heading={
              list.isPending
                ? t('dealsBrowse.loading')
                : t(capped ? 'dealsBrowse.resultsCapped' : 'dealsBrowse.results', { count: total })
            }
            items={shownItems}
            total={total}
            pending={list.isPending || (catchingUp && shownItems.length === 0)}
            busy={list.isPlaceholderData || (catchingUp && shownItems.length > 0)}
            linkState={linkState}
            hasMore={Boolean(list.hasNextPage)}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            status={
              list.isError && items.length === 0 ? (
                <LoadFailed message={t('dealsBrowse.error')} onRetry={() => void list.refetch()} />
              ) : !list.isPending && items.length === 0 ? (
                emptyState
              ) : null
            }
          />
        )}
      </div>
    </div>
  );
}

function FavoritesView() {
  const { t } = useTranslation();
  const location = useLocation();
  const favorites = useFavorites();
  const items = useMemo(() => favorites.data?.pages.flatMap((p) => p.items) ?? [], [favorites.data]);
  const total = favorites.data?.pages.at(-1)?.total ?? 0;
  return (
    <BrowseGrid
      heading={
        favorites.isPending ? t('dealsBrowse.loading') : t('dealsBrowse.favoritesCount', { count: total })
      }
      items={items}
      total={total}
      pending={favorites.isPending}
      busy={false}
      linkState={{ from: `${location.pathname}${location.search}` }}
      hasMore={Boolean(favorites.hasNextPage)}
      loadingMore={favorites.isFetchingNextPage}
      onLoadMore={() => void favorites.fetchNextPage()}
      wide
      status={
        favorites.isError && items.length === 0 ? (
          <LoadFailed message={t('dealsBrowse.error')} onRetry={() => void favorites.refetch()} />
        ) : !favorites.isPending && items.length === 0 ? (
          <BrowseEmpty title={t('dealsBrowse.emptyFavorites')} hint={t('dealsBrowse.emptyFavoritesHint')} />
        ) : null
      }
    />
  );
}
