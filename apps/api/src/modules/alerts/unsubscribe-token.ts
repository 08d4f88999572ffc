/**
 * The one-click unsubscribe link of every alert e-mail (DECISIONS.md, Matching and alerts):
 * `<user id>.<HMAC-SHA256 of it>`, no sign-in, no expiry (an old e-mail's link must keep working).
 *
 * The key is derived from the installation's first identity signing key, which lives in the
 * database: every instance shares it and it survives restarts. The configuration's only secret
 * (`PUSHER_SECRET`) is made afresh at each start when unset, which would break every link already
 * sent. Rotating the signing key does not change the first key, so links keep working.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identitySigningKeys } from '../../db/schema';
import { activeSigningKey } from '../identity/keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

async function firstSigningKey(db: Db) {
  const [row] = await db
    .select({ privateJwk: identitySigningKeys.privateJwk })
    .from(identitySigningKeys)
    .orderBy(asc(identitySigningKeys.createdAt))
    .limit(1);
  return row;
}

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The HMAC key of unsubscribe links (read once per database: the first signing key never changes). */
export function unsubscribeKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = deriveKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function deriveKey(db: Db): Promise<Buffer> {
  let row = await firstSigningKey(db);
  if (!row) {
    await activeSigningKey(db);
    row = await firstSigningKey(db);
  }
  const d = (row!.privateJwk as { d?: string }).d;
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
