/**
 * Saved searches (issue 13) without the dialog's schema: the limits and the list's items. Kept apart
 * from `saved-searches.ts` (zod) so that the lists of saved searches do not load zod.
 */
import type { SavedDealFilters } from './deal-filters';
import type { SearchFrequency } from './preferences-rules';

export const SAVED_SEARCH_NAME_MAX = 80;
/** Saved searches per buyer: enough to watch a few markets, few enough that alerts stay readable. */
export const MAX_SAVED_SEARCHES = 20;

/** `GET /api/saved-searches` items and the answer of `POST`. */
export interface SavedSearch {
  id: string;
  name: string;
  filters: SavedDealFilters;
  frequency: SearchFrequency;
  createdAt: string;
}
