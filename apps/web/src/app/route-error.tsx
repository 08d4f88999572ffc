import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * The error boundary of each route: a failure in one screen (or a screen's code that failed to
 * load) shows this inside the shell, and the header, footer and other routes keep working.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteFailure error={error} />;
}

function RouteFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  usePageTitle(t('pages.error'));
  useEffect(() => console.error(error), [error]);
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 p-4 text-center [overflow-wrap:anywhere] sm:p-8">
      <AlertTriangle aria-hidden className="size-10 text-amber-600" />
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="text-slate-700">{t('routeError.body')}</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t('routeError.retry')}
        </button>
        <Link to="/" className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100">
          {t('routeError.home')}
        </Link>
      </div>
    </section>
  );
}
