/**
 * The one-click unsubscribe link of every alert e-mail (DECISIONS.md, Matching and alerts):
 * `<user id>.<HMAC-SHA256 of it>`, no sign-in, no expiry (an old e-mail's link must keep working).
 *
 * The key is derived from the installation's first identity signing key, which lives in the
 * database: every instance shares it and it survives restarts. The configuration's only secret
 * (`PUSHER_SECRET`) is made afresh at each start when unset, which would break every link already
 * sent. Rotating the signing key does not change the first key, so links keep working. The key is
 * stored sealed (decision 018): it is opened with the server's secrets key first, and resealing it
 * under a new secrets key does not change it either.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { activeSigningKey, firstPrivateJwk } from '../identity/keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The HMAC key of unsubscribe links (read once per database: the first signing key never changes). */
export function unsubscribeKey(db: Db, secrets: SecretBox): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = deriveKey(db, secrets);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function deriveKey(db: Db, secrets: SecretBox): Promise<Buffer> {
  let jwk = await firstPrivateJwk(db, secrets);
  if (!jwk) {
    await activeSigningKey(db, secrets);
    jwk = await firstPrivateJwk(db, secrets);
  }
  const d = jwk?.d;
  if (!d) throw new Error('the first identity signing key has no private part');
  return createHash('sha256').update('dealclub/alerts-unsubscribe/v1\n').update(d).digest();
}

const signatureOf = (key: Buffer, userId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');

export function unsubscribeToken(key: Buffer, userId: string): string {
  return `${userId}.${signatureOf(key, userId)}`;
}

/** The user id a token was made for; null when it is malformed or its signature is not ours. */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const [userId, signature, ...rest] = token.split('.');
  if (rest.length || !userId || !signature || !UUID.test(userId) || !SIGNATURE.test(signature)) return null;
  const expected = Buffer.from(signatureOf(key, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}
