/** The owners club (`GET /api/analytics/owners`) and the dashboard (`GET /api/dashboard`). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isoDay } from '@dealclub/shared/offers';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { cashDeal, listDeal } from '../../test/deals';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

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

describe('the owners club', () => {
  /**
   * Olivia serves Austin and Phoenix (seller preferences); Oscar named no market, his buy box is in
   * Austin; Uma is an owner no longer active; Sam is an originator, not an owner.
   */
  async function club() {
    const a = (app = await createTestApp());
    const [olivia, oscar, uma, sam] = await Promise.all([
      createUser(a, { roles: ['owner'], firstName: 'Olivia', lastName: 'Avila' }),
      createUser(a, { roles: ['owner'], firstName: 'Oscar', lastName: 'Bell' }),
      createUser(a, { roles: ['owner'], firstName: 'Uma', lastName: 'Cole' }),
      createUser(a, { roles: ['originator'], firstName: 'Sam', lastName: 'Diaz' }),
    ]);
    await ok(a, olivia, 'PUT', '/api/profile/seller-preferences', {
      markets: [
        { state: 'TX', city: 'Austin' },
        { state: 'AZ', city: 'Phoenix' },
      ],
      dealTypes: ['cash'],
    });
    await ok(a, oscar, 'PUT', '/api/profile/buy-box', {
      type: 'any',
      state: 'TX',
      city: 'Austin',
      zipCodes: [],
    });
    await ok(a, sam, 'PUT', '/api/profile/seller-preferences', {
      markets: [{ state: 'TX', city: 'Austin' }],
      dealTypes: ['cash'],
    });
    await a.database.db.update(users).set({ isActive: false }).where(eq(users.id, uma.id));
    return { a, olivia, oscar, uma, sam };
  }

  it('counts the active owners per market, placed at the centroid of its ZIP codes', async () => {
    const { a, sam } = await club();
    const [austin] = await queryRows<{ lat: number; lng: number }>(
      a.database.db,
      sql`select avg(latitude) as lat, avg(longitude) as lng from zip_codes where state = 'TX' and city = 'Austin'`,
    );
    const [phoenix] = await queryRows<{ lat: number; lng: number }>(
      a.database.db,
      sql`select avg(latitude) as lat, avg(longitude) as lng from zip_codes where state = 'AZ' and city = 'Phoenix'`,
    );
    const body = await ok(a, sam, 'GET', '/api/analytics/owners');
    expect(body.markets).toEqual([
      {
        state: 'TX',
        city: 'Austin',
        lat: expect.closeTo(Number(austin!.lat), 6),
        lng: expect.closeTo(Number(austin!.lng), 6),
        owners: 2,
      },
      {
        state: 'AZ',
        city: 'Phoenix',
        lat: expect.closeTo(Number(phoenix!.lat), 6),
        lng: expect.closeTo(Number(phoenix!.lng), 6),
        owners: 1,
      },
    ]);
  });

  it('lists the active owners in name order with their markets, a page at a time, no contact data', async () => {
    const { a, olivia, oscar } = await club();
    const first = await ok(a, olivia, 'GET', '/api/analytics/owners?limit=1');
    expect(first.owners).toMatchObject({
      items: [
        {
          id: olivia.id,
          firstName: 'Olivia',
          lastName: 'Avila',
          markets: [
            { state: 'TX', city: 'Austin' },
            { state: 'AZ', city: 'Phoenix' },
          ],
        },
      ],
      total: 2,
    });
    const next = await ok(
      a,
      olivia,
      'GET',
      `/api/analytics/owners?limit=1&cursor=${first.owners.nextCursor}`,
    );
    expect(next.owners).toMatchObject({
      items: [{ id: oscar.id, lastName: 'Bell', markets: [{ state: 'TX', city: 'Austin' }] }],
      nextCursor: null,
      total: 2,
    });
    expect(JSON.stringify(first)).not.toContain('@example.test');
  });

  it('is the seller side’s: 403 for buyer-only accounts, 401 signed out, 400 for a bad cursor', async () => {
    const { a, sam } = await club();
    const buyer = await createUser(a, { roles: ['buyer'] });
    expect((await callAs(a, buyer, 'GET', '/api/analytics/owners')).statusCode).toBe(403);
    expect((await a.inject({ url: '/api/analytics/owners' })).statusCode).toBe(401);
    expect((await callAs(a, sam, 'GET', '/api/analytics/owners?cursor=%%%')).statusCode).toBe(400);
  });
});

describe('the dashboard', () => {
  const inDays = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

  /** A seller's three deals (one sold); a buyer who saved one, expressed interest in it and offered on two. */
  async function marketplace() {
    const a = (app = await createTestApp());
    const seller = await createUser(a, { roles: ['originator'] });
    const buyer = await createUser(a, { roles: ['buyer'], firstName: 'Bea', lastName: 'Buyer' });
    const first = await listDeal(a, seller, cashDeal({ purchasePrice: 300000 }));
    const second = await listDeal(a, seller, cashDeal({ purchasePrice: 320000 }));
    const third = await listDeal(a, seller, cashDeal({ purchasePrice: 340000 }));
    await ok(a, seller, 'PUT', `/api/deals/${third.id}/status`, { status: 'sold', throughPlatform: false });
    await ok(a, buyer, 'GET', `/api/deals/${first.id}`);
    await a.dealViews.flush();
    await ok(a, buyer, 'PUT', `/api/deals/${first.id}/favorite`);
    await ok(a, buyer, 'POST', `/api/deals/${first.id}/interest`, { message: 'Still available?' });
    const offer = { type: 'cash', estimatedCloseDate: inDays(30) };
    await ok(a, buyer, 'POST', `/api/deals/${first.id}/offers`, { ...offer, purchasePrice: 290000 });
    await ok(a, buyer, 'POST', `/api/deals/${second.id}/offers`, { ...offer, purchasePrice: 310000 });
    await ok(a, buyer, 'PUT', '/api/profile/buyer-preferences', {
      useCase: 'investment',
      state: 'TX',
      city: 'Austin',
      zipCodes: [],
    });
    return { a, seller, buyer, first, second, third };
  }

  it('shows a buyer their favorites, interests, offers with their state, matched deals and training', async () => {
    const { a, buyer, first, second } = await marketplace();
    const body = await ok(a, buyer, 'GET', '/api/dashboard');
    expect(body.modes).toEqual(['buying']);
    expect(body.selling).toBeNull();
    expect(body.buying).toMatchObject({
      favorites: { total: 1, latest: [{ id: first.id, isFavorite: true }] },
      interests: { total: 1, items: [{ message: 'Still available?', deal: { id: first.id } }] },
      offers: {
        total: 2,
        items: [
          { purchasePrice: 310000, status: 'open', deal: { id: second.id } },
          { purchasePrice: 290000, status: 'open', deal: { id: first.id } },
        ],
      },
      // The two deals on the market in Austin; the sold one has left it.
      matchedDeals: 2,
      training: { completedLessons: 0, certified: false },
    });
  });

  it('shows a seller their listings by status with views, interests and offers, and the latest offers', async () => {
    const { a, seller, first, second, third } = await marketplace();
    const body = await ok(a, seller, 'GET', '/api/dashboard');
    expect(body.modes).toEqual(['selling']);
    expect(body.buying).toBeNull();
    expect(body.selling.listings.counts).toMatchObject({ active: 2, sold: 1, pending: 0, deleted: 0 });
    expect(body.selling.listings.total).toBe(3);
    const stats = Object.fromEntries(
      body.selling.listings.items.map(
        (d: { id: string; status: string; views: number; interests: number; offers: number }) => [
          d.id,
          [d.status, d.views, d.interests, d.offers],
        ],
      ),
    );
    expect(stats).toEqual({
      [first.id]: ['active', 1, 1, 1],
      [second.id]: ['active', 0, 0, 1],
      [third.id]: ['sold', 0, 0, 0],
    });
    expect(body.selling.latestOffers).toMatchObject([
      {
        dealId: second.id,
        purchasePrice: 310000,
        status: 'open',
        buyer: { firstName: 'Bea', lastName: 'Buyer' },
      },
      { dealId: first.id, purchasePrice: 290000, status: 'open' },
    ]);
  });

  it('gives both modes to users with both roles, one when asked, and refuses a mode the roles do not allow', async () => {
    const { a, buyer } = await marketplace();
    const hybrid = await createUser(a, { roles: ['buyer', 'originator'] });
    const both = await ok(a, hybrid, 'GET', '/api/dashboard');
    expect(both.modes).toEqual(['buying', 'selling']);
    expect(both.buying).not.toBeNull();
    expect(both.selling).not.toBeNull();
    const selling = await ok(a, hybrid, 'GET', '/api/dashboard?mode=selling');
    expect(selling).toMatchObject({ modes: ['buying', 'selling'], buying: null });
    expect(selling.selling).not.toBeNull();
    expect((await callAs(a, buyer, 'GET', '/api/dashboard?mode=selling')).statusCode).toBe(403);
    expect((await callAs(a, buyer, 'GET', '/api/dashboard?mode=everything')).statusCode).toBe(400);
    expect((await a.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
