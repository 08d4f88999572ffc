/** The public entry of modules/matching: what other modules may import from it. */
export { matchDealOf, matchDealOfRow } from './deal-facts';
export {
  buyBoxOf,
  countMatchingBuyers,
  type MatchedBuyer,
  matchingBuyerPage,
  matchingBuyers,
  preferencesOf,
} from './fan-out';
export { buyBoxAdmits, dealColumns, preferencesAdmit } from './match-sql';
export {
  MATCH_PROFILE_JOIN,
  matchOfDeal,
  matchOut,
  matchProfileFrom,
  matchProfileFromJson,
  matchProfileOf,
  matchProfileSql,
} from './profile';
export { FIT_RANK, FITS_RANK, matchFitSql, matchRankSql } from './rank-sql';
