import { useTranslation } from 'react-i18next';
import { BackLink } from './back-link';

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
