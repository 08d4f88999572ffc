import { Home } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { cardAddress, placeOf } from '@/lib/address';
import { CARD_PHOTO_SIZES, type Card } from '@/lib/deals';
import { FavoriteButton } from './favorite-button';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';
import { StatusBadge, TagBadge } from '@/components/deals/status-badge';
import { MatchBadge } from './match-badge';
import { TermsVerifiedBadge } from './terms-verified-badge';

/** The kind of deal: its purchase type for creative deals, else its category. */
export function kindOf(t: TFunction, deal: Pick<Card, 'category' | 'purchaseType'>): string {
  return deal.category === 'creative' && deal.purchaseType
    ? t(`dealCommon.purchaseType.${deal.purchaseType}`)
    : t(`dealCommon.category.${deal.category}`);
}

/**
 * The head of a deal's card (the browse list's, the map's): the price, named for screen readers,
 * then the kind of deal and of property.
 */
export function PriceAndKind({
  deal,
  priceClassName,
}: {
  deal: Pick<Card, 'purchasePrice' | 'category' | 'purchaseType' | 'propertyType'>;
  priceClassName: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className={priceClassName}>
        <span className="sr-only">{t('dealsBrowse.cardPrice')} </span>
        {formatMoney(deal.purchasePrice, i18n.language)}
      </p>
      <p className="text-sm font-medium text-brand-800">
        {kindOf(t, deal)} · {t(`dealCommon.propertyType.${deal.propertyType}`)}
      </p>
    </>
  );
}

/**
 * One deal of the browse list: the cover (or a placeholder), the price, the address, the key terms,
 * the system tags and the status. The whole card opens the deal; the heart saves it.
 */
export function DealCard({
  deal,
  showFavorite,
  linkState,
  priority = false,
}: {
  deal: Card;
  showFavorite: boolean;
  /** The first card of a list: its photo is likely the largest thing on screen, so it loads first. */
  priority?: boolean;
  /** Kept on the link so that the detail's "Back to deals" returns to the same filters. */
  linkState?: unknown;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const lang = i18n.language;
  const terms: [string, string][] = [];
  if (deal.entryFee !== null) terms.push([t('dealCommon.entryFee'), formatMoney(deal.entryFee, lang)]);
  if (deal.interestRate !== null) terms.push([t('dealCommon.rate'), formatRate(deal.interestRate, lang)]);
  terms.push([t('dealCommon.beds'), formatNumber(deal.bedrooms, lang)]);
  terms.push([t('dealCommon.baths'), formatNumber(deal.bathrooms, lang)]);
  if (deal.squareFootage !== null) terms.push([t('dealCommon.sqft'), formatNumber(deal.squareFootage, lang)]);

  return (
    <article
      aria-labelledby={headingId}
      className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:border-brand-700"
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        {deal.coverPhoto ? (
          <img
            src={deal.coverPhoto.url}
            srcSet={deal.coverPhoto.srcSet}
            sizes={CARD_PHOTO_SIZES}
            width={deal.coverPhoto.width}
            height={deal.coverPhoto.height}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-600">
            <Home aria-hidden className="size-10" />
            <span className="text-xs">{t('dealCommon.noPhoto')}</span>
          </div>
        )}
        <StatusBadge status={deal.status} className="absolute top-2 left-2 shadow-sm" />
        {showFavorite && (
          <FavoriteButton
            dealId={deal.id}
            isFavorite={deal.isFavorite}
            className="absolute top-2 right-2 z-10"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <PriceAndKind deal={deal} priceClassName="text-2xl font-bold text-ink" />
          {(deal.termsVerified || deal.match) && (
            <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
              <MatchBadge match={deal.match} />
              <TermsVerifiedBadge termsVerified={deal.termsVerified} />
            </div>
          )}
        </div>
        <h3 id={headingId} className="leading-snug font-semibold">
          <Link
            to={`/deals/${deal.id}`}
            state={linkState}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
          >
            <span className="block">{cardAddress(t, deal)}</span>
            <span className="block text-sm font-normal text-slate-600">{placeOf(t, deal)}</span>
          </Link>
        </h3>
        <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
          {terms.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="truncate text-xs text-slate-600">{label}</dt>
              <dd className="truncate font-semibold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        {deal.systemTags.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5" aria-label={t('dealDetail.systemTags')}>
            {deal.systemTags.map((tag) => (
              <li key={tag}>
                <TagBadge tag={tag} system />
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** The grey shape of a card while the list loads. */
export function DealCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      <div className="aspect-[4/3] bg-slate-200" />
      <div className="grid gap-3 p-4">
        <div className="h-7 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="grid grid-cols-3 gap-3">
          <div className="h-8 rounded bg-slate-200" />
          <div className="h-8 rounded bg-slate-200" />
          <div className="h-8 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
