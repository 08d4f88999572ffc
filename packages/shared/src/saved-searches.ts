/**
 * Saved searches (DECISIONS.md, Matching and alerts; issue 13): a buyer names the current `/deals`
 * filters and picks how often it alerts. The name and frequency schema is the dialog's form and the
 * API's; the filters are read by the list's own schema (`deal-filters.ts`). Messages are locale keys.
 */
import { z } from 'zod';
import { SEARCH_FREQUENCIES } from './preferences-rules';
import { SAVED_SEARCH_NAME_MAX } from './saved-search-rules';

export * from './saved-search-rules';

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
