/** The public entry of modules/deals: what other modules may import from it. */
export { ALERT_FAN_OUT_JOB, enqueueAlertFanOut } from './alert-fan-out';
export { demoDealsSeed } from './demo-deals';
export { placeFor } from './place';
export { createDeal, dealCards, endExclusivity } from './service';
export {
  isPriorityBuyer,
  managesDeal,
  ON_THE_MARKET,
  seesAddress,
  type Viewer,
  viewerOf,
  visibleTo,
} from './visibility';
