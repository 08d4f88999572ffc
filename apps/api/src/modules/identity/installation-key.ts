/**
 * Keys for the installation's own HMACs (the alert unsubscribe links, the help centre's voter
 * hashes), each derived for one purpose from the installation's first identity signing key. That
 * key lives in the database: every instance shares it and restarts keep it, where the
 * configuration's only secret (`PUSHER_SECRET`) may be made afresh at each start. Rotating the
 * signing key does not change the first key, and resealing it under a new secrets key (decision
 * 018) does not change it either, so what was signed with a derived key stays valid.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { activeSigningKey, firstPrivateJwk } from './keys';

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/** The key of `purpose` (e.g. `dealclub/alerts-unsubscribe/v1`), read once per database. */
export function installationKey(db: Db, secrets: SecretBox, purpose: string): Promise<Buffer> {
  let byPurpose = keys.get(db);
  if (!byPurpose) {
    byPurpose = new Map();
    keys.set(db, byPurpose);
  }
  let key = byPurpose.get(purpose);
  if (!key) {
    key = deriveKey(db, secrets, purpose);
    byPurpose.set(purpose, key);
    key.catch(() => byPurpose.delete(purpose));
  }
  return key;
}

async function deriveKey(db: Db, secrets: SecretBox, purpose: string): Promise<Buffer> {
  let jwk = await firstPrivateJwk(db, secrets);
  if (!jwk) {
    await activeSigningKey(db, secrets);
    jwk = await firstPrivateJwk(db, secrets);
  }
  const d = jwk?.d;
  if (!d) throw new Error('the first identity signing key has no private part');
  return createHash('sha256').update(`${purpose}\n`).update(d).digest();
}
