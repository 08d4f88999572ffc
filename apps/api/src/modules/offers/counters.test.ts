/**
 * Counter-offers and the offer history (DECISIONS.md, Trust on creative terms; issue 17), through
 * the real server on a real database: who may counter and answer, the latest-counter and expiry
 * rules, the acceptance under the exactly-one rule, what each side is told, and the history rows.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTER_TTL_MS } from '@dealclub/shared/counters';
import type { DealInput } from '@dealclub/shared/deals';
import { isoDay } from '@dealclub/shared/offers';
import {
  chatMessages,
  chatNotifications,
  dealStatusHistory,
  deals,
  jobs,
  offerCounters,
  offerEvents,
  offers,
  outbox,
  users,
  webhookDeliveries,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { cashDeal, listDeal, subToDeal } from '../../test/deals';
import { JobWorker } from '../jobs/worker';
import { COUNTER_EXPIRY_JOB, counterExpiryHandler, expireDueCounters } from './counters';

/** Many calls per test on an embedded database: more than the default 30 s on a busy machine. */
const SLOW_MS = 120_000;

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const inDays = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);
const db = () => app.database.db;

interface Trail {
  id: string;
  status: string;
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string;
  acceptedCounterId: string | null;
  counter: {
    id: string;
    status: string;
    purchasePrice: number | null;
    entryFee: number | null;
    estimatedCloseDate: string;
    message: string;
    expiresAt: string;
  } | null;
  history: { kind: string; actor: string; purchasePrice: number | null; entryFee: number | null }[];
}

async function setup() {
  app = await createTestApp();
  const seller = await createUser(app, { roles: ['originator'], firstName: 'Sam', lastName: 'Seller' });
  const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Ana', lastName: 'Buyer' });
  return { seller, buyer };
}

const listed = (seller: TestUser, deal?: DealInput) => listDeal(app, seller, deal);

async function offered(buyer: TestUser, dealId: string, offer: Record<string, unknown> = {}) {
  const res = await send(buyer, 'POST', `/api/deals/${dealId}/offers`, {
    type: 'cash',
    purchasePrice: 440000,
    estimatedCloseDate: inDays(30),
    message: 'Cash, no contingencies.',
    ...offer,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** A creative offer, acknowledging every disclosure of the deal as the offer form requires. */
async function creativeOffered(buyer: TestUser, dealId: string, entryFee: number) {
  const disclosures = await send(buyer, 'GET', `/api/deals/${dealId}/disclosures`);
  const keys =
    disclosures.statusCode === 200
      ? (disclosures.json() as { items: { key: string }[] }).items.map((i) => i.key)
      : [];
  return offered(buyer, dealId, {
    type: 'creative',
    purchasePrice: undefined,
    entryFee,
    acknowledgedRisks: keys.length ? keys : undefined,
  });
}

const counterBody = (overrides: Record<string, unknown> = {}) => ({
  purchasePrice: 455000,
  estimatedCloseDate: inDays(21),
  message: 'Meet me at 455k and close in three weeks.',
  ...overrides,
});

async function countered(seller: TestUser, offerId: string, body: Record<string, unknown> = counterBody()) {
  const res = await send(seller, 'POST', `/api/offers/${offerId}/counter`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Trail;
}

function fieldErrors(res: { json(): unknown }) {
  const body = res.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
}

const kinds = (trail: Trail) => trail.history.map((h) => `${h.actor}:${h.kind}`);

async function withWebhook(user: TestUser) {
  await db()
    .update(users)
    .set({
      offerWebhookUrl: 'https://hooks.example.test/offers',
      offerWebhookEnabled: true,
      offerWebhookSecret: 's',
    })
    .where(eq(users.id, user.id));
}

/** Moves a counter's 72 hours (and its expiry job) into the past: it expires just after it was made. */
async function ageCounter(counterId: string) {
  const [aged] = await db()
    .update(offerCounters)
    .set({ expiresAt: sql`${offerCounters.createdAt} + interval '1 millisecond'` })
    .where(eq(offerCounters.id, counterId))
    .returning();
  await db()
    .update(jobs)
    .set({ runAt: aged!.expiresAt })
    .where(and(eq(jobs.type, COUNTER_EXPIRY_JOB), sql`${jobs.payload}->>'counterId' = ${counterId}`));
}

describe('countering an offer', { timeout: SLOW_MS }, () => {
  it('tells the buyer (bell, thread, e-mail), the webhook, and shows the counter and history to both sides without the hidden address', async () => {
    const { seller, buyer } = await setup();
    await withWebhook(seller);
    const deal = await listed(seller, cashDeal({ hideAddress: true, streetAddress: '77 Hidden Way' }));
    const offer = await offered(buyer, deal.id);

    const before = Date.now();
    const trail = await countered(seller, offer.id);
    expect(trail).toMatchObject({
      id: offer.id,
      status: 'open',
      purchasePrice: 440000,
      counter: {
        status: 'open',
        purchasePrice: 455000,
        entryFee: null,
        estimatedCloseDate: inDays(21),
        message: 'Meet me at 455k and close in three weeks.',
      },
    });
    const expiresIn = Date.parse(trail.counter!.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(COUNTER_TTL_MS - 1000);
    expect(expiresIn).toBeLessThanOrEqual(COUNTER_TTL_MS + 60_000);
    expect(kinds(trail)).toEqual(['buyer:submitted', 'seller:countered']);
    expect(trail.history[1]).toMatchObject({ purchasePrice: 455000 });

    // The buyer reads it on the deal page and in My offers; the seller in the offers table.
    const page = await send(buyer, 'GET', `/api/deals/${deal.id}`);
    expect(page.json().myOffer).toMatchObject({
      id: offer.id,
      counter: { id: trail.counter!.id, status: 'open' },
    });
    expect(kinds(page.json().myOffer)).toEqual(['buyer:submitted', 'seller:countered']);
    const mine = await send(buyer, 'GET', '/api/offers/mine');
    expect(mine.json().items[0]).toMatchObject({ id: offer.id, counter: { status: 'open' } });
    expect(mine.json().items[0].history).toHaveLength(2);
    const table = await send(seller, 'GET', `/api/deals/${deal.id}/offers`);
    expect(table.json().items[0]).toMatchObject({ id: offer.id, counter: { purchasePrice: 455000 } });
    expect(kinds(table.json().items[0])).toEqual(['buyer:submitted', 'seller:countered']);
    for (const body of [page.body, mine.body]) expect(body).not.toContain('77 Hidden Way');

    // E-mail, bell and thread for the buyer, none of them with the street.
    const mail = await db().select().from(outbox).where(eq(outbox.template, 'offer_countered'));
    expect(mail.map((m) => m.recipient)).toEqual([buyer.email]);
    expect(mail[0]!.subject).toMatch(/^Counter-offer on Austin, TX \d{5}$/);
    expect(mail[0]!.body).toContain('Meet me at 455k');
    expect(mail[0]!.body).toContain('purchase price $455,000');
    expect(mail[0]!.body).toContain('72 hours');
    expect(`${mail[0]!.subject}${mail[0]!.body}`).not.toContain('Hidden');
    const bell = await db().select().from(chatNotifications).where(eq(chatNotifications.userId, buyer.id));
    expect(bell.map((n) => n.type)).toContain('offer_countered');
    const countedNote = bell.find((n) => n.type === 'offer_countered')!;
    expect(countedNote.message).toContain('$455,000');
    expect(countedNote.message).not.toContain('Hidden');
    const notes = await send(buyer, 'GET', '/api/chat/notifications');
    expect(notes.statusCode).toBe(200);
    expect(notes.body).not.toContain('Hidden Way');
    const thread = await db().select().from(chatMessages).where(eq(chatMessages.event, 'offer_countered'));
    expect(thread).toMatchObject([
      { kind: 'system', senderId: seller.id, body: 'Meet me at 455k and close in three weeks.' },
    ]);

    // The seller's webhook gets offer.countered; the expiry is a durable job at the counter's expiry.
    const hooks = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'offer.countered'));
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.payload).toMatchObject({
      type: 'offer.countered',
      data: { offer: { id: offer.id }, counter: { id: trail.counter!.id, purchasePrice: 455000 } },
    });
    const [job] = await db().select().from(jobs).where(eq(jobs.type, COUNTER_EXPIRY_JOB));
    expect(job!.runAt.toISOString()).toBe(trail.counter!.expiresAt);
  });

  it('takes the entry fee for a creative offer and the price for a cash one, refusing malformed bodies with field errors', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller, subToDeal());
    const creative = await creativeOffered(buyer, deal.id, 9000);
    const post = (body: unknown) => send(seller, 'POST', `/api/offers/${creative.id}/counter`, body);

    const missing = await post({ purchasePrice: 400000, estimatedCloseDate: inDays(20) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect(fieldErrors(missing)).toEqual({ entryFee: 'Enter the entry fee of your counter-offer.' });
    expect(fieldErrors(await post({ entryFee: -1, estimatedCloseDate: inDays(20) }))).toEqual({
      entryFee: 'Enter a positive amount.',
    });
    expect(fieldErrors(await post({ entryFee: 12000.5, estimatedCloseDate: inDays(20) }))).toEqual({
      entryFee: 'Enter whole dollars.',
    });
    expect(fieldErrors(await post({ entryFee: 12000 }))).toEqual({
      estimatedCloseDate: 'Enter the estimated close date.',
    });
    expect(fieldErrors(await post({ entryFee: 12000, estimatedCloseDate: inDays(-2) }))).toEqual({
      estimatedCloseDate: 'The close date cannot be in the past.',
    });
    expect(
      fieldErrors(await post({ entryFee: 12000, estimatedCloseDate: inDays(20), message: 'x'.repeat(2001) })),
    ).toEqual({
      message: 'Messages can be up to 2,000 characters.',
    });
    expect(
      (await post({ entryFee: 12000, estimatedCloseDate: inDays(20), status: 'accepted' })).statusCode,
    ).toBe(400);
    const notJson = await post('not json');
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const badId = await send(seller, 'POST', '/api/offers/not-a-uuid/counter', counterBody());
    expect(badId.statusCode).toBe(400);
    expect(await db().select().from(offerCounters)).toEqual([]);

    // The other type's amount is dropped, as the offer form does.
    const trail = await countered(seller, creative.id, {
      entryFee: 12000,
      purchasePrice: 1,
      estimatedCloseDate: inDays(20),
    });
    expect(trail.counter).toMatchObject({ entryFee: 12000, purchasePrice: null, message: '' });

    const cash = await offered(await createUser(app, { roles: ['buyer'] }), deal.id);
    const noPrice = await send(seller, 'POST', `/api/offers/${cash.id}/counter`, {
      entryFee: 5000,
      estimatedCloseDate: inDays(20),
    });
    expect(fieldErrors(noPrice)).toEqual({
      purchasePrice: 'Enter the purchase price of your counter-offer.',
    });
  });

  it("is the deal's originator's (and an admin's): 404 for another seller and the buyer; 409 on offers that are not open", async () => {
    const { seller, buyer } = await setup();
    const otherSeller = await createUser(app, { roles: ['originator'] });
    const admin = await createUser(app, { roles: ['admin'] });
    const deal = await listed(seller);
    const offer = await offered(buyer, deal.id);

    for (const who of [otherSeller, buyer]) {
      const res = await send(who, 'POST', `/api/offers/${offer.id}/counter`, counterBody());
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('OFFER_NOT_FOUND');
    }
    const unknown = await send(
      seller,
      'POST',
      '/api/offers/00000000-0000-4000-8000-000000000000/counter',
      counterBody(),
    );
    expect(unknown.statusCode).toBe(404);
    const byAdmin = await countered(admin, offer.id);
    expect(kinds(byAdmin)).toEqual(['buyer:submitted', 'seller:countered']);

    // Replaced: the old offer is no longer open, and its open counter closed with it.
    const replacement = await offered(buyer, deal.id, { purchasePrice: 450000 });
    const onReplaced = await send(seller, 'POST', `/api/offers/${offer.id}/counter`, counterBody());
    expect(onReplaced.statusCode).toBe(409);
    expect(onReplaced.json().code).toBe('OFFER_NOT_OPEN');
    const [old] = await db().select().from(offerCounters).where(eq(offerCounters.offerId, offer.id));
    expect(old!.status).toBe('superseded');
    const oldHistory = await db().select().from(offerEvents).where(eq(offerEvents.offerId, offer.id));
    expect(oldHistory.map((e) => e.kind).sort()).toEqual(['countered', 'replaced', 'submitted']);

    // Accepted: the deal is pending.
    expect((await send(seller, 'POST', `/api/offers/${replacement.id}/accept`)).statusCode).toBe(200);
    const onAccepted = await send(seller, 'POST', `/api/offers/${replacement.id}/counter`, counterBody());
    expect(onAccepted.statusCode).toBe(409);
    expect(onAccepted.json().code).toBe('OFFER_ALREADY_ACCEPTED');

    // Sold: the open offers were declined.
    const other = await listed(seller);
    const late = await offered(buyer, other.id);
    await send(seller, 'PUT', `/api/deals/${other.id}/status`, { status: 'sold', throughPlatform: false });
    const onSold = await send(seller, 'POST', `/api/offers/${late.id}/counter`, counterBody());
    expect(onSold.statusCode).toBe(409);
    expect(onSold.json().code).toBe('OFFER_NOT_OPEN');
  });
});

describe('answering a counter', { timeout: SLOW_MS }, () => {
  it("accepting the latest counter accepts the offer on the counter's terms, as the seller's accept does", async () => {
    const { seller, buyer } = await setup();
    await withWebhook(seller);
    const rival = await createUser(app, { roles: ['buyer'] });
    const deal = await listed(seller, cashDeal({ hideAddress: true, streetAddress: '12 Secret Ln' }));
    const offer = await offered(buyer, deal.id);
    const other = await offered(rival, deal.id, { purchasePrice: 430000 });
    const first = await countered(seller, offer.id);
    const latest = await countered(
      seller,
      offer.id,
      counterBody({ purchasePrice: 450000, message: 'Final.' }),
    );

    // Only the latest counter: naming the first one is refused.
    const stale = await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`, {
      counterId: first.counter!.id,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'COUNTER_SUPERSEDED' });
    expect(
      (await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`, { counterId: 'nope' })).statusCode,
    ).toBe(400);

    const res = await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`, {
      counterId: latest.counter!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { offer: accepted, deal: state } = res.json() as { offer: Trail; deal: { status: string } };
    expect(state.status).toBe('pending');
    expect(accepted).toMatchObject({
      status: 'accepted',
      purchasePrice: 450000,
      estimatedCloseDate: inDays(21),
      acceptedCounterId: latest.counter!.id,
      counter: { id: latest.counter!.id, status: 'accepted' },
    });
    expect(kinds(accepted)).toEqual([
      'buyer:submitted',
      'seller:countered',
      'seller:countered',
      'buyer:counter_accepted',
    ]);

    const counters = await db().select().from(offerCounters).where(eq(offerCounters.offerId, offer.id));
    expect(Object.fromEntries(counters.map((c) => [c.id, c.status]))).toEqual({
      [first.counter!.id]: 'superseded',
      [latest.counter!.id]: 'accepted',
    });
    const states = await db().select().from(offers).where(eq(offers.dealId, deal.id));
    expect(Object.fromEntries(states.map((o) => [o.id, o.status]))).toEqual({
      [offer.id]: 'accepted',
      [other.id]: 'declined',
    });
    const rivalEvents = await db()
      .select()
      .from(offerEvents)
      .where(eq(offerEvents.offerId, other.id))
      .orderBy(offerEvents.createdAt);
    expect(rivalEvents.map((e) => [e.kind, e.actorId])).toEqual([
      ['submitted', rival.id],
      ['declined', buyer.id],
    ]);
    const history = await db()
      .select()
      .from(dealStatusHistory)
      .where(and(eq(dealStatusHistory.dealId, deal.id), eq(dealStatusHistory.status, 'pending')));
    expect(history).toMatchObject([{ source: 'platform', actorId: buyer.id }]);
    expect(history[0]!.comments).toContain('Counter-offer accepted');
    expect(history[0]!.comments).toContain('$450,000');

    // Both told by e-mail; the seller in the bell and the thread; the webhook gets offer.accepted.
    const mail = await db().select().from(outbox).where(eq(outbox.template, 'counter_accepted'));
    expect(mail.map((m) => m.recipient).sort()).toEqual([buyer.email, seller.email].sort());
    // The buyer's offer is accepted: the street is theirs to see now.
    expect(mail.find((m) => m.recipient === buyer.email)!.subject).toContain('12 Secret Ln');
    const bell = await db().select().from(chatNotifications).where(eq(chatNotifications.userId, seller.id));
    expect(bell.map((n) => n.type)).toContain('counter_accepted');
    const hooks = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'offer.accepted'));
    expect(hooks[0]!.payload).toMatchObject({
      data: {
        offer: {
          id: offer.id,
          status: 'accepted',
          purchasePrice: 450000,
          acceptedCounterId: latest.counter!.id,
        },
      },
    });
    expect((await send(buyer, 'GET', `/api/deals/${deal.id}`)).json()).toMatchObject({
      status: 'pending',
      streetAddress: '12 Secret Ln',
      myOffer: { status: 'accepted', counter: { status: 'accepted' } },
    });
    const again = await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('OFFER_ALREADY_ACCEPTED');
  });

  it('is the buyer’s alone: 403 for the seller and an admin, 404 for anyone else; 409 without an open counter', async () => {
    const { seller, buyer } = await setup();
    const admin = await createUser(app, { roles: ['admin'] });
    const stranger = await createUser(app, { roles: ['buyer'] });
    const deal = await listed(seller);
    const offer = await offered(buyer, deal.id);

    const none = await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'COUNTER_NOT_OPEN',
      message: 'There is no open counter-offer on this offer.',
    });
    expect((await send(buyer, 'POST', `/api/offers/${offer.id}/decline-counter`)).json().code).toBe(
      'COUNTER_NOT_OPEN',
    );

    await countered(seller, offer.id);
    for (const action of ['accept-counter', 'decline-counter']) {
      for (const who of [seller, admin]) {
        const res = await send(who, 'POST', `/api/offers/${offer.id}/${action}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('COUNTER_BUYER_ONLY');
      }
      const res = await send(stranger, 'POST', `/api/offers/${offer.id}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('OFFER_NOT_FOUND');
    }
    const [counter] = await db().select().from(offerCounters);
    expect(counter!.status).toBe('open');
    const [row] = await db().select().from(deals).where(eq(deals.id, deal.id));
    expect(row!.status).toBe('active');
  });

  it('declining closes the counter, keeps the offer open and tells the seller; the seller may counter again', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller);
    const offer = await offered(buyer, deal.id);
    const trail = await countered(seller, offer.id);

    const res = await send(buyer, 'POST', `/api/offers/${offer.id}/decline-counter`, {
      counterId: trail.counter!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'open',
      purchasePrice: 440000,
      counter: { status: 'declined' },
    });
    expect(kinds(res.json())).toEqual(['buyer:submitted', 'seller:countered', 'buyer:counter_declined']);

    const mail = await db().select().from(outbox).where(eq(outbox.template, 'counter_declined'));
    expect(mail.map((m) => m.recipient)).toEqual([seller.email]);
    expect(mail[0]!.subject).toMatch(
      /^Ana Buyer declined your counter-offer on \d+ Barton Springs Rd, Austin/,
    );
    const bell = await db().select().from(chatNotifications).where(eq(chatNotifications.userId, seller.id));
    expect(bell.map((n) => n.type)).toContain('counter_declined');

    expect((await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`)).json().code).toBe(
      'COUNTER_NOT_OPEN',
    );
    expect((await send(buyer, 'POST', `/api/offers/${offer.id}/decline-counter`)).json().code).toBe(
      'COUNTER_NOT_OPEN',
    );

    const again = await countered(seller, offer.id, counterBody({ purchasePrice: 448000 }));
    expect(again.counter).toMatchObject({ status: 'open', purchasePrice: 448000 });
    // Accepting the offer as it was closes the open counter.
    expect((await send(seller, 'POST', `/api/offers/${offer.id}/accept`)).statusCode).toBe(200);
    const [last] = await db().select().from(offerCounters).where(eq(offerCounters.id, again.counter!.id));
    expect(last!.status).toBe('superseded');
    expect((await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`)).json().code).toBe(
      'OFFER_ALREADY_ACCEPTED',
    );
  });
});

describe('expiry', { timeout: SLOW_MS }, () => {
  it('refuses an expired counter at once, and the durable job marks it expired once, with a history step', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller);
    const offer = await offered(buyer, deal.id);
    const trail = await countered(seller, offer.id);
    await ageCounter(trail.counter!.id);

    // Before the job has run: shown and refused as expired.
    const page = await send(buyer, 'GET', `/api/deals/${deal.id}`);
    expect(page.json().myOffer.counter.status).toBe('expired');
    for (const action of ['accept-counter', 'decline-counter']) {
      const res = await send(buyer, 'POST', `/api/offers/${offer.id}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'COUNTER_EXPIRED',
        message: 'This counter-offer has expired.',
      });
    }
    const [stillOpen] = await db().select().from(offerCounters);
    expect(stillOpen!.status).toBe('open');

    // The job, and a second worker at the same time: the counter is marked once.
    const worker = () => new JobWorker(db()).register(COUNTER_EXPIRY_JOB, counterExpiryHandler(db()));
    const [a, b] = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(a.completed + b.completed).toBe(1);
    expect(await expireDueCounters(db())).toBe(0);
    const [expired] = await db().select().from(offerCounters);
    expect(expired!.status).toBe('expired');
    const events = await db()
      .select()
      .from(offerEvents)
      .where(and(eq(offerEvents.offerId, offer.id), eq(offerEvents.kind, 'counter_expired')));
    expect(events).toHaveLength(1);
    expect(events[0]!.actorId).toBeNull();
    const mine = (await send(buyer, 'GET', '/api/offers/mine')).json().items[0] as Trail;
    expect(kinds(mine)).toEqual(['buyer:submitted', 'seller:countered', 'system:counter_expired']);

    // The offer stays open: the seller may counter again, and that counter can be accepted.
    const next = await countered(seller, offer.id);
    expect(
      (await send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`, { counterId: next.counter!.id }))
        .statusCode,
    ).toBe(200);
  });

  it('two sweeps at once mark each due counter once; a new counter over an expired one marks it expired', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller);
    const buyers = [
      buyer,
      ...(await Promise.all([1, 2, 3].map(() => createUser(app, { roles: ['buyer'] })))),
    ];
    const made = [];
    for (const b of buyers) made.push(await offered(b, deal.id));
    const trails = [];
    for (const o of made) trails.push(await countered(seller, o.id));
    for (const t of trails.slice(0, 2)) await ageCounter(t.counter!.id);

    const [x, y] = await Promise.all([expireDueCounters(db()), expireDueCounters(db())]);
    expect(x + y).toBe(2);
    const expiredEvents = await db()
      .select()
      .from(offerEvents)
      .where(eq(offerEvents.kind, 'counter_expired'));
    expect(expiredEvents).toHaveLength(2);

    // A counter past its time that no sweep has marked yet: countering again marks it expired, not superseded.
    const third = trails[2]!;
    await ageCounter(third.counter!.id);
    const newer = await countered(seller, made[2]!.id);
    expect(kinds(newer)).toEqual([
      'buyer:submitted',
      'seller:countered',
      'system:counter_expired',
      'seller:countered',
    ]);
    const [old] = await db().select().from(offerCounters).where(eq(offerCounters.id, third.counter!.id));
    expect(old!.status).toBe('expired');
    const [live] = await db()
      .select()
      .from(offerCounters)
      .where(eq(offerCounters.id, trails[3]!.counter!.id));
    expect(live!.status).toBe('open');
  });
});

describe('exactly one accepted offer', { timeout: SLOW_MS }, () => {
  it('lets exactly one of a seller’s accept of another offer and the buyer’s accept-counter win', async () => {
    const { seller, buyer } = await setup();
    const rival = await createUser(app, { roles: ['buyer'] });
    for (let round = 0; round < 4; round++) {
      const deal = await listed(seller);
      const offer = await offered(buyer, deal.id);
      const other = await offered(rival, deal.id, { purchasePrice: 430000 });
      await countered(seller, offer.id);

      const calls = [
        send(seller, 'POST', `/api/offers/${other.id}/accept`),
        send(buyer, 'POST', `/api/offers/${offer.id}/accept-counter`),
      ];
      const results = await Promise.all(round % 2 ? calls.reverse() : calls);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(['OFFER_ALREADY_ACCEPTED', 'OFFER_NOT_OPEN']).toContain(
        results.find((r) => r.statusCode === 409)!.json().code,
      );

      const accepted = await db()
        .select()
        .from(offers)
        .where(and(eq(offers.dealId, deal.id), eq(offers.status, 'accepted')));
      expect(accepted).toHaveLength(1);
      const pending = await db()
        .select()
        .from(dealStatusHistory)
        .where(and(eq(dealStatusHistory.dealId, deal.id), eq(dealStatusHistory.status, 'pending')));
      expect(pending).toHaveLength(1);
      const open = await db()
        .select()
        .from(offerCounters)
        .where(and(eq(offerCounters.offerId, offer.id), eq(offerCounters.status, 'open')));
      expect(open).toEqual([]);
    }
  });
});

describe('the history of every step', { timeout: SLOW_MS }, () => {
  it('records submitted, replaced, accepted, declined and released, oldest first, with each actor', async () => {
    const { seller, buyer } = await setup();
    const rival = await createUser(app, { roles: ['buyer'] });
    const deal = await listed(seller);
    const first = await offered(buyer, deal.id);
    const second = await offered(buyer, deal.id, { purchasePrice: 445000 });
    const other = await offered(rival, deal.id, { purchasePrice: 420000 });
    await send(seller, 'POST', `/api/offers/${second.id}/accept`);
    await send(seller, 'PUT', `/api/deals/${deal.id}/status`, {
      status: 'active',
      reason: 'Financing fell through',
      throughPlatform: true,
    });

    const table = await send(seller, 'GET', `/api/deals/${deal.id}/offers?status=all`);
    const byId = Object.fromEntries((table.json().items as Trail[]).map((o) => [o.id, kinds(o)]));
    expect(byId).toEqual({
      [first.id]: ['buyer:submitted', 'buyer:replaced'],
      [second.id]: ['buyer:submitted', 'seller:accepted', 'seller:released'],
      [other.id]: ['buyer:submitted', 'seller:declined'],
    });
    const [submitted] = (table.json().items as Trail[]).find((o) => o.id === second.id)!.history;
    expect(submitted).toMatchObject({ purchasePrice: 445000 });

    // Closing the deal declines the open offers and closes their counters.
    await countered(seller, other.id);
    await send(seller, 'PUT', `/api/deals/${deal.id}/status`, {
      status: 'canceled',
      reason: 'Owner kept it',
      throughPlatform: false,
    });
    const [closed] = await db().select().from(offerCounters).where(eq(offerCounters.offerId, other.id));
    expect(closed!.status).toBe('superseded');
    const events = await db()
      .select()
      .from(offerEvents)
      .where(eq(offerEvents.offerId, other.id))
      .orderBy(offerEvents.createdAt);
    expect(events.map((e) => e.kind)).toEqual(['submitted', 'declined', 'countered', 'declined']);
  });
});
