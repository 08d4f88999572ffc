/** The public entry of modules/verifications: what other modules may import from it. */
export { LAPSE_BATCH, lapseEditedVerification, lapseExpiredVerifications } from './service';
