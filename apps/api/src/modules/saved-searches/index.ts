/** The public entry of modules/saved-searches: what other modules may import from it. */
export { savedSearchesMatchingDeal } from './match';
export { createSavedSearch } from './service';
