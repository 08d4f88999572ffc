/** The public entry of modules/identity: what other modules may import from it. */
export { registerWithInvitation } from './actions';
export { type AuthenticatedUser } from './authenticated-user';
export { CognitoError } from './cognito-error';
export { identityContext } from './context';
export { DEMO_PASSWORD, demoAccountsSeed } from './demo-accounts';
export { createDirectoryUser, type NewDirectoryUser } from './directory';
export { installationKey } from './installation-key';
export { keyResolver } from './key-resolver';
export {
  activeSigningKey,
  generateSigningKeyPair,
  IdentityKeysUnavailableError,
  resealSigningKeys,
  rotateSigningKey,
  signingKeysProblem,
  type SigningKeyPair,
  takeSigningKeyPairsFrom,
  unopenableSigningKeys,
} from './keys';
export { resealMfaSecrets, unopenableMfaSecrets } from './mfa';
export {
  cognitoMfaAdmin,
  MFA_JOIN,
  type MfaAdmin,
  mfaAdminFor,
  mfaEnabledOf,
  registerMfaJoin,
} from './mfa-admin';
export { assertPasswordPolicy, checkPassword, hashPassword, passwordRefusal } from './passwords';
export { callUserPool } from './user-pool-client';
