import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { WEBHOOK_LOG_LENGTH } from '@dealclub/shared/integrations';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../test/webhook-receiver';
import { enqueueWebhookEvent } from './enqueue';
import { openWebhookSecret } from './webhook-secrets';

let app: FastifyInstance | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  await app?.close();
  receiver = undefined;
  app = undefined;
});

const URL_PATH = '/api/profile/integrations';

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app!, user, method, url, payload);

const save = (user: TestUser, body: object) => send(user, 'PUT', URL_PATH, body);

async function seller(env: Record<string, string> = {}) {
  app = await createTestApp(env);
  return createUser(app, { roles: ['originator'] });
}

describe('the integrations tab', () => {
  it('starts empty, and shows the secret once: when created with the first URL and when rotated', async () => {
    const user = await seller();
    const empty = await send(user, 'GET', URL_PATH);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      offerWebhookUrl: null,
      offerWebhookEnabled: false,
      hasSecret: false,
      deliveries: [],
    });

    const first = await save(user, {
      offerWebhookUrl: ' https://hooks.seller.example/dealclub ',
      offerWebhookEnabled: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json();
    expect(created).toMatchObject({
      offerWebhookUrl: 'https://hooks.seller.example/dealclub',
      offerWebhookEnabled: true,
      hasSecret: true,
    });
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    // Stored sealed (decision 018): not the secret, but it opens to the one shown.
    const [row] = await app!.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.offerWebhookSecret).not.toContain(created.secret);
    expect(openWebhookSecret(app!.secrets, user.id, row!.offerWebhookSecret!)).toBe(created.secret);

    const read = await send(user, 'GET', URL_PATH);
    expect(read.json()).toMatchObject({ hasSecret: true });
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.body).not.toContain(created.secret);

    const again = await save(user, {
      offerWebhookUrl: 'https://hooks.seller.example/v2',
      offerWebhookEnabled: false,
    });
    expect(again.json()).not.toHaveProperty('secret');
    expect(again.json()).toMatchObject({
      offerWebhookUrl: 'https://hooks.seller.example/v2',
      hasSecret: true,
    });

    const rotated = await save(user, {
      offerWebhookUrl: 'https://hooks.seller.example/v2',
      offerWebhookEnabled: true,
      rotateSecret: true,
    });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    expect((await send(user, 'GET', URL_PATH)).json()).not.toHaveProperty('secret');

    // Removing the URL drops the secret; the next URL gets a new one, shown once.
    const removed = await save(user, { offerWebhookUrl: null, offerWebhookEnabled: false });
    expect(removed.json()).toEqual({
      offerWebhookUrl: null,
      offerWebhookEnabled: false,
      hasSecret: false,
      deliveries: [],
    });
    const back = await save(user, {
      offerWebhookUrl: 'https://hooks.seller.example/v3',
      offerWebhookEnabled: true,
    });
    expect(back.json().secret).toMatch(/^whsec_/);
  });

  it('is the seller side’s: buyers get 403', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const body = { offerWebhookUrl: 'https://hooks.example.com/', offerWebhookEnabled: true };
    for (const res of [
      await send(buyer, 'GET', URL_PATH),
      await save(buyer, body),
      await send(buyer, 'POST', `${URL_PATH}/test`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    for (const roles of [['owner'], ['admin']] as const) {
      const user = await createUser(app, { roles: [...roles] });
      expect((await send(user, 'GET', URL_PATH)).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: URL_PATH })).statusCode).toBe(401);
  });

  it('refuses bad and internal URLs field by field, saving nothing', async () => {
    const user = await seller();
    const refusal = async (offerWebhookUrl: unknown, offerWebhookEnabled = true) => {
      const res = await save(user, { offerWebhookUrl, offerWebhookEnabled } as object);
      expect(res.statusCode, String(offerWebhookUrl)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].path).toBe('offerWebhookUrl');
      return body.errors[0].message as string;
    };
    expect(await refusal(null)).toBe('Enter the webhook URL to turn the webhook on.');
    expect(await refusal('')).toBe('Enter the webhook URL to turn the webhook on.');
    expect(await refusal('hooks.example.com/x')).toBe('Enter a full web address starting with https://');
    expect(await refusal('javascript:alert(1)')).toBe('Enter a full web address starting with https://');
    expect(await refusal(`https://hooks.example.com/${'a'.repeat(2000)}`)).toBe(
      'The URL can be at most 2,000 characters.',
    );
    expect(await refusal('https://me:secret@hooks.example.com/')).toBe(
      'Leave the user name and password out of the URL.',
    );
    expect(await refusal('https://10.1.2.3/hook')).toBe(
      'This is a private network address. Use an address on the public internet.',
    );
    expect(await refusal('https://192.168.0.10/hook')).toMatch(/private network/);
    expect(await refusal('https://127.0.0.1/hook')).toMatch(/back to the server itself/);
    expect(await refusal('https://[::1]/hook')).toMatch(/back to the server itself/);
    expect(await refusal('https://169.254.169.254/latest/meta-data/')).toMatch(/cloud metadata/);
    expect(await refusal('https://[fe80::1]/hook')).toMatch(/cloud metadata/);
    expect(await refusal('https://[::ffff:10.0.0.1]/hook')).toMatch(/private network/);
    expect(await refusal('https://metadata.google.internal/computeMetadata/v1/')).toMatch(/private network/);
    expect(await refusal('https://localhost:3000/hook')).toMatch(/only works inside a private network/);

    const [row] = await app!.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      offerWebhookUrl: null,
      offerWebhookEnabled: false,
      offerWebhookSecret: null,
    });
  });

  it('refuses http:// in production', async () => {
    const user = await seller({ NODE_ENV: 'production' });
    const res = await save(user, {
      offerWebhookUrl: 'http://hooks.seller.example/in',
      offerWebhookEnabled: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'offerWebhookUrl',
        message: 'The webhook URL must start with https://',
        key: 'integrations.validation.httpsRequired',
      },
    ]);
  });
});

describe('the API reference', () => {
  it('documents the three routes', async () => {
    app = await createTestApp();
    const doc = (await app.inject('/api/docs/json')).json() as { paths: Record<string, object> };
    expect(Object.keys(doc.paths['/api/profile/integrations']!)).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
    expect(doc.paths['/api/profile/integrations/test']).toHaveProperty('post');
  });
});

describe('the test event', () => {
  it('needs a saved URL', async () => {
    const user = await seller();
    const res = await send(user, 'POST', `${URL_PATH}/test`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'WEBHOOK_NOT_CONFIGURED',
      message: 'Save a webhook URL before sending a test event.',
    });
  });

  it('is sent at once, signed, answered and kept in the delivery log; a failure is not retried', async () => {
    receiver = await startWebhookReceiver([{ status: 200 }, { status: 500, body: 'nope' }]);
    const user = await seller({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    const saved = await save(user, {
      offerWebhookUrl: `${receiver.origin}/hook`,
      offerWebhookEnabled: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().secret as string;

    const ok = await send(user, 'POST', `${URL_PATH}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.headers['x-webhook-event']).toBe('webhook.test');
    expect(receiver.requests[0]!.headers['x-webhook-id']).toBe(ok.json().id);
    expect(verifySignature(receiver.requests[0]!, secret)).toBe(true);
    expect(JSON.parse(receiver.requests[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: {
        test: true,
        message: 'A test event from DealClub: your webhook is reachable.',
        userId: user.id,
      },
    });

    const failed = await send(user, 'POST', `${URL_PATH}/test`);
    expect(failed.json()).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'http: 500: nope',
    });
    expect(await app!.database.db.select().from(jobs)).toEqual([]);

    const log = (await send(user, 'GET', URL_PATH)).json();
    expect(log.deliveries.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
      [failed.json().id, 'failed'],
      [ok.json().id, 'delivered'],
    ]);
    expect(log.deliveries[0]).not.toHaveProperty('payload');
  });

  it('records a refused address as a failed delivery without connecting', async () => {
    // A live receiver on 127.0.0.1, but no WEBHOOK_ALLOW_LOOPBACK: the policy must stop the post.
    receiver = await startWebhookReceiver();
    const user = await seller();
    // Saved before the policy existed, or a name that now resolves inside: refused at delivery.
    await app!.database.db
      .update(users)
      .set({ offerWebhookUrl: `${receiver.origin}/hook`, offerWebhookSecret: 'whsec_x' })
      .where(eq(users.id, user.id));
    const res = await send(user, 'POST', `${URL_PATH}/test`);
    expect(res.json()).toMatchObject({
      status: 'failed',
      lastStatusCode: null,
      lastError: 'refused.loopback: 127.0.0.1',
    });
    expect(receiver.requests).toHaveLength(0);
  });

  it('says in the seller’s language that the test event is one', async () => {
    receiver = await startWebhookReceiver();
    const user = await seller({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    await app!.database.db
      .update(users)
      .set({
        offerWebhookUrl: `${receiver.origin}/hook`,
        offerWebhookSecret: 'whsec_x',
        languagePreference: 'es',
      })
      .where(eq(users.id, user.id));
    expect((await send(user, 'POST', `${URL_PATH}/test`)).json()).toMatchObject({ status: 'delivered' });
    expect(JSON.parse(receiver.requests[0]!.body).data).toEqual({
      test: true,
      message: 'Un evento de prueba de DealClub: tu webhook es accesible.',
      userId: user.id,
    });
  });

  it(`shows offer events in the log, newest first, ${WEBHOOK_LOG_LENGTH} at most`, async () => {
    const user = await seller();
    await save(user, { offerWebhookUrl: 'https://hooks.seller.example/in', offerWebhookEnabled: true });
    const owner = {
      id: user.id,
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: true,
    };
    for (let i = 0; i < WEBHOOK_LOG_LENGTH + 2; i += 1) {
      await enqueueWebhookEvent(app!.database.db, owner, 'offer.submitted', { offerId: `o${i}` });
    }
    const log = (await send(user, 'GET', URL_PATH)).json().deliveries;
    expect(log).toHaveLength(WEBHOOK_LOG_LENGTH);
    expect(log[0]).toMatchObject({
      event: 'offer.submitted',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      lastAttemptAt: null,
      deliveredAt: null,
    });
    expect(Date.parse(log[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(log.at(-1).createdAt));
  });
});
