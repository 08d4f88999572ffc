/**
 * The offers CSV benchmark (issue 6), run by `npm run bench`: one deal with 50,000 offers from
 * 50,000 buyers in a fresh database on the PostgreSQL server of this machine; the bench server (its
 * own process) streams `GET /api/deals/{id}/offers.csv?status=all` at 5,000, 20,000 and 50,000 rows
 * while this process reads the server's resident memory from /proc every 5 ms. Reports the time,
 * the size, and the peak growth of the server's memory over its resident size just before the
 * request; then streams it again while asking the server for its live heap (after a collection)
 * every 100 ms, which tells memory the export holds from garbage V8 has not collected yet.
 * Goal: under 50 MB of growth, flat as the row count grows.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres).
 * Skipped with a message when no PostgreSQL answers there. BENCH_CSV_ROWS: the sizes (default
 * "5000,20000,50000").
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { benchUserHeaders, createBenchDatabase, log } from './postgres-bench';
import { BENCH_USER } from './scenarios';
import { seedDeals } from './seed-deals';
import { loopbackUrl, startServer, stopServer } from './run';
import { machineLine, saveResults } from './measure';

const SIZES = (process.env.BENCH_CSV_ROWS ?? '5000,20000,50000').split(',').map(Number);
const SAMPLE_MS = 5;
const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Adds offers until the deal has `total`: one buyer each, dates and amounts varied, some with text to quote. */
async function seedOffersUpTo(client: pg.Client, dealId: string, from: number, total: number) {
  await client.query(
    `with buyers as (
       insert into users (id, email, first_name, last_name, phone_number, roles, certified_buyer)
       select gen_random_uuid(), 'csv-buyer-' || i || '@bench.test', 'Buyer', 'Number ' || i, '5125550100', '{buyer}', i % 5 = 0
       from generate_series($2::int + 1, $3::int) as i
       returning id, email)
     insert into offers (deal_id, buyer_id, type, purchase_price, entry_fee, estimated_close_date, message, status, created_at)
     select $1, b.id, case when n % 2 = 0 then 'cash' else 'creative' end,
       case when n % 2 = 0 then 300000 + n % 100000 else null end,
       case when n % 2 = 0 then null else 5000 + n % 20000 end,
       to_char(now() + ((n % 90) || ' days')::interval, 'YYYY-MM-DD'),
       case when n % 10 = 0 then '=HYPERLINK("http://x","y")' else 'Offer number ' || n || ', "quoted", ready to close.' end,
       'open', now() - (n || ' seconds')::interval
     from (select id, substring(email from 'csv-buyer-(\\d+)@')::int as n from buyers) b`,
    [dealId, from, total],
  );
  await client.query('vacuum analyze offers');
}

interface Measured {
  rows: number;
  bytes: number;
  seconds: number;
  baselineMb: number;
  peakGrowthMb: number;
  /** The most the live heap (collected) grew during the export, from the second download. */
  liveGrowthMb?: number;
}

async function liveHeap(port: number): Promise<number> {
  const res = await fetch(loopbackUrl(port, '/__bench/heap'));
  return ((await res.json()) as { heapUsed: number }).heapUsed;
}

/** Streams the export again, reading the server's live heap every 100 ms: the most it grew. */
async function liveGrowth(port: number, pid: number, dealId: string, headers: Record<string, string>) {
  const before = await liveHeap(port);
  let most = before;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      most = Math.max(most, await liveHeap(port));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await download(port, pid, dealId, headers);
  done = true;
  await sampling;
  return (most - before) / MB;
}

/** Streams the export once, counting rows and bytes, sampling the server's memory meanwhile. */
function download(
  port: number,
  pid: number,
  dealId: string,
  headers: Record<string, string>,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const url = loopbackUrl(port, `/api/deals/${dealId}/offers.csv?status=all`);
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, SAMPLE_MS);
    const started = performance.now();
    let bytes = 0;
    let newlines = 0;
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) {
          clearInterval(sampler);
          reject(new Error(`offers.csv answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 0x0a) newlines += 1;
        });
        res.on('end', () => {
          clearInterval(sampler);
          peak = Math.max(peak, rssOf(pid));
          resolve({
            rows: newlines - 1,
            bytes,
            seconds: (performance.now() - started) / 1000,
            baselineMb: baseline / MB,
            peakGrowthMb: (peak - baseline) / MB,
          });
        });
        res.on('error', reject);
      })
      .on('error', (error) => {
        clearInterval(sampler);
        reject(error);
      });
  });
}

async function main(): Promise<number> {
  const benchDb = await createBenchDatabase('dealclub_bench_csv', 'offers CSV bench');
  if (!benchDb) return 0;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const seed = new pg.Client({ connectionString: benchDb.url });
  seed.on('error', () => {});
  try {
    const database = await openDatabase({ databaseUrl: benchDb.url, poolMax: 1 });
    await runMigrations(database.db);
    await database.close();
    await seed.connect();

    server = await startServer({ BENCH_DATABASE_URL: benchDb.url, BENCH_DATABASE_POOL_MAX: '10' });
    const { port } = server;
    const pid = server.child.pid!;
    // The bench user (made by the bench server) lists the deal, so the export is theirs to read.
    const { rows } = await seed.query<{ id: string }>('select id from users where lower(email) = $1', [
      BENCH_USER.email,
    ]);
    await seedDeals(seed, rows[0]!.id, 1);
    const { rows: dealRows } = await seed.query<{ id: string }>('select id from deals limit 1');
    const dealId = dealRows[0]!.id;
    const headers = await benchUserHeaders(port);

    const results: Measured[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      log(`seeding offers up to ${size.toLocaleString('en-US')}…`);
      await seedOffersUpTo(seed, dealId, seeded, size);
      seeded = size;
      // Warm-up: the first request compiles the route's code paths and fills the pool.
      await download(port, pid, dealId, headers);
      const measured = await download(port, pid, dealId, headers);
      if (measured.rows !== size) throw new Error(`expected ${size} rows, the CSV had ${measured.rows}`);
      measured.liveGrowthMb = await liveGrowth(port, pid, dealId, headers);
      log(
        `${size} rows: ${measured.seconds.toFixed(2)} s, ${(measured.bytes / MB).toFixed(1)} MB, peak growth ${measured.peakGrowthMb.toFixed(1)} MB, live heap growth ${measured.liveGrowthMb.toFixed(1)} MB`,
      );
      results.push(measured);
    }

    const table = [
      '| offers | CSV size | time | rows/s | server RSS before | RSS peak growth | live heap growth |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.map(
        (r) =>
          `| ${r.rows.toLocaleString('en-US')} | ${(r.bytes / MB).toFixed(1)} MB | ${r.seconds.toFixed(2)} s | ${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ${r.baselineMb.toFixed(0)} MB | ${r.peakGrowthMb.toFixed(1)} MB | ${(r.liveGrowthMb ?? 0).toFixed(1)} MB |`,
      ),
    ].join('\n');
    const machine = machineLine();
    process.stdout.write(`\nOffers CSV export (GET /api/deals/{id}/offers.csv)\n\n${table}\n\n${machine}\n`);
    saveResults('offers-csv', { machine, results });
    const worst = Math.max(...results.map((r) => r.peakGrowthMb));
    if (worst >= 50) log(`goal missed: peak growth ${worst.toFixed(1)} MB (goal: under 50 MB)`);
    return 0;
  } finally {
    if (server) await stopServer(server.child);
    await seed.end().catch(() => {});
    await benchDb.drop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(
      `offers CSV bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  },
);
