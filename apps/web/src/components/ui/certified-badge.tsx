import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The Certified Buyer badge (training): on the profile, the training screen and next to buyers' names. */
export function CertifiedBadge({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 font-semibold whitespace-nowrap text-emerald-900 ring-1 ring-emerald-200 ${
        size === 'lg' ? 'px-3 py-1 text-sm' : 'px-2 py-0.5 text-xs'
      }`}
    >
      <BadgeCheck aria-hidden className={size === 'lg' ? 'size-5' : 'size-3.5'} />
      {t('certification.badge')}
    </span>
  );
}
