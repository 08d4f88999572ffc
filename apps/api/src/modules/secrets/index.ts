/** The public entry of modules/secrets: what other modules may import from it. */
export { resealStoredSecrets, rotateSecretsKey, unreadableCount } from './stored-secrets';
