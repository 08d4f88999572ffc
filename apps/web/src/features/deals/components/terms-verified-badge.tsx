import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TermsVerified } from '@dealclub/shared/verifications';
import { formatDay } from '@/lib/dates';

/**
 * "Terms verified" with the date an admin approved the mortgage statement (verified terms): on the
 * deal cards and the deal's page. Nothing while the deal's terms are not verified.
 */
export function TermsVerifiedBadge({
  termsVerified,
  className = '',
}: {
  termsVerified: TermsVerified | null | undefined;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!termsVerified) return null;
  const date = formatDay(termsVerified.verifiedAt, i18n.language);
  return (
    <span
      data-testid="terms-verified"
      title={t('verification.badgeHint', { date })}
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900 ring-1 ring-emerald-200 ${className}`}
    >
      <BadgeCheck aria-hidden className="size-3.5" />
      {t('verification.badgeOn', { date })}
    </span>
  );
}
