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
  resealSigningKeys,
  rotateSigningKey,
  type SigningKeyPair,
  takeSigningKeyPairsFrom,
} from './keys';
export { checkPassword, hashPassword } from './passwords';
export { callUserPool } from './user-pool-client';
