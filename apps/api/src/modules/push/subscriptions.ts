/**
 * A user's Web Push subscriptions, one row per endpoint. Subscribing an endpoint that is already
 * stored binds it to the caller with the new keys: an endpoint belongs to one browser profile, and
 * whoever is signed in there now is who its messages are for. A user keeps at most
 * `MAX_PUSH_SUBSCRIPTIONS`; the oldest are dropped.
 */
import { ECDH } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionInput } from '@dealclub/shared/push';
import type { PushConfig } from '../../config';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { checkPushEndpoint } from './endpoint-policy';

/** Stored unpadded, as browsers send them and web-push expects them. */
const unpadded = (key: string) => key.replace(/=+$/, '');

/** Whether the key is a point on P-256 (the length alone lets through keys no browser made). */
function isP256Point(key: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(key, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

function validate(input: PushSubscriptionInput, push: PushConfig) {
  if (!checkPushEndpoint(new URL(input.endpoint), push).ok) {
    throw new AppError('VALIDATION_FAILED', undefined, [fieldError('endpoint', 'push.validation.endpoint')]);
  }
  if (!isP256Point(input.keys.p256dh)) {
    throw new AppError('VALIDATION_FAILED', undefined, [fieldError('keys.p256dh', 'push.validation.p256dh')]);
  }
}

export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  push: PushConfig,
): Promise<void> {
  validate(input, push);
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: unpadded(input.keys.p256dh),
    auth: unpadded(input.keys.auth),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // A renewed subscription counts as the newest.
        set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`now()` },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}

/** Forgets the caller's subscription at `endpoint`; another user's is left alone (and not revealed). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
