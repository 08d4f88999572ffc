import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids: a well-formed `X-Request-Id` from a proxy is kept so logs line up across services;
 * anything else gets a fresh UUID. The id is echoed in the response and appears on every log line.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
