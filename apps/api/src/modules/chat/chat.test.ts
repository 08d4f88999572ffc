import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  MessagePage,
  NotificationList,
  ThreadList,
  ChatMessage,
  ThreadSummary,
} from '@dealclub/shared/chat';
import { isoDay } from '@dealclub/shared/offers';
import { chatMessages, jobs, outbox } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { cashDeal, listDeal } from '../../test/deals';
import { UNREAD_EMAIL_JOB } from './service';
import { unreadEmailHandler } from './unread-email';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);

async function setUp() {
  app = await createTestApp();
  const seller = await createUser(app, { roles: ['originator'], firstName: 'Sam', lastName: 'Seller' });
  const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Bianca', lastName: 'Buyer' });
  const deal = await listDeal(app, seller, cashDeal({ streetAddress: '4821 Barton Springs Rd' }));
  return { seller, buyer, deal };
}

async function start(buyer: TestUser, dealId: string, body = 'Is the roof new?') {
  const res = await send(buyer, 'POST', '/api/chat/threads', { dealId, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { thread: ThreadSummary; message: ChatMessage };
}

const notifications = async (user: TestUser) =>
  (await send(user, 'GET', '/api/chat/notifications')).json() as NotificationList;
const threads = async (user: TestUser) => (await send(user, 'GET', '/api/chat/threads')).json() as ThreadList;
const messageCount = async () => (await app.database.db.select().from(chatMessages)).length;

describe('conversations', () => {
  it(
    'a buyer writes, the seller is notified, reads (the bell falls) and replies',
    { tags: ['server'] },
    async () => {
      const { seller, buyer, deal } = await setUp();
      const { thread } = await start(buyer, deal.id);
      expect(thread.otherParty).toMatchObject({ id: seller.id, firstName: 'Sam', side: 'seller' });
      expect(thread.deal).toMatchObject({ dealId: deal.id, address: '4821 Barton Springs Rd' });

      const bell = await notifications(seller);
      expect(bell.unreadCount).toBe(1);
      expect(bell.items[0]).toMatchObject({
        threadId: thread.threadId,
        type: 'new_thread',
        senderName: 'Bianca Buyer',
        message: 'Is the roof new?',
        readAt: null,
        dealInfo: { address: '4821 Barton Springs Rd', city: deal.city },
      });
      const [listed] = (await threads(seller)).items;
      expect(listed).toMatchObject({
        threadId: thread.threadId,
        unreadCount: 1,
        otherParty: { side: 'buyer' },
      });
      expect(listed!.lastMessage?.body).toBe('Is the roof new?');

      const page = (
        await send(seller, 'GET', `/api/chat/threads/${thread.threadId}/messages`)
      ).json() as MessagePage;
      expect(page.items.map((m) => m.body)).toEqual(['Is the roof new?']);
      expect((await notifications(seller)).unreadCount).toBe(0);
      expect((await threads(seller)).items[0]!.unreadCount).toBe(0);

      const reply = await send(seller, 'POST', `/api/chat/threads/${thread.threadId}/messages`, {
        body: 'Yes, 2023.',
      });
      expect(reply.statusCode, reply.body).toBe(201);
      await send(seller, 'POST', `/api/chat/threads/${thread.threadId}/messages`, { body: 'And the HVAC.' });
      const buyerBell = await notifications(buyer);
      // Two messages in one thread are one entry in the bell, showing the newest.
      expect(buyerBell.unreadCount).toBe(1);
      expect(buyerBell.items[0]).toMatchObject({
        type: 'new_message',
        message: 'And the HVAC.',
        senderName: 'Sam Seller',
      });
      expect((await threads(buyer)).items[0]!.unreadCount).toBe(2);

      const read = await send(
        buyer,
        'PUT',
        `/api/chat/notifications/${buyerBell.items[0]!.notificationId}/read`,
      );
      expect(read.statusCode).toBe(204);
      expect((await notifications(buyer)).unreadCount).toBe(0);

      // The same buyer writing about the same deal again joins the one conversation.
      const again = await start(buyer, deal.id, 'Thanks!');
      expect(again.thread.threadId).toBe(thread.threadId);
      expect((await threads(buyer)).items).toHaveLength(1);
    },
  );

  it('only participants read or post; others, admins included, get 404', async () => {
    const { buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id);
    const stranger = await createUser(app, { roles: ['buyer'] });
    const admin = await createUser(app, { roles: ['admin'] });
    for (const user of [stranger, admin]) {
      const read = await send(user, 'GET', `/api/chat/threads/${thread.threadId}/messages`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'THREAD_NOT_FOUND', message: 'Conversation not found' });
      const post = await send(user, 'POST', `/api/chat/threads/${thread.threadId}/messages`, { body: 'hi' });
      expect(post.statusCode).toBe(404);
      expect((await send(user, 'POST', `/api/chat/threads/${thread.threadId}/block`)).statusCode).toBe(404);
      expect((await threads(user)).items).toEqual([]);
    }
    expect((await notifications(stranger)).items).toEqual([]);
    expect(await messageCount()).toBe(1);
    const unknown = await send(buyer, 'GET', '/api/chat/threads/not-a-uuid/messages');
    expect(unknown.statusCode).toBe(400);
  });

  it('a notification is marked read by its owner only', async () => {
    const { seller, buyer, deal } = await setUp();
    await start(buyer, deal.id);
    const [entry] = (await notifications(seller)).items;
    const res = await send(buyer, 'PUT', `/api/chat/notifications/${entry!.notificationId}/read`);
    expect(res.statusCode).toBe(404);
    expect((await notifications(seller)).unreadCount).toBe(1);
  });

  it('the bell pages its unread notifications as a list: items, nextCursor, total', async () => {
    const { seller, buyer, deal } = await setUp();
    await start(buyer, deal.id, 'first');
    await start(buyer, (await listDeal(app, seller, cashDeal())).id, 'second');
    await start(buyer, (await listDeal(app, seller, cashDeal())).id, 'third');
    const url = '/api/chat/notifications';
    const first = (await send(seller, 'GET', `${url}?limit=2`)).json() as NotificationList;
    expect(first.items.map((n) => n.message)).toEqual(['third', 'second']);
    expect(first).toMatchObject({ total: 3, unreadCount: 3, nextCursor: expect.any(String) });
    const second = (
      await send(seller, 'GET', `${url}?limit=2&cursor=${first.nextCursor}`)
    ).json() as NotificationList;
    expect(second.items.map((n) => n.message)).toEqual(['first']);
    expect(second).toMatchObject({ total: 3, nextCursor: null });
    // Another user's cursor pages nothing of theirs; a malformed one is refused.
    expect((await send(buyer, 'GET', `${url}?cursor=${first.nextCursor}`)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await send(seller, 'GET', `${url}?cursor=garbage`)).json()).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('refuses empty and over-long messages with the field message, and keeps nothing', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id);
    const url = `/api/chat/threads/${thread.threadId}/messages`;
    for (const [body, message] of [
      ['   ', 'Write a message first.'],
      ['x'.repeat(2001), 'Messages are at most 2,000 characters.'],
    ] as const) {
      const res = await send(seller, 'POST', url, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'body', message }] });
    }
    expect((await send(seller, 'POST', url, {})).statusCode).toBe(400);
    expect((await send(seller, 'POST', url, { body: 'ok', extra: 1 })).statusCode).toBe(400);
    expect(await messageCount()).toBe(1);
    expect((await send(seller, 'POST', url, { body: 'y'.repeat(2000) })).statusCode).toBe(201);
    const bad = await send(buyer, 'POST', '/api/chat/threads', { dealId: deal.id, body: '' });
    expect(bad.statusCode).toBe(400);
  });

  it('a blocked conversation takes no messages from either side; the other side is told', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id);
    await send(seller, 'GET', `/api/chat/threads/${thread.threadId}/messages`);
    const blocked = await send(buyer, 'POST', `/api/chat/threads/${thread.threadId}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, blockedByMe: true });
    const bell = await notifications(seller);
    expect(bell.items[0]).toMatchObject({ type: 'thread_blocked', senderName: 'Bianca Buyer' });
    for (const user of [seller, buyer]) {
      const res = await send(user, 'POST', `/api/chat/threads/${thread.threadId}/messages`, {
        body: 'hello?',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'THREAD_BLOCKED', message: 'This conversation is blocked.' });
    }
    expect(
      (await send(buyer, 'POST', '/api/chat/threads', { dealId: deal.id, body: 'again' })).statusCode,
    ).toBe(409);
    const sellerView = (await threads(seller)).items[0]!;
    expect(sellerView).toMatchObject({ blocked: true, blockedByMe: false });
    expect(await messageCount()).toBe(1);
  });

  it('the originator cannot open a conversation with themself; a deal one cannot see is not found', async () => {
    const { seller, buyer } = await setUp();
    const own = await listDeal(app, seller, cashDeal());
    // A seller-only account starts no conversations; a buyer-and-seller one not on its own deal.
    const sellerOnly = await send(seller, 'POST', '/api/chat/threads', { dealId: own.id, body: 'me?' });
    expect(sellerOnly.statusCode).toBe(403);
    const hybrid = await createUser(app, { roles: ['buyer', 'originator'] });
    const hybridDeal = await listDeal(app, hybrid, cashDeal());
    const res = await send(hybrid, 'POST', '/api/chat/threads', { dealId: hybridDeal.id, body: 'me?' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_DEAL' });
    const missing = await send(buyer, 'POST', '/api/chat/threads', {
      dealId: '00000000-0000-4000-8000-000000000000',
      body: 'hi',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a hidden street is given to the seller, not to the buyer', async () => {
    const { seller, buyer } = await setUp();
    const hidden = await listDeal(
      app,
      seller,
      cashDeal({ streetAddress: '77 Secret Ln', hideAddress: true }),
    );
    const { thread } = await start(buyer, hidden.id);
    expect(thread.deal).toMatchObject({ address: null, hideAddress: true });
    expect(JSON.stringify((await threads(buyer)).items)).not.toContain('77 Secret');
    expect((await threads(seller)).items[0]!.deal.address).toBe('77 Secret Ln');
    const bell = await notifications(seller);
    expect(bell.items[0]!.dealInfo.address).toBe('77 Secret Ln');
    // The seller's reply reaches the buyer's bell, and their e-mail, without the street.
    await send(seller, 'POST', `/api/chat/threads/${thread.threadId}/messages`, {
      body: 'It is near the park.',
    });
    const buyerBell = await notifications(buyer);
    expect(buyerBell.items[0]!.dealInfo).toMatchObject({
      address: null,
      hideAddress: true,
      city: hidden.city,
    });
    expect(JSON.stringify(buyerBell)).not.toContain('Secret');
    const handle = unreadEmailHandler(app.database.db, app.config.origin);
    for (const job of await app.database.db.select().from(jobs).where(eq(jobs.type, UNREAD_EMAIL_JOB)))
      await handle(job);
    const mail = await app.database.db.select().from(outbox).where(eq(outbox.recipient, buyer.email));
    expect(mail.filter((m) => m.template === 'chat_unread')).toHaveLength(1);
    expect(JSON.stringify(mail)).not.toContain('Secret');
  });

  it('two first messages at once make one conversation', { tags: ['server'] }, async () => {
    const { buyer, deal } = await setUp();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send(buyer, 'POST', '/api/chat/threads', { dealId: deal.id, body: `at once ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(results.map((r) => (r.json() as { thread: ThreadSummary }).thread.threadId));
    expect(ids.size).toBe(1);
    expect(await messageCount()).toBe(5);
  });

  it('a participant may send 30 messages a minute; the 31st is refused and not kept', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id);
    const url = `/api/chat/threads/${thread.threadId}/messages`;
    for (let i = 1; i < 30; i++)
      expect((await send(buyer, 'POST', url, { body: `m${i}` })).statusCode).toBe(201);
    const refused = await send(buyer, 'POST', url, { body: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await messageCount()).toBe(30);
    // The other participant's budget is their own.
    expect((await send(seller, 'POST', url, { body: 'my turn' })).statusCode).toBe(201);
  });

  it('the list pages by cursor; a thread moving up between pages does not restart the next page', async () => {
    const { seller, buyer } = await setUp();
    const ids: string[] = [];
    // 32 threads: most started by a message, some by an interest (each has its own minute budget).
    for (let i = 0; i < 32; i++) {
      const deal = await listDeal(app, seller, cashDeal());
      if (i % 4 === 1) {
        await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: `deal ${i}` });
        ids.push((await threads(buyer)).items[0]!.threadId);
      } else ids.push((await start(buyer, deal.id, `deal ${i}`)).thread.threadId);
    }
    // API.md's page: 24 by default, `total` counts them all.
    const byDefault = (await send(buyer, 'GET', '/api/chat/threads')).json() as ThreadList;
    expect(byDefault.items).toHaveLength(24);
    expect(byDefault.total).toBe(32);
    expect(byDefault.nextCursor).toEqual(expect.any(String));
    const first = (await send(buyer, 'GET', '/api/chat/threads?limit=30')).json() as ThreadList;
    expect(first.items).toHaveLength(30);
    expect(first.items[0]!.threadId).toBe(ids[31]);
    // The last thread of the first page gets a new message: it moves to the top.
    await send(seller, 'POST', `/api/chat/threads/${first.items[29]!.threadId}/messages`, { body: 'bump' });
    const second = (
      await send(buyer, 'GET', `/api/chat/threads?limit=30&cursor=${first.nextCursor}`)
    ).json() as ThreadList;
    expect(second.items.map((t) => t.threadId)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect(second.total).toBe(32);
    expect((await send(buyer, 'GET', '/api/chat/threads?limit=101')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    for (const bad of ['garbage', Buffer.from('t:x|y').toString('base64url')])
      expect((await send(buyer, 'GET', `/api/chat/threads?cursor=${bad}`)).statusCode).toBe(400);
  });

  it('older messages load page by page, newest first', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id, 'message 0');
    for (let i = 1; i < 35; i++)
      await send(i % 2 ? seller : buyer, 'POST', `/api/chat/threads/${thread.threadId}/messages`, {
        body: `message ${i}`,
      });
    const url = `/api/chat/threads/${thread.threadId}/messages`;
    const byDefault = (await send(buyer, 'GET', url)).json() as MessagePage;
    expect(byDefault.items).toHaveLength(24);
    expect(byDefault.total).toBe(35);
    const first = (await send(buyer, 'GET', `${url}?limit=30`)).json() as MessagePage;
    expect(first.items).toHaveLength(30);
    expect(first.items[0]!.body).toBe('message 34');
    expect(first.thread.threadId).toBe(thread.threadId);
    const second = (
      await send(buyer, 'GET', `${url}?limit=30&cursor=${first.nextCursor}`)
    ).json() as MessagePage;
    expect(second.items.map((m) => m.body)).toEqual([
      'message 4',
      'message 3',
      'message 2',
      'message 1',
      'message 0',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await send(buyer, 'GET', `${url}?cursor=garbage`)).statusCode).toBe(400);
  });

  it('interests, offers and an accepted offer are posted into the thread as system messages', async () => {
    const { seller, buyer, deal } = await setUp();
    const interest = await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, {
      message: 'Love the street.',
    });
    expect(interest.statusCode).toBe(201);
    const bell = await notifications(seller);
    expect(bell.items[0]).toMatchObject({
      type: 'new_thread',
      message: 'Interested in this deal: Love the street.',
    });
    const [thread] = (await threads(seller)).items;

    const closeDate = isoDay(new Date(Date.now() + 30 * 86_400_000));
    const offer = await send(buyer, 'POST', `/api/deals/${deal.id}/offers`, {
      type: 'cash',
      purchasePrice: 440000,
      estimatedCloseDate: closeDate,
      message: 'No contingencies.',
    });
    expect(offer.statusCode).toBe(201);
    const accepted = await send(seller, 'POST', `/api/offers/${(offer.json() as { id: string }).id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const page = (
      await send(buyer, 'GET', `/api/chat/threads/${thread!.threadId}/messages`)
    ).json() as MessagePage;
    expect(page.items.map((m) => [m.kind, m.event, m.senderName])).toEqual([
      ['system', 'offer_accepted', 'Sam Seller'],
      ['system', 'offer', 'Bianca Buyer'],
      ['system', 'interest', 'Bianca Buyer'],
    ]);
    expect(page.items[1]).toMatchObject({
      body: 'No contingencies.',
      params: { type: 'cash', amount: 440000, closeDate },
    });
    // The seller's bell: the offer, then (the acceptance opening it) the closing room.
    expect((await notifications(seller)).items.map((n) => [n.type, n.message])).toEqual([
      ['closing', 'Closing room open: the milestones to closing are ready'],
      ['new_thread', `Made a cash offer: purchase price $440,000, closing ${closeDate}: No contingencies.`],
    ]);
    // A message without parameters (the interest) keeps none: SQL's null, not a JSON null.
    const kept = await app.database.db
      .select({ event: chatMessages.event, none: sql<boolean>`${chatMessages.params} is null` })
      .from(chatMessages)
      .where(eq(chatMessages.threadId, thread!.threadId));
    expect(kept.find((m) => m.event === 'interest')?.none).toBe(true);
    expect(kept.find((m) => m.event === 'offer')?.none).toBe(false);
  });
});

describe('the unread-message e-mail', () => {
  async function runEmailJobs() {
    const due = await app.database.db.select().from(jobs).where(eq(jobs.type, UNREAD_EMAIL_JOB));
    const handle = unreadEmailHandler(app.database.db, app.config.origin);
    for (const job of due) await handle(job);
    // Oldest first: without an order the rows come as stored, and a row the delivery updated moves.
    return app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'chat_unread'))
      .orderBy(asc(outbox.createdAt));
  }

  it('goes to a recipient who has not read the message, once per unread stretch', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id, 'First question');
    await send(buyer, 'POST', `/api/chat/threads/${thread.threadId}/messages`, { body: 'Second question' });
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.type, UNREAD_EMAIL_JOB));
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    const mail = await runEmailJobs();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: seller.email, channel: 'email' });
    expect(mail[0]!.subject).toBe(
      'New message from Bianca Buyer about 4821 Barton Springs Rd, ' +
        `${deal.city}, ${deal.state} ${deal.zipCode}`,
    );
    expect(mail[0]!.body).toContain(`/chat/${thread.threadId}`);
  });

  it('goes again after the recipient read the thread and a new message came', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id, 'First');
    expect(await runEmailJobs()).toHaveLength(1);
    await app.database.db.delete(jobs);
    await send(seller, 'GET', `/api/chat/threads/${thread.threadId}/messages`);
    await send(buyer, 'POST', `/api/chat/threads/${thread.threadId}/messages`, { body: 'Second' });
    expect((await runEmailJobs()).map((m) => m.body.includes('Second'))).toEqual([false, true]);
  });

  it('is not sent for a blocked conversation, nor for system messages', async () => {
    const { seller, buyer, deal } = await setUp();
    await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'Interested.' });
    expect(await app.database.db.select().from(jobs).where(eq(jobs.type, UNREAD_EMAIL_JOB))).toHaveLength(0);
    const { thread } = await start(buyer, deal.id, 'Hello?');
    await send(seller, 'POST', `/api/chat/threads/${thread.threadId}/block`);
    expect(await runEmailJobs()).toHaveLength(0);
  });

  it('is not sent when the recipient read the thread in time', async () => {
    const { seller, buyer, deal } = await setUp();
    const { thread } = await start(buyer, deal.id);
    await send(seller, 'GET', `/api/chat/threads/${thread.threadId}/messages`);
    expect(await runEmailJobs()).toHaveLength(0);
  });
});
