import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { jobs, users, webhookDeliveries } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../test/webhook-receiver';
import { JobWorker } from '../jobs/worker';
import type { AddressPolicy, Resolver } from './check-address';
import { attemptDelivery, deliverWebhook, webhookJobHandler, type DeliveryOptions } from './deliver-webhook';
import { enqueueWebhookEvent, WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS, webhookBody } from './enqueue';
import type { WebhookSender } from './send-webhook';
import { createWebhookSecret } from './sign-payload';
import { sealWebhookSecret } from './webhook-secrets';

let app: FastifyInstance | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  await app?.close();
  receiver = undefined;
  app = undefined;
});

const strict: AddressPolicy = { allowHttp: false, allowLoopback: false };
/** The tests' receivers listen on 127.0.0.1 over http. */
const testPolicy: AddressPolicy = { allowHttp: true, allowLoopback: true };

/** A sender that fails the test if anything tries to connect. */
const mustNotConnect = () =>
  vi.fn<WebhookSender>(() => {
    throw new Error('the sender was called: a refused address was connected to');
  });

/** A resolver answering from a table, never from DNS. */
const resolverOf =
  (table: Record<string, string>): Resolver =>
  async (host) => {
    const address = table[host];
    if (!address) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

const delivery = () => ({
  id: '8f14e45f-ceea-467a-9a36-dedd4bea2543',
  event: 'offer.submitted',
  payload: webhookBody('offer.submitted', { offerId: 'o1', dealId: 'd1' }),
});

describe('the address policy at delivery', () => {
  it.each([
    'https://10.0.0.1/hook',
    'https://10.20.30.40:8443/hook',
    'https://172.16.0.10/hook',
    'https://172.31.1.1/hook',
    'https://192.168.1.10/hook',
    'https://127.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[fd00::1]/hook',
    'https://100.64.1.1/hook',
    'https://0.0.0.0/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata/hook',
  ])('refuses %s without connecting, for good', async (url) => {
    const send = mustNotConnect();
    const resolve = vi.fn<Resolver>();
    const outcome = await attemptDelivery({ url, secret: 's' }, delivery(), {
      policy: strict,
      send,
      resolve,
    });
    expect(outcome).toMatchObject({ delivered: false, permanent: true, statusCode: null });
    expect(send).not.toHaveBeenCalled();
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a name that resolves to a private or metadata address, without connecting', async () => {
    const send = mustNotConnect();
    const resolve = resolverOf({
      'hooks.seller.example': '10.0.0.5',
      'meta.seller.example': '169.254.169.254',
      'v6.seller.example': '::ffff:192.168.0.1',
    });
    for (const host of ['hooks.seller.example', 'meta.seller.example', 'v6.seller.example']) {
      const outcome = await attemptDelivery({ url: `https://${host}/dealclub`, secret: 's' }, delivery(), {
        policy: strict,
        send,
        resolve,
      });
      expect(outcome, host).toMatchObject({ delivered: false, permanent: true });
      // The host as the seller wrote it, never the address it resolved to inside our network.
      if (!outcome.delivered) {
        expect(outcome.error.code).toMatch(/^refused\.(private|link-local)$/);
        expect(outcome.error.detail).toBe(host);
      }
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses 127.0.0.1 without the test allowance, and http:// in production', async () => {
    const send = mustNotConnect();
    expect(
      await attemptDelivery({ url: 'http://127.0.0.1:9/hook', secret: 's' }, delivery(), {
        policy: { allowHttp: true, allowLoopback: false },
        send,
      }),
    ).toMatchObject({
      delivered: false,
      permanent: true,
      error: { code: 'refused.loopback', detail: '127.0.0.1' },
    });
    const production = loadConfig({ NODE_ENV: 'production' }).webhooks;
    expect(
      await attemptDelivery({ url: 'http://hooks.seller.example/hook', secret: 's' }, delivery(), {
        policy: production,
        send,
        resolve: resolverOf({ 'hooks.seller.example': '93.184.215.14' }),
      }),
    ).toMatchObject({
      delivered: false,
      permanent: true,
      error: { code: 'refused.scheme', detail: 'http:' },
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('retries a name that does not resolve (DNS may be down for a moment)', async () => {
    const send = mustNotConnect();
    const outcome = await attemptDelivery({ url: 'https://gone.seller.example/', secret: 's' }, delivery(), {
      policy: strict,
      send,
      resolve: resolverOf({}),
    });
    expect(outcome).toEqual({
      delivered: false,
      statusCode: null,
      error: { code: 'unresolved', detail: 'gone.seller.example' },
      permanent: false,
    });
    const slow = await attemptDelivery({ url: 'https://slow.seller.example/', secret: 's' }, delivery(), {
      policy: strict,
      send,
      resolve: () => new Promise(() => {}),
      timeoutMs: 50,
    });
    expect(slow).toEqual({
      delivered: false,
      statusCode: null,
      error: { code: 'unresolved', detail: 'slow.seller.example' },
      permanent: false,
    });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('posting', () => {
  it('signs the exact body so an independent receiver verifies it, with the documented headers', async () => {
    receiver = await startWebhookReceiver();
    const secret = createWebhookSecret();
    const sent = delivery();
    const outcome = await attemptDelivery({ url: `${receiver.origin}/hooks/dealclub?x=1`, secret }, sent, {
      policy: testPolicy,
    });
    expect(outcome).toEqual({ delivered: true, statusCode: 200 });
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/dealclub?x=1' });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'DealClub-Webhook/1',
      'x-webhook-id': sent.id,
      'x-webhook-event': 'offer.submitted',
    });
    expect(request!.headers['x-webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(request!, secret)).toBe(true);
    expect(verifySignature(request!, createWebhookSecret())).toBe(false);
    expect(verifySignature({ ...request!, body: request!.body.replace('o1', 'o2') }, secret)).toBe(false);
    expect(JSON.parse(request!.body)).toEqual(sent.payload);
  });

  it('connects to the checked address only, keeping the host name in the Host header', async () => {
    receiver = await startWebhookReceiver();
    // No DNS knows this name: the request can only arrive because the connection is pinned.
    const url = `http://hooks.seller.example:${receiver.port}/in`;
    const outcome = await attemptDelivery({ url, secret: 's' }, delivery(), {
      policy: testPolicy,
      resolve: resolverOf({ 'hooks.seller.example': '127.0.0.1' }),
    });
    expect(outcome).toEqual({ delivered: true, statusCode: 200 });
    expect(receiver.requests[0]!.headers.host).toBe(`hooks.seller.example:${receiver.port}`);
  });

  it('does not follow redirects, reads a few KB of an answer and gives up on a silent receiver', async () => {
    receiver = await startWebhookReceiver([
      { status: 302, headers: { location: '/elsewhere' } },
      { status: 500, body: 'x'.repeat(1_000_000) },
      'hang',
    ]);
    const url = `${receiver.origin}/hook`;
    const options: DeliveryOptions = { policy: testPolicy, timeoutMs: 300 };
    expect(await attemptDelivery({ url, secret: 's' }, delivery(), options)).toEqual({
      delivered: false,
      statusCode: 302,
      error: { code: 'redirect', detail: '302' },
      permanent: false,
    });
    expect(receiver.requests).toHaveLength(1);
    expect(await attemptDelivery({ url, secret: 's' }, delivery(), options)).toEqual({
      delivered: false,
      statusCode: 500,
      // The status, then the answer's first 300 characters.
      error: { code: 'http', detail: `500: ${'x'.repeat(300)}` },
      permanent: false,
    });
    const silent = await attemptDelivery({ url, secret: 's' }, delivery(), options);
    expect(silent).toEqual({
      delivered: false,
      statusCode: null,
      error: { code: 'timeout' },
      permanent: false,
    });
  });

  it('names a connection that failed by its network error code', async () => {
    // A port on 127.0.0.1 that was just listened on and closed again: the connection is refused.
    const closed = await startWebhookReceiver();
    await closed.close();
    expect(
      await attemptDelivery({ url: `${closed.origin}/hook`, secret: 's' }, delivery(), {
        policy: testPolicy,
      }),
    ).toEqual({
      delivered: false,
      statusCode: null,
      error: { code: 'network', detail: 'ECONNREFUSED' },
      permanent: false,
    });
  });
});

describe('the webhook.deliver job', () => {
  /** A seller with the webhook on, pointing at `url`; the secret stored sealed, as a save stores it. */
  async function sellerWithWebhook(url: string) {
    app = await createTestApp();
    const user = await createUser(app, { roles: ['originator'] });
    const secret = createWebhookSecret();
    const sealed = sealWebhookSecret(app.secrets, user.id, secret);
    const [seller] = await app.database.db
      .update(users)
      .set({ offerWebhookUrl: url, offerWebhookEnabled: true, offerWebhookSecret: sealed })
      .where(eq(users.id, user.id))
      .returning();
    return { db: app.database.db, seller: seller!, secret };
  }

  type Db = FastifyInstance['database']['db'];

  const workerFor = (db: Db, options: Partial<DeliveryOptions> = {}) =>
    new JobWorker(db, { backoff: { baseMs: 1, maxMs: 1 } }).register(
      WEBHOOK_JOB,
      webhookJobHandler(db, { policy: testPolicy, secrets: app!.secrets, ...options }),
    );

  const deliveryRow = async (db: Db, id: string) =>
    (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

  /** Moves the delivery's creation back by a PostgreSQL interval: time passing, without waiting. */
  const createdAgo = (db: Db, id: string, interval: string) =>
    db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - ${interval}::interval` })
      .where(eq(webhookDeliveries.id, id));

  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('retries after a 500 and records the delivery once the receiver answers 2xx', async () => {
    receiver = await startWebhookReceiver([{ status: 500, body: 'database is down' }]);
    const { db, seller, secret } = await sellerWithWebhook(`${receiver.origin}/hook`);
    const id = (await enqueueWebhookEvent(db, seller, 'offer.submitted', { offerId: 'o1' }))!;
    const worker = workerFor(db);

    expect(await worker.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await deliveryRow(db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'http: 500: database is down',
      deliveredAt: null,
    });

    await tick();
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, completed: 1 });
    const row = await deliveryRow(db, id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(receiver.requests).toHaveLength(2);
    // The same delivery id on every attempt, so the receiver can drop a duplicate.
    expect(receiver.requests.map((r) => r.headers['x-webhook-id'])).toEqual([id, id]);
    for (const request of receiver.requests) expect(verifySignature(request, secret)).toBe(true);
  });

  it('retries a failure within the 24 hours, then fails the delivery on its first run after them, without posting', async () => {
    receiver = await startWebhookReceiver([{ status: 502 }]);
    const { db, seller } = await sellerWithWebhook(`${receiver.origin}/hook`);
    const id = (await enqueueWebhookEvent(db, seller, 'offer.submitted', { offerId: 'o1' }))!;
    await createdAgo(db, id, '23 hours 59 minutes 55 seconds');
    const worker = workerFor(db);

    // Five seconds before the deadline a failure is still retried: no guess at the next retry's time.
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await deliveryRow(db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'http: 502',
    });

    await createdAgo(db, id, '24 hours 1 minute');
    await tick();
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, completed: 1 });
    // The last attempt's error stays: it is why the delivery failed.
    expect(await deliveryRow(db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 502,
      lastError: 'http: 502',
    });
    expect(receiver.requests).toHaveLength(1);
    const [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ lastError: null });
    expect(job!.completedAt).toBeInstanceOf(Date);
  });

  it('fails a delivery never attempted within the 24 hours as expired', async () => {
    receiver = await startWebhookReceiver();
    const { db, seller } = await sellerWithWebhook(`${receiver.origin}/hook`);
    const id = (await enqueueWebhookEvent(db, seller, 'offer.accepted', { offerId: 'o1' }))!;
    await createdAgo(db, id, '24 hours 1 minute');

    expect(await workerFor(db).runOnce()).toMatchObject({ claimed: 1, completed: 1 });
    expect(await deliveryRow(db, id)).toMatchObject({ status: 'failed', attempts: 0, lastError: 'expired' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('fails the delivery on the job’s last attempt, which nothing would retry', async () => {
    receiver = await startWebhookReceiver([{ status: 500 }]);
    const { db, seller } = await sellerWithWebhook(`${receiver.origin}/hook`);
    const id = (await enqueueWebhookEvent(db, seller, 'offer.submitted', { offerId: 'o1' }))!;
    // The claim counts this run as attempt WEBHOOK_MAX_ATTEMPTS, well within the 24 hours.
    await db.update(jobs).set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 });

    expect(await workerFor(db).runOnce()).toMatchObject({ claimed: 1, completed: 1, gaveUp: 0 });
    expect(await deliveryRow(db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'http: 500',
    });
    const [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ attempts: WEBHOOK_MAX_ATTEMPTS, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    expect(job!.completedAt).toBeInstanceOf(Date);
  });

  it('fails a refused address for good, without connecting', async () => {
    const { db, seller } = await sellerWithWebhook('https://hooks.seller.example/in');
    const id = (await enqueueWebhookEvent(db, seller, 'offer.submitted', { offerId: 'o1' }))!;
    const send = mustNotConnect();
    const worker = workerFor(db, {
      policy: strict,
      send,
      resolve: resolverOf({ 'hooks.seller.example': '169.254.169.254' }),
    });
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, completed: 1 });
    expect(await deliveryRow(db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'refused.link-local: hooks.seller.example',
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('fails a delivery whose webhook was turned off meanwhile, and ignores a settled one', async () => {
    const { db, seller } = await sellerWithWebhook('https://hooks.seller.example/in');
    const id = (await enqueueWebhookEvent(db, seller, 'offer.submitted', { offerId: 'o1' }))!;
    await db.update(users).set({ offerWebhookEnabled: false }).where(eq(users.id, seller.id));
    const send = mustNotConnect();
    expect(await workerFor(db, { send }).runOnce()).toMatchObject({ completed: 1 });
    expect(await deliveryRow(db, id)).toMatchObject({ status: 'failed', lastError: 'disabled', attempts: 0 });

    // A rerun of the job (its worker died after the attempt) changes nothing.
    await deliverWebhook(
      db,
      id,
      { attempts: 2, maxAttempts: 40 },
      { policy: testPolicy, secrets: app!.secrets, send },
    );
    expect(await deliveryRow(db, id)).toMatchObject({ status: 'failed', lastError: 'disabled' });
    expect(send).not.toHaveBeenCalled();
  });
});
