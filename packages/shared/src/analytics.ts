/**
 * Analytics (core §2, §3 Zip analytics; DECISIONS.md, Analytics and maps): the buyer map's filters
 * and the shapes the analytics calls answer (API.md). Messages are locale keys.
 */
import { z } from 'zod';
import { BUDGET_CAPS, ROOM_MINIMUMS } from './deal-rules';
import { REGION_PATTERN } from './analytics-rules';
import { ZIP_PATTERN } from './geo-rules';

export * from './analytics-rules';

/** Days of a deal's daily figures (DECISIONS.md: per day for 30 days), today (UTC) the last. */
export const DEAL_ANALYTICS_DAYS = 30;

/** Buyers the public ZIP analytics lists at most (its count and averages are of them all). */
export const ZIP_BUYER_LIST_MAX = 100;

/** One of a fixed list of numbers, as a query string carries it ("1000000"). */
function oneOf<T extends readonly number[]>(values: T, message: string) {
  return z.coerce
    .number({ error: message })
    .refine((v): v is T[number] => values.includes(v), message)
    .optional();
}

/**
 * The buyer map's filters (`GET /api/analytics/buyers`, core §9: budget caps 500K … 3M, bed and
 * bath minimums 1+ to 4+). They narrow the buyers by what their buyer preferences say: a budget cap
 * keeps those pre-approved for at most that amount, a minimum those who want at least that many
 * rooms; a buyer who left the figure empty is not known to fit, so a filter leaves them out. The
 * answer counts the buyers who stated no budget apart (`buyersWithoutBudget`), so a cap never drops
 * them silently. `zipCode` narrows the buyer list to one ZIP (the map's ZIPs stay all shown).
 */
export const buyerAnalyticsQuery = z.object({
  maxPrice: oneOf(BUDGET_CAPS, 'analytics.validation.maxPrice'),
  minBedrooms: oneOf(ROOM_MINIMUMS, 'analytics.validation.rooms'),
  minBathrooms: oneOf(ROOM_MINIMUMS, 'analytics.validation.rooms'),
  zipCode: z.string({ error: 'geo.validation.zip' }).regex(ZIP_PATTERN, 'geo.validation.zip').optional(),
  /** A region's ZIP codes (`zips` of the answer): the first three digits of its ZIP codes. */
  region: z
    .string({ error: 'analytics.validation.region' })
    .regex(REGION_PATTERN, 'analytics.validation.region')
    .optional(),
});
export type BuyerAnalyticsFilters = z.infer<typeof buyerAnalyticsQuery>;

export const DASHBOARD_MODES = ['buying', 'selling'] as const;
export type DashboardMode = (typeof DASHBOARD_MODES)[number];

/**
 * A buyer's name as the public ZIP analytics shows it (DECISIONS.md, People and access): the first
 * name and the initial of the last name ("Maria G."), nothing more.
 */
export function publicBuyerName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  if (!initial) return first;
  return first ? `${first} ${initial.toLocaleUpperCase('en-US')}.` : `${initial.toLocaleUpperCase('en-US')}.`;
}

/** A day's figures of a deal (`daily`), oldest first. */
export interface DealAnalyticsDay {
  date: string;
  views: number;
  favorites: number;
  interests: number;
  offers: number;
}

/** `GET /api/deals/{id}/analytics` */
export interface DealAnalytics {
  dealId: string;
  views: number;
  uniqueViewers: number;
  favorites: number;
  interests: number;
  offers: number;
  daily: DealAnalyticsDay[];
  /** People at each step: who viewed, saved, expressed interest, made an offer. */
  funnel: { view: number; favorite: number; interest: number; offer: number };
  /** The offers' purchase prices (cash deals) or entry fees (creative deals); nulls without offers. */
  offerRange: { basis: 'purchasePrice' | 'entryFee'; min: number | null; max: number | null };
  daysOnMarket: number;
  matchingBuyers: number;
}

/** `GET /api/analytics/zip-analytics/{zipCode}` (public). */
export interface ZipAnalytics {
  zipCode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  buyerCount: number;
  averageDownPayment: number | null;
  averageMonthlyPayment: number | null;
  lastUpdated: string | null;
  buyers: { name: string; maxMonthlyPayment: number | null; certified: boolean }[];
}

/** One ZIP of the buyer map (`GET /api/analytics/buyers`). */
export interface BuyerZip {
  zipCode: string;
  lat: number;
  lng: number;
  buyerCount: number;
  averageDownPayment: number | null;
  averageMonthlyPayment: number | null;
}

/**
 * A region of the buyer map (`GET /api/analytics/buyers`): the ZIP codes sharing their first three
 * digits, the unit of a national map too large to send ZIP by ZIP.
 */
export interface BuyerRegion {
  /** The three digits ("787"). */
  region: string;
  /** The centre of its ZIP codes, each weighed by its buyers. */
  lat: number;
  lng: number;
  /** Its ZIP codes that buyers name. */
  zipCount: number;
  /** Buyers naming any of its ZIP codes (each once). */
  buyerCount: number;
  averageDownPayment: number | null;
  averageMonthlyPayment: number | null;
}

/** One buyer of the buyer map's list (`GET /api/analytics/buyers`): names and budget, no contact data. */
export interface BuyerListItem {
  id: string;
  firstName: string;
  lastName: string;
  maxDownPayment: number | null;
  maxMonthlyPayment: number | null;
  certified: boolean;
}

/** `GET /api/analytics/buyers`: the map's ZIPs, its totals and a page of the buyer list. */
export interface BuyerMapAnswer {
  /**
   * Every ZIP of the map: on the first page of the whole list, when the map names at most the
   * server's `BUYER_MAP_ZIP_DETAIL_MAX` ZIP codes (1,000 by default); with `region`, that region's
   * ZIP codes; else null.
   */
  zips: BuyerZip[] | null;
  /** In place of `zips` on the first page of a larger map: its regions; else null. */
  regions: BuyerRegion[] | null;
  /** ZIP codes on the map (under the filters), however they are sent. */
  zipCount: number;
  /** Buyers on the map under the filters (each once). */
  totalBuyers: number;
  /**
   * Buyers who stated no budget (no pre-approval amount) among those the room filters keep: left
   * out by a budget cap (the cap is on the pre-approval amount), part of `totalBuyers` without one.
   */
  buyersWithoutBudget: number;
  lastUpdated: string | null;
  buyers: { items: BuyerListItem[]; nextCursor: string | null; total: number };
}

/** A market of the owners club (`GET /api/analytics/owners`): how many owners serve it, and its place. */
export interface OwnerMarket {
  state: string;
  city: string;
  /** The centroid of the city's ZIP codes; null when the reference data does not know the city. */
  lat: number | null;
  lng: number | null;
  owners: number;
}
