import { useTranslation } from 'react-i18next';

/**
 * "Showing n of N" and "Load more" while the cursor has more: beside each other under a table or
 * a list, centred one above the other under a grid of cards. A shared part (not the browse
 * screen's): the offers table and the dashboard use it too, and would otherwise load the browse
 * screen's chunk for it (issue 32).
 */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
  centered = false,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  centered?: boolean;
}) {
  const { t } = useTranslation();
  if (!hasMore && shown >= total) return null;
  return (
    <div className={centered ? 'flex flex-col items-center gap-2 py-4' : 'flex flex-wrap items-center gap-3'}>
      <p className="text-sm text-slate-600">{t('dealsBrowse.showing', { shown, total })}</p>
      {hasMore && (
        <button
          type="button"
          onClick={onMore}
          disabled={loading}
          className="h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50 disabled:opacity-70"
        >
          {loading ? t('dealsBrowse.loadingMore') : t('dealsBrowse.loadMore')}
        </button>
      )}
    </div>
  );
}
