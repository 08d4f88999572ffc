/**
 * The offer webhook's signature (DECISIONS.md, Offer webhook): `X-Webhook-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the seller's secret. The
 * timestamp is signed with the body so a receiver can refuse replays of an old delivery.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Webhook-Signature';

/** A new per-seller secret: 32 random bytes, prefixed so a leaked one is recognisable. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The header value signing `body` (the exact bytes posted) at `at`. */
export function signPayload(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
