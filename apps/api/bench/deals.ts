/**
 * The deals benchmark (issue 5), run by `npm run bench` after the route suite: 100,000 deals in a
 * fresh database on the PostgreSQL server of this machine, then
 *   - `GET /api/deals?maxPrice=500000&minBedrooms=3&state=TX` (budget, bed and state filter) and
 *   - `GET /api/deals/{id}`
 * through the API at BENCH_CONNECTIONS (50), each against the SAME SQL statements the API ran for
 * that request (recorded from a real request) replayed directly through `pg` at the same
 * concurrency with the same pool size: the database's own limit. Goal: the API reaches at least
 * 60 % of the direct throughput with a p99 under 50 ms. Prints the query plan of the list query.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres).
 * Skipped with a message when no PostgreSQL answers there. BENCH_DEALS (default 100000),
 * BENCH_POOL (default 20, the pool of the API and of the direct runner).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { benchUserHeaders, createBenchDatabase, log } from './postgres-bench';
import { seedDeals } from './seed-deals';
import { loopbackUrl, startServer, stopServer } from './run';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const LIST_PATH = '/api/deals?maxPrice=500000&minBedrooms=3&state=TX';
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'deals.json');

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

async function viaApi(url: string, headers: Record<string, string>, durationS: number): Promise<Measured> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: durationS });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}

/** The recorded statements of one request, replayed in order, by CONNECTIONS workers sharing a pool. */
async function direct(
  pool: pg.Pool,
  statements: { sql: string; params: unknown[] }[],
  durationS: number,
): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          for (const s of statements) await pool.query(s.sql, s.params);
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: latencies.length / durationS,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    requests: latencies.length,
    errors,
  };
}

async function main(): Promise<number> {
  const benchDb = await createBenchDatabase('dealclub_bench', 'deals bench');
  if (!benchDb) return 0;
  const { url, name } = benchDb;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  // The API's session settings (db/client.ts: no JIT), so that both run the same plans the same way.
  const pool = new pg.Pool({ connectionString: url, max: POOL, options: '-c jit=off' });
  pool.on('error', () => {});
  try {
    const recorded: { sql: string; params: unknown[] }[] = [];
    let recording = false;
    const database = await openDatabase({
      databaseUrl: url,
      poolMax: 4,
      queryLog: (sql, params) => {
        if (recording) recorded.push({ sql, params });
      },
    });
    await runMigrations(database.db);
    const seed = new pg.Client({ connectionString: url });
    seed.on('error', () => {});
    await seed.connect();
    const { rows } = await seed.query<{ id: string }>(
      `insert into users (id, email, first_name, last_name, phone_number, roles) values (gen_random_uuid(), 'bench-seller@bench.test', 'Bench', 'Seller', '5125550101', '{originator}') returning id`,
    );
    log(`seeding ${DEALS.toLocaleString('en-US')} deals into ${name}…`);
    const seeded = Date.now();
    await seedDeals(seed, rows[0]!.id, DEALS);
    log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    server = await startServer({
      BENCH_DATABASE_URL: url,
      BENCH_DATABASE_POOL_MAX: String(POOL),
    });
    const port = server.port;
    const headers = await benchUserHeaders(port);
    const [{ id: dealId } = { id: '' }] = (
      await seed.query<{ id: string }>(
        `select id from deals where status = 'active' and not hide_address limit 1`,
      )
    ).rows;

    // The statements each route runs, recorded from one real request to an app on the same database.
    const app = await buildApp({
      config: loadConfig({
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: url,
        // Production with a server database needs the secrets key (decision 018); a bench's own.
        SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString('base64'),
      }),
      database,
    });
    const record = async (routePath: string) => {
      recorded.length = 0;
      recording = true;
      const res = await app.inject({ url: routePath, headers });
      recording = false;
      if (res.statusCode !== 200) throw new Error(`${routePath} answered ${res.statusCode}: ${res.body}`);
      return [...recorded];
    };
    const routes = [
      { name: 'list (budget, beds, state)', path: LIST_PATH, statements: await record(LIST_PATH) },
      { name: 'detail', path: `/api/deals/${dealId}`, statements: await record(`/api/deals/${dealId}`) },
    ];
    const listQuery = routes[0]!.statements.find((s) => /from "deals"/.test(s.sql) && /limit/i.test(s.sql));
    const plan = listQuery
      ? (await seed.query(`explain (analyze, buffers, costs off) ${listQuery.sql}`, listQuery.params)).rows
          .map((r: Record<string, string>) => r['QUERY PLAN'])
          .join('\n')
      : '';
    await app.close();
    await seed.end();

    const results = [];
    for (const route of routes) {
      const target = loopbackUrl(port, route.path).href;
      if (WARMUP_S > 0) {
        log(`warming up ${route.name}…`);
        await viaApi(target, headers, WARMUP_S);
        await direct(pool, route.statements, WARMUP_S);
      }
      log(`measuring ${route.name} through the API for ${DURATION_S} s…`);
      const api = await viaApi(target, headers, DURATION_S);
      log(
        `measuring ${route.name} directly through pg (${route.statements.length} statements) for ${DURATION_S} s…`,
      );
      const sqlOnly = await direct(pool, route.statements, DURATION_S);
      results.push({
        ...route,
        statements: route.statements.length,
        api,
        direct: sqlOnly,
        ratio: api.requestsPerSecond / sqlOnly.requestsPerSecond,
      });
    }

    const table = [
      '| route | statements | API req/s | API p50 / p99 ms | direct req/s | direct p50 / p99 ms | API / direct |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.map(
        (r) =>
          `| ${r.name} (\`GET ${r.path.replace(dealId, '{id}')}\`) | ${r.statements} | ${Math.round(r.api.requestsPerSecond).toLocaleString('en-US')} | ${r.api.p50} / ${r.api.p99} | ${Math.round(r.direct.requestsPerSecond).toLocaleString('en-US')} | ${r.direct.p50} / ${r.direct.p99} | ${(r.ratio * 100).toFixed(0)} % |`,
      ),
    ].join('\n');
    const machine = `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(2)}`;
    process.stdout.write(
      `\n${table}\n\n${machine}; ${DEALS.toLocaleString('en-US')} deals, ${CONNECTIONS} connections, pool ${POOL}, ${DURATION_S} s per measurement\n\nQuery plan of the list query:\n\n${plan}\n`,
    );
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      JSON.stringify({ machine, deals: DEALS, connections: CONNECTIONS, pool: POOL, results, plan }, null, 2),
    );
    const failed = results.filter((r) => r.api.errors > 0 || r.direct.errors > 0);
    if (failed.length) {
      log(`requests failed: ${failed.map((r) => r.name).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    if (server) await stopServer(server.child);
    await pool.end();
    await benchDb.drop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`deals bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
