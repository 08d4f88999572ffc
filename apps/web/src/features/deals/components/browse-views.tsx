import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type BrowseView = 'all' | 'matched' | 'favorites' | 'interests' | 'offers' | 'mine';

/**
 * The view switch of `/deals`: "All deals", "Favorites", "My interests" and "My offers" for the
 * buyer side, "Manage my listings" for the seller side. Links (not tabs) so that each view has its own URL; the current one is
 * marked with `aria-current="page"`.
 */
export function BrowseViews({
  current,
  buyer,
  seller,
}: {
  current: BrowseView;
  buyer: boolean;
  seller: boolean;
}) {
  const { t } = useTranslation();
  const views: { view: BrowseView; to: string; label: string }[] = [];
  if (buyer) {
    views.push({ view: 'all', to: '/deals', label: t('dealsBrowse.viewAll') });
    views.push({ view: 'matched', to: '/deals?view=matched', label: t('dealsBrowse.viewMatched') });
    views.push({ view: 'favorites', to: '/deals?view=favorites', label: t('dealsBrowse.viewFavorites') });
    views.push({ view: 'interests', to: '/deals?view=interests', label: t('myOffers.interestsView') });
    views.push({ view: 'offers', to: '/deals?view=offers', label: t('myOffers.offersView') });
  }
  if (seller) views.push({ view: 'mine', to: '/deals?view=mine', label: t('dealsBrowse.manageListings') });
  if (views.length < 2) return null;
  return (
    <nav aria-label={t('dealsBrowse.views')} className="mt-6 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {views.map(({ view, to, label }) => {
          const active = view === current;
          return (
            <li key={view}>
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex h-11 items-center border-b-2 px-4 font-medium ${
                  active
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-ink'
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
