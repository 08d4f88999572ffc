/**
 * "Save search" beside the `/deals` filters. The button is all the list's first load carries: the
 * dialog, its form and the form's schema load when the button is pointed at, focused or pressed
 * (components/ui/on-demand.tsx), and open at once on the press.
 */
import { BookmarkPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SavedDealFilters } from '@dealclub/shared/deal-filters';
import { useOnDemand } from '@/components/ui/on-demand';
import { SAVE_SEARCH_CLASS } from './save-search-trigger';

const loadDialog = () => import('./save-search-dialog');

export function SaveSearchButton({ filters }: { filters: SavedDealFilters }) {
  const { t } = useTranslation();
  const { loaded, standInProps } = useOnDemand(loadDialog);
  if (!loaded) {
    return (
      <button {...standInProps} aria-haspopup="dialog" className={SAVE_SEARCH_CLASS}>
        <BookmarkPlus aria-hidden className="size-4" />
        {t('dealsBrowse.saveSearch')}
      </button>
    );
  }
  const { Control, defaultOpen, autoFocus } = loaded;
  return <Control filters={filters} defaultOpen={defaultOpen} autoFocus={autoFocus} />;
}
