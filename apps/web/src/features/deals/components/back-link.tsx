import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

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
