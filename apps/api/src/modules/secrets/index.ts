/** The public entry of modules/secrets: what other modules may import from it. */
export {
  checkStoredSecrets,
  resealStoredSecrets,
  rotateSecretsKey,
  UnopenableSecretsError,
  unreadableCount,
} from './stored-secrets';
