import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Match } from '@/lib/deals';

/**
 * A card's match score for the buyer: "Fits you · 92%" when every limit is met, "62% match"
 * otherwise; nothing for a buyer without preferences or buy box.
 */
export function MatchBadge({ match }: { match: Match | null | undefined }) {
  const { t } = useTranslation();
  if (!match) return null;
  return (
    <span
      data-testid="match-badge"
      title={t('dealsBrowse.match.title', { score: match.score })}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${
        match.matches
          ? 'bg-brand-50 text-brand-800 ring-brand-100'
          : 'bg-slate-50 text-slate-700 ring-slate-200'
      }`}
    >
      {match.matches && <Sparkles aria-hidden className="size-3.5" />}
      {match.matches
        ? t('dealsBrowse.match.fits', { score: match.score })
        : t('dealsBrowse.match.partial', { score: match.score })}
    </span>
  );
}
