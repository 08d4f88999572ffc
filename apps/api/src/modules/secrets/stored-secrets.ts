/**
 * `npm run secrets:rotate` (decision 018): seals every stored secret (the webhook secrets and the
 * identity provider's private signing keys, the authenticator secrets) with the current key. Each feature seals and opens its
 * own secrets; this module only runs their reseal passes together, so neither feature imports the
 * other (start-up, the hourly pass and the command all call it).
 *
 * With `SECRETS_KEY` the operator has already made the new key current and listed the old one in
 * `SECRETS_KEY_PREVIOUS`; this reseals now instead of at the next hourly pass, and says when the old
 * key can go. With the key file (no `SECRETS_KEY`) it makes the new key itself: the file first holds
 * the new key and the old ones, so a crash half-way loses nothing; once every secret is resealed the
 * old keys are dropped from it.
 *
 * At start-up, after resealing, `checkStoredSecrets` opens the stored secrets the server needs
 * from the start: one that does not open stops the start, named, instead of a server that starts
 * and then fails every sign-in (issue 29).
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
  type UnopenableSecret,
} from '../../lib/secret-box';
import {
  resealMfaSecrets,
  resealSigningKeys,
  unopenableMfaSecrets,
  unopenableSigningKeys,
} from '../identity';
import { resealWebhookSecrets, unopenableWebhookSecrets } from '../webhooks';

/** What sealing every stored secret with the current key did, by kind. */
export interface StoredSecretsResealed {
  webhookSecrets: ResealResult;
  /** The identity provider's private signing keys. */
  signingKeys: ResealResult;
  /** The authenticator-app secrets of two-step sign-in. */
  mfaSecrets: ResealResult;
}

/**
 * Seals every stored secret that is plain text or sealed with an older key: at start-up, hourly and
 * from the rotation command. Idempotent and safe on several instances at once.
 */
export async function resealStoredSecrets(db: Db, box: SecretBox): Promise<StoredSecretsResealed> {
  return {
    webhookSecrets: await resealWebhookSecrets(db, box),
    signingKeys: await resealSigningKeys(db, box),
    mfaSecrets: await resealMfaSecrets(db, box),
  };
}

/** The stored secrets listed in the start-up message; the rest are counted. */
const LISTED = 5;

/** Stored secrets that no configured key opens: the server does not start. */
export class UnopenableSecretsError extends Error {
  constructor(readonly secrets: UnopenableSecret[]) {
    const more = secrets.length - LISTED;
    super(
      [
        `${secrets.length} stored secret(s) do not open with the configured secrets keys:`,
        ...secrets.slice(0, LISTED).map(({ name, problem }) => `  - ${name}: ${problem}`),
        ...(more > 0 ? [`  - and ${more} more`] : []),
        'Set SECRETS_KEY to the key that sealed them, the same on every instance of this database (during a rotation, the old key in SECRETS_KEY_PREVIOUS). If that key is lost, see "A lost secrets key" in the README.',
      ].join('\n'),
    );
    this.name = 'UnopenableSecretsError';
  }
}

/**
 * Opens the identity signing keys and the webhook secrets with `box`; throws UnopenableSecretsError
 * naming those that do not open.
 */
export async function checkStoredSecrets(db: Db, box: SecretBox): Promise<void> {
  const unopenable = [
    ...(await unopenableSigningKeys(db, box)),
    ...(await unopenableWebhookSecrets(db, box)),
    ...(await unopenableMfaSecrets(db, box)),
  ];
  if (unopenable.length) throw new UnopenableSecretsError(unopenable);
}

export interface RotationReport extends StoredSecretsResealed {
  /** `env`: SECRETS_KEY; `file`: the key file, where a new key was made. */
  source: 'env' | 'file';
  keyId: string;
}

/** Secrets no configured key opens: left as they are (and, with the key file, its old keys kept). */
export const unreadableCount = (resealed: StoredSecretsResealed) =>
  resealed.webhookSecrets.unreadable + resealed.signingKeys.unreadable + resealed.mfaSecrets.unreadable;

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
