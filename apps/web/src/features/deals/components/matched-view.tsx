import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { useMatches } from '../api/matching';
import { BrowseEmpty, BrowseGrid } from './browse-results';

/** "Matched for you" (`/deals?view=matched`): the deals that fit the buyer, best first. */
export function MatchedView() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const items = matches.data?.pages.flatMap((p) => p.items) ?? [];
  const total = matches.data?.pages.at(-1)?.total ?? 0;
  return (
    <BrowseGrid
      heading={matches.isPending ? t('dealsBrowse.loading') : t('dealsBrowse.matchedCount', { count: total })}
      items={items}
      total={total}
      pending={matches.isPending}
      busy={false}
      linkState={{ from: `${location.pathname}${location.search}` }}
      hasMore={Boolean(matches.hasNextPage)}
      loadingMore={matches.isFetchingNextPage}
      onLoadMore={() => void matches.fetchNextPage()}
      wide
      status={
        matches.isError && items.length === 0 ? (
          <LoadFailed message={t('dealsBrowse.error')} onRetry={() => void matches.refetch()} />
        ) : !matches.isPending && items.length === 0 ? (
          <BrowseEmpty title={t('dealsBrowse.emptyMatched')} hint={t('dealsBrowse.emptyMatchedHint')} />
        ) : null
      }
    />
  );
}
