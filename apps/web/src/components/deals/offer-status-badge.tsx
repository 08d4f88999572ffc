import { useTranslation } from 'react-i18next';
import type { OfferStatus } from '@dealclub/shared/offer-rules';

const STYLES: Record<OfferStatus, string> = {
  open: 'border-sky-200 bg-sky-50 text-sky-900',
  accepted: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  declined: 'border-slate-300 bg-slate-100 text-slate-800',
  replaced: 'border-slate-300 bg-slate-100 text-slate-600',
  released: 'border-amber-200 bg-amber-50 text-amber-900',
  fell_through: 'border-red-200 bg-red-50 text-red-800',
  closed: 'border-brand-100 bg-brand-50 text-brand-900',
};

/**
 * The state of an offer as a small pill: open, accepted, not selected, replaced, released, fell
 * through (the contract ended in the closing room), closed (the deal closed on it).
 */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        STYLES[status] ?? STYLES.open
      }`}
    >
      {t(`offers.status.${status}`)}
    </span>
  );
}
