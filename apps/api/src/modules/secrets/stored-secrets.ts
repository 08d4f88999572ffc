/**
 * `npm run secrets:rotate` (decision 018): seals every stored secret (the webhook secrets and the
 * identity provider's private signing keys) with the current key. Each feature seals and opens its
 * own secrets; this module only runs their reseal passes together, so neither feature imports the
 * other (start-up, the hourly pass and the command all call it).
 *
 * With `SECRETS_KEY` the operator has already made the new key current and listed the old one in
 * `SECRETS_KEY_PREVIOUS`; this reseals now instead of at the next hourly pass, and says when the old
 * key can go. With the key file (no `SECRETS_KEY`) it makes the new key itself: the file first holds
 * the new key and the old ones, so a crash half-way loses nothing; once every secret is resealed the
 * old keys are dropped from it.
 */
import type { Db } from '../../db/client';
import {
  newSecretKeyText,
  openSecretBox,
  parseSecretKey,
  readOrCreateKeyFile,
  SecretBox,
  writeKeyFile,
  type ResealResult,
  type SecretsSettings,
} from '../../lib/secret-box';
import { resealSigningKeys } from '../identity';
import { resealWebhookSecrets } from '../webhooks';

/** What sealing every stored secret with the current key did, by kind. */
export interface StoredSecretsResealed {
  webhookSecrets: ResealResult;
  /** The identity provider's private signing keys. */
  signingKeys: ResealResult;
}

/**
 * Seals every stored secret that is plain text or sealed with an older key: at start-up, hourly and
 * from the rotation command. Idempotent and safe on several instances at once.
 */
export async function resealStoredSecrets(db: Db, box: SecretBox): Promise<StoredSecretsResealed> {
  return {
    webhookSecrets: await resealWebhookSecrets(db, box),
    signingKeys: await resealSigningKeys(db, box),
  };
}

export interface RotationReport extends StoredSecretsResealed {
  /** `env`: SECRETS_KEY; `file`: the key file, where a new key was made. */
  source: 'env' | 'file';
  keyId: string;
}

/** Secrets no configured key opens: left as they are (and, with the key file, its old keys kept). */
export const unreadableCount = (resealed: StoredSecretsResealed) =>
  resealed.webhookSecrets.unreadable + resealed.signingKeys.unreadable;

export async function rotateSecretsKey(db: Db, settings: SecretsSettings): Promise<RotationReport> {
  if (settings.keys.length) {
    // With the keys of a key file left from before SECRETS_KEY, which still open what they sealed.
    const box = openSecretBox(settings, 'production');
    return { source: 'env', keyId: box.currentKeyId, ...(await resealStoredSecrets(db, box)) };
  }
  const old = readOrCreateKeyFile(settings.keyFile);
  const fresh = parseSecretKey(newSecretKeyText())!;
  writeKeyFile(settings.keyFile, [fresh, ...old]);
  const box = new SecretBox([fresh, ...old]);
  const resealed = await resealStoredSecrets(db, box);
  if (!unreadableCount(resealed)) writeKeyFile(settings.keyFile, [fresh]);
  return { source: 'file', keyId: box.currentKeyId, ...resealed };
}
