/**
 * The one-click unsubscribe link of every alert e-mail (DECISIONS.md, Matching and alerts):
 * `<user id>.<HMAC-SHA256 of it>`, no sign-in, no expiry (an old e-mail's link must keep working).
 *
 * The key is derived from the installation's first identity signing key (`installationKey`), so
 * every instance shares it and links already sent keep working across restarts, key rotations and
 * reseals.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { installationKey } from '../identity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The HMAC key of unsubscribe links (read once per database: the first signing key never changes). */
export function unsubscribeKey(db: Db, secrets: SecretBox): Promise<Buffer> {
  return installationKey(db, secrets, 'dealclub/alerts-unsubscribe/v1');
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
