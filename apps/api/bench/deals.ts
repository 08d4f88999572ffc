/**
 * The deals benchmark (issue 5), run by `npm run bench` after the route suite: 100,000 deals in a
 * fresh database on the PostgreSQL server of this machine, then
 *   - `GET /api/deals?maxPrice=500000&minBedrooms=3&state=TX` (budget, bed and state filter),
 *   - `GET /api/deals/{id}`,
 *   - `GET /api/auth/me` and
 *   - `GET /api/deals/{id}/offers` (the seller's offers table: offers of five buyers, two countered)
 * through the API at BENCH_CONNECTIONS (50), each against the SAME SQL statements the API ran for
 * that request (recorded from a real request) replayed directly through `pg` at the same
 * concurrency with the same pool size, prepared as the API prepares them: the database's own limit
 * (BENCH_DIRECT=both also replays them unprepared, the baseline before issue 32). Goal: the API reaches at least
 * 60 % of the direct throughput with a p99 under 50 ms (issue 19: 80 %). Prints the number of
 * statements of each request (issue 19: at most 3; each is a round trip to a database across a
 * network) and the query plans of the list's statements that read deals (its head and its page).
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres).
 * Skipped with a message when no PostgreSQL answers there. BENCH_DEALS (default 100000),
 * BENCH_POOL (default 20, the pool of the API and of the direct runner), BENCH_ROUTES (a comma-
 * separated subset of list, detail, me, offers; default all), BENCH_SQL=1 prints the recorded
 * statements.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { validCashDeal } from '@dealclub/shared/deal-fixtures';
import { isoDay } from '@dealclub/shared/offers';
import { runMigrations } from '../src/db/migrate';
import { createDirectoryUser } from '../src/modules/identity/directory';
import {
  benchUserHeaders,
  createBenchDatabase,
  inProcessApp,
  log,
  openRecordingDatabase,
  replayDirect,
} from './postgres-bench';
import { createTestTokens } from './plan-tokens';
import { seedDeals } from './seed-deals';
import { loopbackUrl, startServer, stopServer } from './run';
import {
  BENCH_PASSWORD,
  CONNECTIONS,
  DURATION_S,
  machineLine,
  measureApi,
  saveResults,
  WARMUP_S,
  POOL,
} from './measure';

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const LIST_PATH = '/api/deals?maxPrice=500000&minBedrooms=3&state=TX';
const ROUTES = (process.env.BENCH_ROUTES ?? 'list,detail,me,offers').split(',');
const SHOW_SQL = process.env.BENCH_SQL === '1';
/** BENCH_DIRECT=both: the direct replay unprepared as well (the baseline before issue 32), once. */
const BOTH_BASELINES = process.env.BENCH_DIRECT === 'both';

async function main(): Promise<number> {
  const benchDb = await createBenchDatabase('dealclub_bench', 'deals bench');
  if (!benchDb) return 0;
  const { url, name } = benchDb;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  // The API's session settings (db/client.ts: no JIT), so that both run the same plans the same way.
  const pool = new pg.Pool({ connectionString: url, max: POOL, options: '-c jit=off' });
  pool.on('error', () => {});
  try {
    const { database, recordDuring } = await openRecordingDatabase(url);
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

    // One secrets key for the bench server and the in-process app: the signing keys in the database
    // are sealed with it, and the app signs the offers table's people in with them.
    const secretsKey = process.env.SECRETS_KEY ?? randomBytes(32).toString('base64');
    server = await startServer({
      BENCH_DATABASE_URL: url,
      BENCH_DATABASE_POOL_MAX: String(POOL),
      SECRETS_KEY: secretsKey,
    });
    const port = server.port;
    const headers = await benchUserHeaders(port);
    const [{ id: dealId } = { id: '' }] = (
      await seed.query<{ id: string }>(
        `select id from deals where status = 'active' and not hide_address limit 1`,
      )
    ).rows;

    // The statements each route runs, recorded from one real request to an app on the same database.
    const app = await inProcessApp(url, secretsKey, database);
    // The statements of one request once the app is warm: a first, unrecorded request loads what a
    // process loads once (the verification keys) and prepares the statements.
    const record = async (routePath: string, as: Record<string, string>) => {
      const get = () => app.inject({ url: routePath, headers: as });
      const first = await get();
      if (first.statusCode !== 200)
        throw new Error(`${routePath} answered ${first.statusCode}: ${first.body}`);
      const { result: res, statements } = await recordDuring(get);
      if (res.statusCode !== 200) throw new Error(`${routePath} answered ${res.statusCode}: ${res.body}`);
      if (SHOW_SQL) log(`${routePath}:\n${statements.map((s, i) => `  ${i + 1}. ${s.sql}`).join('\n')}`);
      return statements;
    };
    const offersTable = await offersOfFiveBuyers(app, database.db, headers);
    const candidates = [
      { key: 'list', name: 'list (budget, beds, state)', path: LIST_PATH, headers },
      { key: 'detail', name: 'detail', path: `/api/deals/${dealId}`, headers },
      { key: 'me', name: 'signed-in user', path: '/api/auth/me', headers },
      { key: 'offers', name: 'offers table', path: offersTable.path, headers: offersTable.headers },
    ].filter((r) => ROUTES.includes(r.key));
    const routes = [];
    for (const route of candidates)
      routes.push({ ...route, statements: await record(route.path, route.headers) });
    // The plans of the list's statements that read deals: its head (the total) and its page.
    const listQueries =
      routes.find((r) => r.key === 'list')?.statements.filter((s) => /from "deals"/.test(s.sql)) ?? [];
    const plans: string[] = [];
    for (const query of listQueries) {
      const { rows: planRows } = await seed.query(
        `explain (analyze, buffers, costs off) ${query.sql}`,
        query.params,
      );
      plans.push(planRows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    }
    const plan = plans.join('\n\n');
    await app.close();
    await seed.end();

    const results = [];
    for (const route of routes) {
      const target = loopbackUrl(port, route.path).href;
      if (WARMUP_S > 0) {
        log(`warming up ${route.name}…`);
        await measureApi(target, route.headers, WARMUP_S);
        await replayDirect(pool, CONNECTIONS, route.statements, WARMUP_S);
      }
      log(`measuring ${route.name} through the API for ${DURATION_S} s…`);
      const api = await measureApi(target, route.headers, DURATION_S);
      log(
        `measuring ${route.name} directly through pg (${route.statements.length} statements) for ${DURATION_S} s…`,
      );
      const sqlOnly = await replayDirect(pool, CONNECTIONS, route.statements, DURATION_S);
      let unprepared;
      if (BOTH_BASELINES) {
        log(`measuring ${route.name} directly, unprepared, for ${DURATION_S} s…`);
        unprepared = await replayDirect(pool, CONNECTIONS, route.statements, DURATION_S, { prepared: false });
      }
      results.push({
        name: route.name,
        path: route.path,
        statements: route.statements.length,
        api,
        direct: sqlOnly,
        ratio: api.requestsPerSecond / sqlOnly.requestsPerSecond,
        ...(unprepared && {
          unprepared,
          unpreparedRatio: api.requestsPerSecond / unprepared.requestsPerSecond,
        }),
      });
    }

    const rate = (n: number) => Math.round(n).toLocaleString('en-US');
    const table = [
      `| route | statements | API req/s | API p50 / p99 ms | direct (prepared) req/s | direct p50 / p99 ms | API / direct |${BOTH_BASELINES ? ' direct unprepared req/s | API / unprepared |' : ''}`,
      `| --- | ---: | ---: | ---: | ---: | ---: | ---: |${BOTH_BASELINES ? ' ---: | ---: |' : ''}`,
      ...results.map(
        (r) =>
          `| ${r.name} (\`GET ${r.path.replace(dealId, '{id}').replace(offersTable.dealId, '{id}')}\`) | ${r.statements} | ${rate(r.api.requestsPerSecond)} | ${r.api.p50} / ${r.api.p99} | ${rate(r.direct.requestsPerSecond)} | ${r.direct.p50} / ${r.direct.p99} | ${(r.ratio * 100).toFixed(0)} % |${r.unprepared ? ` ${rate(r.unprepared.requestsPerSecond)} | ${((r.unpreparedRatio ?? 0) * 100).toFixed(0)} % |` : ''}`,
      ),
    ].join('\n');
    const machine = machineLine();
    process.stdout.write(
      `\n${table}\n\n${machine}; ${DEALS.toLocaleString('en-US')} deals, ${CONNECTIONS} connections, pool ${POOL}, ${DURATION_S} s per measurement\n\nQuery plans of the list's statements:\n\n${plan}\n`,
    );
    saveResults('deals', { machine, deals: DEALS, connections: CONNECTIONS, pool: POOL, results, plan });
    const failed = results.filter(
      (r) => r.api.errors > 0 || r.direct.errors > 0 || (r.unprepared?.errors ?? 0) > 0,
    );
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

/** Signs `email` in on the in-process app (the same database and keys as the bench server). */
async function signInOn(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await createTestTokens(app, email, BENCH_PASSWORD)}` };
}

/**
 * The offers table of a deal of its own seller: a seller lists a deal, the bench user and four
 * other buyers make offers on it, and the seller counters two of them; through the API.
 */
async function offersOfFiveBuyers(
  app: FastifyInstance,
  db: Parameters<typeof createDirectoryUser>[0],
  benchHeaders: Record<string, string>,
) {
  const person = (email: string, roles: ('buyer' | 'originator')[], lastName: string) =>
    createDirectoryUser(db, {
      email,
      password: BENCH_PASSWORD,
      roles,
      firstName: 'Bench',
      lastName,
      phoneNumber: '5125550102',
    });
  const call = async (headers: Record<string, string>, method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as { id: string };
  };
  await person('bench-offers-seller@bench.test', ['originator'], 'Seller');
  const seller = await signInOn(app, 'bench-offers-seller@bench.test');
  const deal = await call(
    seller,
    'POST',
    '/api/deals',
    validCashDeal({ streetAddress: '1 Bench Offers Way' }),
  );
  const buyers = [benchHeaders];
  for (let i = 1; i <= 4; i++) {
    await person(`bench-offers-buyer${i}@bench.test`, ['buyer'], `Buyer${i}`);
    buyers.push(await signInOn(app, `bench-offers-buyer${i}@bench.test`));
  }
  const closeDate = isoDay(new Date(Date.now() + 30 * 86_400_000));
  for (const [i, buyer] of buyers.entries()) {
    const offer = await call(buyer, 'POST', `/api/deals/${deal.id}/offers`, {
      type: 'cash',
      purchasePrice: 400000 + i * 5000,
      estimatedCloseDate: closeDate,
      message: 'Cash, no contingencies.',
    });
    if (i < 2) {
      await call(seller, 'POST', `/api/offers/${offer.id}/counter`, {
        purchasePrice: 440000,
        estimatedCloseDate: closeDate,
        message: 'Meet me at 440k.',
      });
    }
  }
  return { dealId: deal.id, path: `/api/deals/${deal.id}/offers`, headers: seller };
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
