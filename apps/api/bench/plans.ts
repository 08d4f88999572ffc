/**
 * `npm run bench:plans`: the query plan of the browse list for each filter of `GET /api/deals`, on
 * 100,000 deals in a fresh database of the local PostgreSQL, then, with 100,000 buyers added
 * (bench/seed-buyers.ts), the plans of matching (issue 13): the fan-out of a deal in a dense and in
 * a sparse place, `GET /api/deals?sort=match`, and the page query of the daily digest; all written to
 * docs/query-plans.md. The statements are the ones the API really runs (recorded from requests to
 * the app and from the matching and alerts functions), so the plans are those of the product's queries.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { deliverDigests } from '../src/modules/alerts/deliver-alerts';
import { deals } from '../src/db/schema';
import { createDirectoryUser } from '../src/modules/identity/directory';
import { encodeRankCursor } from '../src/lib/cursor';
import { FAN_OUT_ID_BATCH, matchingBuyers } from '../src/modules/matching/fan-out';
import { createTestTokens } from './plan-tokens';
import { insertGenerousDeal, seedBuyers, setMatchFacts } from './seed-buyers';
import { seedDeals } from './seed-deals';
import { benchConfig } from './measure';
import type { Config } from '../src/config';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const OUT = path.resolve(import.meta.dirname, '../../../docs/query-plans.md');

const FILTERS: [string, string][] = [
  ['no filter (newest first)', ''],
  ['budget, bedrooms and state (the benchmark)', 'maxPrice=500000&minBedrooms=3&state=TX'],
  ['budget only', 'maxPrice=1000000'],
  ['bathrooms', 'minBathrooms=2'],
  ['state and city', 'state=FL&city=Tampa'],
  ['ZIP code', 'zipCode=10042'],
  ['category and purchase type', 'category=creative&purchaseType=SubTo'],
  ['property type', 'propertyType=condo'],
  ['tags', 'tags=off-market'],
  ['text', 'q=Bench%20St'],
  ['price, low to high', 'sort=price-asc'],
  ['entry fee, low to high', 'sort=entry-fee-asc'],
];

function loopback(url: string, database: string): string {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname))
    throw new Error('BENCH_PG_URL must be loopback');
  u.pathname = `/${database}`;
  return u.toString();
}

async function main() {
  const admin = new pg.Client({
    connectionString: loopback(ADMIN_URL, new URL(ADMIN_URL).pathname.slice(1) || 'postgres'),
  });
  await admin.connect();
  const name = `dealclub_plans_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = loopback(ADMIN_URL, name);
  try {
    const recorded: { sql: string; params: unknown[] }[] = [];
    /** Stops the function being recorded once it returns true for a statement (the digest run). */
    let stopAfter: ((sql: string) => boolean) | undefined;
    const database = await openDatabase({
      databaseUrl: url,
      poolMax: 2,
      queryLog: (sql, params) => {
        recorded.push({ sql, params });
        if (stopAfter?.(sql)) throw new RecordingDone();
      },
    });
    await runMigrations(database.db);
    const buyerId = await createDirectoryUser(database.db, {
      email: 'plans@bench.test',
      password: 'Plans!Pass2026',
      roles: ['buyer'],
      firstName: 'Plan',
      lastName: 'Reader',
      phoneNumber: '5125550100',
    });
    // The API's session settings (db/client.ts: no JIT), so that the plans are the API's.
    const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `insert into users (id, email, roles) values (gen_random_uuid(), 'plans-seller@bench.test', '{originator}') returning id`,
    );
    await seedDeals(client, rows[0]!.id, 100_000);
    const config = benchConfig({
      DATABASE_URL: url,
      // Production with a server database needs the secrets key (decision 018); a bench's own.
      SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString('base64'),
    });
    const app = await buildApp({ config, database });
    const token = await createTestTokens(app, 'plans@bench.test', 'Plans!Pass2026');
    const sections: string[] = [];
    for (const [label, query] of FILTERS) {
      recorded.length = 0;
      const res = await app.inject({
        url: `/api/deals${query ? `?${query}` : ''}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      const statements = recorded.filter(
        (s) => /from "deals"/.test(s.sql) && !/where "deals"\."id" in/.test(s.sql),
      );
      const parts = [];
      for (const statement of statements) {
        const plan = (
          await client.query(
            `explain (analyze, costs off, timing off, summary on) ${statement.sql}`,
            statement.params,
          )
        ).rows
          .map((r: Record<string, string>) => r['QUERY PLAN'])
          .join('\n');
        parts.push(`\`\`\`\n${plan}\n\`\`\``);
      }
      sections.push(
        `## ${label}: \`GET /api/deals${query ? `?${decodeURIComponent(query)}` : ''}\`\n\n${parts.join('\n\n')}`,
      );
    }
    const matching = await matchingPlans({
      app,
      client,
      database,
      recorded,
      token,
      buyerId,
      config,
      setStop: (stop) => (stopAfter = stop),
    });
    await app.close();
    await client.end();
    writeFileSync(
      OUT,
      `# Query plans\n\nWritten by \`npm run bench:plans\` (${new Date().toISOString().slice(0, 10)}) on a fresh database of the local PostgreSQL (${(await admin.query('show server_version')).rows[0].server_version}),\nwith the API's session settings (\`jit = off\`, apps/api/src/db/client.ts).\n\n# The browse list\n\n100,000 deals, vacuumed and analysed; for each filter, the\nstatements \`GET /api/deals\` really ran for a signed-in buyer (the page's ids, then the count),\nexplained with \`EXPLAIN (ANALYZE, TIMING OFF)\`. The rows of the page are then read by id (primary key).\n\n${sections.join('\n\n')}\n\n${matching}\n`,
    );
    process.stderr.write(`wrote ${OUT} (${buyerId})\n`);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** Thrown from the query log to stop a run once the statement wanted has been recorded. */
class RecordingDone extends Error {}

/** A page's 1,000 ids shown in the plan as its first two and their count. */
const shortIds = (plan: string) =>
  plan.replace(
    /'\{([0-9a-f-]{36}),([0-9a-f-]{36})((?:,[0-9a-f-]{36})+)\}'/g,
    (_, a: string, b: string, rest: string) => `'{${a},${b},… ${rest.split(',').length - 1} more}'`,
  );

const explain = async (client: pg.Client, statement: { sql: string; params: unknown[] }) =>
  shortIds(
    (await client.query(`explain (analyze, buffers, costs off) ${statement.sql}`, statement.params)).rows
      .map((r: Record<string, string>) => r['QUERY PLAN'])
      .join('\n'),
  );

/**
 * Matching (issue 13): 100,000 buyers added to the 100,000 deals, the deals' match figures set, then
 * the plans of the fan-out (a dense and a sparse deal, first and second page), of the list sorted by
 * match, and of the digest's page of buyers with 100,000 buyers due. Returns the Markdown.
 */
async function matchingPlans(ctx: {
  app: Awaited<ReturnType<typeof buildApp>>;
  client: pg.Client;
  database: Awaited<ReturnType<typeof openDatabase>>;
  recorded: { sql: string; params: unknown[] }[];
  token: string;
  buyerId: string;
  setStop: (stop: ((sql: string) => boolean) | undefined) => void;
  config: Config;
}): Promise<string> {
  const { app, client, database, recorded } = ctx;
  const db = database.db;
  process.stderr.write('matching: seeding 100,000 buyers…\n');
  await seedBuyers(client, 100_000);
  await setMatchFacts(client, 'true', []);
  const { rows: sellers } = await client.query<{ id: string }>(
    `insert into users (id, email, roles) values (gen_random_uuid(), 'plans-matching@bench.test', '{originator}') returning id`,
  );
  const denseId = await insertGenerousDeal(client, sellers[0]!.id);
  const sparseId = await insertGenerousDeal(client, sellers[0]!.id, {
    city: 'Bozeman',
    state: 'MT',
    zipCode: '59715',
  });
  await client.query('vacuum analyze');
  const dealRow = async (id: string) => (await db.select().from(deals).where(eq(deals.id, id)))[0]!;
  const [dense, sparse] = [await dealRow(denseId), await dealRow(sparseId)];
  // The statements of a full fan-out (matchingBuyers): the batch of admitted ids, then per page of
  // 1,000 of them the users check and the profiles read for scoring; the first of each kept.
  const fanOut = async (deal: typeof dense) => {
    recorded.length = 0;
    let buyers = 0;
    for await (const page of matchingBuyers(db, deal)) buyers += page.length;
    return { ids: recorded[0]!, page: recorded[1]!, buyers };
  };
  const [denseFanOut, sparseFanOut] = [await fanOut(dense), await fanOut(sparse)];

  // The list sorted by match, for a buyer with preferences (Reno) and a buy box (Austin).
  await client.query(
    `insert into buyer_preferences (user_id, use_case, state, city, zip_codes, property_types, bedrooms,
       max_monthly_payment, max_down_payment)
     values ($1, 'investment', 'NV', 'Reno', '{}', '{singleFamily}', 3, 3500, 40000)`,
    [ctx.buyerId],
  );
  await client.query(
    `insert into buy_boxes (user_id, type, state, city) values ($1, 'any', 'TX', 'Austin')`,
    [ctx.buyerId],
  );
  recorded.length = 0;
  const res = await app.inject({
    url: '/api/deals?sort=match',
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`sort=match: ${res.statusCode} ${res.body}`);
  const matchIds = recorded.find((s) => /^select "id" from "deals"/.test(s.sql))!;
  // A page past the deals that fit (a cursor of rank 99): every deal the viewer may see is ranked.
  const [{ id: anyDealId } = { id: '' }] = (
    await client.query<{ id: string }>(`select id from deals where status = 'active' limit 1`)
  ).rows;
  recorded.length = 0;
  const past = await app.inject({
    url: `/api/deals?sort=match&cursor=${encodeURIComponent(encodeRankCursor(99, anyDealId))}`,
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  if (past.statusCode !== 200) throw new Error(`sort=match past the fits: ${past.statusCode} ${past.body}`);
  // (after the check that the cursor's deal is one the viewer may see)
  const rankedIds = recorded.find((s) => /^select "id" from "deals"/.test(s.sql) && /order by/.test(s.sql))!;

  // The digest: three due daily alerts for each of the 100,000 buyers; the second page of buyers.
  await client.query(
    `with buyers as (
       select id, row_number() over (order by id) as n from users where email like 'buyer%@bench.test'
     ), market as (select array_agg(id order by id) as ids from deals where status = 'active')
     insert into deal_alerts (user_id, deal_id, score, frequency, due_at)
     select b.id, m.ids[1 + (b.n * 7919 * k) % cardinality(m.ids)], 40 + (b.n * k) % 61, 'daily',
       now() - interval '1 minute'
     from buyers b, market m, generate_series(1, 3) as k
     on conflict do nothing`,
  );
  await client.query('vacuum analyze deal_alerts');
  recorded.length = 0;
  let pages = 0;
  ctx.setStop((sql) => /^select distinct/.test(sql) && ++pages === 2);
  await deliverDigests(db, { config: ctx.config, secrets: app.secrets }, { now: new Date() }).catch(
    (error: unknown) => {
      if (!(error instanceof RecordingDone)) throw error;
    },
  );
  ctx.setStop(undefined);
  const digestPages = recorded.filter((s) => /^select distinct/.test(s.sql));
  const [{ n: alerts } = { n: 0 }] = (
    await client.query<{ n: number }>(`select count(*)::int as n from deal_alerts where status = 'pending'`)
  ).rows;

  const block = async (statement: { sql: string; params: unknown[] }) =>
    `\`\`\`\n${await explain(client, statement)}\n\`\`\``;
  return `# Matching (issue 13)

100,000 buyers (bench/seed-buyers.ts: 45 % in twelve metros, Reno alone 19 %, the rest spread over
every ZIP code; half list ZIP codes, half only a city) added to the database above, the deals' match
figures set as a save sets them, vacuumed and analysed. Each statement is the one the product runs
(recorded), explained with \`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)\`.

## Fan-out of a deal in a dense place (Reno, NV 89501; ${denseFanOut.buyers.toLocaleString('en-US')} matching buyers): the ids

\`matchingBuyers\` (matching/fan-out.ts) first reads the ids of the admitted buyers, up to
${FAN_OUT_ID_BATCH.toLocaleString('en-US')} per statement (keyset on the id). The GIN index on \`zip_codes\` gives the buyers who listed
the deal's ZIP; the partial index \`(state, lower(city), user_id) where cardinality(zip_codes) = 0\`
those who listed none and named the city. Every limit is checked on the row each scan has just read,
so only admitted buyers are sorted. These are this deal's candidates (about 12,000 here), not the
100,000 buyers; a next batch would start at the last id in both indexes' ranges (\`user_id > …\`).

${await block(denseFanOut.ids)}

## The same deal: one page of 1,000 buyers

Each page of those ids is joined to \`users\` (active buyers, not the originator) and its preferences
and buy box are read by primary key for scoring, their admission checked again (a buyer may have
changed their limits since the ids were read).

${await block(denseFanOut.page)}

## Fan-out of a deal in a sparse place (Bozeman, MT 59715; ${sparseFanOut.buyers.toLocaleString('en-US')} matching buyers)

The same two indexes: a handful of index entries and heap rows, then one short page.

${await block(sparseFanOut.ids)}

${await block(sparseFanOut.page)}

## \`GET /api/deals?sort=match\` (the page's ids), 100,000 deals: the deals that fit

Every deal that fits the viewer ranks the same (a fit scores 100: matching/rank-sql.ts, \`FITS_RANK\`),
so the first pages are the fitting deals newest first. A fit needs the viewer's place (state and ZIP
codes or city), so the planner finds them through the deals' (state, city) and ZIP indexes rather than
ranking every deal; the other limits are checked on the rows found. The count is the same statement as
newest first.

${await block(matchIds)}

## \`GET /api/deals?sort=match\`: a page past the deals that fit

When the fitting deals run out (on the page where they end and every page after it) the rest are
ranked by score: the rank is the viewer's own (their limits are parameters), so no index orders by
it: every deal the viewer may see is read once (sequential scan, the visibility check per row) and
ranked, and a top-N heap sort keeps the page. Its cost grows with the deals on the market
(docs/benchmarks.md, Matching).

${await block(rankedIds)}

## The daily digest: a page of buyers (second page), ${alerts.toLocaleString('en-US')} alerts due

\`deliverDigests\` (alerts/deliver-alerts.ts): the buyers with due digest alerts, after the last buyer
of the previous page, in id order. It walks the unique \`(user_id, deal_id)\` index from that buyer on
and stops at the 200th buyer (Unique and Limit above an ordered index scan), so a page reads its own
buyers' alerts, not every due alert; the page's alerts are then claimed by user id. The walk also
reads those buyers' alerts already sent (filtered on the heap): here there are none; with months of
history a partial index on \`(user_id) where status = 'pending'\` would keep a page to what is due.

${await block(digestPages[1] ?? digestPages[0]!)}`;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `plans failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
