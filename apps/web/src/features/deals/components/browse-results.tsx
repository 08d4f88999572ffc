import { SearchX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@/lib/deals';
import { DealCard, DealCardSkeleton } from './deal-card';
import { LoadMore } from '@/components/ui/load-more';

const SKELETONS = 6;

/**
 * The results of the browse list or the favorites: a heading with the count, the cards (skeletons
 * while loading), an empty or error state, and "Load more" while the cursor has more.
 */
export function BrowseGrid({
  heading,
  items,
  total,
  pending,
  busy,
  linkState,
  hasMore,
  loadingMore,
  onLoadMore,
  status,
  wide = false,
}: {
  heading: string;
  items: Card[];
  total: number;
  pending: boolean;
  /** Older results shown while the new ones load. */
  busy: boolean;
  linkState: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  status: ReactNode;
  wide?: boolean;
}) {
  const headingId = useId();
  const grid = wide ? 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'sm:grid-cols-2 xl:grid-cols-3';
  return (
    <section aria-labelledby={headingId} aria-busy={pending || busy} className="grid content-start gap-4">
      <h2 id={headingId} aria-live="polite" className="text-lg font-semibold">
        {heading}
      </h2>
      {pending ? (
        <ul className={`grid gap-4 ${grid}`} aria-hidden>
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i}>
              <DealCardSkeleton />
            </li>
          ))}
        </ul>
      ) : (
        <>
          {status}
          {items.length > 0 && (
            <ul className={`grid gap-4 transition-opacity ${grid} ${busy ? 'opacity-60' : ''}`}>
              {items.map((deal, index) => (
                <li key={deal.id}>
                  <DealCard deal={deal} showFavorite linkState={linkState} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
          {items.length > 0 && (
            <LoadMore
              shown={items.length}
              total={total}
              hasMore={hasMore}
              loading={loadingMore}
              onMore={onLoadMore}
              centered
            />
          )}
        </>
      )}
    </section>
  );
}

/** No deals: what to try, and a "Clear filters" action when filters narrow the list. */
export function BrowseEmpty({
  title,
  hint,
  onClear,
}: {
  title: string;
  hint?: string;
  onClear?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <SearchX aria-hidden className="size-10 text-slate-400" />
      <p className="text-lg font-semibold">{title}</p>
      {hint && <p className="text-slate-600">{hint}</p>}
      {onClear && (
        <button
          type="button"
          onClick={onClear}
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {t('dealsBrowse.clearFilters')}
        </button>
      )}
    </div>
  );
}
