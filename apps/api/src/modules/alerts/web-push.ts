/**
 * Web Push (DECISIONS.md, Matching and alerts: push — the browser notification beside the in-app
 * one): one message to every subscription of a user, when VAPID keys are configured.
 *
 * The `web-push` library makes each request: the VAPID JWT (`Authorization: vapid t=…, k=…`, its
 * audience the endpoint's origin) and the payload encrypted for the browser (RFC 8291, aes128gcm).
 * The request is then posted by the offer webhook's sender to an address checked by the same policy
 * (`push/endpoint-policy.ts`), pinned, with a timeout: the endpoint came from a client, and
 * `web-push`'s own `sendNotification` would resolve it again and connect wherever it points (and
 * speaks https only, so it could not reach the tests' plain-http fake push service).
 *
 * A 404 or 410 answer means the browser dropped the subscription: the row is deleted. Any other
 * failure is logged and the rest still go out; nothing is thrown to the caller.
 */
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '@dealclub/shared/push';
import type { Config, PushConfig } from '../../config';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { WorkLogger } from '../jobs';
import { resolvePushTarget } from '../push';
import type { Resolver, WebhookSender } from '../webhooks';
import { sendWebhookRequest } from '../webhooks';

/** How long the push service keeps a message for a browser that is offline: a day. */
export const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;
export const WEB_PUSH_TIMEOUT_MS = 10_000;

export interface WebPushOptions {
  /** Where failures are logged; the alert jobs pass theirs. Default: the console, unless silent. */
  logger?: WorkLogger;
  /** Host name look-up for the address policy; tests need none (their endpoint is an IP). */
  resolve?: Resolver;
  send?: WebhookSender;
}

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

function consoleLogger(config: Config): WorkLogger {
  const quiet = config.logLevel === 'silent' || config.logLevel === 'fatal';
  return {
    info: () => {},
    warn: (obj, msg) => (quiet ? undefined : console.warn(msg, obj)),
    error: (obj, msg) => (config.logLevel === 'silent' ? undefined : console.error(msg, obj)),
  };
}

/** The endpoint's origin only: its path is the subscription's secret. */
function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid URL';
  }
}

export async function sendWebPush(
  db: Db,
  config: Config,
  userId: string,
  payload: PushPayload,
  options: WebPushOptions = {},
): Promise<void> {
  if (!config.push.vapid) return;
  const logger = options.logger ?? consoleLogger(config);
  try {
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const message = JSON.stringify({ title: payload.title, body: payload.body, url: payload.url });
    await Promise.all(rows.map((row) => sendOne(db, config.push, row, message, options, logger)));
  } catch (error) {
    logger.error({ err: error, userId }, 'web push failed');
  }
}

async function sendOne(
  db: Db,
  push: PushConfig,
  row: SubscriptionRow,
  message: string,
  options: WebPushOptions,
  logger: WorkLogger,
): Promise<void> {
  const context = { userId: row.userId, subscriptionId: row.id, pushService: endpointOrigin(row.endpoint) };
  try {
    const target = await resolvePushTarget(new URL(row.endpoint), push, options.resolve);
    if (!target.ok) {
      logger.warn({ ...context, refused: target.reason }, 'web push endpoint refused');
      return;
    }
    const details = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      message,
      { vapidDetails: push.vapid, TTL: WEB_PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
    );
    const response = await (options.send ?? sendWebhookRequest)({
      url: target.url,
      address: target.address,
      headers,
      body: details.body ?? '',
      timeoutMs: WEB_PUSH_TIMEOUT_MS,
    });
    if (response.statusCode === 404 || response.statusCode === 410) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint)));
      logger.info({ ...context, status: response.statusCode }, 'web push subscription gone; removed');
    } else if (response.statusCode < 200 || response.statusCode > 299) {
      logger.warn(
        { ...context, status: response.statusCode, answer: response.body.slice(0, 200) },
        'web push rejected',
      );
    }
  } catch (error) {
    logger.warn({ ...context, err: error }, 'web push not delivered');
  }
}
