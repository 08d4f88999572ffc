/**
 * The closing room's benchmark (issue 28, "Measured"): the room's page read and a tick, through the
 * API at BENCH_CONNECTIONS (50) on a fresh database on the PostgreSQL server of this machine. Goal:
 * each answered in at most 3 SQL statements (the auth hook's included) and p99 under 50 ms.
 *
 * A seller lists a cash deal, the bench user (a buyer) offers cash, and the seller accepts: the
 * accept opens the room (through the API, on an in-process app on the same database). The room is
 * then given a realistic size: the buyer ticks two of its milestones through the API, and five
 * documents (rows only: the read never opens a file) and about 30 timeline events go in by SQL. Then
 *   - `GET /api/deals/{id}/closing` as the seller,
 *   - `PUT /api/deals/{id}/closing/milestones/escrow-opened` `{"done":true,"note":…}` as the seller
 *     (its party), a note of its own each request so that every request writes (a tick asking for
 *     what is already there writes nothing): a new version and a timeline event,
 *   - and the GET again: the PUT run has appended one timeline event per request; the room's read
 *     carries the newest 200, so this shows what a long timeline costs the page.
 * Before each measurement the statements of one warm request are recorded (the driver's query log of
 * the in-process app), and counted.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres).
 * Skipped with a message when no PostgreSQL answers there. BENCH_POOL (default 20, the API's pool),
 * BENCH_SQL=1 prints the recorded statements.
 */
import os from 'node:os';
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
} from './postgres-bench';
import { createTestTokens } from './plan-tokens';
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

const SHOW_SQL = process.env.BENCH_SQL === '1';
/** The issue's goals: statements per request (the auth hook's included) and p99. */
const MAX_STATEMENTS = 3;
const MAX_P99_MS = 50;
/** The milestone the seller ticks, again and again: the seller's own. */
const TICKED = 'escrow-opened';
/**
 * A tick that changes something each time: a tick asking for what is already there writes nothing,
 * so each request carries a note of its own (autocannon puts a fresh id in `[<id>]`).
 */
const TICK_BODY = { done: true, note: 'Escrow file [<id>]' };
const tickBody = (note: string) => ({ done: true, note });

type Headers = Record<string, string>;
type Method = 'GET' | 'PUT';
async function main(): Promise<number> {
  const benchDb = await createBenchDatabase('dealclub_bench_closing', 'closing bench');
  if (!benchDb) return 0;
  const { url, name } = benchDb;
  const loadAtStart = os.loadavg()[0]!;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const seed = new pg.Client({ connectionString: url });
  seed.on('error', () => {});
  try {
    const { database, recordDuring } = await openRecordingDatabase(url);
    await runMigrations(database.db);
    await seed.connect();
    log(`closing bench on ${name}`);

    // One secrets key for the bench server and the in-process app: the signing keys in the database
    // are sealed with it, and the app signs the seller in with them.
    const secretsKey = process.env.SECRETS_KEY ?? randomBytes(32).toString('base64');
    server = await startServer({
      BENCH_DATABASE_URL: url,
      BENCH_DATABASE_POOL_MAX: String(POOL),
      SECRETS_KEY: secretsKey,
    });
    const port = server.port;
    // The bench user is a buyer (bench/server.ts creates it so): the room's buyer.
    const buyer = await benchUserHeaders(port);
    const app = await inProcessApp(url, secretsKey, database);
    const room = await openRoom(app, database.db, buyer);
    await furnishRoom(seed, room.dealId);

    const call = async (routeMethod: Method, routePath: string, as: Headers, payload?: object) =>
      app.inject({ method: routeMethod, url: routePath, headers: as, ...(payload ? { payload } : {}) });
    // The statements of one request once the app is warm: a first, unrecorded request loads what a
    // process loads once (the verification keys) and prepares the statements.
    const record = async (routeMethod: Method, routePath: string, as: Headers, payload?: object) => {
      // A write is recorded as a change too: the warm-up's payload differs from the recorded one's.
      const first = await call(routeMethod, routePath, as, payload && { ...payload, note: 'warm-up' });
      if (first.statusCode !== 200)
        throw new Error(`${routeMethod} ${routePath} answered ${first.statusCode}: ${first.body}`);
      const { result: res, statements } = await recordDuring(() => call(routeMethod, routePath, as, payload));
      if (res.statusCode !== 200)
        throw new Error(`${routeMethod} ${routePath} answered ${res.statusCode}: ${res.body}`);
      if (SHOW_SQL)
        log(`${routeMethod} ${routePath}:\n${statements.map((s, i) => `  ${i + 1}. ${s.sql}`).join('\n')}`);
      return statements;
    };
    const roomPath = `/api/deals/${room.dealId}/closing`;
    const tickPath = `${roomPath}/milestones/${TICKED}`;
    const readStatements = await record('GET', roomPath, room.seller);
    const tickStatements = await record('PUT', tickPath, room.seller, tickBody('recorded'));
    await app.close();

    const events = async () =>
      Number(
        (
          await seed.query<{ n: string }>(
            `select count(*) as n from closing_events e join closing_rooms r on r.id = e.room_id where r.deal_id = $1`,
            [room.dealId],
          )
        ).rows[0]!.n,
      );
    const documents = Number(
      (await seed.query<{ n: string }>(`select count(*) as n from closing_documents`)).rows[0]!.n,
    );

    const read = {
      method: 'GET' as const,
      path: roomPath,
      statements: readStatements,
      target: loopbackUrl(port, roomPath).href,
    };
    const tick = {
      method: 'PUT' as const,
      path: tickPath,
      statements: tickStatements,
      target: loopbackUrl(port, tickPath).href,
      body: JSON.stringify(TICK_BODY),
    };
    const runs = [
      { name: 'room page', route: read },
      { name: `tick (${TICKED}, as the seller)`, route: tick },
      { name: 'room page, after the tick run', route: read },
    ];
    const results = [];
    for (const run of runs) {
      const { route } = run;
      const body = 'body' in route ? route.body : undefined;
      if (WARMUP_S > 0) {
        log(`warming up ${run.name}…`);
        await measure(route.method, route.target, room.seller, WARMUP_S, body);
      }
      const eventsBefore = await events();
      log(`measuring ${run.name} through the API for ${DURATION_S} s (${eventsBefore} timeline events)…`);
      const api = await measure(route.method, route.target, room.seller, DURATION_S, body);
      results.push({
        name: run.name,
        method: route.method,
        path: route.path.replace(room.dealId, '{id}'),
        statements: route.statements.length,
        transaction: route.statements.some((s) => /^\s*begin\b/i.test(s.sql)),
        sql: route.statements.map((s) => s.sql),
        timelineEvents: eventsBefore,
        api,
      });
    }
    const finalEvents = await events();

    const table = [
      '| route | statements | req/s | p50 / p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...results.map(
        (r) =>
          `| ${r.name}${r.method === 'GET' ? `, ${r.timelineEvents.toLocaleString('en-US')} timeline events` : ''} (\`${r.method} ${r.path}\`) | ${r.statements}${r.transaction ? ' (with BEGIN/COMMIT)' : ''} | ${Math.round(r.api.requestsPerSecond).toLocaleString('en-US')} | ${r.api.p50} / ${r.api.p99} | ${r.api.errors} |`,
      ),
    ].join('\n');
    const machine = machineLine();
    process.stdout.write(
      `\n${table}\n\n${machine} (${loadAtStart.toFixed(2)} at the start); ${CONNECTIONS} connections, pool ${POOL}, ${DURATION_S} s per measurement after ${WARMUP_S} s of warm-up; a cash room of 7 milestones, ${documents} documents, ${finalEvents.toLocaleString('en-US')} timeline events at the end\n`,
    );
    saveResults('closing', {
      machine,
      loadAtStart,
      connections: CONNECTIONS,
      pool: POOL,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      documents,
      finalTimelineEvents: finalEvents,
      results,
    });
    const missed = results.filter((r) => r.api.p99 >= MAX_P99_MS || r.statements > MAX_STATEMENTS);
    for (const r of missed)
      log(
        `goal missed: ${r.name}: ${r.statements} statements (goal at most ${MAX_STATEMENTS}), p99 ${r.api.p99} ms (goal under ${MAX_P99_MS} ms)`,
      );
    const failed = results.filter((r) => r.api.errors > 0);
    if (failed.length) {
      log(`requests failed: ${failed.map((r) => r.name).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    if (server) await stopServer(server.child);
    await seed.end();
    await benchDb.drop();
  }
}

/** `connections` clients sending `method` (with a JSON body, fresh ids in it) for `durationS` seconds. */
const measure = (method: Method, url: string, headers: Headers, durationS: number, body?: string) =>
  measureApi(
    url,
    headers,
    durationS,
    CONNECTIONS,
    body === undefined ? { method } : { method, body, idReplacement: true },
  );

/**
 * A seller lists a cash deal, `buyerHeaders`' buyer offers cash on it and the seller accepts: the
 * room opens. The buyer then ticks its first two milestones (EMD and proof of funds). Through the
 * API of the in-process app.
 */
async function openRoom(
  app: FastifyInstance,
  db: Parameters<typeof createDirectoryUser>[0],
  buyerHeaders: Headers,
) {
  const call = async (headers: Headers, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as { id: string };
  };
  const email = 'bench-closing-seller@bench.test';
  await createDirectoryUser(db, {
    email,
    password: BENCH_PASSWORD,
    roles: ['originator'],
    firstName: 'Bench',
    lastName: 'Seller',
    phoneNumber: '5125550103',
  });
  const seller = { authorization: `Bearer ${await createTestTokens(app, email, BENCH_PASSWORD)}` };
  const deal = await call(
    seller,
    'POST',
    '/api/deals',
    validCashDeal({ streetAddress: '1 Bench Closing Way' }),
  );
  const offer = await call(buyerHeaders, 'POST', `/api/deals/${deal.id}/offers`, {
    type: 'cash',
    purchasePrice: 430000,
    estimatedCloseDate: isoDay(new Date(Date.now() + 30 * 86_400_000)),
    message: 'Cash, 30-day close.',
  });
  await call(seller, 'POST', `/api/offers/${offer.id}/accept`);
  for (const key of ['emd-deposited', 'proof-of-funds'])
    await call(buyerHeaders, 'PUT', `/api/deals/${deal.id}/closing/milestones/${key}`, { done: true });
  return { dealId: deal.id, seller };
}

/**
 * Five documents on the room's milestones (rows only: the room's read never opens a file), each
 * with its `document_uploaded` event, and timeline events up to 30: ticks and unticks with notes
 * and a declined change of the close date, by both parties, over the days since the room opened.
 */
async function furnishRoom(client: pg.Client, dealId: string) {
  const { rows } = await client.query<{ id: string; seller_id: string; buyer_id: string }>(
    `select id, seller_id, buyer_id from closing_rooms where deal_id = $1 and status = 'open'`,
    [dealId],
  );
  const room = rows[0];
  if (!room) throw new Error('the accept opened no closing room');
  await client.query(
    `with docs (key, name, size, by_seller) as (values
       ('emd-deposited', 'EMD receipt.pdf', 184320, false),
       ('proof-of-funds', 'Bank statement March.pdf', 412672, false),
       ('escrow-opened', 'Escrow instructions.pdf', 265216, true),
       ('title-commitment', 'Title commitment.pdf', 1048576, true),
       ('due-diligence', 'Inspection report.jpg', 2359296, false)),
     d as (
       insert into closing_documents (room_id, milestone_key, file_key, name, content_type, size_bytes, uploaded_by)
       select $1, key, 'closing/bench-' || md5(name), name,
         case when name like '%.pdf' then 'application/pdf' else 'image/jpeg' end, size,
         case when by_seller then $2::uuid else $3::uuid end
       from docs
       returning milestone_key, name, size_bytes, uploaded_by)
     insert into closing_events (room_id, actor_id, event, detail)
     select $1, uploaded_by, 'document_uploaded', jsonb_build_object('key', milestone_key, 'name', name, 'size', size_bytes)
     from d`,
    [room.id, room.seller_id, room.buyer_id],
  );
  const { rows: counted } = await client.query<{ n: string }>(
    `select count(*) as n from closing_events where room_id = $1`,
    [room.id],
  );
  const filler = Math.max(0, 30 - Number(counted[0]!.n));
  await client.query(
    `insert into closing_events (room_id, actor_id, event, detail)
     select $1, case when i % 2 = 0 then $2::uuid else $3::uuid end,
       (array['ticked', 'unticked', 'close_date_proposed', 'close_date_declined'])[1 + i % 4],
       case when i % 4 < 2
         then jsonb_build_object('key', (array['title-commitment', 'due-diligence', 'closing-scheduled'])[1 + i % 3],
           'note', 'Bench note ' || i)
         else jsonb_build_object('closeDate', to_char(current_date + 30 + i, 'YYYY-MM-DD')) end
     from generate_series(1, $4::int) as i`,
    [room.id, room.seller_id, room.buyer_id, filler],
  );
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`closing bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
