/**
 * Saved searches (DECISIONS.md, Matching and alerts; issue 13): a buyer names the current `/deals`
 * filters and picks how often it alerts. The name and frequency schema is the dialog's form and the
 * API's; the filters are read by the list's own schema (`deal-filters.ts`). Messages are locale keys.
 */
import { z } from 'zod';
import type { SavedDealFilters } from './deal-filters';
import { SEARCH_FREQUENCIES, type SearchFrequency } from './preferences';

export const SAVED_SEARCH_NAME_MAX = 80;
/** Saved searches per buyer: enough to watch a few markets, few enough that alerts stay readable. */
export const MAX_SAVED_SEARCHES = 20;

export const savedSearchFormSchema = z
  .object({
    name: z
      .string({ error: 'savedSearches.validation.name' })
      .trim()
      .min(1, 'savedSearches.validation.name')
      .max(SAVED_SEARCH_NAME_MAX, 'savedSearches.validation.name'),
    frequency: z.enum(SEARCH_FREQUENCIES, { error: 'preferences.validation.frequency' }),
  })
  .strict();
export type SavedSearchForm = z.output<typeof savedSearchFormSchema>;

/** `GET /api/saved-searches` items and the answer of `POST`. */
export interface SavedSearch {
  id: string;
  name: string;
  filters: SavedDealFilters;
  frequency: SearchFrequency;
  createdAt: string;
}
