import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { cashDeal, listDeal, renoSubTo } from '../../test/deals';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);

/** Buyer preferences in Reno, NV, with the limits given. */
const renoPreferences = (over: Record<string, unknown> = {}) => ({
  useCase: 'investment',
  state: 'NV',
  city: 'Reno',
  zipCodes: [],
  ...over,
});

interface Card {
  id: string;
  match: {
    score: number;
    matches: boolean;
    reasons: { criterion: string; met: boolean | null; detail: string }[];
  } | null;
}

async function setup() {
  app = await createTestApp();
  const seller = await createUser(app, { roles: ['originator'] });
  const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Bea', lastName: 'Match' });
  return { seller, buyer };
}

async function setPreferences(buyer: TestUser, prefs: Record<string, unknown>) {
  const res = await send(buyer, 'PUT', '/api/profile/buyer-preferences', prefs);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the match of a deal for a buyer', () => {
  it('scores each card and the deal page with the reasons, criterion by criterion, both numbers', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, renoSubTo());
    await setPreferences(
      buyer,
      renoPreferences({ maxMonthlyPayment: 2500, maxDownPayment: 10000, bedrooms: 3 }),
    );

    const list = (await send(buyer, 'GET', '/api/deals')).json();
    const card = list.items.find((c: Card) => c.id === deal.id) as Card;
    // Location 30 + payment 20 + rooms 10 met; cash to close (20) missed: 60 of 80.
    expect(card.match).toMatchObject({ score: 75, matches: false });
    expect(card.match!.reasons).toEqual([
      expect.objectContaining({
        criterion: 'location',
        met: true,
        detail: 'Reno, NV 89501 — you look in Reno, NV',
      }),
      expect.objectContaining({
        criterion: 'monthlyPayment',
        met: true,
        detail: 'Total monthly payment $2,272 — your maximum $2,500',
      }),
      expect.objectContaining({
        criterion: 'cashToClose',
        met: false,
        detail: 'Cash to close $12,000 — your maximum down payment $10,000',
      }),
      expect.objectContaining({
        criterion: 'bedrooms',
        met: true,
        detail: '3 bedrooms — you want at least 3',
      }),
    ]);

    const page = (await send(buyer, 'GET', `/api/deals/${deal.id}`)).json();
    expect(page.match.score).toBe(75);
    const spanish = await app.inject({
      method: 'GET',
      url: `/api/deals/${deal.id}`,
      headers: { ...buyer.headers, 'accept-language': 'es' },
    });
    expect(spanish.json().match.reasons[1].detail).toBe('Pago mensual total $2,272 — su máximo $2,500');
  });

  it('says unknown for a limit the deal cannot answer, and gives no score without preferences or buy box', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, renoSubTo());
    const other = await createUser(app, { roles: ['buyer'] });
    expect((await send(other, 'GET', `/api/deals/${deal.id}`)).json().match).toBeNull();

    await setPreferences(buyer, renoPreferences({ minLotSize: 5000 }));
    const reasons = (await send(buyer, 'GET', `/api/deals/${deal.id}`)).json().match.reasons;
    expect(reasons[1]).toMatchObject({
      criterion: 'lotSize',
      met: null,
      detail: 'Lot size: the deal does not say — your limit 5,000',
    });
    // The originator sees no score on their own deal's page.
    expect((await send(seller, 'GET', `/api/deals/${deal.id}`)).json().match).toBeNull();
  });

  it('matches through the buy box when the preferences do not fit', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, renoSubTo());
    await setPreferences(buyer, renoPreferences({ state: 'TX', city: 'Austin' }));
    const box = await send(buyer, 'PUT', '/api/profile/buy-box', {
      type: 'SubTo',
      state: 'NV',
      city: 'Reno',
      zipCodes: ['89501'],
    });
    expect(box.statusCode, box.body).toBe(200);
    const match = (await send(buyer, 'GET', `/api/deals/${deal.id}`)).json().match;
    expect(match).toMatchObject({ score: 100, matches: true });
    expect(match.reasons.map((r: { criterion: string }) => r.criterion)).toEqual(['location', 'dealType']);
  });
});

describe('best match first', { tags: ['server'] }, () => {
  it('sorts fits first, then by score, then newest, and pages without repeating a deal', async () => {
    const { seller, buyer } = await setup();
    await setPreferences(
      buyer,
      renoPreferences({ maxMonthlyPayment: 2500, bedrooms: 3, propertyTypes: ['singleFamily'] }),
    );
    const fit = await listDeal(app, seller, renoSubTo());
    const tooDear = await listDeal(app, seller, renoSubTo({ piti: 2600 }));
    const elsewhere = await listDeal(app, seller, cashDeal());
    const condo = await listDeal(app, seller, renoSubTo({ propertyType: 'condo' }));
    const fitToo = await listDeal(app, seller, renoSubTo({ piti: 1900 }));

    const ranked = (await send(buyer, 'GET', '/api/deals?sort=match')).json();
    const order = ranked.items.map((c: Card) => c.id);
    // Both fits first (newest first between equals), then the two Reno deals that miss one limit
    // (payment 20 of 70 → 71; type 10 of 70 → 86), then the deal in another state.
    expect(order).toEqual([fitToo.id, fit.id, condo.id, tooDear.id, elsewhere.id]);
    const ranks = ranked.items.map((c: Card) => (c.match!.matches ? 1000 : 0) + c.match!.score);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await send(
        buyer,
        'GET',
        `/api/deals?sort=match&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items.map((c: Card) => c.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(order);
  });

  it('refuses unknown sorts and malformed cursors with a 400, and sorts newest first without preferences', async () => {
    const { seller, buyer } = await setup();
    const first = await listDeal(app, seller, renoSubTo());
    const second = await listDeal(app, seller, renoSubTo());
    const bogus = await send(buyer, 'GET', '/api/deals?sort=best');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().code).toBe('VALIDATION_FAILED');
    expect((await send(buyer, 'GET', '/api/deals?sort=match')).json().items.map((c: Card) => c.id)).toEqual([
      second.id,
      first.id,
    ]);
    await setPreferences(buyer, renoPreferences());
    const badCursor = await send(buyer, 'GET', '/api/deals?sort=match&cursor=bm90LWEtY3Vyc29y');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().code).toBe('BAD_REQUEST');
  });
});

describe('GET /api/matches', () => {
  it("lists only the deals that fit, best first, never the buyer's own", async () => {
    const { seller, buyer } = await setup();
    await setPreferences(buyer, renoPreferences({ maxDownPayment: 20000 }));
    const fit = await listDeal(app, seller, renoSubTo());
    await listDeal(app, seller, renoSubTo({ entryFee: 30000 }));
    await listDeal(app, seller, cashDeal());
    const res = await send(buyer, 'GET', '/api/matches');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      nextCursor: null,
      items: [{ id: fit.id, match: { matches: true } }],
    });

    const empty = await createUser(app, { roles: ['buyer'] });
    expect((await send(empty, 'GET', '/api/matches')).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect((await send(seller, 'GET', '/api/matches')).statusCode).toBe(403);
  });
});

describe("a deal's matching buyers", () => {
  it('tells the originator how many buyers fit, how many are certified, and who, best first', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, renoSubTo());
    await setPreferences(buyer, renoPreferences({ maxMonthlyPayment: 2500 }));
    const certified = await createUser(app, { roles: ['buyer'], firstName: 'Cy', lastName: 'Certified' });
    await app.database.db.update(users).set({ certifiedBuyer: true }).where(eq(users.id, certified.id));
    await setPreferences(certified, renoPreferences({ zipCodes: ['89501'] }));
    const misses = await createUser(app, { roles: ['buyer'] });
    await setPreferences(misses, renoPreferences({ maxMonthlyPayment: 2000 }));

    const res = await send(seller, 'GET', `/api/deals/${deal.id}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, certifiedCount: 1 });
    expect(res.json().items).toEqual(
      expect.arrayContaining([
        { buyer: { id: certified.id, firstName: 'Cy', lastName: 'Certified' }, score: 100, certified: true },
        { buyer: { id: buyer.id, firstName: 'Bea', lastName: 'Match' }, score: 100, certified: false },
      ]),
    );
    expect(res.json()).toMatchObject({ total: 2, nextCursor: null });
    // A page at a time, like every list: the counts stay those of every matching buyer.
    const first = (await send(seller, 'GET', `/api/deals/${deal.id}/matches?limit=1`)).json();
    expect(first).toMatchObject({ count: 2, certifiedCount: 1, total: 2, nextCursor: expect.any(String) });
    const second = (
      await send(seller, 'GET', `/api/deals/${deal.id}/matches?limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(second).toMatchObject({ total: 2, nextCursor: null });
    expect([...first.items, ...second.items]).toEqual(res.json().items);
    expect((await send(seller, 'GET', `/api/deals/${deal.id}/matches?cursor=nope`)).json()).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await send(buyer, 'GET', `/api/deals/${deal.id}/matches`)).statusCode).toBe(404);
    const otherSeller = await createUser(app, { roles: ['originator'] });
    expect((await send(otherSeller, 'GET', `/api/deals/${deal.id}/matches`)).statusCode).toBe(404);
  });
});

describe('writing to a matching buyer', () => {
  it('lets the originator start a conversation with a buyer the deal fits, and no one else', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, renoSubTo());
    await setPreferences(buyer, renoPreferences());
    const stranger = await createUser(app, { roles: ['buyer'] });

    const sent = await send(seller, 'POST', '/api/chat/threads', {
      dealId: deal.id,
      buyerId: buyer.id,
      body: 'This one fits your Reno search. Questions welcome.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const threads = (await send(buyer, 'GET', '/api/chat/threads')).json();
    const thread = threads.items[0];
    expect(thread).toBeTruthy();
    const messages = (
      await send(buyer, 'GET', `/api/chat/threads/${sent.json().thread.threadId}/messages`)
    ).json();
    expect(JSON.stringify(messages)).toContain('This one fits your Reno search.');

    // Not to a buyer the deal does not fit, not by a buyer, not on someone else's deal.
    const notMatching = await send(seller, 'POST', '/api/chat/threads', {
      dealId: deal.id,
      buyerId: stranger.id,
      body: 'Hello',
    });
    expect(notMatching.statusCode).toBe(404);
    const byBuyer = await send(buyer, 'POST', '/api/chat/threads', {
      dealId: deal.id,
      buyerId: stranger.id,
      body: 'Hi',
    });
    expect(byBuyer.statusCode).toBe(403);
    const otherSeller = await createUser(app, { roles: ['originator'] });
    const foreign = await send(otherSeller, 'POST', '/api/chat/threads', {
      dealId: deal.id,
      buyerId: buyer.id,
      body: 'Hi',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
