/**
 * Records an offer-webhook event for a seller (DECISIONS.md, Offer webhook): when their webhook is
 * enabled, a delivery row with the event's payload and a `webhook.deliver` job, both in the caller's
 * transaction, so the event is sent if and only if what caused it commits.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@dealclub/shared/integrations';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { enqueueJob } from '../jobs';
import type { UserRow } from '../../db/rows';

export const WEBHOOK_JOB = 'webhook.deliver';

/**
 * Attempts of one delivery: with the job runner's backoff (10 s doubling, at most 1 h) they span
 * about 31 hours, so it is the handler's 24-hour check, not this limit, that ends a delivery.
 */
export const WEBHOOK_MAX_ATTEMPTS = 40;

/** The JSON body every delivery posts: an event id, its type, when it happened and its data. */
export function webhookBody(event: WebhookEventType, data: Record<string, unknown>, at = new Date()) {
  return { id: randomUUID(), type: event, createdAt: at.toISOString(), data };
}

/** What the event needs of the seller, as the caller already loaded them. */
export type WebhookOwner = Pick<UserRow, 'id' | 'offerWebhookUrl' | 'offerWebhookEnabled'>;

/** Queues the event for `seller` if their webhook is on; returns the delivery id, or null. */
export async function enqueueWebhookEvent(
  db: Db,
  seller: WebhookOwner,
  event: WebhookEventType,
  data: Record<string, unknown>,
): Promise<string | null> {
  if (!seller.offerWebhookEnabled || !seller.offerWebhookUrl) return null;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ userId: seller.id, event, payload: webhookBody(event, data) })
    .returning({ id: webhookDeliveries.id });
  await enqueueJob(db, {
    type: WEBHOOK_JOB,
    payload: { deliveryId: delivery!.id },
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  return delivery!.id;
}
