/**
 * Where Web Push messages may go. A push endpoint is a URL the browser's push service hands out,
 * but the API only learns it from the client, so it gets the offer webhook's address policy
 * (`webhooks/check-address.ts`): https only, no internal names, and at delivery every address the
 * host resolves to is checked and the connection pinned to it. Real push services (FCM, Mozilla,
 * Apple, Microsoft) are public https hosts, so none is refused.
 *
 * The one exception is `PUSH_ALLOW_INSECURE_LOOPBACK` (never in production): http and https to
 * 127.0.0.1 and ::1, where the tests run their fake push service.
 */
import type { PushConfig } from '../../config';
import {
  bareHost,
  checkWebhookUrl,
  resolveWebhookTarget,
  systemResolver,
  type AddressCheck,
  type AddressPolicy,
  type Resolver,
  type WebhookTarget,
} from '../webhooks';

const LOOPBACK = new Set(['127.0.0.1', '::1']);

function policyFor(url: URL, push: Pick<PushConfig, 'allowInsecureLoopback'>): AddressPolicy {
  const loopback = push.allowInsecureLoopback && LOOPBACK.has(bareHost(url));
  return { allowHttp: loopback, allowLoopback: push.allowInsecureLoopback };
}

/** The URL alone: at subscription time. */
export function checkPushEndpoint(url: URL, push: Pick<PushConfig, 'allowInsecureLoopback'>): AddressCheck {
  return checkWebhookUrl(url, policyFor(url, push));
}

/** The URL and every address its host resolves to: before each message. */
export function resolvePushTarget(
  url: URL,
  push: Pick<PushConfig, 'allowInsecureLoopback'>,
  resolve: Resolver = systemResolver,
): Promise<WebhookTarget> {
  return resolveWebhookTarget(url, policyFor(url, push), resolve);
}
