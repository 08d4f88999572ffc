/**
 * The rate limits on one instance (counters in memory): the global per-address limit on /api/*,
 * the per-user 'Send test event' limit, the per-address sign-in and realtime connection limits,
 * each refusing with `Retry-After`. The same limits shared through Redis: rate-limit.redis.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MemoryStore, RateLimiter, type RateLimitStore } from '../lib/rate-limit';
import { createTestApp, createTestDatabase } from '../test/app';
import { callAs, cognitoHeaders, createUser, passwordSignIn } from '../test/auth';
import { listen } from '../test/realtime';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

let app: FastifyInstance | undefined;
let receiver: WebhookReceiver | undefined;
// The first database of a worker builds the migrated template: in the hook's time, not a test's.
beforeAll(async () => (await createTestDatabase()).close(), 120_000);
afterEach(async () => {
  vi.useRealTimers();
  await receiver?.close();
  await app?.close();
  receiver = undefined;
  app = undefined;
});

const TOO_MANY = { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' };

/** A refusal as a client sees it: 429, the coded error, and a wait of at most the window. */
function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(TOO_MANY);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('the global limit on /api/*', () => {
  it('refuses an address past its budget with Retry-After; other addresses, /api/health and other paths go on', async () => {
    app = await createTestApp({ GLOBAL_RATE_LIMIT_PER_MINUTE: '3' });
    const from = (remoteAddress: string, url = '/api/config/feature-flags') =>
      app!.inject({ url, remoteAddress });

    // A route that wants a token: answered (401) while the address has budget, refused after.
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(401);
    expectRefused(await from('203.0.113.7'));
    // Any /api path counts, found or not, signed in or not.
    expectRefused(await from('203.0.113.7', '/api/deals'));
    expectRefused(await from('203.0.113.7', '/api/no-such-thing'));

    expect((await from('203.0.113.8')).statusCode).toBe(401);
    const health = await from('203.0.113.7', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    // The web app (here: no build, so 404) is outside /api.
    expect((await from('203.0.113.7', '/deals')).statusCode).toBe(404);
  });

  it('behind a trusted proxy, counts each X-Forwarded-For client', async () => {
    app = await createTestApp({ GLOBAL_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    const via = (client: string) =>
      app!.inject({
        url: '/api/config/feature-flags',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${client}, 10.0.0.9` },
      });
    expect((await via('198.51.100.1')).statusCode).toBe(401);
    expect((await via('198.51.100.1')).statusCode).toBe(401);
    expectRefused(await via('198.51.100.1'));
    expect((await via('198.51.100.2')).statusCode).toBe(401);
  });

  it('without a trusted proxy, X-Forwarded-For changes nothing', async () => {
    app = await createTestApp({ GLOBAL_RATE_LIMIT_PER_MINUTE: '2' });
    const spoofed = (client: string) =>
      app!.inject({ url: '/api/config/feature-flags', headers: { 'x-forwarded-for': client } });
    expect((await spoofed('198.51.100.1')).statusCode).toBe(401);
    expect((await spoofed('198.51.100.2')).statusCode).toBe(401);
    expectRefused(await spoofed('198.51.100.3'));
  });
});

describe("'Send test event'", () => {
  it('sends 5 a minute per user; the 6th is refused and not sent, while another user at the same address still sends', async () => {
    receiver = await startWebhookReceiver();
    app = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    const [first, second] = [
      await createUser(app, { roles: ['originator'] }),
      await createUser(app, { roles: ['originator'] }),
    ];
    for (const seller of [first, second]) {
      const saved = await callAs(app, seller, 'PUT', '/api/profile/integrations', {
        offerWebhookUrl: `${receiver.origin}/hook`,
        offerWebhookEnabled: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const test = (seller: typeof first) => callAs(app!, seller, 'POST', '/api/profile/integrations/test');

    for (let i = 0; i < 5; i++) {
      const sent = await test(first);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expectRefused(await test(first));
    expect(receiver.requests).toHaveLength(5);

    const other = await test(second);
    expect(other.statusCode, other.body).toBe(200);
    expect(receiver.requests).toHaveLength(6);
  });
});

describe('sign-in attempts', () => {
  it('refuse an address past its budget in the Cognito protocol, with Retry-After', async () => {
    app = await createTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '2' });
    const attempt = (remoteAddress: string) =>
      app!.inject({
        method: 'POST',
        url: '/cognito/',
        remoteAddress,
        headers: cognitoHeaders('InitiateAuth'),
        payload: JSON.stringify(
          passwordSignIn(app!.config.identity.clientId, 'nobody@example.test', 'Wrong-Password-1'),
        ),
      });
    for (let i = 0; i < 2; i++)
      expect((await attempt('203.0.113.7')).json()).toMatchObject({ __type: 'NotAuthorizedException' });
    const refused = await attempt('203.0.113.7');
    expect(refused.json()).toMatchObject({ __type: 'TooManyRequestsException' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await attempt('203.0.113.8')).json()).toMatchObject({ __type: 'NotAuthorizedException' });
  });
});

describe('realtime connections', () => {
  it('refuses new connections from an address past its budget with 429 and Retry-After', async () => {
    app = await createTestApp({ REALTIME_CONNECTIONS_PER_MINUTE: '2' });
    const port = await listen(app);
    const url = `ws://127.0.0.1:${port}/app/${app.config.realtime.key}?protocol=7&client=js&version=8.4.0`;
    const open = () =>
      new Promise<{ status: number; retryAfter?: string; ws?: WebSocket }>((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('message', () => resolve({ status: 101, ws }));
        ws.once('unexpected-response', (_request, response) => {
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
          ws.terminate();
        });
        ws.once('error', reject);
      });
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const opened = await open();
        expect(opened.status).toBe(101);
        sockets.push(opened.ws!);
      }
      const refused = await open();
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });
});

describe('the limiter', () => {
  it('starts a new window when the last one ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = new RateLimiter(new MemoryStore(), 't:');
    const limit = { name: 'x', max: 2, windowMs: 60_000 };
    expect(await limiter.check(limit, 'k')).toEqual({ allowed: true, remaining: 1 });
    expect(await limiter.check(limit, 'k')).toEqual({ allowed: true, remaining: 0 });
    vi.advanceTimersByTime(20_000);
    expect(await limiter.check(limit, 'k')).toEqual({ allowed: false, retryAfterSec: 40 });
    expect(await limiter.check(limit, 'other')).toMatchObject({ allowed: true });
    expect(await limiter.check({ ...limit, name: 'y' }, 'k')).toMatchObject({ allowed: true });
    vi.advanceTimersByTime(40_000);
    expect(await limiter.check(limit, 'k')).toEqual({ allowed: true, remaining: 1 });
    await limiter.close();
  });

  it('lets requests through, and says so in the log, when its store fails', async () => {
    const failing: RateLimitStore = {
      hit: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
    };
    const log = { error: vi.fn() };
    const limiter = new RateLimiter(failing, 't:', log);
    const limit = { name: 'x', max: 1, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(await limiter.check(limit, 'k')).toMatchObject({ allowed: true });
    // Logged once, not once per request.
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
