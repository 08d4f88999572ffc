import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * The page of a path that leads nowhere, and of a screen's item that does not exist or is not the
 * reader's to see (never saying which): the router's catch-all and error boundary, a help article,
 * a deal's or a ZIP's analytics.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound'));
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 p-4 text-center [overflow-wrap:anywhere] sm:p-8">
      <SearchX aria-hidden className="size-12 text-brand-700" />
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-slate-700">{t('notFound.body')}</p>
      <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
