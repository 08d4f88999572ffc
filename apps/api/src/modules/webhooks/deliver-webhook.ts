/**
 * Delivers offer-webhook events (DECISIONS.md, Offer webhook; decision 011): the `webhook.deliver`
 * job's handler, and the one attempt that the integrations tab's test event makes.
 *
 * An attempt checks the seller's URL and every address its host resolves to, signs the body and
 * posts it to the checked address. A 2xx answer delivers; a refused address fails for good; any
 * other outcome (non-2xx, network error, timeout, a name that did not resolve) is retried by the
 * job runner with its own backoff, until a run finds the delivery 24 hours old or the job is on
 * its last attempt.
 */
import { and, eq } from 'drizzle-orm';
import { webhookErrorText, type WebhookError } from '@dealclub/shared/integrations';
import type { Db } from '../../db/client';
import { users, webhookDeliveries } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { errorText, type Job, type JobHandler } from '../jobs';
import {
  refusedAsWritten,
  resolveWebhookTarget,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from './check-address';
import {
  sendWebhookRequest,
  WEBHOOK_TIMEOUT_MS,
  WebhookTimeoutError,
  type WebhookSender,
} from './send-webhook';
import { SIGNATURE_HEADER, signPayload } from './sign-payload';
import { openWebhookSecret } from './webhook-secrets';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How long an event is retried, from the moment it was recorded. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
export const USER_AGENT = 'DealClub-Webhook/1';
/** Of a detail kept in the delivery log (an answer's first characters, an error's text). */
const DETAIL_LENGTH = 300;

export interface DeliveryOptions {
  policy: AddressPolicy;
  /** Default: the system resolver. Tests resolve names without DNS. */
  resolve?: Resolver;
  /** Default: node:http(s), pinned to the checked address. Tests can refuse to be called. */
  send?: WebhookSender;
  timeoutMs?: number;
}

/** What the job needs besides an attempt's options: the key that opens the seller's stored secret. */
export interface WebhookJobOptions extends DeliveryOptions {
  secrets: SecretBox;
}

export type AttemptOutcome =
  | { delivered: true; statusCode: number }
  | { delivered: false; statusCode: number | null; error: WebhookError; permanent: boolean };

interface Endpoint {
  url: string;
  secret: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, DETAIL_LENGTH);

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

/** The log's words for a request that got no answer: a timeout, or the network error's code. */
function networkError(error: unknown): WebhookError {
  if (error instanceof WebhookTimeoutError) return { code: 'timeout' };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return { code: 'network', detail: typeof code === 'string' ? code : oneLine(errorText(error)) };
}

/** One attempt at posting `delivery` to the endpoint; touches no database. */
export async function attemptDelivery(
  endpoint: Endpoint,
  delivery: Pick<WebhookDeliveryRow, 'id' | 'event' | 'payload'>,
  options: DeliveryOptions,
): Promise<AttemptOutcome> {
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    return { delivered: false, statusCode: null, error: { code: 'invalid-url' }, permanent: true };
  }
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = withTimeout(options.resolve ?? systemResolver, timeoutMs);
  const target = await resolveWebhookTarget(url, options.policy, resolve);
  if (!target.ok) {
    // A name that does not resolve may resolve later; an address that is refused stays refused.
    return target.reason === 'unresolved'
      ? {
          delivered: false,
          statusCode: null,
          error: { code: 'unresolved', detail: target.host },
          permanent: false,
        }
      : {
          delivered: false,
          statusCode: null,
          error: { code: `refused.${target.reason}`, detail: refusedAsWritten(target) },
          permanent: true,
        };
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
    const error: WebhookError =
      statusCode >= 300 && statusCode < 400
        ? { code: 'redirect', detail: String(statusCode) }
        : { code: 'http', detail: answer ? `${statusCode}: ${answer}` : String(statusCode) };
    return { delivered: false, statusCode, error, permanent: false };
  } catch (error) {
    return { delivered: false, statusCode: null, error: networkError(error), permanent: false };
  }
}

/**
 * Writes an attempt's outcome and answers the row as written; only a delivery still pending is
 * changed (a rerun of the job is harmless), so a settled one answers undefined.
 */
export async function recordAttempt(
  db: Db,
  delivery: WebhookDeliveryRow,
  outcome: AttemptOutcome,
  status: 'pending' | 'delivered' | 'failed',
): Promise<WebhookDeliveryRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: delivery.attempts + 1,
      lastAttemptAt: now,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.delivered ? null : webhookErrorText(outcome.error),
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
 * for good, past its 24 hours, on the job's last attempt, or the webhook was turned off); throws
 * to have the job retried.
 */
export async function deliverWebhook(
  db: Db,
  deliveryId: string,
  job: JobAttempt,
  options: WebhookJobOptions,
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
  if (!enabled || !url || !secret) return markFailed(db, delivery.id, webhookErrorText({ code: 'disabled' }));

  // The 24 hours are checked here, when the job runs again, rather than predicted from the
  // worker's backoff: the last attempt's error stays as the reason the delivery failed.
  if (Date.now() >= delivery.createdAt.getTime() + RETRY_WINDOW_MS) {
    return markFailed(db, delivery.id, delivery.lastError ?? webhookErrorText({ code: 'expired' }));
  }

  // A secret that does not open (its key is not configured) throws: the job retries, and the
  // delivery goes on once the key is back, within its 24 hours.
  const endpoint = { url, secret: openWebhookSecret(options.secrets, delivery.userId, secret) };
  const outcome = await attemptDelivery(endpoint, delivery, options);
  if (outcome.delivered) {
    await recordAttempt(db, delivery, outcome, 'delivered');
    return;
  }
  // A refused address stays refused; after the job's last attempt nothing would retry it.
  if (outcome.permanent || job.attempts >= job.maxAttempts) {
    await recordAttempt(db, delivery, outcome, 'failed');
    return;
  }
  await recordAttempt(db, delivery, outcome, 'pending');
  throw new Error(webhookErrorText(outcome.error));
}

/** The `webhook.deliver` job: payload `{ deliveryId }` (written by `enqueue.ts`). */
export function webhookJobHandler(db: Db, options: WebhookJobOptions): JobHandler {
  return async (job: Job) => {
    const deliveryId = (job.payload as { deliveryId?: unknown }).deliveryId;
    if (typeof deliveryId !== 'string') throw new Error('webhook.deliver job without a deliveryId');
    await deliverWebhook(db, deliveryId, job, options);
  };
}
