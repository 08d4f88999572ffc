/**
 * How a saved search's filters read ("Austin, TX · Up to $500K · 3+ bedrooms") and where they lead
 * (`/deals` with those filters in its URL, as the browse list keeps them).
 */
import type { TFunction } from 'i18next';
import type { SavedDealFilters } from '@dealclub/shared/deal-filters';
import { withFilters } from './browse-filters';
import { formatCompactMoney } from './format';
import { SAVED_SEARCH_NAME_MAX } from '@dealclub/shared/saved-search-rules';

/** Each filter as a short phrase in the reader's language, the place first. */
export function filterSummary(t: TFunction, filters: SavedDealFilters, language: string): string[] {
  const parts: string[] = [];
  const place = filters.city
    ? filters.state
      ? `${filters.city}, ${filters.state}`
      : filters.city
    : filters.state
      ? t(`states.${filters.state}`, { defaultValue: filters.state })
      : null;
  if (place) parts.push(place);
  if (filters.zipCode) parts.push(t('savedSearches.summary.zipCode', { zipCode: filters.zipCode }));
  if (filters.q) parts.push(t('savedSearches.summary.query', { q: filters.q }));
  if (filters.maxPrice) {
    parts.push(t('dealsBrowse.upTo', { amount: formatCompactMoney(filters.maxPrice, language) }));
  }
  if (filters.minBedrooms) parts.push(t('savedSearches.summary.bedrooms', { count: filters.minBedrooms }));
  if (filters.minBathrooms) {
    parts.push(t('savedSearches.summary.bathrooms', { count: filters.minBathrooms }));
  }
  if (filters.category) parts.push(t(`dealCommon.category.${filters.category}`));
  if (filters.purchaseType) parts.push(t(`dealCommon.purchaseType.${filters.purchaseType}`));
  if (filters.propertyType) parts.push(t(`dealCommon.propertyType.${filters.propertyType}`));
  for (const tag of filters.tags ?? []) parts.push(t(`dealCommon.tag.${tag}`, { defaultValue: tag }));
  if (filters.verified) parts.push(t('verification.filter'));
  if (filters.sort && filters.sort !== 'newest') {
    parts.push(t('savedSearches.summary.sort', { sort: t(`dealsBrowse.sorts.${filters.sort}`) }));
  }
  return parts;
}

/** A name to start from: the first phrases of the summary. */
export function suggestedName(summary: readonly string[]): string {
  return summary.slice(0, 3).join(' · ').slice(0, SAVED_SEARCH_NAME_MAX);
}

/** `/deals` showing the deals of these filters. */
export function dealsPathOf(filters: SavedDealFilters): string {
  const query = withFilters(new URLSearchParams(), filters).toString();
  return query ? `/deals?${query}` : '/deals';
}
