/** The public entry of modules/audit: what other modules may import from it. */
export { listAdminActions, recordAdminAction, recordModeration } from './audit';
