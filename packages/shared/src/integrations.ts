/**
 * The Integrations tab of `/profile` (DECISIONS.md, Offer webhook; decision 011): the seller's offer
 * webhook form, which the web app and the API validate with the same schema. The API adds its
 * address policy (https outside development, no internal addresses), which needs the server's
 * configuration and, at delivery, DNS. Messages are locale keys.
 */
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from './integrations-rules';

export * from './integrations-rules';

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
