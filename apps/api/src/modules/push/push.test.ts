/**
 * The Web Push routes and settings: the public key, saving and forgetting a browser's subscription
 * (validation, re-binding an endpoint, the per-user limit), the VAPID configuration and the
 * service worker's caching. Nothing here sends a message: endpoints are only stored.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS } from '@dealclub/shared/push';
import { ConfigError, loadConfig } from '../../config';
import { pushSubscriptions } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';

const VAPID = webpush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  VAPID_SUBJECT: 'mailto:alerts@dealclub.example',
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`;

async function rows(a: FastifyInstance, userId?: string) {
  const all = await a.database.db
    .select()
    .from(pushSubscriptions)
    .where(userId ? eq(pushSubscriptions.userId, userId) : undefined)
    .orderBy(asc(pushSubscriptions.createdAt));
  return all;
}

const subscribe = (a: FastifyInstance, user: TestUser, body: unknown) =>
  callAs(a, user, 'POST', '/api/push/subscriptions', body);

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, or null when Web Push is off; signed in only', async () => {
    app = await createTestApp(VAPID_ENV);
    const user = await createUser(app);
    expect((await callAs(app, user, 'GET', '/api/push/key')).json()).toEqual({ publicKey: VAPID.publicKey });
    expect((await app.inject('/api/push/key')).statusCode).toBe(401);
    await app.close();

    app = await createTestApp();
    const other = await createUser(app);
    expect((await callAs(app, other, 'GET', '/api/push/key')).json()).toEqual({ publicKey: null });
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('saves a browser subscription as PushSubscription.toJSON() gives it, once per endpoint', async () => {
    app = await createTestApp(VAPID_ENV);
    const user = await createUser(app);
    const endpoint = fcm();
    const k = keys();
    const res = await subscribe(app, user, { endpoint, expirationTime: null, keys: k });
    expect(res.statusCode).toBe(204);
    // The same subscription again (the app re-sends it on every visit): still one row.
    expect((await subscribe(app, user, { endpoint, keys: k })).statusCode).toBe(204);
    expect(await rows(app)).toMatchObject([{ userId: user.id, endpoint, p256dh: k.p256dh, auth: k.auth }]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys: k } }))
        .statusCode,
    ).toBe(401);
  });

  it('accepts padded base64url keys and stores them unpadded', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const k = keys();
    const res = await subscribe(app, user, {
      endpoint: fcm(),
      keys: { p256dh: `${k.p256dh}=`, auth: `${k.auth}==` },
    });
    expect(res.statusCode).toBe(204);
    expect(await rows(app)).toMatchObject([{ p256dh: k.p256dh, auth: k.auth }]);
  });

  it.each([
    ['not a URL', 'not a URL'],
    ['ftp:', 'ftp://push.example.com/x'],
    ['plain http', 'http://push.example.com/x'],
    ['plain http to loopback without the test flag', 'http://127.0.0.1:9/x'],
    ['an internal name', 'https://localhost/x'],
    ['an internal suffix', 'https://push.internal/x'],
    ['a private address', 'https://10.1.2.3/x'],
    ['the metadata address', 'https://169.254.169.254/latest'],
    ['IPv6 loopback', 'https://[::1]/x'],
    ['with credentials', 'https://user:secret@push.example.com/x'],
    ['too long', `https://push.example.com/${'a'.repeat(2000)}`],
  ])('refuses an endpoint that is %s with 400 VALIDATION_FAILED', async (_label, endpoint) => {
    app = await createTestApp();
    const user = await createUser(app);
    const res = await subscribe(app, user, { endpoint, keys: keys() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'endpoint', key: 'push.validation.endpoint' }],
    });
    expect(await rows(app)).toEqual([]);
  });

  it('takes http://127.0.0.1 only with PUSH_ALLOW_INSECURE_LOOPBACK, and never another plain-http host', async () => {
    app = await createTestApp({ PUSH_ALLOW_INSECURE_LOOPBACK: 'true' });
    const user = await createUser(app);
    expect((await subscribe(app, user, { endpoint: 'http://127.0.0.1:9/x', keys: keys() })).statusCode).toBe(
      204,
    );
    expect(
      (await subscribe(app, user, { endpoint: 'http://push.example.com/x', keys: keys() })).statusCode,
    ).toBe(400);
    expect((await subscribe(app, user, { endpoint: 'http://10.0.0.1/x', keys: keys() })).statusCode).toBe(
      400,
    );
  });

  it.each([
    ['p256dh', 'too short', { p256dh: keys().p256dh.slice(0, 80) }],
    ['p256dh', 'too long', { p256dh: `${keys().p256dh}AAAA` }],
    ['p256dh', 'not an uncompressed point', { p256dh: `C${keys().p256dh.slice(1)}` }],
    ['p256dh', 'not on the curve', { p256dh: `B${'A'.repeat(86)}` }],
    ['p256dh', 'not base64url', { p256dh: keys().p256dh.replace(/.$/, '+') }],
    ['auth', '15 bytes', { auth: randomBytes(15).toString('base64url') }],
    ['auth', '32 bytes', { auth: randomBytes(32).toString('base64url') }],
    ['auth', 'not base64url', { auth: 'not base64url!!!!!!!!!' }],
  ])('refuses a bad %s key (%s) with 400 VALIDATION_FAILED', async (field, _label, override) => {
    app = await createTestApp();
    const user = await createUser(app);
    const res = await subscribe(app, user, { endpoint: fcm(), keys: { ...keys(), ...override } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: `keys.${field}`, key: `push.validation.${field}` }],
    });
  });

  it('refuses a body without keys or with the wrong types', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    for (const body of [
      { endpoint: fcm() },
      { endpoint: 42, keys: keys() },
      { endpoint: fcm(), keys: 'x' },
      // Not ASCII: a push service's URL never is, and 2,000 such characters would not fit the index.
      { endpoint: `https://push.example.com/${'推'.repeat(1900)}`, keys: keys() },
      [],
    ]) {
      const res = await subscribe(app, user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('re-binds an endpoint another user had to the caller only, with the new keys', async () => {
    app = await createTestApp();
    const first = await createUser(app);
    const second = await createUser(app);
    const endpoint = fcm();
    await subscribe(app, first, { endpoint, keys: keys() });
    const kept = fcm();
    await subscribe(app, first, { endpoint: kept, keys: keys() });

    const fresh = keys();
    expect((await subscribe(app, second, { endpoint, keys: fresh })).statusCode).toBe(204);
    expect(await rows(app, second.id)).toMatchObject([{ endpoint, p256dh: fresh.p256dh, auth: fresh.auth }]);
    expect((await rows(app, first.id)).map((r) => r.endpoint)).toEqual([kept]);

    // The first user cannot take it away from the second by unsubscribing it.
    const del = await callAs(app, first, 'DELETE', '/api/push/subscriptions', { endpoint });
    expect(del.statusCode).toBe(204);
    expect(await rows(app, second.id)).toHaveLength(1);

    expect((await callAs(app, second, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(
      204,
    );
    expect(await rows(app, second.id)).toEqual([]);
    expect((await rows(app, first.id)).map((r) => r.endpoint)).toEqual([kept]);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} per user, dropping the oldest`, async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const other = await createUser(app);
    await subscribe(app, other, { endpoint: fcm(), keys: keys() });
    const endpoints = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 2 }, fcm);
    for (const endpoint of endpoints) {
      expect((await subscribe(app, user, { endpoint, keys: keys() })).statusCode).toBe(204);
    }
    expect((await rows(app, user.id)).map((r) => r.endpoint)).toEqual(endpoints.slice(2));
    // Renewing the oldest makes it the newest: the next one drops the one after it.
    await subscribe(app, user, { endpoint: endpoints[2]!, keys: keys() });
    await subscribe(app, user, { endpoint: fcm(), keys: keys() });
    const now = (await rows(app, user.id)).map((r) => r.endpoint);
    expect(now).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(now).toContain(endpoints[2]);
    expect(now).not.toContain(endpoints[3]);
    expect(await rows(app, other.id)).toHaveLength(1);
  });

  it('DELETE validates its body and is idempotent', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    expect((await callAs(app, user, 'DELETE', '/api/push/subscriptions', {})).statusCode).toBe(400);
    expect(
      (await callAs(app, user, 'DELETE', '/api/push/subscriptions', { endpoint: fcm() })).statusCode,
    ).toBe(204);
  });
});

describe('Web Push configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: path.join(tmpdir(), 'dealclub-push-config') };

  it('is off without VAPID keys and on with all three settings', () => {
    expect(loadConfig(base).push).toEqual({ vapid: undefined, allowInsecureLoopback: false });
    expect(loadConfig({ ...base, ...VAPID_ENV }).push.vapid).toEqual({
      publicKey: VAPID.publicKey,
      privateKey: VAPID.privateKey,
      subject: 'mailto:alerts@dealclub.example',
    });
    expect(
      loadConfig({ ...base, ...VAPID_ENV, VAPID_SUBJECT: 'https://dealclub.example/contact' }).push.vapid
        ?.subject,
    ).toBe('https://dealclub.example/contact');
  });

  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('refuses half a configuration, malformed keys, a key pair that does not belong together', () => {
    expect(problems({ VAPID_PUBLIC_KEY: VAPID.publicKey })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY/),
      expect.stringMatching(/^VAPID_SUBJECT/),
    ]);
    expect(problems({ ...VAPID_ENV, VAPID_SUBJECT: 'alerts@dealclub.example' })).toEqual([
      expect.stringMatching(/^VAPID_SUBJECT/),
    ]);
    expect(problems({ ...VAPID_ENV, VAPID_SUBJECT: 'http://dealclub.example' })).toHaveLength(1);
    expect(problems({ ...VAPID_ENV, VAPID_PRIVATE_KEY: `${VAPID.privateKey}==` })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY/),
    ]);
    expect(problems({ ...VAPID_ENV, VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY: not the private key/),
    ]);
  });

  it('allows insecure loopback endpoints in development and tests, never in production', () => {
    expect(loadConfig({ ...base, PUSH_ALLOW_INSECURE_LOOPBACK: 'true' }).push.allowInsecureLoopback).toBe(
      true,
    );
    expect(problems({ NODE_ENV: 'production', PUSH_ALLOW_INSECURE_LOOPBACK: 'true' })).toEqual([
      expect.stringMatching(/^PUSH_ALLOW_INSECURE_LOOPBACK/),
    ]);
  });
});

describe('the service worker', () => {
  it('is served with no-cache, so a new version is picked up on the next visit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealclub-web-sw-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('push', () => {});");
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ WEB_DIST_DIR: dir });
    const res = await app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });
});
