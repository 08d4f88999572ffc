/**
 * Web Push at the wire: a fake push service (node:http on 127.0.0.1, the only address a test may
 * send to) receives what `sendWebPush` posts, and the test checks it the way a push service and a
 * browser would, with node:crypto alone: the VAPID JWT's audience and ES256 signature, and the
 * payload decrypted with the browser's private key and auth secret (RFC 8291 over RFC 8188).
 */
import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { pushSubscriptions } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import type { WorkLogger } from '../jobs';
import { sendWebPush, WEB_PUSH_TTL_SECONDS } from './web-push';

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface FakePushService {
  origin: string;
  received: Received[];
  /** Status of the next answers, in order; then 201 (what FCM and Mozilla answer). */
  statuses: number[];
  close(): Promise<void>;
}

async function startFakePushService(): Promise<FakePushService> {
  const service = { received: [], statuses: [] } as unknown as FakePushService;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      service.received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(service.statuses.shift() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return service;
}

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** What the browser does with a message: RFC 8291 keys, then the one aes128gcm record of RFC 8188. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const sharedSecret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero or more padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** What the push service does with `Authorization: vapid t=<JWT>, k=<key>`: verify the ES256 JWT. */
function verifyVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match as unknown as [string, string, string];
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

const VAPID = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:alerts@dealclub.example';
const PAYLOAD = { title: 'New deal in Reno', body: '3 bd · $2,272/mo · 92% match', url: '/deals/abc' };

let app: FastifyInstance | undefined;
let service: FakePushService | undefined;

afterEach(async () => {
  await app?.close();
  await service?.close();
  app = undefined;
  service = undefined;
});

function recordingLogger() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const logger: WorkLogger = {
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
  };
  return { logger, lines };
}

async function setUp(env: Record<string, string> = {}) {
  service = await startFakePushService();
  app = await createTestApp({
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: SUBJECT,
    PUSH_ALLOW_INSECURE_LOOPBACK: 'true',
    ...env,
  });
  const user = await createUser(app);
  return { app, service, user, db: app.database.db, config: app.config };
}

async function subscribe(db: FastifyInstance['database']['db'], userId: string, endpoint: string) {
  const browser = browserKeys();
  await db.insert(pushSubscriptions).values({ userId, endpoint, ...browser.json });
  return browser;
}

const stored = async (db: FastifyInstance['database']['db'], userId: string) =>
  (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map(
    (r) => r.endpoint,
  );

describe('sendWebPush', () => {
  it('posts the message encrypted for the browser, with TTL and a VAPID JWT for the endpoint origin', async () => {
    const { db, config, user, service } = await setUp();
    const endpoint = `${service.origin}/push/v2/${randomBytes(12).toString('hex')}`;
    const browser = await subscribe(db, user.id, endpoint);

    await sendWebPush(db, config, user.id, PAYLOAD);

    expect(service.received).toHaveLength(1);
    const request = service.received[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(new URL(endpoint).pathname);
    expect(request.headers.ttl).toBe(String(WEB_PUSH_TTL_SECONDS));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(Number(request.headers['content-length'])).toBe(request.body.length);

    const claims = verifyVapid(request.headers.authorization, VAPID.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(SUBJECT);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);

    expect(JSON.parse(decrypt(request.body, browser))).toEqual(PAYLOAD);
  });

  it('sends to every subscription of the user and to no one else’s', async () => {
    const { app, db, config, user, service } = await setUp();
    const other = await createUser(app);
    const laptop = await subscribe(db, user.id, `${service.origin}/laptop`);
    const phone = await subscribe(db, user.id, `${service.origin}/phone`);
    await subscribe(db, other.id, `${service.origin}/someone-else`);

    await sendWebPush(db, config, user.id, PAYLOAD);

    const byPath = new Map(service.received.map((r) => [r.path, r]));
    expect([...byPath.keys()].sort()).toEqual(['/laptop', '/phone']);
    expect(JSON.parse(decrypt(byPath.get('/laptop')!.body, laptop))).toEqual(PAYLOAD);
    expect(JSON.parse(decrypt(byPath.get('/phone')!.body, phone))).toEqual(PAYLOAD);
  });

  it('deletes a subscription the push service answers 410 or 404 for, and keeps the others', async () => {
    const { db, config, user, service } = await setUp();
    await subscribe(db, user.id, `${service.origin}/gone`);
    await sendWebPush(db, config, user.id, PAYLOAD);
    expect(await stored(db, user.id)).toEqual([`${service.origin}/gone`]);

    service.statuses.push(410);
    await sendWebPush(db, config, user.id, PAYLOAD);
    expect(await stored(db, user.id)).toEqual([]);

    await subscribe(db, user.id, `${service.origin}/unknown`);
    service.statuses.push(404);
    await sendWebPush(db, config, user.id, PAYLOAD);
    expect(await stored(db, user.id)).toEqual([]);
    expect(service.received).toHaveLength(3);
  });

  it('logs other failures and never throws: a 500, a 429, a refused connection', async () => {
    const { db, config, user, service } = await setUp();
    const { logger, lines } = recordingLogger();
    await subscribe(db, user.id, `${service.origin}/busy`);
    service.statuses.push(500, 429);
    await expect(sendWebPush(db, config, user.id, PAYLOAD, { logger })).resolves.toBeUndefined();
    await expect(sendWebPush(db, config, user.id, PAYLOAD, { logger })).resolves.toBeUndefined();
    expect(lines.map((l) => [l.level, l.msg, (l.obj as { status?: number }).status])).toEqual([
      ['warn', 'web push rejected', 500],
      ['warn', 'web push rejected', 429],
    ]);
    expect(await stored(db, user.id)).toEqual([`${service.origin}/busy`]);

    // Nothing listens on the port any more.
    await service.close();
    lines.length = 0;
    await expect(sendWebPush(db, config, user.id, PAYLOAD, { logger })).resolves.toBeUndefined();
    expect(lines).toMatchObject([{ level: 'warn', msg: 'web push not delivered' }]);
    expect(await stored(db, user.id)).toEqual([`${service.origin}/busy`]);
  });

  it('sends nothing when no VAPID keys are configured', async () => {
    const { app, db, user, service } = await setUp({
      VAPID_PUBLIC_KEY: '',
      VAPID_PRIVATE_KEY: '',
      VAPID_SUBJECT: '',
    });
    expect(app.config.push.vapid).toBeUndefined();
    await subscribe(db, user.id, `${service.origin}/idle`);
    await sendWebPush(db, app.config, user.id, PAYLOAD);
    expect(service.received).toHaveLength(0);
  });

  it('refuses a plain-http endpoint unless insecure loopback is allowed (tests only)', async () => {
    const { db, config, user, service } = await setUp();
    const { logger, lines } = recordingLogger();
    await subscribe(db, user.id, `${service.origin}/plain`);
    const strict: Config = { ...config, push: { ...config.push, allowInsecureLoopback: false } };
    await sendWebPush(db, strict, user.id, PAYLOAD, { logger });
    expect(service.received).toHaveLength(0);
    expect(lines).toMatchObject([
      { level: 'warn', msg: 'web push endpoint refused', obj: { refused: 'scheme' } },
    ]);
  });

  it('refuses an endpoint whose host resolves to an internal address, before connecting', async () => {
    const { db, config, user } = await setUp();
    const { logger, lines } = recordingLogger();
    await subscribe(db, user.id, 'https://push.attacker.example/x');
    const connected: unknown[] = [];
    await sendWebPush(db, config, user.id, PAYLOAD, {
      logger,
      resolve: async () => [{ address: '10.0.0.7', family: 4 }],
      send: async (request) => {
        connected.push(request);
        return { statusCode: 201, body: '' };
      },
    });
    expect(connected).toEqual([]);
    expect(lines).toMatchObject([{ msg: 'web push endpoint refused', obj: { refused: 'private' } }]);
  });
});
