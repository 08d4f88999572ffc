import { Check, CircleHelp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocaleSection } from '@/lib/i18n';
import type { Match, MatchPlace, MatchReason, MatchValue } from '@/lib/deals';
import { DetailSection } from './detail-sections';
import { formatMoney, formatNumber } from '@/lib/format';

/** A figure of a reason in the reader's language (the API's `detail` is in their saved one). */
function show(t: TFunction, lang: string, reason: MatchReason, value: MatchValue, ofDeal: boolean): string {
  if (value === null) return '';
  switch (reason.criterion) {
    case 'location': {
      const place = value as MatchPlace;
      if (ofDeal) return `${place.city}, ${place.state} ${place.zipCodes.join(', ')}`;
      return place.zipCodes.length > 0
        ? `${place.state} ${place.zipCodes.join(', ')}`
        : `${place.city}, ${place.state}`;
    }
    case 'monthlyPayment':
    case 'cashToClose':
    case 'hoa':
      return formatMoney(value as number, lang);
    case 'propertyType':
      return (Array.isArray(value) ? value : [value as string])
        .map((v) =>
          t([`dealCommon.propertyType.${v}`, `buyerPreferences.propertyTypeOption.${v}`], {
            defaultValue: v,
          }),
        )
        .join(t('matching.or'));
    case 'dealType': {
      const type = value as string;
      return type === 'cash'
        ? t('dealCommon.category.cash')
        : type === 'any'
          ? t('matching.anyType')
          : t(`dealCommon.purchaseType.${type}`, { defaultValue: type });
    }
    case 'yearBuilt':
      return String(value);
    default:
      return formatNumber(value as number, lang);
  }
}

export function reasonText(t: TFunction, lang: string, reason: MatchReason): string {
  const limit = show(t, lang, reason, reason.limit, false);
  return reason.met === null
    ? t('matching.detail.unknown', { criterion: t(`matching.criteria.${reason.criterion}`), limit })
    : t(`matching.detail.${reason.criterion}`, { deal: show(t, lang, reason, reason.deal, true), limit });
}

const ICONS = {
  met: { Icon: Check, tone: 'text-emerald-700', label: 'matching.met' },
  missed: { Icon: X, tone: 'text-red-700', label: 'matching.missed' },
  unknown: { Icon: CircleHelp, tone: 'text-slate-600', label: 'matching.unknown' },
} as const;

/**
 * "How this deal fits you": the score and each criterion of the buyer's preferences or buy box,
 * met, missed or unknown, with the deal's figure and the buyer's limit.
 */
export function MatchReasons({ match }: { match: Match }) {
  const { t, i18n } = useTranslation();
  const ready = useLocaleSection('trust');
  if (!ready) return null;
  return (
    <DetailSection title={t('matching.title')}>
      <p className="mb-3 font-semibold text-ink" data-testid="match-summary">
        {match.matches
          ? t('matching.fits', { score: match.score })
          : t('matching.partial', { score: match.score })}
      </p>
      <ul className="grid gap-2" data-testid="match-reasons">
        {match.reasons.map((reason) => {
          const state = reason.met === true ? 'met' : reason.met === false ? 'missed' : 'unknown';
          const { Icon, tone, label } = ICONS[state];
          return (
            <li key={reason.criterion} className="flex items-start gap-2">
              <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
              <span>
                <span className="sr-only">{t(label)}: </span>
                {reasonText(t, i18n.language, reason)}
              </span>
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}
