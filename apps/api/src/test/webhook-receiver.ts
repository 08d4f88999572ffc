/**
 * A seller's webhook endpoint for tests: a node:http server on 127.0.0.1 (the only address a test
 * may send to) that records each request and checks its signature itself, with node:crypto, the way
 * a seller's receiver would — independently of the code under test.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: ReceivedRequest[];
  /** Answers of the next requests, in order; then 200. */
  replies: Reply[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(replies: Reply[] = []): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const receiver = { requests, replies } as WebhookReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = receiver.replies.shift() ?? { status: 200, body: 'ok' };
      if (reply === 'hang') return;
      res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.origin = `http://127.0.0.1:${port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/**
 * What a seller's receiver does: parse `t=<unix>,v1=<hex>`, compute the HMAC-SHA256 of
 * `"<t>.<raw body>"` with the secret and compare in constant time; refuse a timestamp more than
 * five minutes away (replays).
 */
export function verifySignature(request: ReceivedRequest, secret: string, now = Date.now()): boolean {
  const header = request.headers['x-webhook-signature'];
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
