/**
 * "Saved searches" in the Preferences tab: each of the buyer's searches with its filters in words, how
 * often it alerts, a link that opens `/deals` with those filters, and Delete after a confirmation.
 */
import { Search, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedSearch } from '@dealclub/shared/saved-searches';
import { PageFallback } from '@/components/layout/page-fallback';
import { ConfirmAction } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText } from '@/lib/server-errors';
import { useDeleteSavedSearch, useSavedSearches } from '@/lib/saved-searches';
import { dealsPathOf, filterSummary } from '@/lib/saved-search-summary';

export function SavedSearchesList() {
  const ready = useLocaleSection('savedSearches');
  return ready ? <SavedSearches /> : <PageFallback />;
}

function SavedSearches() {
  const { t } = useTranslation();
  const list = useSavedSearches();
  const items = list.data?.items ?? [];
  // A deleted search takes its Delete button (where the focus was) with it: the focus goes to the
  // list's heading rather than to the top of the page.
  const count = items.length;
  const before = useRef(count);
  useEffect(() => {
    if (count < before.current) document.getElementById('saved-searches-title')?.focus();
    before.current = count;
  }, [count]);
  return (
    <section
      aria-labelledby="saved-searches-title"
      className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6"
    >
      <div className="grid gap-1">
        <h2 id="saved-searches-title" tabIndex={-1} className="text-xl font-semibold outline-none">
          {t('savedSearches.title')}
        </h2>
        <p className="text-slate-700">{t('savedSearches.lead')}</p>
      </div>
      {list.isPending ? (
        <p role="status" className="text-slate-700">
          {t('savedSearches.loading')}
        </p>
      ) : list.isError ? (
        <LoadFailed message={t('savedSearches.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <div className="grid gap-1">
          <p className="font-medium">{t('savedSearches.empty')}</p>
          <p className="text-slate-700">{t('savedSearches.emptyHint')}</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {items.map((search) => (
            <SavedSearchItem key={search.id} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteSavedSearch();

  return (
    <li data-testid="saved-search" className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold break-words">{search.name}</h3>
      <p className="text-sm text-slate-700">{filterSummary(t, search.filters, i18n.language).join(' · ')}</p>
      <p className="text-sm text-slate-700">
        {t('savedSearches.alerts', { frequency: t(`preferences.frequencyOption.${search.frequency}`) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={dealsPathOf(search.filters)}
          aria-label={t('savedSearches.openLabel', { name: search.name })}
          className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-brand-800 hover:bg-slate-50"
        >
          <Search aria-hidden className="size-4" />
          {t('savedSearches.open')}
        </Link>
        <ConfirmAction
          action={() => remove.mutateAsync(search.id)}
          done={t('savedSearches.deleted')}
          failed={(error) =>
            codedErrorText(t, error, 'savedSearches.deleteFailed', ['SAVED_SEARCH_NOT_FOUND'])
          }
          closeOnFailure
          trigger={
            <button
              type="button"
              aria-label={t('savedSearches.deleteLabel', { name: search.name })}
              className="inline-flex h-11 items-center gap-2 rounded-md border border-red-200 bg-white px-3 text-sm font-medium text-red-800 hover:bg-red-50"
            >
              <Trash2 aria-hidden className="size-4" />
              {t('savedSearches.delete')}
            </button>
          }
          title={t('savedSearches.deleteTitle')}
          summary={search.name}
          body={t('savedSearches.deleteBody')}
          cancelLabel={t('savedSearches.cancel')}
          confirmLabel={t('savedSearches.delete')}
          busyLabel={t('savedSearches.deleting')}
          tone="danger"
          busy={remove.isPending}
        />
      </div>
    </li>
  );
}
