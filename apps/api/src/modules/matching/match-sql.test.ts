import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCashDeal } from '@dealclub/shared/deal-fixtures';
import { dealSchema, type DealInput } from '@dealclub/shared/deals';
import { matchDeal } from '@dealclub/shared/matching';
import { sql } from 'drizzle-orm';
import { buyBoxes, buyerPreferences, deals as dealsTable, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/app';
import { createDeal } from '../deals';
import { matchDealOfRow } from './deal-facts';
import { buyBoxOf, matchingBuyerPage, matchingBuyers, preferencesOf } from './fan-out';
import { FIT_RANK, FITS_RANK, matchFitSql, matchRankSql } from './rank-sql';
import type { DealRow } from '../../db/rows';

/**
 * The SQL of the fan-out agrees with the shared matching rules: over a few hundred buyers with
 * random preferences and buy boxes and a few dozen random deals, the buyers SQL finds are exactly
 * those `matchDeal` says fit.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = [
  { state: 'NV', city: 'Reno', zips: ['89501', '89502', '89503'] },
  { state: 'NV', city: 'Sparks', zips: ['89431', '89434'] },
  { state: 'TX', city: 'Austin', zips: ['78704', '78701'] },
];

/**
 * 300 buyers with random preferences and buy boxes and 30 random deals in three cities, made once
 * for the tests of this file (each reads them only).
 */
let market: ReturnType<typeof seedMarket> | undefined;
async function seedMarket() {
  const db = database.db;
  const next = random(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const maybe = <T>(value: T, chance = 0.5): T | null => (next() < chance ? value : null);

  const seller = randomUUID();
  await db
    .insert(users)
    .values({ id: seller, email: `seller-${seller}@example.test`, roles: ['originator'] });
  const buyerRows: (typeof users.$inferInsert & {
    id: string;
    roles: string[];
    isActive: boolean;
    certifiedBuyer: boolean;
  })[] = [];
  const prefRows: (typeof buyerPreferences.$inferInsert)[] = [];
  const boxRows: (typeof buyBoxes.$inferInsert)[] = [];
  for (let i = 0; i < 300; i++) {
    const id = randomUUID();
    const roles = next() < 0.95 ? ['buyer'] : ['originator'];
    buyerRows.push({
      id,
      email: `b${i}-${id}@example.test`,
      roles,
      isActive: next() < 0.97,
      certifiedBuyer: next() < 0.3,
    });
    const place = pick(PLACES);
    const zips = next() < 0.4 ? place.zips.filter(() => next() < 0.5) : [];
    if (next() < 0.8) {
      prefRows.push({
        userId: id,
        useCase: 'investment',
        state: place.state,
        city: place.city,
        zipCodes: zips,
        propertyTypes: next() < 0.3 ? [pick(['singleFamily', 'condo', '24unit'] as const)] : [],
        minYearBuilt: maybe(1950 + Math.floor(next() * 60), 0.2),
        minSquareFootage: maybe(800 + Math.floor(next() * 1500), 0.2),
        bedrooms: maybe(1 + Math.floor(next() * 4), 0.4),
        bathrooms: maybe(1 + Math.floor(next() * 4) / 2, 0.3),
        minLotSize: maybe(next() < 0.5 ? 3000 + Math.floor(next() * 6000) : 0.25, 0.2),
        lotSizeUnit: next() < 0.5 ? 'sqft' : 'acres',
        maxMonthlyPayment: maybe(1500 + Math.floor(next() * 2000), 0.5),
        maxDownPayment: maybe(5000 + Math.floor(next() * 60000), 0.5),
        excludeHoa: next() < 0.2,
      });
    }
    if (next() < 0.4) {
      boxRows.push({
        userId: id,
        type: pick(['any', 'cash', 'SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'] as const),
        state: place.state,
        city: place.city,
        zipCodes: zips,
      });
    }
  }
  await db.insert(users).values(buyerRows);
  await db.insert(buyerPreferences).values(prefRows);
  await db.insert(buyBoxes).values(boxRows);

  const deals: DealRow[] = [];
  for (let i = 0; i < 30; i++) {
    const place = pick(PLACES);
    const creative = next() < 0.7;
    const type = pick(['SubTo', 'SellerFinance', 'LeaseOption'] as const);
    const input: DealInput = validCashDeal({
      streetAddress: `${i + 1} Match Street`,
      city: place.city,
      state: place.state,
      zipCode: pick(place.zips),
      propertyType: pick(['singleFamily', 'condo', '24unit', 'manufactured'] as const),
      bedrooms: 1 + Math.floor(next() * 5),
      bathrooms: 1 + Math.floor(next() * 5) / 2,
      squareFootage: 700 + Math.floor(next() * 2500),
      yearBuilt: 1940 + Math.floor(next() * 80),
      lotSize: next() < 0.8 ? 2000 + Math.floor(next() * 12000) : undefined,
      hoaMonthlyFee: next() < 0.3 ? 50 + Math.floor(next() * 300) : undefined,
      purchasePrice: 150000 + Math.floor(next() * 400000),
      ...(creative && type === 'SubTo'
        ? {
            category: 'creative',
            purchaseType: 'SubTo',
            loanType: 'FHA',
            interestRate: 3,
            loanBalance: 200000,
            loanMaturityDate: '2050-01-01',
            piti: 1200 + Math.floor(next() * 2500),
            entryFee: 3000 + Math.floor(next() * 50000),
            emd: maybe(2000, 0.5) ?? undefined,
          }
        : creative && type === 'SellerFinance'
          ? {
              category: 'creative',
              purchaseType: 'SellerFinance',
              sellerLoanAmount: 150000,
              sellerInterestRate: 6,
              piMonthlyPayment: 900 + Math.floor(next() * 2000),
              sellerLoanMaturity: '2032-01-01',
              deedTransferType: 'DeedTransfer',
              entryFee: maybe(10000 + Math.floor(next() * 30000), 0.7) ?? undefined,
            }
          : creative
            ? {
                category: 'creative',
                purchaseType: 'LeaseOption',
                optionFee: 2000 + Math.floor(next() * 20000),
                optionSalePrice: 300000,
                optionTermYears: 2,
                monthlyLeasePayment: 1000 + Math.floor(next() * 2500),
              }
            : {}),
    });
    deals.push(await createDeal(db, seller, dealSchema.parse(input), 0));
  }

  const profiles = new Map<
    string,
    { preferences: ReturnType<typeof preferencesOf> | null; buyBox: ReturnType<typeof buyBoxOf> | null }
  >();
  for (const row of buyerRows) profiles.set(row.id, { preferences: null, buyBox: null });
  const asJson = <T>(value: T) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const snake = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
    );
  for (const p of prefRows) profiles.get(p.userId)!.preferences = preferencesOf(snake(asJson(p)) as never);
  for (const b of boxRows) profiles.get(b.userId)!.buyBox = buyBoxOf(snake(asJson(b)) as never);
  return { buyerRows, profiles, deals };
}

describe('the fan-out SQL', () => {
  it('finds exactly the buyers the shared rules say a deal fits', async () => {
    const db = database.db;
    const { buyerRows, profiles, deals } = await (market ??= seedMarket());
    let matchedPairs = 0;
    for (const deal of deals) {
      const facts = matchDealOfRow(deal);
      const expected = buyerRows
        .filter((b) => b.isActive && b.roles.includes('buyer'))
        .filter((b) => matchDeal(facts, profiles.get(b.id)!)?.matches)
        .map((b) => b.id)
        .sort();
      const found = (await matchingBuyerPage(db, deal, { limit: 1000 })).map((b) => b.id);
      expect(found, `${deal.streetAddress} ${deal.dealType}`).toEqual(expected);
      matchedPairs += found.length;
      const certified = (await matchingBuyerPage(db, deal, { certifiedOnly: true })).map((b) => b.id);
      expect(certified).toEqual(expected.filter((id) => buyerRows.find((b) => b.id === id)!.certifiedBuyer));
    }
    // The data is varied enough to test something: some pairs fit, most do not.
    expect(matchedPairs).toBeGreaterThan(20);
    expect(matchedPairs).toBeLessThan(300 * 30 * 0.5);
  });

  it('ranks and fits each deal for a buyer in SQL as the shared rules do (the match sort)', async () => {
    const db = database.db;
    const { buyerRows, profiles, deals } = await (market ??= seedMarket());
    let fits = 0;
    let compared = 0;
    for (const buyer of buyerRows.slice(0, 120)) {
      const profile = profiles.get(buyer.id)!;
      const params: Record<string, unknown> = {};
      const v = (name: string, value: unknown) => {
        params[name] = value;
        return sql.placeholder(name);
      };
      const rank = matchRankSql(profile, v);
      const fit = matchFitSql(profile, v);
      if (!profile.preferences && !profile.buyBox) {
        expect(rank).toBeNull();
        expect(fit).toBeNull();
        continue;
      }
      const rows = await db
        .select({
          id: dealsTable.id,
          rank: sql<number>`${rank}`,
          fits: sql<boolean>`coalesce(${fit}, false)`,
        })
        .from(dealsTable)
        .where(sql`${dealsTable.id} = any(${sql.placeholder('ids')}::uuid[])`)
        .prepare(`rank_check_${compared}`)
        .execute({ ...params, ids: deals.map((d) => d.id) });
      for (const row of rows) {
        const deal = deals.find((d) => d.id === row.id)!;
        const expected = matchDeal(matchDealOfRow(deal), profile)!;
        expect({ rank: Number(row.rank), fits: row.fits }, `${buyer.id} ${deal.streetAddress}`).toEqual({
          rank: (expected.matches ? FIT_RANK : 0) + expected.score,
          fits: expected.matches,
        });
        // Every fitting deal ranks FITS_RANK, every other one below it (the sort reads fits first).
        expect(Number(row.rank) === FITS_RANK).toBe(expected.matches);
        if (expected.matches) fits += 1;
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThan(60);
    expect(fits).toBeGreaterThan(10);
  });

  it('pages through every matching buyer, each once, each scored as fitting', async () => {
    const db = database.db;
    const seller = randomUUID();
    await db.insert(users).values({ id: seller, email: `s-${seller}@example.test`, roles: ['originator'] });
    const ids = Array.from({ length: 25 }, () => randomUUID());
    await db.insert(users).values(ids.map((id) => ({ id, email: `p-${id}@example.test`, roles: ['buyer'] })));
    await db
      .insert(buyBoxes)
      .values(ids.map((userId) => ({ userId, type: 'any', state: 'FL', city: 'Tampa', zipCodes: [] })));
    const deal = await createDeal(
      db,
      seller,
      dealSchema.parse(
        validCashDeal({ streetAddress: '1 Paging Way', city: 'Tampa', state: 'FL', zipCode: '33602' }),
      ),
      0,
    );
    const seen: string[] = [];
    let afterId: string | undefined;
    for (;;) {
      const page = await matchingBuyerPage(db, deal, { afterId, limit: 10 });
      seen.push(...page.map((b) => b.id));
      expect(page.every((b) => b.match.matches && b.match.score === 100)).toBe(true);
      if (page.length < 10) break;
      afterId = page.at(-1)!.id;
    }
    expect(seen.sort()).toEqual([...ids].sort());
    let streamed = 0;
    for await (const page of matchingBuyers(db, deal)) streamed += page.length;
    expect(streamed).toBe(25);
  });
});
