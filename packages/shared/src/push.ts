/**
 * Web Push (DECISIONS.md, Matching and alerts: push): the browser subscription the web app sends and
 * the API keeps, one per endpoint. The shape is `PushSubscription.toJSON()`'s. The API adds its
 * address policy for the endpoint (https; no internal addresses), which needs its configuration.
 * Messages are locale keys.
 */
import { z } from 'zod';

/** Subscriptions a user keeps (browsers, devices); subscribing one more drops the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;
/** Decoded sizes (RFC 8291): an uncompressed P-256 point and the 16-byte authentication secret. */
export const PUSH_P256DH_BYTES = 65;
export const PUSH_AUTH_BYTES = 16;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The byte length of unpadded or padded base64url text, or -1 when it is not base64url. */
export function base64urlByteLength(text: string): number {
  if (!BASE64URL.test(text)) return -1;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/** The WHATWG URL parser of browsers and Node; this package's `lib` has neither's types. */
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      ['https:', 'http:'].includes(url.protocol) && Boolean(url.hostname) && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string('push.validation.endpoint')
    .max(PUSH_ENDPOINT_MAX_LENGTH, 'push.validation.endpoint')
    // Push services' URLs are ASCII: the length counts bytes, and the row fits the unique index.
    .refine((value) => /^[\x21-\x7e]+$/.test(value) && isWebUrl(value), 'push.validation.endpoint'),
  keys: z.object(
    {
      // 0x04 then X and Y: the first base64url character of an uncompressed point is always `B`.
      p256dh: z
        .string('push.validation.p256dh')
        .refine(
          (k) => k.startsWith('B') && base64urlByteLength(k) === PUSH_P256DH_BYTES,
          'push.validation.p256dh',
        ),
      auth: z
        .string('push.validation.auth')
        .refine((k) => base64urlByteLength(k) === PUSH_AUTH_BYTES, 'push.validation.auth'),
    },
    'push.validation.keys',
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string('push.validation.endpoint')
    .min(1, 'push.validation.endpoint')
    .max(PUSH_ENDPOINT_MAX_LENGTH),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;

/** `GET /api/push/key`: the VAPID public key (base64url), null when Web Push is off. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** What a push message carries; the service worker shows it and opens `url` on a click. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
