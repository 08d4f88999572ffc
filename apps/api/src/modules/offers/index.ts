/** The public entry of modules/offers: what other modules may import from it. */
export { COUNTER_EXPIRY_JOB, counterExpiryHandler, counterOffer } from './counters';
export { changeDealStatus } from './deal-status';
export { eventsSql, latestCounterSql, trailFromJson } from './offer-history';
export { myInterests, myOffers } from './queries';
export { engagementSql, expressInterest, interestOf, offerEventData, offerOf, submitOffer } from './service';
