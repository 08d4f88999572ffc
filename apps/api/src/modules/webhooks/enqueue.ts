/**
 * Records an offer-webhook event for a seller (DECISIONS.md, Offer webhook): when their webhook is
 * enabled, a delivery row with the event's payload and a `webhook.deliver` job, both in the caller's
 * transaction, so the event is sent if and only if what caused it commits.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, webhookDeliveries } from '../../db/schema';
import { enqueueJob } from '../jobs/queue';

export const WEBHOOK_JOB = 'webhook.deliver';
export type WebhookEvent = 'offer.submitted' | 'offer.accepted' | 'webhook.test';

/** Attempts of one delivery: enough for the backoff to span 24 hours; the handler stops at 24 h. */
export const WEBHOOK_MAX_ATTEMPTS = 40;

/** The JSON body every delivery posts: an event id, its type, when it happened and its data. */
export function webhookBody(event: WebhookEvent, data: Record<string, unknown>, at = new Date()) {
  return { id: randomUUID(), type: event, createdAt: at.toISOString(), data };
}

/** Queues the event for `userId` if their webhook is on; returns the delivery id, or null. */
export async function enqueueWebhookEvent(
  db: Db,
  userId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<string | null> {
  const [owner] = await db
    .select({ url: users.offerWebhookUrl, enabled: users.offerWebhookEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner?.enabled || !owner.url) return null;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ userId, event, payload: webhookBody(event, data) })
    .returning({ id: webhookDeliveries.id });
  await enqueueJob(db, {
    type: WEBHOOK_JOB,
    payload: { deliveryId: delivery!.id },
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  return delivery!.id;
}
