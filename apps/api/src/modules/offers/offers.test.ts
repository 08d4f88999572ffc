import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealInput } from '@dealclub/shared/deals';
import { isoDay } from '@dealclub/shared/offers';
import {
  dealStatusHistory,
  deals,
  interests,
  jobs,
  offers,
  outbox,
  users,
  webhookDeliveries,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { WEBHOOK_JOB } from '../webhooks/enqueue';
import { MESSAGES_PER_MINUTE } from './routes';
import { cashDeal, subToDeal, listDeal } from '../../test/deals';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const inDays = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);
const listed = (seller: TestUser, deal?: DealInput) => listDeal(app, seller, deal);

const cashOffer = (price = 440000, overrides: Record<string, unknown> = {}) => ({
  type: 'cash',
  purchasePrice: price,
  estimatedCloseDate: inDays(30),
  message: 'Cash, no contingencies.',
  ...overrides,
});

async function offered(buyer: TestUser, dealId: string, offer: Record<string, unknown> = cashOffer()) {
  const res = await send(buyer, 'POST', `/api/deals/${dealId}/offers`, offer);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

/** The field errors of a 400 as { path: message }. */
function fieldErrors(res: { json(): unknown }) {
  const body = res.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
}

async function offerCount() {
  const [row] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(offers);
  return Number(row?.n);
}

async function setup() {
  app = await createTestApp();
  const seller = await createUser(app, { roles: ['originator'] });
  const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Ana', lastName: 'Buyer' });
  return { seller, buyer };
}

describe('interest', () => {
  it("reaches the seller's table and e-mail and the buyer's My Interests; a second one updates it", async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller);

    const first = await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, {
      message: 'Is the roof new?',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, {
      message: 'Can I see it Friday?',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);

    const table = await send(seller, 'GET', `/api/deals/${deal.id}/interests`);
    expect(table.statusCode).toBe(200);
    expect(table.json()).toMatchObject({
      total: 1,
      items: [
        {
          message: 'Can I see it Friday?',
          buyer: { firstName: 'Ana', lastName: 'Buyer', email: buyer.email, phoneNumber: '5125550199' },
        },
      ],
    });
    expect(Date.parse(table.json().items[0].updatedAt)).not.toBeNaN();

    const mine = await send(buyer, 'GET', '/api/interests/mine');
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ message: 'Can I see it Friday?', deal: { id: deal.id } }],
    });

    const detail = await send(buyer, 'GET', `/api/deals/${deal.id}`);
    expect(detail.json().myInterest).toMatchObject({ message: 'Can I see it Friday?' });

    const mail = await app.database.db.select().from(outbox).where(eq(outbox.template, 'offer_interest'));
    expect(mail).toHaveLength(2);
    expect(mail[0]!.recipient).toBe(seller.email);
    expect(mail.map((m) => m.body).join('\n')).toContain('Can I see it Friday?');
  });

  it('refuses an empty or over-long message, the own deal and a sold deal, storing nothing', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller);
    const empty = await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)).toEqual({ message: 'Write a message to the seller.' });
    const long = await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'x'.repeat(2001) });
    expect(fieldErrors(long)).toEqual({ message: 'Messages can be up to 2,000 characters.' });

    const hybrid = await createUser(app, { roles: ['buyer', 'originator'] });
    const own = await listed(hybrid);
    const self = await send(hybrid, 'POST', `/api/deals/${own.id}/interest`, { message: 'Mine' });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('OWN_DEAL');

    await send(seller, 'PUT', `/api/deals/${deal.id}/status`, { status: 'sold', throughPlatform: false });
    const sold = await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'Still there?' });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({
      code: 'DEAL_UNAVAILABLE',
      message: 'This deal is no longer available.',
    });

    const [count] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(interests);
    expect(Number(count?.n)).toBe(0);
  });

  it('takes at most 20 messages a minute from one buyer, so a seller cannot be flooded', async () => {
    const { seller, buyer } = await setup();
    const other = await createUser(app, { roles: ['buyer'] });
    const deal = await listed(seller);
    const post = (who: TestUser, i: number) =>
      send(who, 'POST', `/api/deals/${deal.id}/interest`, { message: `Message ${i}` });
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) expect((await post(buyer, i)).statusCode).toBe(201);
    const flood = await post(buyer, 99);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().code).toBe('RATE_LIMITED');
    expect((await send(buyer, 'POST', `/api/deals/${deal.id}/offers`, cashOffer())).statusCode).toBe(429);
    expect((await post(other, 1)).statusCode).toBe(201);
  });

  it('is read and exported only by the originator and admins: 404 for everyone else', async () => {
    const { seller, buyer } = await setup();
    const otherSeller = await createUser(app, { roles: ['originator'] });
    const admin = await createUser(app, { roles: ['admin'] });
    const deal = await listed(seller);
    await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'Hello' });
    for (const path of ['interests', 'interests.csv', 'offers', 'offers.csv']) {
      expect((await send(buyer, 'GET', `/api/deals/${deal.id}/${path}`)).statusCode).toBe(404);
      expect((await send(otherSeller, 'GET', `/api/deals/${deal.id}/${path}`)).statusCode).toBe(404);
      expect((await send(admin, 'GET', `/api/deals/${deal.id}/${path}`)).statusCode).toBe(200);
    }
  });
});

describe('making offers', () => {
  it('refuses each missing or bad part with its message and stores nothing', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller, subToDeal());
    const post = (body: Record<string, unknown>) => send(buyer, 'POST', `/api/deals/${deal.id}/offers`, body);

    expect(fieldErrors(await post({ estimatedCloseDate: inDays(30) }))).toMatchObject({
      type: 'Choose cash or creative.',
    });
    expect(fieldErrors(await post({ type: 'cash', estimatedCloseDate: inDays(30) }))).toEqual({
      purchasePrice: 'Enter the purchase price you offer.',
    });
    expect(fieldErrors(await post({ type: 'creative', estimatedCloseDate: inDays(30) }))).toEqual({
      entryFee: 'Enter the entry fee you offer.',
    });
    expect(
      fieldErrors(await post({ type: 'cash', purchasePrice: -5, estimatedCloseDate: inDays(30) })),
    ).toEqual({
      purchasePrice: 'Enter a positive amount.',
    });
    expect(
      fieldErrors(await post({ type: 'creative', entryFee: 0, estimatedCloseDate: inDays(30) })),
    ).toEqual({
      entryFee: 'Enter a positive amount.',
    });
    expect(fieldErrors(await post({ type: 'cash', purchasePrice: 400000 }))).toEqual({
      estimatedCloseDate: 'Enter the estimated close date.',
    });
    expect(
      fieldErrors(await post({ type: 'cash', purchasePrice: 400000, estimatedCloseDate: inDays(-3) })),
    ).toEqual({
      estimatedCloseDate: 'The close date cannot be in the past.',
    });
    expect(
      fieldErrors(await post({ type: 'cash', purchasePrice: 400000, estimatedCloseDate: inDays(800) })),
    ).toEqual({
      estimatedCloseDate: 'Choose a close date within two years.',
    });
    expect(
      fieldErrors(await post({ type: 'cash', purchasePrice: 400000, estimatedCloseDate: '2027-02-30x' })),
    ).toEqual({ estimatedCloseDate: 'Enter the estimated close date.' });
    expect(fieldErrors(await post({ ...cashOffer(), message: 'y'.repeat(2001) }))).toEqual({
      message: 'Messages can be up to 2,000 characters.',
    });

    const cashOnly = await listed(seller);
    const creativeOnCash = await send(buyer, 'POST', `/api/deals/${cashOnly.id}/offers`, {
      type: 'creative',
      entryFee: 20000,
      estimatedCloseDate: inDays(30),
    });
    expect(creativeOnCash.statusCode).toBe(400);
    expect(fieldErrors(creativeOnCash)).toEqual({ type: 'This is a cash deal: only cash offers are taken.' });
    expect(await offerCount()).toBe(0);
  });

  it("takes today's date, keeps only the offer's own amount, and replaces the buyer's open offer", async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller, subToDeal());
    const first = await offered(buyer, deal.id, {
      type: 'creative',
      entryFee: 8000,
      purchasePrice: 1,
      estimatedCloseDate: isoDay(new Date()),
      acknowledgedRisks: ['dueOnSale'],
    });
    expect(first).toMatchObject({ status: 'open', entryFee: 8000, purchasePrice: null });
    const second = await offered(buyer, deal.id, cashOffer(430000));
    expect(second).toMatchObject({ status: 'open', replacesId: first.id });

    const rows = await app.database.db.select().from(offers).where(eq(offers.dealId, deal.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['open', 'replaced']);
    const mine = await send(buyer, 'GET', '/api/offers/mine');
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ id: second.id, status: 'open', deal: { id: deal.id } }],
    });
    expect((await send(buyer, 'GET', `/api/deals/${deal.id}`)).json().myOffer).toMatchObject({
      id: second.id,
    });
    const all = await send(seller, 'GET', `/api/deals/${deal.id}/offers?status=all`);
    expect(all.json().total).toBe(2);
    expect((await send(seller, 'GET', `/api/deals/${deal.id}/offers`)).json().total).toBe(1);
  });

  it('refuses offers on pending, sold, canceled and own deals with the spec copy', async () => {
    const { seller, buyer } = await setup();
    const pending = await listed(seller);
    await send(seller, 'PUT', `/api/deals/${pending.id}/status`, {
      status: 'pending',
      throughPlatform: false,
    });
    const onPending = await send(buyer, 'POST', `/api/deals/${pending.id}/offers`, cashOffer());
    expect(onPending.statusCode).toBe(409);
    expect(onPending.json()).toMatchObject({
      code: 'DEAL_PENDING',
      message: 'This deal is pending: no new offers.',
    });

    const sold = await listed(seller);
    await send(seller, 'PUT', `/api/deals/${sold.id}/status`, { status: 'sold', throughPlatform: true });
    expect((await send(buyer, 'POST', `/api/deals/${sold.id}/offers`, cashOffer())).json().code).toBe(
      'DEAL_UNAVAILABLE',
    );
    const canceled = await listed(seller);
    await send(seller, 'PUT', `/api/deals/${canceled.id}/status`, {
      status: 'canceled',
      reason: 'Owner kept it',
      throughPlatform: false,
    });
    expect((await send(buyer, 'POST', `/api/deals/${canceled.id}/offers`, cashOffer())).statusCode).toBe(409);
    const deleted = await listed(seller);
    await send(seller, 'DELETE', `/api/deals/${deleted.id}`);
    expect((await send(buyer, 'POST', `/api/deals/${deleted.id}/offers`, cashOffer())).statusCode).toBe(404);

    const hybrid = await createUser(app, { roles: ['buyer', 'originator'] });
    const own = await listed(hybrid);
    expect((await send(hybrid, 'POST', `/api/deals/${own.id}/offers`, cashOffer())).json().code).toBe(
      'OWN_DEAL',
    );
    const sellerOnly = await send(seller, 'POST', `/api/deals/${own.id}/offers`, cashOffer());
    expect(sellerOnly.statusCode).toBe(403);
    expect(await offerCount()).toBe(0);
  });
});

describe('comparing offers', () => {
  it('normalises every offer to cash to the seller, share of asking and days to close, sortable', async () => {
    const { seller, buyer } = await setup();
    const certified = await createUser(app, { roles: ['buyer'], firstName: 'Cy' });
    await app.database.db.update(users).set({ certifiedBuyer: true }).where(eq(users.id, certified.id));
    const deal = await listed(seller, subToDeal({ purchasePrice: 400000, entryFee: 10000 }));
    await offered(buyer, deal.id, cashOffer(380000, { estimatedCloseDate: inDays(45) }));
    await offered(certified, deal.id, {
      type: 'creative',
      entryFee: 12000,
      estimatedCloseDate: inDays(10),
      acknowledgedRisks: ['dueOnSale'],
    });

    const byCash = (await send(seller, 'GET', `/api/deals/${deal.id}/offers?sort=cash-desc`)).json();
    expect(byCash.deal).toMatchObject({
      id: deal.id,
      status: 'active',
      entryFee: 10000,
      acceptedOfferId: null,
    });
    expect(byCash.items.map((o: { figures: unknown }) => o.figures)).toEqual([
      {
        cashToSeller: 380000,
        priceOfAsking: 95,
        entryFeeOfAsking: null,
        daysToClose: 45,
        effectivePrice: 380000,
        sellerFinanced: null,
      },
      // The entry fee plus the $310,000 loan the buyer takes over subject to.
      {
        cashToSeller: 12000,
        priceOfAsking: null,
        entryFeeOfAsking: 120,
        daysToClose: 10,
        effectivePrice: 322000,
        sellerFinanced: null,
      },
    ]);
    const byEffective = (
      await send(seller, 'GET', `/api/deals/${deal.id}/offers?sort=effective-desc`)
    ).json();
    expect(
      byEffective.items.map((o: { figures: { effectivePrice: number } }) => o.figures.effectivePrice),
    ).toEqual([380000, 322000]);
    const byClose = (await send(seller, 'GET', `/api/deals/${deal.id}/offers?sort=close-asc`)).json();
    expect(byClose.items.map((o: { type: string }) => o.type)).toEqual(['creative', 'cash']);
    const byCertified = (await send(seller, 'GET', `/api/deals/${deal.id}/offers?sort=certified`)).json();
    expect(byCertified.items[0].buyer).toMatchObject({ firstName: 'Cy', certifiedBuyer: true });

    const paged = (await send(seller, 'GET', `/api/deals/${deal.id}/offers?sort=cash-desc&limit=1`)).json();
    const next = (
      await send(
        seller,
        'GET',
        `/api/deals/${deal.id}/offers?sort=cash-desc&limit=1&cursor=${paged.nextCursor}`,
      )
    ).json();
    expect([paged.items[0].type, next.items[0].type, next.nextCursor]).toEqual(['cash', 'creative', null]);
    expect((await send(seller, 'GET', `/api/deals/${deal.id}/offers?sort=cheapest`)).statusCode).toBe(400);
    expect((await send(seller, 'GET', `/api/deals/${deal.id}/offers?cursor=bogus`)).statusCode).toBe(400);
  });
});

describe('accepting an offer', () => {
  it('turns the deal pending with a history entry, declines the rest, tells both parties and shows the buyer the address', async () => {
    const { seller, buyer } = await setup();
    const other = await createUser(app, { roles: ['buyer'] });
    const deal = await listed(seller, cashDeal({ hideAddress: true, streetAddress: '77 Hidden Way' }));
    const offer = await offered(buyer, deal.id);
    const rival = await offered(other, deal.id, cashOffer(420000));
    expect((await send(buyer, 'GET', `/api/deals/${deal.id}`)).json().streetAddress).toBeUndefined();

    const res = await send(seller, 'POST', `/api/offers/${offer.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      offer: { id: offer.id, status: 'accepted' },
      deal: { status: 'pending' },
    });

    const [row] = await app.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row!.status).toBe('pending');
    const history = await app.database.db
      .select()
      .from(dealStatusHistory)
      .where(and(eq(dealStatusHistory.dealId, deal.id), eq(dealStatusHistory.status, 'pending')));
    expect(history).toMatchObject([{ source: 'platform', actorId: seller.id }]);
    expect(history[0]!.comments).toContain('Offer accepted');

    const states = await app.database.db.select().from(offers).where(eq(offers.dealId, deal.id));
    expect(Object.fromEntries(states.map((o) => [o.id, o.status]))).toEqual({
      [offer.id]: 'accepted',
      [rival.id]: 'declined',
    });

    const mail = await app.database.db.select().from(outbox).where(eq(outbox.template, 'offer_accepted'));
    expect(mail.map((m) => m.recipient).sort()).toEqual([buyer.email, seller.email].sort());
    const buyerMail = mail.find((m) => m.recipient === buyer.email)!;
    expect(buyerMail.subject).toContain('77 Hidden Way');

    const buyerView = (await send(buyer, 'GET', `/api/deals/${deal.id}`)).json();
    expect(buyerView).toMatchObject({
      status: 'pending',
      streetAddress: '77 Hidden Way',
      myOffer: { status: 'accepted' },
    });
    const rivalView = (await send(other, 'GET', `/api/deals/${deal.id}`)).json();
    expect(rivalView.streetAddress).toBeUndefined();
    expect(rivalView.myOffer).toMatchObject({ status: 'declined' });
    const late = await send(other, 'POST', `/api/deals/${deal.id}/offers`, cashOffer(460000));
    expect(late.json().code).toBe('DEAL_PENDING');
  });

  it('refuses a second accept, another offer, another seller and a buyer, changing nothing', async () => {
    const { seller, buyer } = await setup();
    const other = await createUser(app, { roles: ['buyer'] });
    const otherSeller = await createUser(app, { roles: ['originator'] });
    const deal = await listed(seller);
    const offer = await offered(buyer, deal.id);
    const rival = await offered(other, deal.id, cashOffer(420000));

    expect((await send(otherSeller, 'POST', `/api/offers/${offer.id}/accept`)).statusCode).toBe(404);
    expect((await send(buyer, 'POST', `/api/offers/${offer.id}/accept`)).statusCode).toBe(404);
    expect(
      (await send(seller, 'POST', `/api/offers/00000000-0000-4000-8000-000000000000/accept`)).statusCode,
    ).toBe(404);
    expect((await send(seller, 'POST', '/api/offers/not-a-uuid/accept')).json().code).toBe(
      'VALIDATION_FAILED',
    );
    const [untouched] = await app.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(untouched!.status).toBe('active');

    expect((await send(seller, 'POST', `/api/offers/${offer.id}/accept`)).statusCode).toBe(200);
    const twice = await send(seller, 'POST', `/api/offers/${offer.id}/accept`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'OFFER_ALREADY_ACCEPTED',
      message: 'An offer on this deal has already been accepted.',
    });
    const another = await send(seller, 'POST', `/api/offers/${rival.id}/accept`);
    expect(another.json().code).toBe('OFFER_ALREADY_ACCEPTED');
    const history = await app.database.db
      .select()
      .from(dealStatusHistory)
      .where(eq(dealStatusHistory.dealId, deal.id));
    expect(history.map((h) => h.status)).toEqual(['active', 'pending']);
  });

  it('lets exactly one of 30 concurrent accepts of different offers on one deal win', async () => {
    const { seller } = await setup();
    const deal = await listed(seller);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createUser(app, { roles: ['buyer'] })));
    const made = [];
    for (const [i, b] of buyers.entries()) made.push(await offered(b, deal.id, cashOffer(400000 + i)));

    const results = await Promise.all(made.map((o) => send(seller, 'POST', `/api/offers/${o.id}/accept`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    const accepted = await app.database.db
      .select()
      .from(offers)
      .where(and(eq(offers.dealId, deal.id), eq(offers.status, 'accepted')));
    expect(accepted).toHaveLength(1);
    const history = await app.database.db
      .select()
      .from(dealStatusHistory)
      .where(and(eq(dealStatusHistory.dealId, deal.id), eq(dealStatusHistory.status, 'pending')));
    expect(history).toHaveLength(1);
  });

  it('Reactivate releases the accepted offer, reopens the others and hides the address again', async () => {
    const { seller, buyer } = await setup();
    const other = await createUser(app, { roles: ['buyer'] });
    const deal = await listed(seller, cashDeal({ hideAddress: true }));
    const offer = await offered(buyer, deal.id);
    const backup = await offered(other, deal.id, cashOffer(420000));
    await send(seller, 'POST', `/api/offers/${offer.id}/accept`);

    const reactivated = await send(seller, 'PUT', `/api/deals/${deal.id}/status`, {
      status: 'active',
      reason: 'Buyer financing fell through',
      throughPlatform: true,
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const states = await app.database.db.select().from(offers).where(eq(offers.dealId, deal.id));
    expect(Object.fromEntries(states.map((o) => [o.id, o.status]))).toEqual({
      [offer.id]: 'released',
      [backup.id]: 'open',
    });
    expect((await send(buyer, 'GET', `/api/deals/${deal.id}`)).json().streetAddress).toBeUndefined();
    expect((await send(seller, 'POST', `/api/offers/${backup.id}/accept`)).statusCode).toBe(200);
  });

  it('queues the seller’s webhook events for a submitted and an accepted offer when the webhook is on', async () => {
    const { seller, buyer } = await setup();
    await app.database.db
      .update(users)
      .set({
        offerWebhookUrl: 'https://hooks.example.test/offers',
        offerWebhookEnabled: true,
        offerWebhookSecret: 's',
      })
      .where(eq(users.id, seller.id));
    const deal = await listed(seller);
    const offer = await offered(buyer, deal.id);
    await send(seller, 'POST', `/api/offers/${offer.id}/accept`);
    const events = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, seller.id));
    expect(events.map((e) => e.event).sort()).toEqual(['offer.accepted', 'offer.submitted']);
    const accepted = events.find((e) => e.event === 'offer.accepted')!.payload as {
      type: string;
      data: { offer: { id: string; status: string }; buyer: { email: string }; deal: { id: string } };
    };
    expect(accepted).toMatchObject({
      type: 'offer.accepted',
      data: {
        offer: { id: offer.id, status: 'accepted' },
        buyer: { email: buyer.email },
        deal: { id: deal.id },
      },
    });
  });

  it('queues no webhook event for a seller whose webhook is off, nor for one without a URL', async () => {
    const { seller: switchedOff, buyer } = await setup();
    const withoutUrl = await createUser(app, { roles: ['originator'] });
    const db = app.database.db;
    await db
      .update(users)
      .set({
        offerWebhookUrl: 'https://hooks.example.test/offers',
        offerWebhookEnabled: false,
        offerWebhookSecret: 's',
      })
      .where(eq(users.id, switchedOff.id));
    // Not a state the API saves (the shared schema wants a URL to turn it on), but the rule holds.
    await db.update(users).set({ offerWebhookEnabled: true }).where(eq(users.id, withoutUrl.id));
    for (const seller of [switchedOff, withoutUrl]) {
      const deal = await listed(seller);
      const offer = await offered(buyer, deal.id);
      expect((await send(seller, 'POST', `/api/offers/${offer.id}/accept`)).statusCode).toBe(200);
    }
    expect(await db.select().from(webhookDeliveries)).toEqual([]);
    // (The listings' own jobs, the alert fan-outs, are there; no webhook job is.)
    expect(await db.select().from(jobs).where(eq(jobs.type, WEBHOOK_JOB))).toEqual([]);
  });
});

describe('CSV exports', () => {
  /** The records of a CSV body (RFC 4180: quoted fields with doubled quotes, CRLF rows). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted && c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = !quoted;
      } else if (!quoted && c === ',') {
        row.push(cell);
        cell = '';
      } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i++;
      } else {
        cell += c;
      }
    }
    if (cell || row.length) rows.push([...row, cell]);
    return rows;
  }

  it('streams the offers as UTF-8 with a BOM, in the reader’s language, with formulas neutralised', async () => {
    const { seller, buyer } = await setup();
    const deal = await listed(seller, cashDeal({ city: 'San José' }));
    await offered(buyer, deal.id, cashOffer(440000, { message: '=HYPERLINK("http://x","y")' }));
    const res = await send(seller, 'GET', `/api/deals/${deal.id}/offers.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="offers-San-Jos/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, first, ...rest] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'Submitted',
      'Buyer',
      'E-mail',
      'Phone',
      'Certified buyer',
      'Type',
      'Purchase price',
      'Entry fee',
      'Cash to seller',
      'Effective price',
      'Seller-financed',
      'Estimated close date',
      'Days to close',
      'Status',
      'Message',
      'Risks acknowledged',
    ]);
    expect(first).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'Ana Buyer',
      buyer.email,
      '5125550199',
      'No',
      'Cash',
      '440000',
      '',
      '440000',
      '440000',
      '',
      inDays(30),
      '30',
      'Open',
      `'=HYPERLINK("http://x","y")`,
      '',
    ]);
  });

  it('neutralises every formula trigger in the interests export, and speaks Spanish to a Spanish reader', async () => {
    const { seller, buyer } = await setup();
    await app.database.db.update(users).set({ languagePreference: 'es' }).where(eq(users.id, seller.id));
    const deal = await listed(seller);
    const triggers = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '  =cmd'];
    const buyers = await Promise.all(triggers.map(() => createUser(app, { roles: ['buyer'] })));
    for (const [i, b] of buyers.entries()) {
      await send(b, 'POST', `/api/deals/${deal.id}/interest`, { message: `${triggers[i]}` });
    }
    await send(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'Plain text, "quoted" ¿sí?' });
    const res = await send(seller, 'GET', `/api/deals/${deal.id}/interests.csv`);
    const [header, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual([
      'Fecha',
      'Comprador',
      'Correo electrónico',
      'Teléfono',
      'Comprador certificado',
      'Mensaje',
    ]);
    const messages = rows.map((r) => r[5]);
    expect(messages).toHaveLength(7);
    expect(messages).toContain('Plain text, "quoted" ¿sí?');
    // Messages are trimmed when saved, so the tab-led one arrives as "x" and needs nothing.
    expect(messages).toContain('x');
    for (const t of triggers.filter((x) => x.trim() !== 'x')) expect(messages).toContain(`'${t.trim()}`);
  });
});
