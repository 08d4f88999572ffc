/**
 * `npm run bench:metrics` (issue 19): what `GET /metrics` and its request-duration hook cost the
 * deals list. Two bench servers on the same PostgreSQL database of BENCH_DEALS deals (default
 * 100,000), one built with the metrics plugin and one without (BENCH_METRICS=false), each take
 * `GET /api/deals?maxPrice=500000&minBedrooms=3&state=TX` at BENCH_CONNECTIONS (50) for BENCH_ROUNDS
 * rounds (default 4) of BENCH_DURATION_S seconds (default 10). By default both are measured at the
 * same time, so that whatever else the machine does falls on both alike, and the verdict is the
 * median of the rounds' throughput ratios; BENCH_PAIRED=false measures them one after the other
 * (on a quiet machine). `/metrics` is scraped every BENCH_SCRAPE_S seconds (default 5; Prometheus's
 * usual interval is 15 to 60). Goal: under 5 % less throughput with the metrics than without.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres).
 * Skipped with a message when no PostgreSQL answers there.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchUserHeaders, createBenchDatabase, log } from './postgres-bench';
import { loopbackUrl, startServer, stopServer } from './run';
import { seedDeals } from './seed-deals';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { machineLine, processCpuMs, saveResults, POOL } from './measure';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SCRAPE_S = Number(process.env.BENCH_SCRAPE_S ?? 5);
const LIST_PATH = '/api/deals?maxPrice=500000&minBedrooms=3&state=TX';
const GOAL = 0.05;
/** Both servers measured at the same time (default), or one after the other (BENCH_PAIRED=false). */
const PAIRED = process.env.BENCH_PAIRED !== 'false';

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The API process's CPU time (user + system) per answered request: what throughput costs it. */
  cpuMsPerRequest: number | null;
}

/** CPU time of a process so far in ms, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    return pid === undefined ? null : processCpuMs(pid);
  } catch {
    return null;
  }
}

async function measure(
  url: string,
  headers: Record<string, string>,
  durationS: number,
  pid?: number,
): Promise<Round> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: durationS });
  const cpuAfter = cpuMs(pid);
  const answered = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && answered ? (cpuAfter - cpuBefore) / answered : null,
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<number> {
  const benchDb = await createBenchDatabase('dealclub_bench_metrics', 'metrics overhead bench');
  if (!benchDb) return 0;
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const env = {
      BENCH_DATABASE_URL: benchDb.url,
      BENCH_DATABASE_POOL_MAX: String(POOL),
      // Both servers run as production on one database server, which needs a shared secrets key.
      SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString('base64'),
    };
    // Migrated and seeded here, before either server starts: both then start alike. (A server that
    // ran the migrations keeps their garbage and spent twice the CPU per request.)
    const database = await openDatabase({ databaseUrl: benchDb.url, poolMax: 1 });
    await runMigrations(database.db);
    await database.close();
    const seed = new pg.Client({ connectionString: benchDb.url });
    seed.on('error', () => {});
    await seed.connect();
    const { rows } = await seed.query<{ id: string }>(
      `insert into users (id, email, first_name, last_name, phone_number, roles) values (gen_random_uuid(), 'bench-seller@bench.test', 'Bench', 'Seller', '5125550101', '{originator}') returning id`,
    );
    log(`seeding ${DEALS.toLocaleString('en-US')} deals into ${benchDb.name}…`);
    await seedDeals(seed, rows[0]!.id, DEALS);
    await seed.end();
    const without = await startServer({ ...env, BENCH_METRICS: 'false' });
    servers.push(without);
    const withMetrics = await startServer({ ...env, BENCH_METRICS: 'true' });
    servers.push(withMetrics);
    const headers = await benchUserHeaders(withMetrics.port);

    const on = loopbackUrl(withMetrics.port, LIST_PATH).href;
    const off = loopbackUrl(without.port, LIST_PATH).href;
    const metricsUrl = loopbackUrl(withMetrics.port, '/metrics');
    const offMetrics = await fetch(loopbackUrl(without.port, '/metrics'));
    if (offMetrics.status !== 404) throw new Error(`the baseline answers /metrics (${offMetrics.status})`);

    if (WARMUP_S > 0) {
      log('warming up both servers…');
      await measure(off, headers, WARMUP_S);
      await measure(on, headers, WARMUP_S);
    }
    const rounds: { off: Round[]; on: Round[] } = { off: [], on: [] };
    let scrapes = 0;
    let scrapeBytes = 0;
    const scrape = () =>
      void fetch(metricsUrl).then(
        async (response) => {
          const text = await response.text();
          if (response.status !== 200) return log(`/metrics answered ${response.status}`);
          scrapeBytes = text.length;
          scrapes++;
        },
        (error: unknown) => log(`/metrics failed: ${String(error)}`),
      );
    for (let round = 1; round <= ROUNDS; round++) {
      const scraper = setInterval(scrape, SCRAPE_S * 1000);
      try {
        if (PAIRED) {
          // Both at once: whatever else the machine does falls on both in the same seconds.
          log(`round ${round}/${ROUNDS}: both servers at once for ${DURATION_S} s…`);
          const [o, n] = await Promise.all([
            measure(off, headers, DURATION_S, without.child.pid),
            measure(on, headers, DURATION_S, withMetrics.child.pid),
          ]);
          rounds.off.push(o);
          rounds.on.push(n);
          continue;
        }
        // One after the other, alternating which goes first.
        for (const which of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
          log(
            `round ${round}/${ROUNDS}: ${which === 'on' ? 'with' : 'without'} metrics for ${DURATION_S} s…`,
          );
          if (which === 'off') rounds.off.push(await measure(off, headers, DURATION_S, without.child.pid));
          else rounds.on.push(await measure(on, headers, DURATION_S, withMetrics.child.pid));
        }
      } finally {
        clearInterval(scraper);
      }
    }
    const ratios = rounds.on.map((r, i) => r.requestsPerSecond / rounds.off[i]!.requestsPerSecond);

    const summary = (list: Round[]) => ({
      meanRequestsPerSecond: mean(list.map((r) => r.requestsPerSecond)),
      medianRequestsPerSecond: median(list.map((r) => r.requestsPerSecond)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
      cpuMsPerRequest: list.every((r) => r.cpuMsPerRequest !== null)
        ? median(list.map((r) => r.cpuMsPerRequest!))
        : null,
    });
    const base = summary(rounds.off);
    const instrumented = summary(rounds.on);
    const overhead = 1 - instrumented.meanRequestsPerSecond / base.meanRequestsPerSecond;
    const overheadMedian = 1 - instrumented.medianRequestsPerSecond / base.medianRequestsPerSecond;
    const overheadPaired = 1 - median(ratios);
    const cpuOverhead =
      base.cpuMsPerRequest && instrumented.cpuMsPerRequest
        ? instrumented.cpuMsPerRequest / base.cpuMsPerRequest - 1
        : null;
    const cpu = (r: { cpuMsPerRequest: number | null }) => r.cpuMsPerRequest?.toFixed(2) ?? 'n/a';
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
    const table = [
      '| server | req/s per round | mean req/s | median req/s | p50 / p99 ms (median) | API CPU ms per request (median) |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      `| without metrics | ${rounds.off.map((r) => fmt(r.requestsPerSecond)).join(', ')} | ${fmt(base.meanRequestsPerSecond)} | ${fmt(base.medianRequestsPerSecond)} | ${base.p50} / ${base.p99} | ${cpu(base)} |`,
      `| with metrics, scraped every ${SCRAPE_S} s | ${rounds.on.map((r) => fmt(r.requestsPerSecond)).join(', ')} | ${fmt(instrumented.meanRequestsPerSecond)} | ${fmt(instrumented.medianRequestsPerSecond)} | ${instrumented.p50} / ${instrumented.p99} | ${cpu(instrumented)} |`,
    ].join('\n');
    const machine = machineLine();
    process.stdout.write(
      `\n${table}\n\nThroughput cost of the metrics: ${pct(overhead)} (means), ${pct(overheadMedian)} (medians), ${pct(overheadPaired)} (median of the rounds' ratios); goal < ${pct(GOAL)}. API CPU per request: ${cpuOverhead === null ? 'n/a' : `${cpuOverhead >= 0 ? '+' : ''}${pct(cpuOverhead)}`}. ${scrapes} scrapes of ${fmt(scrapeBytes)} bytes.\n${machine}; ${DEALS.toLocaleString('en-US')} deals, ${CONNECTIONS} connections, pool ${POOL}, ${ROUNDS} rounds of ${DURATION_S} s each\n`,
    );
    saveResults('metrics-overhead', {
      machine,
      deals: DEALS,
      connections: CONNECTIONS,
      pool: POOL,
      rounds,
      without: base,
      with: instrumented,
      overhead,
      overheadMedian,
      overheadPaired,
      ratios,
      paired: PAIRED,
      cpuOverhead,
      scrapes,
    });
    if (base.errors || instrumented.errors) {
      log('requests failed');
      return 1;
    }
    const verdict = PAIRED ? overheadPaired : overhead;
    if (verdict >= GOAL) {
      log(`the metrics cost ${pct(verdict)} of the throughput, over the ${pct(GOAL)} goal`);
      return 1;
    }
    return 0;
  } finally {
    for (const server of servers) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        log(
          `a bench server stopped early (${server.child.exitCode ?? server.child.signalCode}):\n${server.stderr()}`,
        );
      }
      await stopServer(server.child);
    }
    await benchDb.drop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`metrics bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
