import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client';
import { runSeeds } from '../../db/seed';
import { DEMO_SEEDS, PRODUCT_SEEDS } from '../../seeds';
import {
  createTestApp,
  createTestDatabase,
  isServerPass,
  migratedDataDir,
  TEST_SECRETS_KEY,
} from '../../test/app';
import { signIn } from '../../test/auth';
import { DEMO_PASSWORD } from '../identity';
import { countMatchingBuyers } from '../matching';
import {
  DEMO_CLUB_BUYERS,
  DEMO_CLUB_CERTIFIED,
  DEMO_CLUB_DAYS,
  DEMO_CLUB_OWNERS,
  demoClubHistory,
  demoClubPlan,
  demoClubSeed,
  type DemoClubDeal,
} from './demo-club';
import { DEMO_METROS } from './demo-club-data';

const NAMED = [
  'admin@demo.test',
  'owner@demo.test',
  'seller@demo.test',
  'buyer@demo.test',
  'hybrid@demo.test',
];
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const DAY = 86_400_000;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the demo club plan', () => {
  const plan = demoClubPlan(undefined, NOW);

  it('has 300+ buyers across 40+ metros and 150+ ZIP codes, a fifth certified, and several owners', () => {
    expect(plan.buyers.length).toBe(DEMO_CLUB_BUYERS);
    expect(plan.buyers.length).toBeGreaterThanOrEqual(300);
    const metros = new Set(plan.buyers.map((b) => `${b.metro}, ${b.state}`));
    expect(metros.size).toBeGreaterThanOrEqual(40);
    const zips = new Set(
      plan.buyers.flatMap((b) => [...b.preferences!.zipCodes, ...(b.buyBox?.zipCodes ?? [])]),
    );
    expect(zips.size).toBeGreaterThanOrEqual(150);
    const certified = plan.buyers.filter((b) => b.certified);
    expect(certified.length).toBe(DEMO_CLUB_CERTIFIED);
    expect(certified.length / plan.buyers.length).toBeCloseTo(0.2, 2);
    expect(certified.every((b) => b.certifiedAt && b.certifiedAt.getTime() <= NOW)).toBe(true);
    expect(plan.owners.length).toBe(DEMO_CLUB_OWNERS);
    expect(plan.owners.length).toBeGreaterThanOrEqual(5);
    expect(plan.owners.every((o) => o.roles[0] === 'owner' && o.buyBox)).toBe(true);
  });

  it('gives buyers realistic preferences: pre-approvals, payment limits, buy boxes', () => {
    const prefs = plan.buyers.map((b) => b.preferences!);
    const stated = prefs.filter((p) => p.preApprovedAmount !== null);
    // Most state a budget; some do not (the buyer map counts those apart).
    expect(stated.length / prefs.length).toBeGreaterThan(0.6);
    expect(stated.length).toBeLessThan(prefs.length);
    for (const p of stated) {
      expect(p.preApproved).toBe(true);
      expect(p.preApprovedAmount).toBeGreaterThanOrEqual(50_000);
      expect(p.preApprovedAmount).toBeLessThanOrEqual(3_000_000);
    }
    expect(prefs.filter((p) => p.maxMonthlyPayment !== null).length / prefs.length).toBeGreaterThan(0.8);
    expect(prefs.filter((p) => p.maxDownPayment !== null).length / prefs.length).toBeGreaterThan(0.8);
    expect(prefs.every((p) => p.zipCodes.length >= 1 && p.zipCodes.length <= 5)).toBe(true);
    expect(plan.buyers.filter((b) => b.buyBox).length / plan.buyers.length).toBeGreaterThan(0.4);
    // Budgets on both sides of the smallest cap, so a budget cap splits the map.
    expect(stated.some((p) => p.preApprovedAmount! <= 500_000)).toBe(true);
    expect(stated.some((p) => p.preApprovedAmount! > 500_000)).toBe(true);
  });

  it('uses demo.test addresses, none of the named accounts, each once', () => {
    const emails = [...plan.buyers, ...plan.owners].map((p) => p.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((e) => /^[a-z.]+\.(buyer|owner)\d{3}@demo\.test$/.test(e))).toBe(true);
    expect(emails.filter((e) => NAMED.includes(e))).toEqual([]);
  });

  it('is the same for the same seed and time, and another for another seed', () => {
    expect(demoClubPlan(undefined, NOW)).toEqual(plan);
    expect(demoClubPlan(7, NOW).buyers[0]).not.toEqual(plan.buyers[0]);
  });

  it('spreads 30 days of history over the deals, the same for the same seed', () => {
    const demoDeals: DemoClubDeal[] = Array.from({ length: 40 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      status: i % 10 === 3 ? 'sold' : i % 15 === 4 ? 'exclusive' : 'active',
      category: i % 5 === 0 ? 'cash' : 'creative',
      state: DEMO_METROS[i % 8]!.state,
      purchasePrice: 250_000 + i * 10_000,
      entryFee: i % 5 === 0 ? null : 20_000,
      createdAt: new Date(NOW - (40 - i) * 1.3 * DAY),
      disclosures: i % 5 === 0 ? [] : ['dueOnSale'],
    }));
    const history = demoClubHistory(demoDeals, plan.buyers, undefined, NOW);
    expect(demoClubHistory(demoDeals, plan.buyers, undefined, NOW)).toEqual(history);
    const days = (dates: string[]) => new Set(dates).size;
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    expect(days(history.views.map((v) => v.day))).toBe(DEMO_CLUB_DAYS);
    expect(days(history.favorites.map((f) => iso(f.createdAt)))).toBeGreaterThanOrEqual(20);
    expect(days(history.interests.map((i) => iso(i.createdAt)))).toBeGreaterThanOrEqual(15);
    expect(days(history.offers.map((o) => iso(o.createdAt)))).toBeGreaterThanOrEqual(10);
    const oldest = new Date(NOW - (DEMO_CLUB_DAYS - 1) * DAY).toISOString().slice(0, 10);
    expect(history.views.every((v) => v.day >= oldest)).toBe(true);
    expect(
      [...history.favorites, ...history.interests, ...history.offers].every(
        (x) => x.createdAt.getTime() <= NOW,
      ),
    ).toBe(true);
    // Only certified buyers see an exclusive deal; deals off the market take no interest or offer.
    const certified = new Set(plan.buyers.filter((b) => b.certified).map((b) => b.id));
    const exclusive = new Set(demoDeals.filter((d) => d.status === 'exclusive').map((d) => d.id));
    expect(history.views.filter((v) => exclusive.has(v.dealId)).every((v) => certified.has(v.viewerId))).toBe(
      true,
    );
    const sold = new Set(demoDeals.filter((d) => d.status === 'sold').map((d) => d.id));
    expect(history.offers.some((o) => sold.has(o.dealId))).toBe(false);
    expect(history.offers.every((o) => (o.type === 'cash') === (o.purchasePrice !== null))).toBe(true);
  });
});

describe('the demo club seed', () => {
  it('is the last demo seed, and the banner lists only the five named accounts', () => {
    expect(DEMO_SEEDS.at(-1)).toBe(demoClubSeed);
    const banner = DEMO_SEEDS.flatMap((s) => s.summary ?? []).join('\n');
    expect([...new Set(banner.match(/[\w.+-]+@demo\.test/g))].sort()).toEqual([...NAMED].sort());
  });

  it(
    'fills the buyer map, the ZIP analytics, the matching counts, the charts, the owners club and the activity',
    { tags: ['server'], timeout: 240_000 },
    async () => {
      app = await createTestApp();
      const db = app.database.db;
      await runSeeds(db, PRODUCT_SEEDS);
      await runSeeds(
        db,
        DEMO_SEEDS.filter((s) => s !== demoClubSeed),
      );
      const started = performance.now();
      const { ran } = await runSeeds(db, DEMO_SEEDS);
      const took = performance.now() - started;
      expect(ran).toEqual(['demo-club']);
      console.info(`demo club seeded in ${Math.round(took)} ms`);
      // Bulk INSERTs: well inside the start-up's budget even on a loaded 2-core machine.
      expect(took).toBeLessThan(15_000);

      const [people] = await queryRows<{ buyers: number; owners: number; certified: number; metros: number }>(
        db,
        sql`select count(*) filter (where roles = '{buyer}')::int as buyers,
            count(*) filter (where roles @> '{owner}')::int as owners,
            count(*) filter (where roles = '{buyer}' and certified_buyer)::int as certified,
            (select count(distinct (state, city))::int from buyer_preferences) as metros
          from users where email like '%@demo.test'`,
      );
      // The generated people and the named demo buyer and owner.
      expect(people!.buyers).toBe(DEMO_CLUB_BUYERS + 1);
      expect(people!.owners).toBe(DEMO_CLUB_OWNERS + 1);
      expect(people!.certified).toBe(DEMO_CLUB_CERTIFIED);
      expect(people!.metros).toBeGreaterThanOrEqual(40);
      // Every ZIP named is one the reference data knows, in the state named with it.
      const [zips] = await queryRows<{ named: number; unknown: number }>(
        db,
        sql`with named as (
            select state, unnest(zip_codes) as zip from buyer_preferences
            union select state, unnest(zip_codes) from buy_boxes)
          select count(distinct n.zip)::int as named,
            count(*) filter (where z.zip is null or z.state <> n.state)::int as unknown
          from named n left join zip_codes z on z.zip = n.zip`,
      );
      expect(zips!.named).toBeGreaterThanOrEqual(150);
      expect(zips!.unknown).toBe(0);

      // A generated buyer signs in with the demo password.
      const member = await queryRows<{ email: string }>(
        db,
        sql`select email from users where email like '%.buyer001@demo.test'`,
      );
      await signIn(app, member[0]!.email, DEMO_PASSWORD);

      // The buyer map and the public ZIP analytics.
      const seller = await signIn(app, 'seller@demo.test', DEMO_PASSWORD);
      const headers = { authorization: `Bearer ${seller.idToken}` };
      const map = (await app.inject({ url: '/api/analytics/buyers', headers })).json() as {
        zips: unknown[];
        totalBuyers: number;
      };
      expect(map.totalBuyers).toBeGreaterThanOrEqual(300);
      expect(map.zips.length).toBeGreaterThanOrEqual(150);
      const zip = (await app.inject({ url: '/api/analytics/zip-analytics/85016' })).json() as {
        buyerCount: number;
      };
      expect(zip.buyerCount).toBeGreaterThan(0);

      // The owners club.
      const owners = (await app.inject({ url: '/api/analytics/owners', headers })).json() as {
        owners: { total: number };
        markets: unknown[];
      };
      expect(owners.owners.total).toBe(DEMO_CLUB_OWNERS + 1);
      expect(owners.markets.length).toBeGreaterThanOrEqual(8);

      // The matching counts of the demo deals count the generated buyers.
      const onMarket = await db.query.deals.findMany({
        where: (d, { inArray }) => inArray(d.status, ['active', 'exclusive']),
      });
      let matched = 0;
      for (const deal of onMarket) matched += await countMatchingBuyers(db, deal);
      expect(matched).toBeGreaterThan(onMarket.length);

      // 30 days of history on the demo sellers' deals: every day has views, and the charts a shape.
      const [history] = await queryRows<{
        view_days: number;
        favorite_days: number;
        interest_days: number;
        offer_days: number;
      }>(
        db,
        sql`select (select count(distinct day)::int from deal_views where day > current_date - 30) as view_days,
            (select count(distinct (created_at at time zone 'UTC')::date)::int from favorites) as favorite_days,
            (select count(distinct (created_at at time zone 'UTC')::date)::int from interests) as interest_days,
            (select count(distinct (created_at at time zone 'UTC')::date)::int from offers) as offer_days`,
      );
      expect(history!.view_days).toBe(DEMO_CLUB_DAYS);
      expect(history!.favorite_days).toBeGreaterThanOrEqual(20);
      expect(history!.interest_days).toBeGreaterThanOrEqual(15);
      expect(history!.offer_days).toBeGreaterThanOrEqual(10);
      const dashboard = (await app.inject({ url: '/api/dashboard?mode=selling', headers })).json() as {
        selling: {
          listings: { items: { id: string; views: number; offers: number }[] };
          latestOffers: unknown[];
        };
      };
      const listings = dashboard.selling.listings.items;
      expect(dashboard.selling.latestOffers.length).toBeGreaterThan(0);
      expect(listings.filter((l) => l.views > 0).length).toBe(listings.length);
      expect(listings.some((l) => l.offers > 0)).toBe(true);
      const busiest = [...listings].sort((a, b) => b.views - a.views)[0]!;
      const analytics = (await app.inject({ url: `/api/deals/${busiest.id}/analytics`, headers })).json() as {
        daily: { views: number }[];
        matchingBuyers: number;
      };
      expect(analytics.daily).toHaveLength(DEMO_CLUB_DAYS);
      expect(analytics.daily.filter((d) => d.views > 0).length).toBeGreaterThanOrEqual(20);

      // Activity: feedback, roadmap votes, help votes.
      const [activity] = await queryRows<{ feedback: number; roadmap: number; help: number }>(
        db,
        sql`select (select count(*)::int from feedback) as feedback,
            (select count(*)::int from roadmap_votes) as roadmap,
            (select count(*)::int from help_votes) as help`,
      );
      expect(activity!.feedback).toBeGreaterThanOrEqual(20);
      expect(activity!.roadmap).toBeGreaterThan(50);
      expect(activity!.help).toBeGreaterThan(50);
    },
  );
});

/** The real entry point with SEED_DEMO=false: what production runs. */
describe('with SEED_DEMO off', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('seeds none of the demo, the club included', { tags: ['server'], timeout: 120_000 }, async () => {
    const database = isServerPass ? await createTestDatabase() : undefined;
    // An embedded database already migrated (the tests' template), as on a second start: what is
    // under test is the seeding, not initdb and the migrations (the browser tests' server starts
    // on an empty directory).
    dataDir = database
      ? mkdtempSync(path.join(tmpdir(), 'dealclub-nodemo-'))
      : await migratedDataDir('dealclub-nodemo-');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: dataDir,
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url!, SECRETS_KEY: TEST_SECRETS_KEY } : {}),
    };
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../server.ts')],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /is running at (http:\/\/\S+)/.exec(stdout);
          if (match?.[1]) {
            clearInterval(timer);
            resolve(match[1]);
          }
        }, 100);
        void exited.then(() => {
          clearInterval(timer);
          reject(new Error('the server exited'));
        });
      });
      expect(stdout).not.toContain('Demo mode');
      const zip = (await (await fetch(`${url}/api/analytics/zip-analytics/85016`)).json()) as {
        buyerCount: number;
      };
      expect(zip.buyerCount).toBe(0);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    const opened = database ?? (await openDatabase({ dataDir }));
    try {
      const [row] = await queryRows<{ people: number; seeds: string[] }>(
        opened.db,
        sql`select (select count(*)::int from users) as people,
            (select coalesce(array_agg(name order by name), '{}') from seed_runs) as seeds`,
      );
      expect(row!.people).toBe(0);
      expect(row!.seeds.filter((name) => name.startsWith('demo'))).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
