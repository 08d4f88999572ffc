/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA-1, 30-second steps, 6 digits,
 * one step of drift either way (decision 027). Secrets travel in base32 (RFC 4648, no padding), as
 * authenticator apps and Cognito's `SecretCode` carry them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_STEP_SECONDS } from '@dealclub/shared/mfa';

/** Steps of clock drift accepted either side of now. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text (case, spaces and padding ignored); undefined when it is not base32. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return undefined;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The step a moment falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one step (RFC 4226 dynamic truncation). */
export function totpCode(secret: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code `code` is, within the drift of now and later than `lastStep` (a step already
 * used is never accepted again); undefined otherwise. Every candidate is compared in constant time.
 */
export function matchTotp(
  base32Secret: string,
  code: unknown,
  nowMs: number,
  lastStep: number | null,
): number | undefined {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  const secret = base32Decode(base32Secret);
  if (!secret?.length) return undefined;
  const now = totpStep(nowMs);
  let matched: number | undefined;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    const equal = timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code));
    if (equal && matched === undefined) matched = step;
  }
  if (matched === undefined || (lastStep !== null && matched <= lastStep)) return undefined;
  return matched;
}
