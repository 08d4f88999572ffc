/**
 * Posts one webhook request to an address already checked by `check-address.ts`. The connection
 * is pinned: the `lookup` handed to node:http(s) answers the checked address and nothing else, so
 * no second DNS answer is ever used; the URL's host name still goes out as `Host` and as the TLS
 * server name, so certificates are verified against the name the seller gave.
 *
 * Redirects are not followed (a 3xx is an answer like any other non-2xx), the whole exchange is
 * bounded by a timeout, and at most `MAX_RESPONSE_BYTES` of the answer are read.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { bareHost, type ResolvedAddress } from './check-address';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Enough of an answer to show in the delivery log; the rest is not read. */
export const MAX_RESPONSE_BYTES = 4096;

export interface WebhookRequest {
  url: URL;
  /** The checked address to connect to. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  /** Text (webhooks) or bytes (Web Push's encrypted message). */
  body: string | Uint8Array;
  timeoutMs: number;
}

export interface WebhookResponse {
  statusCode: number;
  /** The first `MAX_RESPONSE_BYTES` of the answer, as text. */
  body: string;
}

/** The receiver did not answer within the timeout. */
export class WebhookTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs / 1000} s`);
    this.name = 'WebhookTimeoutError';
  }
}

/**
 * Sends one request; rejects on a network failure or a timeout ({@link WebhookTimeoutError}).
 * Injectable so tests can refuse to connect.
 */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>;

/** A `lookup` that knows one answer: the checked address. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export const sendWebhookRequest: WebhookSender = ({ url, address, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request({
      method: 'POST',
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(address),
      // A fresh connection per delivery: a pooled socket could belong to another pin.
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new WebhookTimeoutError(timeoutMs)), timeoutMs);
    const settle = () => clearTimeout(timer);
    request.on('error', (error) => {
      settle();
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        settle();
        resolve({
          statusCode: response.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_RESPONSE_BYTES) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
