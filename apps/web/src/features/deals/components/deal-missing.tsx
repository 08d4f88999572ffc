import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client';

/** Whether an error means the deal is missing or hidden from this user. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || error.code === 'LISTING_NOT_FOUND' || error.status === 400)
  );
}

/** "Back to deals", to the list with the filters it was opened from when there is one. */
export function BackLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const to = typeof from === 'string' && from.startsWith('/deals') ? from : '/deals';
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('dealDetail.back')}
    </Link>
  );
}

/**
 * A deal page without its deal: 'Listing not found' when the deal is missing or not this user's
 * to see (never saying which), else 'Error loading listing' with "Try again".
 */
export function DealMissing({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
      <BackLink />
      <h1 className="text-3xl font-bold">
        {notFound ? t('dealDetail.notFound') : t('dealDetail.loadFailed')}
      </h1>
      {notFound ? (
        <p className="text-slate-700">{t('dealDetail.notFoundHint')}</p>
      ) : (
        <div>
          <button
            type="button"
            onClick={onRetry}
            className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {t('dealDetail.retry')}
          </button>
        </div>
      )}
    </section>
  );
}
