/** The public entry of modules/invitations: what other modules may import from it. */
export { claimInvitation, createInvitation, InvitationError } from './claim-invitation';
