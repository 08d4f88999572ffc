/**
 * The matching benchmark (issue 13), `npm run bench:matching` and part of `npm run bench`: 100,000
 * buyers with buyer preferences and buy boxes (bench/seed-buyers.ts: skewed, Reno dense) and 5,000
 * deals in a fresh database on the PostgreSQL server of this machine, then
 *   (a) the fan-out: `matchingBuyers` of 200 deals (100 in the dense metros, 100 elsewhere), the
 *       time to its first page and to the last, and the same for a Reno deal matching ~10,000 buyers;
 *       goal p99 < 100 ms;
 *   (b) `GET /api/deals?sort=match` against the newest-first list (no sort) through the API (bench
 *       server in its own process, autocannon), signed in as a buyer with preferences and a buy box;
 *       goal: p99 within 2× of newest first;
 *   (c) enqueueing every alert of the ~10,000-buyer deal: the alerts module's fan-out
 *       (`fanOutAlerts`), then once more (nothing new: one alert per buyer and deal); goal < 5 s;
 *   (d) a daily digest run (the alerts module's `deliverDigests`) for 25,000, 50,000 and 100,000
 *       buyers with three due alerts each (2 % of them inactive: no digest, their alerts skipped),
 *       each run in a child process whose resident memory is sampled every 10 ms: total time and
 *       peak memory, which must not grow with the buyer count.
 * Prints a Markdown table and writes bench/results/matching.json.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres);
 * skipped with a message when no PostgreSQL answers. BENCH_BUYERS (100000), BENCH_MATCH_DEALS (5000),
 * BENCH_FAN_OUT_DEALS (200), BENCH_MATCH_DURATION_S (5 s per list), BENCH_MATCH_CONNECTIONS (10),
 * BENCH_DIGEST_BUYERS (25000,50000,100000).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { deals } from '../src/db/schema';
import { deliverDigests } from '../src/modules/alerts/deliver-alerts';
import { fanOutAlerts } from '../src/modules/alerts/fan-out-alerts';
import type { DealRow } from '../src/db/rows';
import { countMatchingBuyers, matchingBuyers } from '../src/modules/matching/fan-out';
import { encodeRankCursor } from '../src/lib/cursor';
import { openSecretBox } from '../src/lib/secret-box';
import { benchUserHeaders, createBenchDatabase, log, percentiles } from './postgres-bench';
import { loopbackUrl, startServer, stopServer } from './run';
import { BENCH_USER } from './scenarios';
import { insertGenerousDeal, METROS, seedBuyers, seedMatchDeals } from './seed-buyers';
import { machineLine, measureApi, saveResults, benchConfig } from './measure';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 100_000);
const DEALS = Number(process.env.BENCH_MATCH_DEALS ?? 5_000);
const FAN_OUT_DEALS = Number(process.env.BENCH_FAN_OUT_DEALS ?? 200);
const DURATION_S = Number(process.env.BENCH_MATCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_MATCH_CONNECTIONS ?? 10);
const DIGEST_BUYERS = (process.env.BENCH_DIGEST_BUYERS ?? '25000,50000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= BUYERS);
const DIGEST_HOUR = 14;
/** Set in the child process that runs one digest (see `digestChild`). */
const DIGEST_CHILD_URL = process.env.BENCH_MATCHING_DIGEST_URL;

/** One full fan-out: the time to the first page, to the last, and how many buyers it found. */
async function drain(db: Parameters<typeof matchingBuyers>[0], deal: DealRow) {
  // Finding them: every matching buyer of the deal, in SQL (the seller's count), then the drain that
  // reads and scores them a page at a time (the alert fan-out).
  let started = performance.now();
  const found = await countMatchingBuyers(db, deal);
  const findMs = performance.now() - started;
  started = performance.now();
  let firstPageMs = 0;
  let buyers = 0;
  for await (const page of matchingBuyers(db, deal)) {
    if (!buyers) firstPageMs = performance.now() - started;
    buyers += page.length;
  }
  const allMs = performance.now() - started;
  if (found !== buyers) throw new Error(`counted ${found} matching buyers, drained ${buyers}`);
  return { findMs, firstPageMs: buyers ? firstPageMs : allMs, allMs, buyers };
}

/** One digest run in a child process (fresh heap), its resident memory sampled every 10 ms. */
function runDigestChild(url: string): Promise<{
  digests: number;
  digested: number;
  ms: number;
  startRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_MATCHING_DIGEST_URL: url },
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`digest child exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!));
    });
  });
}

/** The child: one `deliverDigests` run over every due digest. */
async function digestChild(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
  const config = benchConfig({
    DATABASE_URL: url,
    // Production with a server database needs the secrets key (decision 018); a bench's own.
    SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString('base64'),
  });
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const started = performance.now();
  const secrets = openSecretBox(config.secrets, config.env);
  const { digests, digested } = await deliverDigests(database.db, { config, secrets }, { now: new Date() });
  const ms = Math.round(performance.now() - started);
  clearInterval(sample);
  await database.close();
  process.stdout.write(
    `${JSON.stringify({ digests, digested, ms, startRssMb: mb(startRss), peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap) })}\n`,
  );
}

async function main(): Promise<number> {
  // One secrets key for the server and every digest child: the signing key the server makes is
  // stored sealed with it, and the digests' unsubscribe links open it (decision 018).
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const benchDb = await createBenchDatabase('dealclub_bench_matching', 'matching bench');
  if (!benchDb) return 0;
  const { url, name } = benchDb;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await runMigrations(database.db);
    await client.connect();
    const { rows: sellers } = await client.query<{ id: string }>(
      `insert into users (id, email, first_name, last_name, roles) values (gen_random_uuid(), 'match-seller@bench.test', 'Bench', 'Seller', '{originator}') returning id`,
    );
    const sellerId = sellers[0]!.id;
    log(
      `seeding ${BUYERS.toLocaleString('en-US')} buyers and ${DEALS.toLocaleString('en-US')} deals into ${name}…`,
    );
    const seeded = performance.now();
    await seedBuyers(client, BUYERS);
    await seedMatchDeals(client, sellerId, DEALS);
    const generousId = await insertGenerousDeal(client, sellerId);
    // As autovacuum would have by then: statistics and the visibility map.
    await client.query('vacuum analyze');
    const seedS = (performance.now() - seeded) / 1000;
    log(`seeded in ${seedS.toFixed(1)} s`);

    // (a) The fan-out of deals in the dense metros and elsewhere.
    const metroList = METROS.map((m) => `('${m.state}', '${m.city}')`).join(', ');
    const pick = async (inMetro: boolean, count: number) =>
      (
        await client.query<{ id: string }>(
          `select id from deals where originator_id = $1 and status = 'active' and id <> $2
             and ${inMetro ? '' : 'not'} ((state, city) in (${metroList}))
           order by md5(id::text) limit $3`,
          [sellerId, generousId, count],
        )
      ).rows.map((r) => r.id);
    const half = Math.ceil(FAN_OUT_DEALS / 2);
    const [denseIds, sparseIds, warmIds] = [
      await pick(true, half),
      await pick(false, FAN_OUT_DEALS - half),
      await pick(false, 10),
    ];
    const rowsOf = async (ids: string[]) => {
      const rows = await database.db.select().from(deals).where(inArray(deals.id, ids));
      return ids.map((id) => rows.find((r) => r.id === id)!);
    };
    for (const deal of await rowsOf(warmIds)) await drain(database.db, deal);
    log(`fan-out of ${FAN_OUT_DEALS} deals…`);
    const fanOut: Record<
      'dense' | 'sparse',
      { findMs: number; firstPageMs: number; allMs: number; buyers: number }[]
    > = {
      dense: [],
      sparse: [],
    };
    // Interleaved, so that a passing load on the machine hits both groups alike.
    const [dense, sparse] = [await rowsOf(denseIds), await rowsOf(sparseIds)];
    for (let i = 0; i < Math.max(dense.length, sparse.length); i++) {
      if (dense[i]) fanOut.dense.push(await drain(database.db, dense[i]!));
      if (sparse[i]) fanOut.sparse.push(await drain(database.db, sparse[i]!));
    }
    const [generous] = await rowsOf([generousId]);
    const big = [];
    for (let i = 0; i < 5; i++) big.push(await drain(database.db, generous!));
    const summary = (runs: { findMs: number; firstPageMs: number; allMs: number; buyers: number }[]) => ({
      deals: runs.length,
      buyers: percentiles(runs.map((r) => r.buyers)),
      findMs: percentiles(runs.map((r) => r.findMs)),
      firstPageMs: percentiles(runs.map((r) => r.firstPageMs)),
      allMs: percentiles(runs.map((r) => r.allMs)),
    });
    const fanOutResults = {
      dense: summary(fanOut.dense),
      sparse: summary(fanOut.sparse),
      all: summary([...fanOut.dense, ...fanOut.sparse]),
      tenThousand: summary(big),
    };

    // (c) Enqueueing every alert of the ~10,000-buyer deal, then again (all already there).
    log('enqueueing the alerts of the ~10,000-buyer deal…');
    const now = new Date();
    let started = performance.now();
    const enqueued = await fanOutAlerts(database.db, generousId, { now, digestHour: DIGEST_HOUR });
    const enqueueMs = Math.round(performance.now() - started);
    started = performance.now();
    const again = await fanOutAlerts(database.db, generousId, { now, digestHour: DIGEST_HOUR });
    const enqueueAgainMs = Math.round(performance.now() - started);
    const [{ n: alertRows } = { n: 0 }] = (
      await client.query<{ n: number }>(`select count(*)::int as n from deal_alerts where deal_id = $1`, [
        generousId,
      ])
    ).rows;
    const enqueue = {
      buyers: big[0]!.buyers,
      inserted: enqueued,
      alertRows,
      ms: enqueueMs,
      againInserted: again,
      againMs: enqueueAgainMs,
    };

    // (b) The list sorted by match against newest first, through the API.
    server = await startServer({ BENCH_DATABASE_URL: url, BENCH_DATABASE_POOL_MAX: '10' });
    const viewer = (
      await client.query<{ id: string }>(`select id from users where email = $1`, [BENCH_USER.email])
    ).rows[0]!.id;
    await client.query(
      `insert into buyer_preferences (user_id, use_case, state, city, zip_codes, property_types, bedrooms,
         max_monthly_payment, max_down_payment)
       values ($1, 'investment', 'NV', 'Reno', '{}', '{singleFamily}', 3, 3500, 40000)`,
      [viewer],
    );
    await client.query(
      `insert into buy_boxes (user_id, type, state, city) values ($1, 'any', 'TX', 'Houston')`,
      [viewer],
    );
    const headers = await benchUserHeaders(server.port);
    // Past the deals that fit, best match first ranks every deal the viewer may see (the page where
    // the fitting deals run out, and every page after it): a cursor of rank 99 starts there.
    const [{ id: anyDealId } = { id: generousId }] = (
      await client.query<{ id: string }>(
        `select id from deals where status = 'active' order by created_at limit 1`,
      )
    ).rows;
    const lists = [
      { name: 'newest first', path: '/api/deals' },
      { name: 'best match first', path: '/api/deals?sort=match' },
      {
        name: 'best match first, past the deals that fit',
        path: `/api/deals?sort=match&cursor=${encodeURIComponent(encodeRankCursor(99, anyDealId))}`,
      },
    ];
    const firstMatch = (await (
      await fetch(loopbackUrl(server.port, '/api/deals?sort=match'), { headers })
    ).json()) as { items: { match: { score: number; matches: boolean } | null }[]; total: number };
    if (!firstMatch.items[0]?.match?.matches) throw new Error('sort=match did not put a fitting deal first');
    const listResults = [];
    for (const list of lists)
      await measureApi(loopbackUrl(server.port, list.path).href, headers, 1, CONNECTIONS);
    for (const list of lists) {
      log(`measuring ${list.name} through the API for ${DURATION_S} s…`);
      listResults.push({
        ...list,
        ...(await measureApi(loopbackUrl(server.port, list.path).href, headers, DURATION_S, CONNECTIONS)),
      });
    }
    await stopServer(server.child);
    server = undefined;
    const sortRatio = listResults[1]!.p99 / Math.max(1, listResults[0]!.p99);

    // (d) Daily digests, streamed: the same run at three buyer counts.
    const digests = [];
    for (const count of DIGEST_BUYERS) {
      await client.query('truncate deal_alerts, outbox');
      await client.query(
        `with buyers as (
           select id, row_number() over (order by id) as n from users
           where email like 'buyer%@bench.test' order by id limit $1
         ), market as (
           select array_agg(id order by id) as ids from deals where status = 'active' and originator_id = $2
         )
         insert into deal_alerts (user_id, deal_id, score, frequency, due_at)
         select b.id, m.ids[1 + (b.n * 7919 * k) % cardinality(m.ids)], 40 + (b.n * k) % 61, 'daily',
           now() - interval '1 minute'
         from buyers b, market m, generate_series(1, 3) as k
         on conflict do nothing`,
        [count, sellerId],
      );
      await client.query('vacuum analyze deal_alerts');
      log(`daily digest for ${count.toLocaleString('en-US')} buyers…`);
      digests.push({ buyers: count, ...(await runDigestChild(url)) });
    }

    const f = fanOutResults;
    const row = (label: string, s: ReturnType<typeof summary>) =>
      `| ${label} | ${s.deals} | ${s.buyers.p50.toLocaleString('en-US')} / ${s.buyers.max.toLocaleString('en-US')} | ${s.findMs.p50} / ${s.findMs.p95} / ${s.findMs.p99} | ${s.firstPageMs.p50} / ${s.firstPageMs.p95} / ${s.firstPageMs.p99} | ${s.allMs.p50} / ${s.allMs.p95} / ${s.allMs.p99} |`;
    const machine = machineLine();
    const tables = [
      `Fan-out (\`matchingBuyers\`, pages of 1,000), ${BUYERS.toLocaleString('en-US')} buyers:`,
      '',
      '| deals | n | matching buyers p50 / max | find all (SQL) p50 / p95 / p99 ms | first page p50 / p95 / p99 ms | all pages read and scored p50 / p95 / p99 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row('dense metros', f.dense),
      row('elsewhere', f.sparse),
      row('all', f.all),
      row('the ~10,000-buyer Reno deal (5 runs)', f.tenThousand),
      '',
      `Lists through the API (${CONNECTIONS} connections, ${DURATION_S} s each, ${DEALS.toLocaleString('en-US')} deals):`,
      '',
      '| list | req/s | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      ...listResults.map(
        (r) => `| ${r.name} (\`GET ${r.path}\`) | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} |`,
      ),
      `| ratio (match / newest, p99) | | | ${sortRatio.toFixed(2)}× |`,
      '',
      `Enqueueing the alerts of the deal matching ${enqueue.buyers.toLocaleString('en-US')} buyers (\`fanOutAlerts\`): ${enqueue.inserted.toLocaleString('en-US')} alerts in ${enqueue.ms} ms; again: ${enqueue.againInserted} new in ${enqueue.againMs} ms.`,
      '',
      'Daily digest (`deliverDigests`, one child process per run):',
      '',
      '| buyers | digests | alerts | total s | RSS at start MB | peak RSS MB | peak heap MB |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...digests.map(
        (d) =>
          `| ${d.buyers.toLocaleString('en-US')} | ${d.digests.toLocaleString('en-US')} | ${d.digested.toLocaleString('en-US')} | ${(d.ms / 1000).toFixed(1)} | ${d.startRssMb} | ${d.peakRssMb} | ${d.peakHeapMb} |`,
      ),
    ].join('\n');
    process.stdout.write(`\n${tables}\n\n${machine}; seeded in ${seedS.toFixed(1)} s\n`);
    saveResults('matching', {
      machine,
      buyers: BUYERS,
      deals: DEALS,
      fanOut: fanOutResults,
      lists: listResults,
      sortRatio,
      enqueue,
      digests,
    });
    if (listResults.some((r) => r.errors > 0)) {
      log('requests failed');
      return 1;
    }
    return 0;
  } finally {
    if (server) await stopServer(server.child);
    await client.end().catch(() => {});
    await database.close();
    await benchDb.drop();
  }
}

if (DIGEST_CHILD_URL) {
  digestChild(DIGEST_CHILD_URL).catch((error: unknown) => {
    log(`digest child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  });
} else {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      log(
        `matching bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exitCode = 1;
    },
  );
}
