import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session/session-context';
import { useRecentPages } from '@/lib/recent-pages';

/** The user's recently visited pages (shell §2), newest first, without the page being shown. */
export function RecentPagesList() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const pages = useRecentPages(session.user?.userId).filter((p) => p.url !== here);
  return (
    <section aria-labelledby="recent-pages-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="recent-pages-title" className="flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden className="size-5 text-brand-700" />
        {t('recent.title')}
      </h2>
      {pages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('recent.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {pages.map((page) => (
            <li key={page.url}>
              <Link to={page.url} className="block py-2 text-brand-700 underline-offset-4 hover:underline">
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
