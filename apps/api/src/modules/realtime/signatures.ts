/**
 * The signatures of PROTOCOLS.md B: a channel authorisation (`<key>:<hex HMAC-SHA256(secret,
 * "<socket_id>:<channel>")>`) and the trigger API's request signature. Compared in constant time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;
/** Pusher's channel-name alphabet, at most 164 characters. */
export const CHANNEL_NAME_PATTERN = /^[-a-zA-Z0-9_=@,.;]{1,164}$/;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What `POST /api/pusher/auth` answers for a socket and one of the caller's own channels. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmac(secret, `${socketId}:${channel}`)}`;
}

export function validChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  return typeof auth === 'string' && sameText(auth, channelAuth(key, secret, socketId, channel));
}

export const md5Hex = (body: string) => createHash('md5').update(body, 'utf8').digest('hex');

/**
 * The trigger API's `auth_signature`: HMAC of "POST\n<path>\n<every other query parameter, sorted
 * by key, k=v joined by &>".
 */
export function requestSignature(
  secret: string,
  method: string,
  path: string,
  query: Record<string, string>,
): string {
  const params = Object.keys(query)
    .filter((name) => name !== 'auth_signature')
    .sort()
    .map((name) => `${name}=${query[name]}`)
    .join('&');
  return hmac(secret, `${method}\n${path}\n${params}`);
}
