/**
 * Round trips (issue 19): with a database across a network every SQL statement is a round trip, so
 * the browse list, the deal page, `/api/auth/me` and the offers table each answer in at most three
 * (the signed-in user's row once; covers, favourites, counts, the originator card, the viewer's
 * offer and its trail joined in). Every statement the app sends is counted through the driver's
 * query logger, on PGlite and on the server pass alike; each request runs once before it is counted,
 * so that what a process does once (loading the verification keys) is not counted as per request.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isoDay } from '@dealclub/shared/offers';
import { buildApp } from './app';
import type { Db } from './db/client';
import * as schema from './db/schema';
import { dealPhotos, favorites, users } from './db/schema';
import { encodeOffset } from './lib/cursor';
import { createTestDatabase, testConfig } from './test/app';
import { callAs, createUser, type TestUser } from './test/auth';
import { cashDeal, listDeal } from './test/deals';

const MAX_STATEMENTS = 3;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose every statement to the database is recorded while `counting` is on. */
async function countingApp() {
  const database = await createTestDatabase();
  const sent: string[] = [];
  const state = { counting: false };
  const logger = {
    logQuery: (query: string) => {
      if (state.counting) sent.push(query);
    },
  };
  // A handle of its own on the test database's connection, with the logger: both drivers call it
  // once for each statement they send.
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db = (database.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzleNodePg({ client: client as pg.Pool, schema, logger })) as unknown as Db;
  app = await buildApp({ config: testConfig(), database: { ...database, db } });
  const built = app;
  /** The statements of one GET as `user` (after a first, uncounted one), and its answer. */
  async function statementsOf(user: TestUser, url: string) {
    const first = await callAs(built, user, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    // A deal page's view is written off the request, about once a second: written now, before
    // counting (the same viewer's second view today is not written again).
    await built.dealViews.flush();
    sent.length = 0;
    state.counting = true;
    const res = await callAs(built, user, 'GET', url);
    state.counting = false;
    expect(res.statusCode, res.body).toBe(200);
    return { statements: [...sent], body: res.json() };
  }
  return { app: built, statementsOf };
}

const inDays = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

/**
 * A seller with three deals (the first with two photos), a buyer with preferences and a buy box who
 * saved the first deal, expressed interest in it and made an offer the seller countered, and a
 * second buyer's offer on it.
 */
async function marketplace(a: FastifyInstance) {
  const seller = await createUser(a, { roles: ['originator'], firstName: 'Sam' });
  const buyer = await createUser(a, { roles: ['buyer'] });
  const other = await createUser(a, { roles: ['buyer'] });
  const deal = await listDeal(a, seller, cashDeal({ purchasePrice: 300000 }));
  await listDeal(a, seller, cashDeal({ purchasePrice: 320000 }));
  await listDeal(a, seller, cashDeal({ purchasePrice: 340000 }));
  const db = a.database.db;
  await db.insert(dealPhotos).values([
    { dealId: deal.id, position: 1, key: 'photos/second.webp', width: 1200, height: 800 },
    { dealId: deal.id, position: 0, key: 'photos/cover.webp', width: 1600, height: 1200 },
  ]);
  await db.insert(favorites).values({ userId: buyer.id, dealId: deal.id });
  await db.update(users).set({ companyName: 'Sam Homes' }).where(eq(users.id, seller.id));
  const ok = async (user: TestUser, method: 'PUT' | 'POST', url: string, payload: unknown) => {
    const res = await callAs(a, user, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: string };
  };
  await ok(buyer, 'PUT', '/api/profile/buyer-preferences', {
    useCase: 'investment',
    state: 'TX',
    city: 'Austin',
    zipCodes: [],
    bedrooms: 2,
  });
  await ok(buyer, 'PUT', '/api/profile/buy-box', { type: 'cash', state: 'TX', city: 'Austin' });
  await ok(buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'Is the roof new?' });
  const offer = { type: 'cash', estimatedCloseDate: inDays(30), message: 'Cash, no contingencies.' };
  const mine = await ok(buyer, 'POST', `/api/deals/${deal.id}/offers`, { ...offer, purchasePrice: 280000 });
  await ok(other, 'POST', `/api/deals/${deal.id}/offers`, { ...offer, purchasePrice: 290000 });
  await ok(seller, 'POST', `/api/offers/${mine.id}/counter`, {
    purchasePrice: 295000,
    estimatedCloseDate: inDays(21),
    message: 'Meet me at 295k.',
  });
  return { seller, buyer, deal, offerId: mine.id };
}

describe('statements per request', { tags: ['server'] }, () => {
  it('the browse list: the page with covers, favourites and matches, and its total', async () => {
    const { app: a, statementsOf } = await countingApp();
    const { buyer, deal } = await marketplace(a);
    for (const url of ['/api/deals', '/api/deals?maxPrice=500000&minBedrooms=3&state=TX']) {
      const { statements, body } = await statementsOf(buyer, url);
      expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect(body.total).toBe(3);
      const card = body.items.find((c: { id: string }) => c.id === deal.id);
      expect(card).toMatchObject({
        isFavorite: true,
        coverPhoto: { width: 1600, height: 1200 },
        match: { matches: true },
      });
      expect(card.coverPhotoUrl).toMatch(/photos\/cover-400\.webp$/);
      expect(body.items.filter((c: { isFavorite: boolean }) => c.isFavorite)).toHaveLength(1);
    }
    // The next page: the cursor's deal checked with the total.
    const first = await statementsOf(buyer, '/api/deals?limit=2');
    const next = await statementsOf(buyer, `/api/deals?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.statements.length, next.statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(next.body).toMatchObject({ total: 3, nextCursor: null });
    expect(next.body.items.map((c: { id: string }) => c.id)).toEqual([deal.id]);
  });

  it('the browse list, best match first: the ranked page with its cards, and its total', async () => {
    const { app: a, statementsOf } = await countingApp();
    const { buyer, seller, deal } = await marketplace(a);
    // A deal in another state: no fit, ranked after the three that fit.
    const elsewhere = await listDeal(a, seller, cashDeal({ state: 'FL', city: 'Miami', zipCode: '33101' }));
    const all = await statementsOf(buyer, '/api/deals?sort=match');
    expect(all.statements.length, all.statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(all.body.total).toBe(4);
    expect(all.body.items.map((c: { match: { matches: boolean } }) => c.match.matches)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(all.body.items.at(-1).id).toBe(elsewhere.id);
    expect(all.body.items.find((c: { id: string }) => c.id === deal.id)).toMatchObject({
      isFavorite: true,
      coverPhoto: { width: 1600, height: 1200 },
    });
    // A page at a time: the fitting deals, then the last fit with the ranked rest, then nothing more.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await statementsOf(
        buyer,
        `/api/deals?sort=match&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statements.length, page.statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
      seen.push(...page.body.items.map((c: { id: string }) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.body.items.map((c: { id: string }) => c.id));
  });

  it("the deal page: photos, originator, the buyer's interest, offer, counter and history, the match", async () => {
    const { app: a, statementsOf } = await countingApp();
    const { buyer, deal, offerId } = await marketplace(a);
    const { statements, body } = await statementsOf(buyer, `/api/deals/${deal.id}`);
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(body).toMatchObject({
      id: deal.id,
      isFavorite: true,
      originator: { firstName: 'Sam', companyName: 'Sam Homes' },
      myInterest: { message: 'Is the roof new?' },
      myOffer: { id: offerId, purchasePrice: 280000, counter: { purchasePrice: 295000, status: 'open' } },
      match: { matches: true },
    });
    expect(body.photos.map((p: { width: number }) => p.width)).toEqual([1600, 1200]);
    expect(body.myOffer.history.map((h: { kind: string }) => h.kind)).toEqual(['submitted', 'countered']);
  });

  it('the deal page of its seller: the history and the engagement counts', async () => {
    const { app: a, statementsOf } = await countingApp();
    const { seller, deal } = await marketplace(a);
    const { statements, body } = await statementsOf(seller, `/api/deals/${deal.id}`);
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(body).toMatchObject({ engagement: { interests: 1, offers: 2 }, myOffer: null, match: null });
    expect(body.statusHistory).toEqual([expect.objectContaining({ status: 'active', source: 'platform' })]);
  });

  it('/api/auth/me: the user and what their profile still misses', async () => {
    const { app: a, statementsOf } = await countingApp();
    const { buyer } = await marketplace(a);
    const { statements, body } = await statementsOf(buyer, '/api/auth/me');
    // The auth hook's statement reads the saved profile parts with the user: nothing else.
    expect(statements.length, statements.join('\n\n')).toBe(1);
    expect(body).toMatchObject({ userId: buyer.id, profileComplete: true, missingProfileParts: [] });
  });

  it("the offers table: each offer with its buyer, counter and history, the total and the deal's state", async () => {
    const { app: a, statementsOf } = await countingApp();
    const { seller, deal, offerId } = await marketplace(a);
    const { statements, body } = await statementsOf(seller, `/api/deals/${deal.id}/offers?limit=25`);
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(body).toMatchObject({ total: 2, nextCursor: null, deal: { id: deal.id, acceptedOfferId: null } });
    const countered = body.items.find((o: { id: string }) => o.id === offerId);
    expect(countered).toMatchObject({
      counter: { purchasePrice: 295000 },
      buyer: { id: expect.any(String) },
    });
    expect(countered.history.map((h: { actor: string }) => h.actor)).toEqual(['buyer', 'seller']);
    // A page past the last offer still answers the total and the deal's state.
    const past = await statementsOf(seller, `/api/deals/${deal.id}/offers?cursor=${encodeOffset(10)}`);
    expect(past.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(past.body).toMatchObject({ items: [], total: 2, deal: { id: deal.id, acceptedOfferId: null } });
  });
});
