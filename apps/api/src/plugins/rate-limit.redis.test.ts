/**
 * Limits that hold across instances: two API instances sharing one database and one Redis draw on
 * one budget per key, so a client cannot double its allowance by landing on the other instance.
 * Runs when TEST_REDIS_URL names a Redis server (`npm run test:redis`, `.ci/run`'s Redis stage);
 * each test counts under its own key prefix, so runs and tests never share a counter.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { createTestDatabase, testConfig } from '../test/app';
import { callAs, cognito, createUser } from '../test/auth';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

const redisUrl = process.env.TEST_REDIS_URL;
const apps: FastifyInstance[] = [];
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
  // The second instance first: the first owns the database.
  for (const app of apps.splice(0).reverse()) await app.close();
});

/** Two instances on one database (a pool each on a server) and one Redis, with `env` besides. */
async function twoInstances(env: Record<string, string>) {
  const database = await createTestDatabase();
  const config = testConfig({
    REDIS_URL: redisUrl!,
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    ...env,
  });
  const a = await buildApp({ config, database });
  apps.push(a);
  const second = database.url
    ? await openDatabase({ databaseUrl: database.url, poolMax: 4 })
    : { ...database, close: async () => {} };
  const b = await buildApp({ config, database: second });
  apps.push(b);
  return { a, b };
}

function signInAttempt(app: FastifyInstance) {
  return cognito(app, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: app.config.identity.clientId,
    AuthParameters: { USERNAME: 'someone@example.test', PASSWORD: 'Wrong-Password-1' },
  });
}

describe.skipIf(!redisUrl)('rate limits shared through Redis', { tags: ['server'] }, () => {
  it('the 6th sign-in attempt from one address is refused, whichever instance the attempts reached', async () => {
    const { a, b } = await twoInstances({ IDENTITY_RATE_LIMIT_PER_MINUTE: '5' });
    for (const instance of [a, b, a, b, a]) {
      expect((await signInAttempt(instance)).body).toMatchObject({ __type: 'NotAuthorizedException' });
    }
    const refused = await signInAttempt(b);
    expect(refused.body).toMatchObject({ __type: 'TooManyRequestsException' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await signInAttempt(a)).body).toMatchObject({ __type: 'TooManyRequestsException' });
  });

  it("the global /api limit and a user's 'Send test event' budget are one across instances", async () => {
    receiver = await startWebhookReceiver();
    const { a, b } = await twoInstances({
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE: '3',
    });
    const seller = await createUser(a, { roles: ['originator'] });
    const saved = await callAs(a, seller, 'PUT', '/api/profile/integrations', {
      offerWebhookUrl: `${receiver.origin}/hook`,
      offerWebhookEnabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const instance of [a, b, a]) {
      const sent = await callAs(instance, seller, 'POST', '/api/profile/integrations/test');
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const refused = await callAs(b, seller, 'POST', '/api/profile/integrations/test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(receiver.requests).toHaveLength(3);

    // A fresh pair: two requests each from one address, and the 5th (on either) is refused.
    const pair = await twoInstances({ GLOBAL_RATE_LIMIT_PER_MINUTE: '4' });
    const from = (app: FastifyInstance) =>
      app.inject({ url: '/api/config/feature-flags', remoteAddress: '203.0.113.9' });
    for (const instance of [pair.a, pair.b, pair.a, pair.b])
      expect((await from(instance)).statusCode).toBe(401);
    const over = await from(pair.a);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
