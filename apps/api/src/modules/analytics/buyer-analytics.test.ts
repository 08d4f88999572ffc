/**
 * Where the buyers are: the public ZIP analytics and the seller side's buyer map, against a small
 * hand-counted market of Austin buyers.
 */
import { brotliDecompressSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { publicBuyerName, type BuyerMapAnswer } from '@dealclub/shared/analytics';
import { buyBoxes, buyerPreferences, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function save(a: FastifyInstance, user: TestUser, tab: 'buyer-preferences' | 'buy-box', body: object) {
  const res = await callAs(a, user, 'PUT', `/api/profile/${tab}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

const austin = { useCase: 'investment', state: 'TX', city: 'Austin' };

/**
 * Austin buyers, saved through the profile:
 * - Ana López (certified): preferences 78701 and 78702; down $20,000, monthly $2,000; pre-approved
 *   for $400,000; 3 bedrooms, 2 bathrooms;
 * - Ben Ortiz: preferences 78701 ($40,000 / $3,000, 2 bedrooms) and a buy box 78701 and 78703 (the
 *   ZIP in both counts him once);
 * - Cy Park: a buy box only, 78702 (no payments: not in the averages);
 * - Dee Quinn: preferences 78701, but deactivated; Fay Ruiz: preferences with no ZIP (Austin only).
 */
async function market(env: Record<string, string> = {}) {
  const a = (app = await createTestApp(env));
  const db = a.database.db;
  const [ana, ben, cy, dee, fay] = await Promise.all([
    createUser(a, { roles: ['buyer'], firstName: 'Ana', lastName: 'López', email: 'ana@example.test' }),
    createUser(a, { roles: ['buyer'], firstName: 'Ben', lastName: 'Ortiz', email: 'ben@example.test' }),
    createUser(a, { roles: ['buyer', 'originator'], firstName: 'Cy', lastName: 'Park' }),
    createUser(a, { roles: ['buyer'], firstName: 'Dee', lastName: 'Quinn' }),
    createUser(a, { roles: ['buyer'], firstName: 'Fay', lastName: 'Ruiz' }),
  ]);
  await save(a, ana, 'buyer-preferences', {
    ...austin,
    zipCodes: ['78701', '78702'],
    maxDownPayment: 20000,
    maxMonthlyPayment: 2000,
    preApproved: true,
    preApprovedAmount: 400000,
    bedrooms: 3,
    bathrooms: 2,
  });
  await save(a, ben, 'buyer-preferences', {
    ...austin,
    zipCodes: ['78701'],
    maxDownPayment: 40000,
    maxMonthlyPayment: 3000,
    bedrooms: 2,
  });
  await save(a, ben, 'buy-box', { type: 'any', state: 'TX', city: 'Austin', zipCodes: ['78701', '78703'] });
  await save(a, cy, 'buy-box', { type: 'cash', state: 'TX', city: 'Austin', zipCodes: ['78702'] });
  await save(a, dee, 'buyer-preferences', { ...austin, zipCodes: ['78701'], maxDownPayment: 90000 });
  await save(a, fay, 'buyer-preferences', { ...austin, zipCodes: [] });
  await db.update(users).set({ certifiedBuyer: true }).where(eq(users.id, ana.id));
  await db.update(users).set({ isActive: false }).where(eq(users.id, dee.id));
  // Known times: Ben's buy box is the newest change of 78701's buyers.
  await db
    .update(buyerPreferences)
    .set({ updatedAt: new Date('2026-01-02T03:04:05.678Z') })
    .where(inArray(buyerPreferences.userId, [ana.id, ben.id]));
  await db
    .update(buyBoxes)
    .set({ updatedAt: new Date('2026-01-03T00:00:00.000Z') })
    .where(eq(buyBoxes.userId, ben.id));
  await db
    .update(buyBoxes)
    .set({ updatedAt: new Date('2026-01-01T00:00:00.000Z') })
    .where(eq(buyBoxes.userId, cy.id));
  return { a, db, ana, ben, cy, dee, fay };
}

describe('the public ZIP analytics', () => {
  it('counts the buyers naming the ZIP, averages their maximum payments, signed out', async () => {
    const { a } = await market();
    const res = await a.inject({ url: '/api/analytics/zip-analytics/78701' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      latitude: 30.2713,
      longitude: -97.7426,
      // Ana and Ben (once, though his preferences and buy box both name it); not Dee, deactivated.
      buyerCount: 2,
      averageDownPayment: 30000,
      averageMonthlyPayment: 2500,
      lastUpdated: '2026-01-03T00:00:00.000Z',
      // Certified first; first name and last initial only.
      buyers: [
        { name: 'Ana L.', maxMonthlyPayment: 2000, certified: true },
        { name: 'Ben O.', maxMonthlyPayment: 3000, certified: false },
      ],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await a.inject({
      url: '/api/analytics/zip-analytics/78701',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never shows a last name or contact data', async () => {
    const { a } = await market();
    const body = (await a.inject({ url: '/api/analytics/zip-analytics/78701' })).body;
    for (const secret of [
      'López',
      'Ortiz',
      'ana@example.test',
      'ben@example.test',
      '5125550199',
      'email',
      'phone',
    ])
      expect(body).not.toContain(secret);
  });

  it('leaves buyers without payments out of the averages, and names a ZIP with no buyers', async () => {
    const { a } = await market();
    const shared = (await a.inject({ url: '/api/analytics/zip-analytics/78702' })).json();
    // Ana and Cy; only Ana gave payments.
    expect(shared).toMatchObject({
      buyerCount: 2,
      averageDownPayment: 20000,
      averageMonthlyPayment: 2000,
      lastUpdated: '2026-01-02T03:04:05.678Z',
      buyers: [
        { name: 'Ana L.', certified: true },
        { name: 'Cy P.', maxMonthlyPayment: null, certified: false },
      ],
    });
    const empty = await a.inject({ url: '/api/analytics/zip-analytics/78704' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      zipCode: '78704',
      buyerCount: 0,
      averageDownPayment: null,
      averageMonthlyPayment: null,
      lastUpdated: null,
      buyers: [],
    });
  });

  it('answers a malformed or unknown ZIP as a page that does not exist', async () => {
    const { a } = await market();
    for (const zip of ['7870', '787011', 'abcde', '7870%20', '00000']) {
      const res = await a.inject({ url: `/api/analytics/zip-analytics/${zip}` });
      expect(res.statusCode, zip).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('counts a buyer where they are as soon as they save their preferences or buy box', async () => {
    const { a, fay, cy } = await market();
    const count = async (zip: string) =>
      (await a.inject({ url: `/api/analytics/zip-analytics/${zip}` })).json().buyerCount as number;
    expect(await count('78703')).toBe(1);
    expect(await count('78702')).toBe(2);
    await save(a, fay, 'buyer-preferences', { ...austin, zipCodes: ['78703'], maxDownPayment: 10000 });
    await save(a, cy, 'buy-box', { type: 'cash', state: 'TX', city: 'Austin', zipCodes: ['78703'] });
    expect(await count('78703')).toBe(3);
    expect(await count('78702')).toBe(1);
  });

  it('shortens names to the first name and the last initial', () => {
    expect(publicBuyerName('Maria', 'García')).toBe('Maria G.');
    expect(publicBuyerName(' Ana ', ' lópez')).toBe('Ana L.');
    expect(publicBuyerName('Ana', '')).toBe('Ana');
    expect(publicBuyerName('', 'Ortiz')).toBe('O.');
    expect(publicBuyerName('Zoë', 'Ørsted-Hansen')).toBe('Zoë Ø.');
  });
});

type BuyerMap = BuyerMapAnswer;

describe('the buyer map', () => {
  async function map(seller: TestUser, query = '') {
    const res = await callAs(app!, seller, 'GET', `/api/analytics/buyers${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BuyerMap;
  }

  it(
    'counts the buyers of every ZIP with their averages and lists them by name, in full',
    { tags: ['server'] },
    async () => {
      const { a, ana, ben, cy } = await market();
      const seller = await createUser(a, { roles: ['originator'] });
      const body = await map(seller);
      expect(body.zips).toEqual([
        {
          zipCode: '78701',
          lat: 30.2713,
          lng: -97.7426,
          buyerCount: 2,
          averageDownPayment: 30000,
          averageMonthlyPayment: 2500,
        },
        {
          zipCode: '78702',
          lat: 30.2638,
          lng: -97.7166,
          buyerCount: 2,
          averageDownPayment: 20000,
          averageMonthlyPayment: 2000,
        },
        {
          zipCode: '78703',
          lat: 30.2907,
          lng: -97.7648,
          buyerCount: 1,
          averageDownPayment: 40000,
          averageMonthlyPayment: 3000,
        },
      ]);
      expect(body.totalBuyers).toBe(3);
      // Ben (no pre-approval amount) and Cy (no buyer preferences) stated no budget.
      expect(body.buyersWithoutBudget).toBe(2);
      expect(body.lastUpdated).toBe('2026-01-03T00:00:00.000Z');
      expect(body.buyers).toEqual({
        items: [
          {
            id: ana.id,
            firstName: 'Ana',
            lastName: 'López',
            maxDownPayment: 20000,
            maxMonthlyPayment: 2000,
            certified: true,
          },
          {
            id: ben.id,
            firstName: 'Ben',
            lastName: 'Ortiz',
            maxDownPayment: 40000,
            maxMonthlyPayment: 3000,
            certified: false,
          },
          {
            id: cy.id,
            firstName: 'Cy',
            lastName: 'Park',
            maxDownPayment: null,
            maxMonthlyPayment: null,
            certified: false,
          },
        ],
        nextCursor: null,
        total: 3,
      });
    },
  );

  it('applies the budget and room filters to the ZIPs and the list at once', async () => {
    const { a, ana, ben } = await market();
    const seller = await createUser(a, { roles: ['owner'] });
    // Pre-approved for at most $500,000: Ana ($400,000). Ben gave no amount, so is not known to fit.
    const budget = await map(seller, '?maxPrice=500000');
    expect(budget.zips?.map((z) => [z.zipCode, z.buyerCount])).toEqual([
      ['78701', 1],
      ['78702', 1],
    ]);
    expect(budget.buyers.items.map((b) => b.id)).toEqual([ana.id]);
    expect(budget.totalBuyers).toBe(1);
    expect((await map(seller, '?minBedrooms=2')).buyers.items.map((b) => b.id)).toEqual([ana.id, ben.id]);
    expect((await map(seller, '?minBedrooms=3')).buyers.items.map((b) => b.id)).toEqual([ana.id]);
    expect((await map(seller, '?minBathrooms=2&minBedrooms=1')).buyers.items.map((b) => b.id)).toEqual([
      ana.id,
    ]);
    const none = await map(seller, '?maxPrice=500000&minBedrooms=4');
    expect(none).toMatchObject({
      zips: [],
      totalBuyers: 0,
      lastUpdated: null,
      buyers: { items: [], total: 0 },
    });
  });

  it(
    'counts the buyers who stated no budget apart: a budget cap leaves them out, never silently',
    { tags: ['server'] },
    async () => {
      const { a, ben } = await market();
      const seller = await createUser(a, { roles: ['originator'] });
      // The cap is on the pre-approval amount: Ana ($400,000) is under it; Ben and Cy stated none.
      const capped = await map(seller, '?maxPrice=500000');
      expect(capped.totalBuyers).toBe(1);
      expect(capped.buyersWithoutBudget).toBe(2);
      // The other filters still apply to them: Cy has no preferences (no bedrooms), Ben wants 2.
      expect((await map(seller, '?maxPrice=500000&minBedrooms=2')).buyersWithoutBudget).toBe(1);
      expect((await map(seller, '?maxPrice=500000&minBedrooms=3')).buyersWithoutBudget).toBe(0);
      // A budget stated later moves Ben under (or over) the cap, and out of the count.
      await save(a, ben, 'buyer-preferences', {
        ...austin,
        zipCodes: ['78701'],
        bedrooms: 2,
        preApproved: true,
        preApprovedAmount: 450_000,
      });
      const after = await map(seller, '?maxPrice=500000');
      expect(after.totalBuyers).toBe(2);
      expect(after.buyersWithoutBudget).toBe(1);
      // The list of one ZIP keeps the map's figures.
      expect((await map(seller, '?maxPrice=500000&zipCode=78702')).buyersWithoutBudget).toBe(1);
    },
  );

  it('sends a map of more ZIP codes than BUYER_MAP_ZIP_DETAIL_MAX by region, and a region’s ZIP codes when asked', async () => {
    // Austin's three ZIP codes over a limit of two: one region, 787.
    const { a } = await market({ BUYER_MAP_ZIP_DETAIL_MAX: '2' });
    const seller = await createUser(a, { roles: ['originator'] });
    const body = await map(seller);
    expect(body.zips).toBeNull();
    expect(body.zipCount).toBe(3);
    expect(body.totalBuyers).toBe(3);
    expect(body.regions).toEqual([
      {
        region: '787',
        // The centre of 78701 and 78702 (two buyers each) and 78703 (one), each weighed by its buyers.
        lat: 30.2722,
        lng: -97.7366,
        zipCount: 3,
        // Ana, Ben and Cy, each once although Ana and Ben name two of its ZIP codes; Cy stated no
        // payments and is left out of the averages.
        buyerCount: 3,
        averageDownPayment: 30000,
        averageMonthlyPayment: 2500,
      },
    ]);
    // The region's ZIP codes, as a smaller map sends them all.
    const region = await map(seller, '?region=787');
    expect(region.regions).toBeNull();
    expect(region.zips?.map((z) => [z.zipCode, z.buyerCount])).toEqual([
      ['78701', 2],
      ['78702', 2],
      ['78703', 1],
    ]);
    expect(region.buyers.total).toBe(3);
    expect((await map(seller, '?region=100')).zips).toEqual([]);
    // Under a filter the regions are counted again: Ana alone has 3 bedrooms.
    const filtered = await map(seller, '?minBedrooms=3');
    expect(filtered.zips).toEqual([
      expect.objectContaining({ zipCode: '78701', buyerCount: 1 }),
      expect.objectContaining({ zipCode: '78702', buyerCount: 1 }),
    ]);
    expect(filtered.regions).toBeNull();
  });

  it('sends every ZIP code, and no regions, up to BUYER_MAP_ZIP_DETAIL_MAX', async () => {
    const { a } = await market();
    const seller = await createUser(a, { roles: ['originator'] });
    const body = await map(seller);
    expect(body).toMatchObject({ regions: null, zipCount: 3 });
    expect(body.zips).toHaveLength(3);
  });

  it('narrows the list to a ZIP, the map’s totals still of every ZIP', async () => {
    const { a, ben } = await market();
    const seller = await createUser(a, { roles: ['admin'] });
    const body = await map(seller, '?zipCode=78703');
    expect(body.buyers).toMatchObject({ items: [{ id: ben.id }], total: 1, nextCursor: null });
    // The map is the first page's: the narrowed list does not send it again.
    expect(body).toMatchObject({ zips: null, totalBuyers: 3, lastUpdated: '2026-01-03T00:00:00.000Z' });
    expect((await map(seller, '?zipCode=78704')).buyers).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('sends the first page compressed when asked, and not again to a client that has it', async () => {
    const { a } = await market();
    const seller = await createUser(a, { roles: ['originator'] });
    // Past the compression threshold (1 KB): a few more buyers in the list.
    for (const lastName of ['Silva', 'Torres', 'Ueda', 'Vega', 'Wolfe', 'Xu']) {
      const buyer = await createUser(a, { roles: ['buyer'], firstName: 'Extra', lastName });
      await save(a, buyer, 'buyer-preferences', { ...austin, zipCodes: ['78705'] });
    }
    const plain = await callAs(a, seller, 'GET', '/api/analytics/buyers');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const headers = { ...seller.headers, 'accept-encoding': 'gzip, br' };
    const br = await a.inject({ url: '/api/analytics/buyers', headers });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // Other bytes, another strong ETag: a cache revalidates the form it holds.
    const brTag = br.headers.etag as string;
    expect(brTag).toMatch(/^".+-br"$/);
    expect(brTag).not.toBe(etag);
    const gzip = await a.inject({
      url: '/api/analytics/buyers',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.etag).toMatch(/^".+-gzip"$/);
    const again = await a.inject({
      url: '/api/analytics/buyers',
      headers: { ...headers, 'if-none-match': brTag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(brTag);
    expect(again.body).toBe('');
    // The plain answer's tag does not stand for the brotli bytes.
    const other = await a.inject({
      url: '/api/analytics/buyers',
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    const plainAgain = await a.inject({
      url: '/api/analytics/buyers',
      headers: { ...seller.headers, 'if-none-match': etag },
    });
    expect(plainAgain.statusCode).toBe(304);
    // A change makes another answer.
    const fay = await createUser(a, { roles: ['buyer'], firstName: 'Gus', lastName: 'Hale' });
    await save(a, fay, 'buyer-preferences', { ...austin, zipCodes: ['78704'] });
    const changed = await a.inject({
      url: '/api/analytics/buyers',
      headers: { ...headers, 'if-none-match': brTag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(brTag);
  });

  it('pages the list by name; the ZIPs come with the first page', async () => {
    const { a, ana, ben, cy } = await market();
    const seller = await createUser(a, { roles: ['originator'] });
    const first = await map(seller, '?limit=2');
    expect(first.buyers.items.map((b) => b.id)).toEqual([ana.id, ben.id]);
    expect(first.buyers.total).toBe(3);
    const next = await map(seller, `?limit=2&cursor=${first.buyers.nextCursor}`);
    expect(next).toMatchObject({ zips: null, totalBuyers: 3, buyers: { nextCursor: null, total: 3 } });
    expect(next.buyers.items.map((b) => b.id)).toEqual([cy.id]);
  });

  it('shows a saved change on the next call', async () => {
    const { a, fay } = await market();
    const seller = await createUser(a, { roles: ['originator'] });
    expect((await map(seller)).totalBuyers).toBe(3);
    await save(a, fay, 'buyer-preferences', { ...austin, zipCodes: ['78704'], maxMonthlyPayment: 1500 });
    const body = await map(seller);
    expect(body.totalBuyers).toBe(4);
    expect(body.zips?.find((z) => z.zipCode === '78704')).toMatchObject({
      buyerCount: 1,
      averageMonthlyPayment: 1500,
    });
  });

  it('refuses filters outside the lists and other bad input with a 400, never a 500', async () => {
    const { a } = await market();
    const seller = await createUser(a, { roles: ['originator'] });
    for (const query of [
      '?maxPrice=400000',
      '?maxPrice=abc',
      '?maxPrice=99999999999999',
      '?minBedrooms=5',
      '?minBedrooms=0',
      '?minBathrooms=2.5',
      '?zipCode=7870',
      '?region=78',
      '?region=7870',
      '?region=abc',
      '?cursor=not-a-cursor',
      '?limit=0',
      '?limit=101',
    ]) {
      const res = await callAs(a, seller, 'GET', `/api/analytics/buyers${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is the seller side’s: 403 for buyer-only accounts, 401 signed out', async () => {
    const { a, ana } = await market();
    expect((await callAs(a, ana, 'GET', '/api/analytics/buyers')).statusCode).toBe(403);
    expect((await a.inject({ url: '/api/analytics/buyers' })).statusCode).toBe(401);
  });
});
