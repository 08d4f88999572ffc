/**
 * Delivers offer-webhook events (DECISIONS.md, Offer webhook; decision 011): the `webhook.deliver`
 * job's handler, and the one-attempt delivery of the integrations tab's test event.
 *
 * An attempt checks the seller's URL and every address its host resolves to, signs the body and
 * posts it to the checked address. A 2xx answer delivers; a refused address fails for good; any
 * other outcome (non-2xx, network error, timeout, a name that did not resolve) is retried by the
 * job runner with its backoff until the delivery is 24 hours old.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, webhookDeliveries } from '../../db/schema';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff, type JobRow } from '../jobs/queue';
import { errorText, type JobHandler } from '../jobs/worker';
import {
  refusalText,
  resolveWebhookTarget,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from './check-address';
import { sendWebhookRequest, WEBHOOK_TIMEOUT_MS, type WebhookSender } from './send-webhook';
import { SIGNATURE_HEADER, signPayload } from './sign-payload';

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** How long an event is retried, from the moment it was recorded. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
export const USER_AGENT = 'DealClub-Webhook/1';
const ERROR_SNIPPET = 300;

export interface DeliveryOptions {
  policy: AddressPolicy;
  /** Default: the system resolver. Tests resolve names without DNS. */
  resolve?: Resolver;
  /** Default: node:http(s), pinned to the checked address. Tests can refuse to be called. */
  send?: WebhookSender;
  timeoutMs?: number;
  /** The job runner's backoff, to know whether the next retry would fall past the 24 hours. */
  backoff?: Backoff;
}

export type AttemptOutcome =
  | { delivered: true; statusCode: number }
  | { delivered: false; statusCode: number | null; error: string; permanent: boolean };

interface Endpoint {
  url: string;
  secret: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, ERROR_SNIPPET);

/** A resolver that gives up after `ms`: getaddrinfo's own retries can take much longer. */
function withTimeout(resolve: Resolver, ms: number): Resolver {
  return (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`DNS lookup timed out after ${ms / 1000} s`)), ms);
    });
    return Promise.race([resolve(hostname), timeout]).finally(() => clearTimeout(timer));
  };
}

/** One attempt at posting `delivery` to the endpoint; touches no database. */
export async function attemptDelivery(
  endpoint: Endpoint,
  delivery: Pick<WebhookDelivery, 'id' | 'event' | 'payload'>,
  options: DeliveryOptions,
): Promise<AttemptOutcome> {
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    return { delivered: false, statusCode: null, error: 'invalid URL', permanent: true };
  }
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = withTimeout(options.resolve ?? systemResolver, timeoutMs);
  const target = await resolveWebhookTarget(url, options.policy, resolve);
  if (!target.ok) {
    // A name that does not resolve may resolve later; an address that is refused stays refused.
    const permanent = target.reason !== 'unresolved';
    return { delivered: false, statusCode: null, error: refusalText(target), permanent };
  }
  const { id, type, createdAt, data } = delivery.payload;
  const body = JSON.stringify({ id, type, createdAt, data });
  const send = options.send ?? sendWebhookRequest;
  try {
    const response = await send({
      url: target.url,
      address: target.address,
      body,
      timeoutMs,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        'X-Webhook-Id': delivery.id,
        'X-Webhook-Event': delivery.event,
        [SIGNATURE_HEADER]: signPayload(endpoint.secret, body),
      },
    });
    const { statusCode } = response;
    if (statusCode >= 200 && statusCode < 300) return { delivered: true, statusCode };
    const answer = oneLine(response.body);
    const error =
      statusCode >= 300 && statusCode < 400
        ? `HTTP ${statusCode}: redirects are not followed`
        : `HTTP ${statusCode}${answer ? `: ${answer}` : ''}`;
    return { delivered: false, statusCode, error, permanent: false };
  } catch (error) {
    return { delivered: false, statusCode: null, error: oneLine(errorText(error)), permanent: false };
  }
}

/** Writes an attempt's outcome; only a delivery still pending is changed (a rerun is harmless). */
async function recordAttempt(
  db: Db,
  delivery: WebhookDelivery,
  outcome: AttemptOutcome,
  status: 'pending' | 'delivered' | 'failed',
  error?: string,
): Promise<WebhookDelivery | undefined> {
  const now = new Date();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: delivery.attempts + 1,
      lastAttemptAt: now,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.delivered ? null : (error ?? outcome.error),
      ...(outcome.delivered ? { deliveredAt: now } : {}),
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')))
    .returning();
  return row;
}

async function markFailed(db: Db, id: string, lastError: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

export interface JobAttempt {
  /** This run's attempt number of the job (1-based). */
  attempts: number;
  maxAttempts: number;
}

/**
 * Delivers one pending delivery once. Resolves when there is nothing more to do (delivered, failed
 * for good, past its 24 hours, or the webhook was turned off); throws to have the job retried.
 */
export async function deliverWebhook(
  db: Db,
  deliveryId: string,
  job: JobAttempt,
  options: DeliveryOptions,
): Promise<void> {
  const [found] = await db
    .select({
      delivery: webhookDeliveries,
      url: users.offerWebhookUrl,
      enabled: users.offerWebhookEnabled,
      secret: users.offerWebhookSecret,
    })
    .from(webhookDeliveries)
    .innerJoin(users, eq(users.id, webhookDeliveries.userId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Gone with its user, or already settled by an earlier run of this job.
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, url, enabled, secret } = found;
  if (!enabled || !url || !secret) return markFailed(db, delivery.id, 'webhook disabled');

  const deadline = delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  if (Date.now() >= deadline) {
    return markFailed(db, delivery.id, delivery.lastError ?? 'not delivered within 24 hours');
  }

  const outcome = await attemptDelivery({ url, secret }, delivery, options);
  if (outcome.delivered) {
    await recordAttempt(db, delivery, outcome, 'delivered');
    return;
  }
  if (outcome.permanent) {
    await recordAttempt(db, delivery, outcome, 'failed');
    return;
  }
  const nextTry = Date.now() + retryDelayMs(job.attempts, options.backoff ?? DEFAULT_BACKOFF);
  if (nextTry > deadline || job.attempts >= job.maxAttempts) {
    await recordAttempt(db, delivery, outcome, 'failed', `${outcome.error} (retries ended after 24 hours)`);
    return;
  }
  await recordAttempt(db, delivery, outcome, 'pending');
  throw new Error(outcome.error);
}

/** The `webhook.deliver` job: payload `{ deliveryId }` (written by `enqueue.ts`). */
export function webhookJobHandler(db: Db, options: DeliveryOptions): JobHandler {
  return async (job: JobRow) => {
    const deliveryId = (job.payload as { deliveryId?: unknown }).deliveryId;
    if (typeof deliveryId !== 'string') throw new Error('webhook.deliver job without a deliveryId');
    await deliverWebhook(db, deliveryId, job, options);
  };
}

/**
 * The integrations tab's test event: recorded in the delivery log, sent once right away and
 * awaited, never retried. Answers the delivery as it ended (delivered or failed).
 */
export async function sendTestEvent(
  db: Db,
  endpoint: Endpoint & { userId: string },
  options: DeliveryOptions,
  payload: Record<string, unknown>,
): Promise<WebhookDelivery> {
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ userId: endpoint.userId, event: 'webhook.test', payload })
    .returning();
  const outcome = await attemptDelivery(endpoint, delivery!, options);
  const row = await recordAttempt(db, delivery!, outcome, outcome.delivered ? 'delivered' : 'failed');
  return row ?? delivery!;
}
