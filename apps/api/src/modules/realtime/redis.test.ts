/**
 * Many instances (PROTOCOLS.md B, soketi's model): two API instances sharing one database and one
 * Redis. A client connected to instance A receives what instance B published. Runs when
 * TEST_REDIS_URL names a Redis server (`.ci/run`'s Redis stage; `npm run test:redis`).
 */
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher';
import type PusherClient from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { userChannel, type NewMessageEvent, type NewThreadEvent } from '@dealclub/shared/chat';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestDatabase, testConfig } from '../../test/app';
import { callAs, createUser } from '../../test/auth';
import { cashDeal, listDeal } from '../../test/deals';
import { connected, listen, nextEvent, pusherClient, subscribed } from '../../test/realtime';

const redisUrl = process.env.TEST_REDIS_URL;
const apps: FastifyInstance[] = [];
const clients: PusherClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  // The second instance first: the first owns the database.
  for (const app of apps.splice(0).reverse()) await app.close();
});

/** Two instances on one database (its own pool each on a server) and one Redis. */
async function twoInstances() {
  const database = await createTestDatabase();
  const config = testConfig({ REDIS_URL: redisUrl! });
  const a = await buildApp({ config, database });
  apps.push(a);
  const second = database.url
    ? await openDatabase({ databaseUrl: database.url, poolMax: 4 })
    : { ...database, close: async () => {} };
  const b = await buildApp({ config, database: second });
  apps.push(b);
  return { a, b, portA: await listen(a), portB: await listen(b) };
}

describe.skipIf(!redisUrl)('two instances through Redis', { tags: ['server'] }, () => {
  it('a client on instance A receives what instance B publishes: a chat message and an SDK trigger', async () => {
    const { a, b, portA, portB } = await twoInstances();
    const seller = await createUser(a, { roles: ['originator'], firstName: 'Sam', lastName: 'Seller' });
    const buyer = await createUser(b, { roles: ['buyer'], firstName: 'Bianca', lastName: 'Buyer' });
    const deal = await listDeal(a, seller, cashDeal());

    const client = pusherClient(a, portA, seller);
    clients.push(client);
    await connected(client);
    const channel = await subscribed(client, userChannel(seller.id));

    const newThread = nextEvent<NewThreadEvent>(channel, 'new-thread');
    const started = await callAs(b, buyer, 'POST', '/api/chat/threads', {
      dealId: deal.id,
      body: 'Hello from B',
    });
    expect(started.statusCode, started.body).toBe(201);
    const threadId = (started.json() as { thread: { threadId: string } }).thread.threadId;
    expect(await newThread).toEqual({
      message: 'Hello from B',
      senderName: 'Bianca Buyer',
      thread: { threadId },
    });

    let deliveries = 0;
    channel.bind('new-message', () => (deliveries += 1));
    const newMessage = nextEvent<NewMessageEvent>(channel, 'new-message');
    const sdk = new Pusher({
      appId: b.config.realtime.appId,
      key: b.config.realtime.key,
      secret: b.config.realtime.secret,
      host: '127.0.0.1',
      port: String(portB),
      useTLS: false,
    });
    await sdk.trigger(userChannel(seller.id), 'new-message', {
      senderName: 'B',
      message: 'via SDK',
      threadId,
    });
    expect(await newMessage).toEqual({ senderName: 'B', message: 'via SDK', threadId });
    // Delivered once, not twice (A does not echo what it gets from Redis back to Redis).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toBe(1);
  });

  it('a client on B subscribed with an authorisation signed by A (instances share the secret)', async () => {
    const { a, b, portA, portB } = await twoInstances();
    const user = await createUser(a);
    // pusher-js connected to B, authorising at A.
    const client = pusherClient(b, portB, user, portA);
    clients.push(client);
    await connected(client);
    const channel = await subscribed(client, userChannel(user.id));
    const received = nextEvent(channel, 'new-message');
    await a.realtime.toUser(user.id, 'new-message', { senderName: 'A', message: 'across', threadId: 'x' });
    expect(await received).toEqual({ senderName: 'A', message: 'across', threadId: 'x' });
  });
});
