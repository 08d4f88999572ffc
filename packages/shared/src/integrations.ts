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

export const WEBHOOK_EVENTS = ['offer.submitted', 'offer.accepted', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

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
