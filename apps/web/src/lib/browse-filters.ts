/**
 * The browse filters live in the URL (`/deals?maxPrice=1000000&tags=off-market,wholesale&sort=…`)
 * so that a reload or the back button keeps them. Values the API would refuse are ignored.
 */
import {
  BUDGET_CAPS,
  CATEGORIES,
  FIXED_TAGS,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
  ROOM_MINIMUMS,
  SYSTEM_TAGS,
} from '@dealclub/shared/deal-rules';
import type { DealListSort, SavedDealFilters } from '@dealclub/shared/deal-filters';
import { US_STATES, ZIP_PATTERN } from '@dealclub/shared/geo-rules';

/** The browse filters as the API takes them (all optional): those a saved search keeps. */
export type DealFilters = SavedDealFilters;
export type DealSort = DealListSort;

/** The list's sorts, in the order the sort menu offers them. */
export const DEAL_SORTS = [
  'newest',
  'match',
  'price-asc',
  'price-desc',
  'entry-fee-asc',
] as const satisfies readonly DealSort[];

export const FILTER_KEYS = [
  'q',
  'maxPrice',
  'minBedrooms',
  'minBathrooms',
  'category',
  'purchaseType',
  'propertyType',
  'state',
  'city',
  'zipCode',
  'tags',
  'verified',
  'sort',
] as const satisfies readonly (keyof DealFilters)[];

export const BROWSE_TAGS: readonly string[] = [...FIXED_TAGS, ...SYSTEM_TAGS];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const numberIn = (values: readonly number[], value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && values.includes(n) ? n : undefined;
};

const text = (value: string | null, max: number): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** The filters of a URL query; anything unknown or malformed is left out. */
export function parseFilters(params: URLSearchParams): DealFilters {
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag, i, all) => BROWSE_TAGS.includes(tag) && all.indexOf(tag) === i);
  const zip = params.get('zipCode')?.trim();
  const filters: DealFilters = {
    q: text(params.get('q'), 100),
    maxPrice: numberIn(BUDGET_CAPS, params.get('maxPrice')),
    minBedrooms: numberIn(ROOM_MINIMUMS, params.get('minBedrooms')),
    minBathrooms: numberIn(ROOM_MINIMUMS, params.get('minBathrooms')),
    category: oneOf(CATEGORIES, params.get('category')),
    purchaseType: oneOf(PURCHASE_TYPES, params.get('purchaseType')),
    propertyType: oneOf(PROPERTY_TYPES, params.get('propertyType')),
    state: oneOf(US_STATES, params.get('state')?.toUpperCase() ?? null),
    city: text(params.get('city'), 80),
    zipCode: zip && ZIP_PATTERN.test(zip) ? zip : undefined,
    tags: tags.length ? tags : undefined,
    verified: params.get('verified') === 'true' ? true : undefined,
    sort: oneOf<DealSort>(DEAL_SORTS, params.get('sort')),
  };
  // Drop the empty entries so that equal filters make equal query keys.
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as DealFilters;
}

/** Whether any filter (the sort aside) narrows the list. */
export function hasFilters(filters: DealFilters): boolean {
  return FILTER_KEYS.some((key) => key !== 'sort' && filters[key] !== undefined);
}

/**
 * The URL query with some filters changed: `undefined` or '' removes a filter. Other parameters
 * (such as `view`) are kept.
 */
export function withFilters(params: URLSearchParams, patch: Partial<DealFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const serialized = Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value);
    if (serialized === '' || (key === 'sort' && serialized === 'newest')) next.delete(key);
    else next.set(key, serialized);
  }
  return next;
}

/** The URL query without any filter (the view is kept). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) if (key !== 'sort') next.delete(key);
  return next;
}
