import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealInput } from '@dealclub/shared/deals';
import { MAX_SAVED_SEARCHES } from '@dealclub/shared/saved-searches';
import { deals, savedSearches } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { cashDeal, listDeal, subToDeal } from '../../test/deals';
import { savedSearchesMatchingDeal, type SavedSearchHit } from './match';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);
const save = (user: TestUser, body: Record<string, unknown>) =>
  send(user, 'POST', '/api/saved-searches', { name: 'Austin', frequency: 'daily', ...body });
const fieldErrors = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { path: string; message: string }[] }).errors ?? []).map((e) => [
    e.path,
    e.message,
  ]);

/** Every saved search `dealId` satisfies, through the alert fan-out's generator. */
async function hitsOf(dealId: string): Promise<SavedSearchHit[]> {
  const [row] = await app.database.db.select().from(deals).where(eq(deals.id, dealId));
  const hits: SavedSearchHit[] = [];
  for await (const page of savedSearchesMatchingDeal(app.database.db, row!)) hits.push(...page);
  return hits;
}

describe('saved searches', () => {
  it('saves the filters read as the deal list reads them, lists them newest first and deletes them', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const first = await save(buyer, {
      name: '  Austin flips  ',
      frequency: 'realtime',
      filters: { state: 'tx', maxPrice: 500000, tags: 'fix-and-flip, off-market', verified: 'true' },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Austin flips',
      frequency: 'realtime',
      filters: { state: 'TX', maxPrice: 500000, tags: ['fix-and-flip', 'off-market'], verified: true },
    });
    const second = await save(buyer, {
      name: 'Tampa SubTo',
      filters: { city: 'Tampa', purchaseType: 'SubTo', category: 'creative', sort: 'match' },
    });
    expect(second.statusCode).toBe(201);

    const list = (await send(buyer, 'GET', '/api/saved-searches')).json();
    expect(list).toMatchObject({ nextCursor: null, total: 2 });
    expect(list.items.map((s: { name: string }) => s.name)).toEqual(['Tampa SubTo', 'Austin flips']);
    // A page at a time, like every list.
    const one = (await send(buyer, 'GET', '/api/saved-searches?limit=1')).json();
    expect(one).toMatchObject({ total: 2, items: [{ name: 'Tampa SubTo' }], nextCursor: expect.any(String) });
    expect(
      (await send(buyer, 'GET', `/api/saved-searches?limit=1&cursor=${one.nextCursor}`)).json(),
    ).toMatchObject({ total: 2, items: [{ name: 'Austin flips' }], nextCursor: null });
    // The fan-out reads searches by state: the column follows the filters.
    const rows = await app.database.db.select().from(savedSearches);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.state]))).toEqual({
      'Austin flips': 'TX',
      'Tampa SubTo': null,
    });

    const removed = await send(buyer, 'DELETE', `/api/saved-searches/${first.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect((await send(buyer, 'GET', '/api/saved-searches')).json()).toMatchObject({
      total: 1,
      items: [{ name: 'Tampa SubTo' }],
    });
    const again = await send(buyer, 'DELETE', `/api/saved-searches/${first.json().id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SAVED_SEARCH_NOT_FOUND');
  });

  it('refuses invalid filters with SAVED_SEARCH_FILTERS_INVALID and says which', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const bad = await save(buyer, {
      filters: { maxPrice: -5, state: 'Texas', tags: ['Not A Tag'], verified: false, sort: 'cheapest' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'SAVED_SEARCH_FILTERS_INVALID',
      message: 'These filters cannot be saved as a search: use the filters of the deal list.',
    });
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        ['filters.maxPrice', 'The budget must be a whole number of dollars above zero.'],
        ['filters.state', expect.any(String)],
        ['filters.tags.0', 'Tags are up to 20 names of lowercase letters and hyphens.'],
        ['filters.verified', 'Only "true" is accepted: the deals whose terms are verified.'],
        ['filters.sort', 'Sort by newest, price, entry fee or best match.'],
      ]),
    );

    const refusals: [unknown, string][] = [
      [{ maxPrice: 500000, cursor: 'abc' }, 'dealsBrowse.validation.unknownFilter'],
      [{}, 'dealsBrowse.validation.noFilter'],
      [{ sort: 'match', minBedrooms: 0 }, 'dealsBrowse.validation.noFilter'],
      ['state=TX', 'dealsBrowse.validation.filters'],
      [null, 'dealsBrowse.validation.filters'],
      [[{ state: 'TX' }], 'dealsBrowse.validation.filters'],
      [undefined, 'dealsBrowse.validation.filters'],
    ];
    for (const [filters, key] of refusals) {
      const res = await save(buyer, { filters });
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SAVED_SEARCH_FILTERS_INVALID',
        errors: [{ path: 'filters', key }],
      });
    }
    expect((await send(buyer, 'GET', '/api/saved-searches')).json().total).toBe(0);
  });

  it('needs a name of 1 to 80 characters and a known frequency; nothing sent is a 500', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const filters = { state: 'TX' };
    const blank = await save(buyer, { name: '   ', filters });
    expect(blank.statusCode).toBe(400);
    expect(fieldErrors(blank)).toEqual([['name', 'Enter a name of 1 to 80 characters.']]);
    expect((await save(buyer, { name: 'x'.repeat(81), filters })).statusCode).toBe(400);
    expect((await save(buyer, { name: 'x'.repeat(80), filters })).statusCode).toBe(201);
    const hourly = await save(buyer, { frequency: 'hourly', filters });
    expect(hourly.statusCode).toBe(400);
    expect(fieldErrors(hourly)).toEqual([['frequency', 'Choose real-time, daily digest or weekly summary.']]);
    expect((await save(buyer, { name: 42, frequency: null, extra: true, filters })).statusCode).toBe(400);

    const raw = await app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: '{"name": "Austin", ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe('INVALID_JSON');
    expect((await send(buyer, 'DELETE', '/api/saved-searches/not-an-id')).statusCode).toBe(400);
    expect((await send(buyer, 'GET', '/api/saved-searches')).json().total).toBe(1);
  });

  it("is the buyer side's own: another buyer's is not found, a seller may not save one", async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const other = await createUser(app, { roles: ['buyer'] });
    const seller = await createUser(app, { roles: ['originator'] });
    const mine = (await save(buyer, { filters: { state: 'TX' } })).json();
    expect((await send(other, 'GET', '/api/saved-searches')).json()).toMatchObject({ items: [], total: 0 });
    const theirs = await send(other, 'DELETE', `/api/saved-searches/${mine.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('SAVED_SEARCH_NOT_FOUND');
    expect((await send(buyer, 'GET', '/api/saved-searches')).json().total).toBe(1);
    expect((await save(seller, { filters: { state: 'TX' } })).statusCode).toBe(403);
    expect((await send(seller, 'GET', '/api/saved-searches')).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/saved-searches' })).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per buyer`, async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const saved = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) =>
        save(buyer, { name: `Search ${i}`, filters: { maxPrice: 100000 + i } }),
      ),
    );
    expect(saved.map((r) => r.statusCode)).toEqual(saved.map(() => 201));
    // Two at once past the limit: the buyer's row is locked while counting, so neither slips in.
    const over = await Promise.all([
      save(buyer, { filters: { state: 'TX' } }),
      save(buyer, { filters: { state: 'FL' } }),
    ]);
    for (const res of over) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SAVED_SEARCH_LIMIT',
        message: 'You can keep up to 20 saved searches. Delete one to save another.',
      });
    }
    await send(buyer, 'DELETE', `/api/saved-searches/${saved[0]!.json().id}`);
    expect((await save(buyer, { filters: { state: 'TX' } })).statusCode).toBe(201);
    expect((await send(buyer, 'GET', '/api/saved-searches')).json().total).toBe(MAX_SAVED_SEARCHES);
  });
});

describe('the saved searches a deal satisfies', () => {
  it(
    'are those whose filters the deal list would show it with, each filter as the list reads it',
    { tags: ['server'] },
    async () => {
      app = await createTestApp();
      const seller = await createUser(app, { roles: ['originator'] });
      const buyer = await createUser(app, { roles: ['buyer'] });
      const inputs: DealInput[] = [
        cashDeal({ purchasePrice: 400000, bedrooms: 2, tags: ['fix-and-flip'] }),
        cashDeal({ purchasePrice: 900000, bedrooms: 4, bathrooms: 3 }),
        subToDeal({ purchasePrice: 600000, bedrooms: 3 }),
        cashDeal({
          state: 'FL',
          city: 'Tampa',
          zipCode: '33602',
          description: 'Waterfront duplex near downtown.',
        }),
        cashDeal({ streetAddress: '77 Secret Lane', hideAddress: true, propertyType: 'condo' }),
        cashDeal({ purchasePrice: 300000, description: 'Verified terms, 100% financed.' }),
      ];
      const ids: string[] = [];
      for (const input of inputs) ids.push((await listDeal(app, seller, input)).id);
      await app.database.db.execute(sql`update deals set terms_verified_at = now() where id = ${ids[5]}`);

      const combos: Record<string, unknown>[] = [
        { maxPrice: 500000 },
        { minBedrooms: 3 },
        { minBathrooms: 3 },
        { category: 'creative', purchaseType: 'SubTo' },
        { state: 'FL' },
        { city: 'tampa' },
        { zipCode: '33602' },
        { tags: ['fix-and-flip'] },
        { tags: ['super-low-entry-fee', 'waterfront'] },
        { q: 'waterfront' },
        { q: 'secret' },
        { q: 'BARTON' },
        { q: '100%' },
        { verified: true },
        { propertyType: 'condo' },
        { state: 'TX', maxPrice: 700000, minBedrooms: 2, sort: 'price-asc' },
      ];
      const searchIds: string[] = [];
      for (const filters of combos) {
        const res = await save(buyer, { filters });
        expect(res.statusCode, res.body).toBe(201);
        searchIds.push(res.json().id);
      }
      const hits = new Map<string, Set<string>>(searchIds.map((id) => [id, new Set()]));
      for (const dealId of ids) {
        for (const hit of await hitsOf(dealId)) hits.get(hit.savedSearchId)!.add(dealId);
      }
      for (const [i, filters] of combos.entries()) {
        const query = new URLSearchParams(
          Object.entries(filters).map(([k, v]): [string, string] => [
            k,
            Array.isArray(v) ? v.join(',') : String(v),
          ]),
        );
        const listed = (await send(buyer, 'GET', `/api/deals?${query}&limit=100`)).json();
        const shown = new Set((listed.items as { id: string }[]).map((d) => d.id));
        expect([...hits.get(searchIds[i]!)!].sort(), JSON.stringify(filters)).toEqual([...shown].sort());
      }
      // The data tells the filters apart: neither all nor none for most.
      expect([...hits.values()].filter((s) => s.size > 0 && s.size < ids.length).length).toBeGreaterThan(10);
      // A street address hidden from the buyer is not searchable by them.
      expect(hits.get(searchIds[10]!)!.size).toBe(0);
    },
  );

  it('are of active buyers only, never the deal’s originator, in the deal’s state or none, scored by the buyer’s preferences', async () => {
    app = await createTestApp();
    const db = app.database.db;
    const seller = await createUser(app, { roles: ['owner'] });
    const withPrefs = await createUser(app, { roles: ['buyer'] });
    const withoutPrefs = await createUser(app, { roles: ['buyer'] });
    const inactive = await createUser(app, { roles: ['buyer'] });
    const elsewhere = await createUser(app, { roles: ['buyer'] });
    await send(withPrefs, 'PUT', '/api/profile/buyer-preferences', {
      useCase: 'investment',
      state: 'TX',
      city: 'Austin',
      maxMonthlyPayment: 1500,
    });
    const realtime = (await save(withPrefs, { frequency: 'realtime', filters: { state: 'TX' } })).json();
    const weekly = (await save(withPrefs, { frequency: 'weekly', filters: { maxPrice: 500000 } })).json();
    const daily = (await save(withoutPrefs, { frequency: 'daily', filters: { city: 'Austin' } })).json();
    const tooCheap = (await save(withoutPrefs, { filters: { maxPrice: 100000 } })).json();
    await save(inactive, { filters: { state: 'TX' } });
    await save(elsewhere, { filters: { state: 'FL' } });
    await save(seller, { filters: { state: 'TX' } });
    await db.execute(sql`update users set is_active = false where id = ${inactive.id}`);

    const deal = await listDeal(app, seller, subToDeal({ purchasePrice: 450000 }));
    const hits = await hitsOf(deal.id);
    const score = (await send(withPrefs, 'GET', `/api/deals/${deal.id}`)).json().match.score as number;
    expect(score).toBeLessThan(100);
    expect(hits).toEqual(
      [
        ...[
          { userId: withPrefs.id, savedSearchId: realtime.id, frequency: 'realtime', score },
          { userId: withPrefs.id, savedSearchId: weekly.id, frequency: 'weekly', score },
        ],
        { userId: withoutPrefs.id, savedSearchId: daily.id, frequency: 'daily', score: 100 },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(hits.map((h) => h.savedSearchId)).not.toContain(tooCheap.id);

    // Off the market, nothing.
    await send(seller, 'PUT', `/api/deals/${deal.id}/status`, {
      status: 'canceled',
      reason: 'Sold elsewhere',
    });
    expect(await hitsOf(deal.id)).toEqual([]);
  });

  it('of an exclusive deal are only those of its priority buyers', async () => {
    app = await createTestApp();
    const db = app.database.db;
    const seller = await createUser(app, { roles: ['originator'] });
    const priority = await createUser(app, { roles: ['buyer'] });
    const uncertified = await createUser(app, { roles: ['buyer'] });
    for (const buyer of [priority, uncertified]) {
      await send(buyer, 'PUT', '/api/profile/buy-box', { type: 'any', state: 'TX', city: 'Austin' });
      await save(buyer, { filters: { state: 'TX' } });
    }
    await db.execute(sql`update users set certified_buyer = true where id = ${priority.id}`);
    const deal = await listDeal(app, seller, cashDeal({ exclusive: true }));
    expect(deal.status).toBe('exclusive');
    expect((await hitsOf(deal.id)).map((h) => h.userId)).toEqual([priority.id]);
  });
});
