/**
 * `npm run secrets:rotate` (decision 018): seals every stored webhook secret with the current key.
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
  type SecretsSettings,
} from '../../lib/secret-box';
import { resealWebhookSecrets } from './webhook-secrets';

export interface RotationReport {
  /** `env`: SECRETS_KEY; `file`: the key file, where a new key was made. */
  source: 'env' | 'file';
  keyId: string;
  resealed: number;
  /** Secrets no configured key opens: left as they are (and, with the key file, its old keys kept). */
  unreadable: number;
}

export async function rotateSecretsKey(db: Db, settings: SecretsSettings): Promise<RotationReport> {
  if (settings.keys.length) {
    // With the keys of a key file left from before SECRETS_KEY, which still open what they sealed.
    const box = openSecretBox(settings, 'production');
    const { resealed, unreadable } = await resealWebhookSecrets(db, box);
    return { source: 'env', keyId: box.currentKeyId, resealed, unreadable };
  }
  const old = readOrCreateKeyFile(settings.keyFile);
  const fresh = parseSecretKey(newSecretKeyText())!;
  writeKeyFile(settings.keyFile, [fresh, ...old]);
  const box = new SecretBox([fresh, ...old]);
  const { resealed, unreadable } = await resealWebhookSecrets(db, box);
  if (!unreadable) writeKeyFile(settings.keyFile, [fresh]);
  return { source: 'file', keyId: box.currentKeyId, resealed, unreadable };
}
