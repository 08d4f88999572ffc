/**
 * A deal's analytics (`GET /api/deals/{id}/analytics`) against a hand-counted market, and the view
 * tracking behind it: who counts as a viewer, once per day, written off the request and never lost.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isoDay } from '@dealclub/shared/offers';
import { buildApp } from '../../app';
import { queryRows, type Db } from '../../db/client';
import { dealStatusHistory, dealViews, deals, favorites, offers } from '../../db/schema';
import { createTestApp, createTestDatabase, testConfig } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { cashDeal, listDeal, subToDeal } from '../../test/deals';
import { DealViewBuffer, utcDay } from './view-buffer';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const DAY_MS = 86_400_000;
/** The UTC day `n` days ago, as the analytics name it. */
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY_MS));
const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY_MS));
/** A timestamp in the middle of the UTC day `n` days ago. */
const noonDaysAgo = (n: number) => new Date(`${daysAgo(n)}T12:00:00.000Z`);

async function ok(
  a: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  body?: unknown,
) {
  const res = await callAs(a, user, method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? res.json() : null;
}

interface Analytics {
  views: number;
  uniqueViewers: number;
  favorites: number;
  interests: number;
  offers: number;
  daily: { date: string; views: number; favorites: number; interests: number; offers: number }[];
  funnel: { view: number; favorite: number; interest: number; offer: number };
  offerRange: { basis: string; min: number | null; max: number | null };
  daysOnMarket: number;
  matchingBuyers: number;
}

/**
 * A seller's cash deal in Austin and three buyers. Ana views it twice today, Ben once; the seller and
 * an admin open it too (their views never count). Ana viewed it 1 and 3 days ago and Cy 40 days ago
 * (rows as the buffer writes them). Ana saved it today, Ben 2 days ago; Ana expressed interest; Ana
 * offered $280,000 and then $285,000 (the first is replaced), Ben $290,000 five days ago. Ana's
 * preferences take Austin deals: one matching buyer.
 */
async function market() {
  const a = (app = await createTestApp());
  const db = a.database.db;
  const seller = await createUser(a, { roles: ['originator'] });
  const admin = await createUser(a, { roles: ['admin'] });
  const [ana, ben, cy] = await Promise.all([
    createUser(a, { roles: ['buyer'], firstName: 'Ana' }),
    createUser(a, { roles: ['buyer'], firstName: 'Ben' }),
    createUser(a, { roles: ['buyer'], firstName: 'Cy' }),
  ]);
  const deal = await listDeal(a, seller, cashDeal({ purchasePrice: 300000 }));
  const url = `/api/deals/${deal.id}`;
  for (const viewer of [ana, ana, ben, seller, admin]) await ok(a, viewer, 'GET', url);
  await a.dealViews.flush();
  await db.insert(dealViews).values([
    { dealId: deal.id, viewerId: ana.id, day: daysAgo(1) },
    { dealId: deal.id, viewerId: ana.id, day: daysAgo(3) },
    { dealId: deal.id, viewerId: cy.id, day: daysAgo(40) },
  ]);
  await ok(a, ana, 'PUT', `${url}/favorite`);
  await ok(a, ben, 'PUT', `${url}/favorite`);
  await db
    .update(favorites)
    .set({ createdAt: noonDaysAgo(2) })
    .where(and(eq(favorites.dealId, deal.id), eq(favorites.userId, ben.id)));
  await ok(a, ana, 'POST', `${url}/interest`, { message: 'Is the roof new?' });
  const offer = { type: 'cash', estimatedCloseDate: inDays(30) };
  await ok(a, ana, 'POST', `${url}/offers`, { ...offer, purchasePrice: 280000 });
  await ok(a, ana, 'POST', `${url}/offers`, { ...offer, purchasePrice: 285000 });
  const bens = await ok(a, ben, 'POST', `${url}/offers`, { ...offer, purchasePrice: 290000 });
  await db
    .update(offers)
    .set({ createdAt: noonDaysAgo(5) })
    .where(eq(offers.id, bens.id));
  await ok(a, ana, 'PUT', '/api/profile/buyer-preferences', {
    useCase: 'investment',
    state: 'TX',
    city: 'Austin',
    zipCodes: [],
  });
  return { a, db, seller, admin, ana, ben, cy, deal, url };
}

describe('a deal’s analytics', () => {
  it('counts every figure as the market made it: totals, unique viewers, the funnel, the range', async () => {
    const { a, seller, url } = await market();
    const body = (await ok(a, seller, 'GET', `${url}/analytics`)) as Analytics;
    expect(body).toMatchObject({
      // Ana today, 1 and 3 days ago; Ben today; Cy 40 days ago. The seller's and the admin's: none.
      views: 5,
      uniqueViewers: 3,
      favorites: 2,
      interests: 1,
      // Ana's replaced offer is history: her current one and Ben's.
      offers: 2,
      funnel: { view: 3, favorite: 2, interest: 1, offer: 2 },
      offerRange: { basis: 'purchasePrice', min: 285000, max: 290000 },
      daysOnMarket: 0,
      matchingBuyers: 1,
    });
  });

  it('answers 30 days, every day present, oldest first, each counted in its UTC day', async () => {
    const { a, seller, url } = await market();
    const { daily } = (await ok(a, seller, 'GET', `${url}/analytics`)) as Analytics;
    expect(daily).toHaveLength(30);
    expect(daily.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => daysAgo(29 - i)));
    const on = (n: number) => daily.find((d) => d.date === daysAgo(n));
    expect(on(0)).toEqual({ date: daysAgo(0), views: 2, favorites: 1, interests: 1, offers: 1 });
    expect(on(1)).toEqual({ date: daysAgo(1), views: 1, favorites: 0, interests: 0, offers: 0 });
    expect(on(2)).toEqual({ date: daysAgo(2), views: 0, favorites: 1, interests: 0, offers: 0 });
    expect(on(3)).toEqual({ date: daysAgo(3), views: 1, favorites: 0, interests: 0, offers: 0 });
    expect(on(5)).toEqual({ date: daysAgo(5), views: 0, favorites: 0, interests: 0, offers: 1 });
    // Every other day is there with zeros; the view of 40 days ago is in the totals only.
    const quiet = daily.filter((d) => ![0, 1, 2, 3, 5].map(daysAgo).includes(d.date));
    expect(quiet).toHaveLength(25);
    for (const day of quiet)
      expect(day).toEqual({ date: day.date, views: 0, favorites: 0, interests: 0, offers: 0 });
  });

  it('counts a viewer once a day however often they come back, and never the deal’s managers', async () => {
    const { a, db, seller, admin, ana, ben, deal, url } = await market();
    for (const viewer of [ana, ana, ana, seller, admin, seller]) await ok(a, viewer, 'GET', url);
    await a.dealViews.flush();
    const rows = await db.select().from(dealViews).where(eq(dealViews.dealId, deal.id));
    const today = rows.filter((r) => r.day === daysAgo(0)).map((r) => r.viewerId);
    expect(today.sort()).toEqual([ana.id, ben.id].sort());
    expect(rows.some((r) => r.viewerId === seller.id || r.viewerId === admin.id)).toBe(false);
    const body = (await ok(a, seller, 'GET', `${url}/analytics`)) as Analytics;
    expect(body.views).toBe(5);
  });

  it('counts views the process noted but had not written yet', async () => {
    const { a, seller, cy, url } = await market();
    await ok(a, cy, 'GET', url);
    // No flush: the analytics call writes what is waiting before it counts.
    expect(a.dealViews.size).toBe(1);
    const body = (await ok(a, seller, 'GET', `${url}/analytics`)) as Analytics;
    expect(body).toMatchObject({ views: 6, uniqueViewers: 3 });
  });

  it('counts days on market from the listing to the day it left the market', async () => {
    const { a, db, seller, deal, url } = await market();
    await db
      .update(deals)
      .set({ createdAt: noonDaysAgo(10) })
      .where(eq(deals.id, deal.id));
    expect(((await ok(a, seller, 'GET', `${url}/analytics`)) as Analytics).daysOnMarket).toBe(10);
    await ok(a, seller, 'PUT', `${url}/status`, { status: 'sold', throughPlatform: true });
    await db
      .update(dealStatusHistory)
      .set({ createdAt: noonDaysAgo(4) })
      .where(and(eq(dealStatusHistory.dealId, deal.id), eq(dealStatusHistory.status, 'sold')));
    expect(((await ok(a, seller, 'GET', `${url}/analytics`)) as Analytics).daysOnMarket).toBe(6);
  });

  it('ranges a creative deal’s offers by their entry fees', async () => {
    const a = (app = await createTestApp());
    const seller = await createUser(a, { roles: ['originator'] });
    const buyer = await createUser(a, { roles: ['buyer'] });
    const deal = await listDeal(a, seller, subToDeal());
    const empty = (await ok(a, seller, 'GET', `/api/deals/${deal.id}/analytics`)) as Analytics;
    expect(empty.offerRange).toEqual({ basis: 'entryFee', min: null, max: null });
    const disclosures = await ok(a, buyer, 'GET', `/api/deals/${deal.id}/disclosures`);
    await ok(a, buyer, 'POST', `/api/deals/${deal.id}/offers`, {
      type: 'creative',
      entryFee: 8500,
      estimatedCloseDate: inDays(30),
      acknowledgedRisks: disclosures.items.map((d: { key: string }) => d.key),
    });
    const body = (await ok(a, seller, 'GET', `/api/deals/${deal.id}/analytics`)) as Analytics;
    expect(body.offerRange).toEqual({ basis: 'entryFee', min: 8500, max: 8500 });
  });

  it('is its originator’s and the admins’: 403 for buyer-only accounts, 404 for anyone else', async () => {
    const { a, seller, admin, ana, url } = await market();
    const other = await createUser(a, { roles: ['originator'] });
    const owner = await createUser(a, { roles: ['owner'] });
    const status = async (user: TestUser, path = `${url}/analytics`) =>
      (await callAs(a, user, 'GET', path)).statusCode;
    expect(await status(seller)).toBe(200);
    expect(await status(admin)).toBe(200);
    expect(await status(ana)).toBe(403);
    expect(await status(other)).toBe(404);
    expect(await status(owner)).toBe(404);
    expect((await a.inject({ url: `${url}/analytics` })).statusCode).toBe(401);
    // Malformed and unknown ids: a clear 4xx, never a 500.
    expect(await status(seller, '/api/deals/not-a-uuid/analytics')).toBe(400);
    expect(await status(seller, '/api/deals/00000000-0000-4000-8000-000000000000/analytics')).toBe(404);
  });
});

describe('the view buffer', () => {
  it('writes the views it holds when the app closes', async () => {
    const database = await createTestDatabase();
    try {
      // The app's close must not close (and empty) the database this test reads afterwards.
      const built = await buildApp({
        config: testConfig(),
        database: { ...database, close: async () => {} },
      });
      const seller = await createUser(built, { roles: ['originator'] });
      const buyer = await createUser(built, { roles: ['buyer'] });
      const deal = await listDeal(built, seller);
      await ok(built, buyer, 'GET', `/api/deals/${deal.id}`);
      expect(built.dealViews.size).toBe(1);
      await built.close();
      const rows = await database.db.select().from(dealViews);
      expect(rows).toEqual([{ dealId: deal.id, viewerId: buyer.id, day: daysAgo(0) }]);
    } finally {
      await database.close();
    }
  });

  it('keeps the views of a failed write for the next one, each written once', async () => {
    const a = (app = await createTestApp());
    const seller = await createUser(a, { roles: ['originator'] });
    const deal = await listDeal(a, seller);
    const real = a.database.db;
    let failures = 1;
    const flaky = {
      execute: (query: Parameters<Db['execute']>[0]) => {
        if (failures-- > 0) return Promise.reject(new Error('connection lost'));
        return real.execute(query);
      },
    } as unknown as Db;
    const buffer = new DealViewBuffer(flaky, a.log, 60_000);
    const [v1, v2] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    buffer.record(deal.id, v1);
    await expect(buffer.flush()).rejects.toThrow('connection lost');
    expect(buffer.size).toBe(1);
    buffer.record(deal.id, v2);
    buffer.record(deal.id, v1);
    await buffer.close();
    expect(buffer.size).toBe(0);
    const rows = await queryRows<{ viewer_id: string }>(
      real,
      sql`select viewer_id from deal_views where deal_id = ${deal.id} order by viewer_id`,
    );
    expect(rows.map((r) => r.viewer_id)).toEqual([v1, v2]);
  });
});
