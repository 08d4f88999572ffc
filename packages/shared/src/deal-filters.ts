/**
 * The filters of the deal list (`GET /api/deals`, API.md) as one schema: the list reads its query
 * string with it and a saved search (DECISIONS.md, Matching and alerts) its filters, so that a saved
 * search alerts on exactly the deals the list showed when it was saved. Messages are locale keys.
 */
import { z } from 'zod';
import { CATEGORIES, PROPERTY_TYPES, PURCHASE_TYPES } from './deal-rules';
import { stateField, ZIP_PATTERN } from './geo';

export const DEAL_LIST_SORTS = ['newest', 'price-asc', 'price-desc', 'entry-fee-asc', 'match'] as const;
export type DealListSort = (typeof DEAL_LIST_SORTS)[number];

/** A comma-separated list of tag names. */
const tagList = z
  .string({ error: 'dealsBrowse.validation.tags' })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^[a-z-]{2,40}$/, 'dealsBrowse.validation.tags'))
      .max(20, 'dealsBrowse.validation.tags'),
  )
  .optional();

const rooms = z.coerce
  .number({ error: 'dealsBrowse.validation.rooms' })
  .min(0, 'dealsBrowse.validation.rooms')
  .max(100, 'dealsBrowse.validation.rooms')
  .optional();
/** Bedrooms are whole (bathrooms may be 2.5): the column is an integer. */
const bedrooms = z.coerce
  .number({ error: 'dealsBrowse.validation.bedrooms' })
  .int('dealsBrowse.validation.bedrooms')
  .min(0, 'dealsBrowse.validation.bedrooms')
  .max(100, 'dealsBrowse.validation.bedrooms')
  .optional();

/** The filters as a query string carries them (every value a string; tags comma-separated). */
export const dealFiltersQuery = z.object({
  maxPrice: z.coerce
    .number({ error: 'dealsBrowse.validation.maxPrice' })
    .int('dealsBrowse.validation.maxPrice')
    .positive('dealsBrowse.validation.maxPrice')
    // The prices are PostgreSQL integers: a larger bound is refused, not sent to the database.
    .max(2_147_483_647, 'dealsBrowse.validation.maxPrice')
    .optional(),
  minBedrooms: bedrooms,
  minBathrooms: rooms,
  category: z.enum(CATEGORIES, { error: 'dealsBrowse.validation.category' }).optional(),
  purchaseType: z.enum(PURCHASE_TYPES, { error: 'dealsBrowse.validation.purchaseType' }).optional(),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'dealsBrowse.validation.propertyType' }).optional(),
  state: stateField.optional(),
  city: z
    .string({ error: 'dealsBrowse.validation.city' })
    .trim()
    .min(1, 'dealsBrowse.validation.city')
    .max(80, 'dealsBrowse.validation.city')
    .optional(),
  zipCode: z.string({ error: 'geo.validation.zip' }).regex(ZIP_PATTERN, 'geo.validation.zip').optional(),
  tags: tagList,
  q: z
    .string({ error: 'dealsBrowse.validation.q' })
    .trim()
    .min(1, 'dealsBrowse.validation.q')
    .max(100, 'dealsBrowse.validation.q')
    .optional(),
  /** Only deals whose terms an admin verified (`true`; any other value is refused). */
  verified: z.enum(['true'], { error: 'dealsBrowse.validation.verified' }).optional(),
});

/** The names of the filters (the sort, which narrows nothing, aside). */
export const DEAL_FILTER_KEYS = Object.keys(
  dealFiltersQuery.shape,
) as (keyof typeof dealFiltersQuery.shape)[];

/** The filters as a saved search keeps them (and as the web app's `/deals` reads them from its URL). */
export interface SavedDealFilters {
  maxPrice?: number;
  minBedrooms?: number;
  minBathrooms?: number;
  category?: (typeof CATEGORIES)[number];
  purchaseType?: (typeof PURCHASE_TYPES)[number];
  propertyType?: (typeof PROPERTY_TYPES)[number];
  state?: string;
  city?: string;
  zipCode?: string;
  tags?: string[];
  q?: string;
  /** Only deals with verified terms (kept as true; absent otherwise). */
  verified?: boolean;
  sort?: DealListSort;
}

/** JSON values as a query string would carry them: lists comma-separated, numbers and booleans as text. */
function asQueryValues(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.join(',')
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : value,
    ]),
  );
}

/**
 * A saved search's filters: the list's filters and its sort, given as JSON (`tags` a list,
 * `verified` true) or as the query string has them, read by the list's own schema. Unknown names are
 * refused, and so is a search without any filter (it would alert on every deal).
 */
export const savedDealFiltersSchema = z.preprocess(
  asQueryValues,
  z
    .strictObject(
      {
        ...dealFiltersQuery.shape,
        sort: z.enum(DEAL_LIST_SORTS, { error: 'dealsBrowse.validation.sort' }).optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? 'dealsBrowse.validation.unknownFilter'
            : 'dealsBrowse.validation.filters',
      },
    )
    .transform((parsed): SavedDealFilters => {
      const { verified, tags, ...rest } = parsed;
      const filters: SavedDealFilters = {
        ...rest,
        ...(tags?.length ? { tags } : {}),
        ...(verified ? { verified: true as const } : {}),
      };
      return Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined),
      ) as SavedDealFilters;
    })
    .refine(
      // As the list reads them: no room minimum (0) narrows nothing either.
      (filters) => DEAL_FILTER_KEYS.some((key) => Boolean(filters[key])),
      'dealsBrowse.validation.noFilter',
    ),
);
