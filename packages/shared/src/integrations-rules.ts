/**
 * The Integrations tab (decision 011) without its schemas: the limits, the events, the delivery
 * states and the failure codes the log shows. Kept apart from `integrations.ts` (zod) so that the
 * tab loads zod only when its form is first checked.
 */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Deliveries the tab's log shows, newest first. */
export const WEBHOOK_LOG_LENGTH = 20;

export const WEBHOOK_EVENTS = [
  'offer.submitted',
  'offer.countered',
  'offer.accepted',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Why a delivery failed, as the API stores it in `last_error` and the tab shows it (decision 011):
 * a stable code, then `: ` and a detail when there is one — `refused.private: hooks.example.com`,
 * `http: 500: database is down`, `timeout`. The tab translates the code
 * (`integrations.error.<code>`) and shows the detail as is: a host or scheme as the seller wrote
 * it, an HTTP status with the start of the receiver's answer, a network error code.
 */
export const WEBHOOK_ERROR_CODES = [
  // The address policy refused the URL or an address its host resolves to: not retried.
  'refused.scheme',
  'refused.internal-name',
  'refused.loopback',
  'refused.private',
  'refused.link-local',
  'refused.unspecified',
  'refused.multicast',
  'refused.reserved',
  // Detail: the host. Retried: DNS may be down for a moment.
  'unresolved',
  // Detail: the status, then `: ` and the start of the answer when it had one.
  'http',
  // Detail: the status; redirects are not followed.
  'redirect',
  'timeout',
  // Detail: the network error's code, e.g. ECONNREFUSED.
  'network',
  // The saved URL does not parse (it was checked when saved, so only an edited row).
  'invalid-url',
  // The webhook was turned off or removed before the delivery was made.
  'disabled',
  // 24 hours passed without a single attempt (otherwise the last attempt's error stays).
  'expired',
  // The attempt was cut off (the server stopped during it) and nothing was left to retry it.
  'interrupted',
] as const;
export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODES)[number];

export interface WebhookError {
  code: WebhookErrorCode;
  detail?: string;
}

/** `last_error` as stored: `<code>` or `<code>: <detail>`. */
export const webhookErrorText = ({ code, detail }: WebhookError): string =>
  detail ? `${code}: ${detail}` : code;

const isErrorCode = (text: string): text is WebhookErrorCode =>
  (WEBHOOK_ERROR_CODES as readonly string[]).includes(text);

/**
 * `last_error` read back. Text that starts with no known code (a row written before the codes
 * existed) is `other`, with the whole text as its detail.
 */
export function parseWebhookError(text: string): { code: WebhookErrorCode | 'other'; detail: string } {
  const colon = text.indexOf(': ');
  const code = colon === -1 ? text : text.slice(0, colon);
  if (!isErrorCode(code)) return { code: 'other', detail: text };
  return { code, detail: colon === -1 ? '' : text.slice(colon + 2) };
}
