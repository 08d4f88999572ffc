import { useTranslation } from 'react-i18next';

/** What a page shows while its code or data loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center p-12" role="status" aria-live="polite">
      <span className="sr-only">{t('app.loading')}</span>
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
    </div>
  );
}
