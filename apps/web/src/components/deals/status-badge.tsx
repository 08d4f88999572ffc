import { useTranslation } from 'react-i18next';
import type { DealStatus } from '@dealclub/shared/deal-rules';

const STYLES: Record<DealStatus, string> = {
  exclusive: 'border-violet-200 bg-violet-50 text-violet-900',
  active: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  sold: 'border-slate-300 bg-slate-100 text-slate-800',
  canceled: 'border-red-200 bg-red-50 text-red-800',
  deleted: 'border-slate-300 bg-slate-100 text-slate-600',
};

/** The status of a deal as a small pill (label from `dealCommon.status.*`). */
export function StatusBadge({ status, className = '' }: { status: DealStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${
        STYLES[status] ?? STYLES.active
      } ${className}`}
    >
      {t(`dealCommon.status.${status}`)}
    </span>
  );
}

/** A tag as a chip; system tags stand out. */
export function TagBadge({ tag, system = false }: { tag: string; system?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${
        system ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800'
      }`}
    >
      {t(`dealCommon.tag.${tag}`, { defaultValue: tag })}
    </span>
  );
}
