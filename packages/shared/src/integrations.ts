/**
 * The Integrations tab of `/profile` (DECISIONS.md, Offer webhook; decision 011): the seller's offer
 * webhook form, which the web app and the API validate with the same schema. The API adds its
 * address policy (https outside development, no internal addresses), which needs the server's
 * configuration and, at delivery, DNS. Messages are locale keys.
 */
import { z } from 'zod';

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

/** The WHATWG URL parser of browsers and Node; this package's `lib` has neither's types. */
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};

function parseUrl(value: string) {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * An absolute http(s) URL with a host, at most 2,000 characters, without a user name or password
 * (a credential in a URL ends up in logs); empty or null is no webhook.
 */
export const webhookUrlField = z
  .string({ error: 'integrations.validation.url' })
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, 'integrations.validation.urlTooLong')
  .superRefine((value, ctx) => {
    if (value === '') return;
    const url = parseUrl(value);
    if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: 'integrations.validation.url' });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'integrations.validation.urlCredentials' });
    }
  })
  .nullable()
  .transform((value) => value || null);

export const integrationSchema = z
  .object({
    offerWebhookUrl: webhookUrlField,
    offerWebhookEnabled: z.boolean({ error: 'integrations.validation.enabled' }),
    /** A new secret replaces the old one at once; it is answered once. */
    rotateSecret: z.boolean({ error: 'integrations.validation.rotateSecret' }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.offerWebhookEnabled && !value.offerWebhookUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['offerWebhookUrl'],
        message: 'integrations.validation.urlRequired',
      });
    }
  });
export type IntegrationInput = z.input<typeof integrationSchema>;

/** A delivery as the tab's log shows it (JSON: times are ISO strings); no payload, no secret. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  /** `<code>` or `<code>: <detail>` (see `WEBHOOK_ERROR_CODES`); null once delivered. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * The Integrations tab as read: the settings, whether a secret exists and the latest
 * `WEBHOOK_LOG_LENGTH` deliveries. Never the secret: a response schema drops keys it does not list.
 */
export const integrationResponseSchema = z.object({
  offerWebhookUrl: z.string().nullable(),
  offerWebhookEnabled: z.boolean(),
  hasSecret: z.boolean(),
  deliveries: z.array(webhookDeliverySchema),
});
export type Integration = z.infer<typeof integrationResponseSchema>;

/** The answer of a save: `secret` only when one was just created or rotated, shown once. */
export const savedIntegrationResponseSchema = integrationResponseSchema.extend({
  secret: z
    .string()
    .optional()
    .describe('The signing secret, present only when it was just created or rotated: shown once'),
});
export type SavedIntegration = z.infer<typeof savedIntegrationResponseSchema>;
