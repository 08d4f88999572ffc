/**
 * The buyer map's patterns without schemas, so that the map screens do not load zod (the schemas
 * are in analytics.ts, which re-exports these).
 */

/** A region of the buyer map: the first three digits its ZIP codes share ("787"). */
export const REGION_PATTERN = /^\d{3}$/;
