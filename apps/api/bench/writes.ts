/**
 * The writes benchmark (issue 32), run by `npm run bench` and `npm run bench:writes`: creating a
 * deal, making an offer and sending a message through the API at BENCH_WRITE_CONNECTIONS (6)
 * connections, on the embedded database (PGlite, in the server's process) and on the PostgreSQL
 * server of this machine (skipped when none answers), each write with a fresh `Idempotency-Key` as
 * the web app sends it. For each: writes acknowledged per second, p50 / p99 latency, the statements
 * one write sends (recorded on an in-process app) and the CPU one write costs — the API's process
 * (its alert fan-out and other jobs included, as they run in it) and, on the server, PostgreSQL's
 * own processes.
 *
 * The market: BENCH_BUYERS (default 1,000) buyers with preferences and buy boxes (bench/seed-buyers.ts),
 * so that each new deal's alert fan-out has buyers to match; BENCH_WRITER_BUYERS (default 600) buyers
 * who sign in and make the offers and send the messages (the per-buyer limits — 20 offers and 30
 * messages a minute — hold for every one of them, as for real buyers). Deals: the seller lists them
 * (Austin, cash); offers: buyer k % B on deal k % D of those; messages: each buyer in the threads
 * its offers opened. Goals (issue 32): each write ≥ 150/s embedded and ≥ 300/s on the server, p99 <
 * 100 ms.
 *
 * BENCH_DURATION_S (10) and BENCH_WARMUP_S (2) per write; BENCH_WRITE_DB=embedded|server|both
 * (default both); BENCH_SQL=1 prints the statements of each write.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { validCashDeal } from '@dealclub/shared/deal-fixtures';
import { isoDay } from '@dealclub/shared/offers';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createDirectoryUser } from '../src/modules/identity/directory';
import { signIn } from '../src/test/auth';
import {
  BENCH_PASSWORD,
  benchConfig,
  machineLine,
  postgresCpuMs,
  processCpuMs,
  saveResults,
  WARMUP_S,
  DURATION_S,
} from './measure';
import { createBenchDatabase, log, percentiles, type Percentiles } from './postgres-bench';
import { loopbackUrl, startServer, stopServer } from './run';

const CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 6);
const MARKET_BUYERS = Number(process.env.BENCH_BUYERS ?? 1000);
const WRITER_BUYERS = Number(process.env.BENCH_WRITER_BUYERS ?? 600);
const BACKENDS: string[] | undefined = (
  { both: ['embedded', 'server'], embedded: ['embedded'], server: ['server'] } as Record<string, string[]>
)[process.env.BENCH_WRITE_DB ?? 'both'];
const SHOW_SQL = process.env.BENCH_SQL === '1';
/** Goals of issue 32, writes per second at 6 connections. */
const GOAL_PER_S: Record<string, number> = { embedded: 150, server: 300 };
const GOAL_P99_MS = 100;

type WriteName = 'deal' | 'offer' | 'message';

/** One write to send: where, and its JSON body. */
interface WriteRequest {
  path: string;
  token: string;
  body: unknown;
}

interface WriteMeasured extends Percentiles {
  perSecond: number;
  writes: number;
  errors: number;
  statuses: Record<string, number>;
  /** CPU milliseconds per acknowledged write: the API's process, and PostgreSQL's processes. */
  apiCpuMs: number;
  postgresCpuMs: number | null;
}

/** One POST over keep-alive connections; resolves with the status and the body. */
function post(
  agent: http.Agent,
  port: number,
  write: WriteRequest,
): Promise<{ status: number; body: string }> {
  const url = loopbackUrl(port, write.path);
  const payload = JSON.stringify(write.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${write.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * `CONNECTIONS` clients sending writes made by `next(k)` (k counts from 0 across the clients) for
 * `durationS` seconds; `onCreated` gets the body of each 201.
 */
async function drive(
  port: number,
  durationS: number,
  next: (k: number) => WriteRequest,
  onCreated: (body: string, write: WriteRequest) => void,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let k = 0;
  const end = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const write = next(k++);
        const started = performance.now();
        try {
          const res = await post(agent, port, write);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) {
            latencies.push(performance.now() - started);
            onCreated(res.body, write);
          } else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  agent.destroy();
  return { latencies, statuses, errors };
}

/** The writes of one kind: warm-up, then the measurement with the CPU it took. */
async function measureWrites(
  server: { port: number; pid: number },
  withPostgres: boolean,
  next: (k: number) => WriteRequest,
  onCreated: (body: string, write: WriteRequest) => void,
): Promise<WriteMeasured> {
  if (WARMUP_S > 0) await drive(server.port, WARMUP_S, next, onCreated);
  const apiBefore = processCpuMs(server.pid);
  const pgBefore = withPostgres ? postgresCpuMs() : 0;
  const { latencies, statuses, errors } = await drive(server.port, DURATION_S, next, onCreated);
  const writes = latencies.length;
  const perWrite = (ms: number) => (writes ? Math.round((ms / writes) * 100) / 100 : 0);
  return {
    perSecond: writes / DURATION_S,
    writes,
    errors,
    statuses,
    ...percentiles(latencies),
    apiCpuMs: perWrite(processCpuMs(server.pid) - apiBefore),
    postgresCpuMs: withPostgres ? perWrite(postgresCpuMs() - pgBefore) : null,
  };
}

/** The three writes on one bench server, in order: deals, then offers on them, then messages. */
async function benchBackend(backend: string): Promise<Record<WriteName, WriteMeasured> | null> {
  const benchDb =
    backend === 'server' ? await createBenchDatabase('dealclub_writes', 'writes bench (server)') : undefined;
  if (benchDb === null) return null;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log(
      `${backend}: starting the bench server with ${MARKET_BUYERS.toLocaleString('en-US')} buyers in the market and ${WRITER_BUYERS} writers…`,
    );
    server = await startServer({
      BENCH_BUYERS: String(MARKET_BUYERS),
      BENCH_WRITERS: String(WRITER_BUYERS),
      ...(benchDb && { BENCH_DATABASE_URL: benchDb.url, BENCH_DATABASE_POOL_MAX: String(CONNECTIONS) }),
    });
    const { tokens } = server.info as { tokens: { seller: string; buyers: string[] } };
    const target = { port: server.port, pid: server.child.pid! };
    const withPostgres = backend === 'server';

    const dealIds: string[] = [];
    // Every deal at an address of its own (a second listing of an address is refused).
    let dealNumber = 0;
    log(`${backend}: measuring deal creation for ${DURATION_S} s…`);
    const deal = await measureWrites(
      target,
      withPostgres,
      () => ({
        path: '/api/deals',
        token: tokens.seller,
        body: validCashDeal({ streetAddress: `${++dealNumber} Bench Write Way` }),
      }),
      (body) => dealIds.push((JSON.parse(body) as { id: string }).id),
    );

    const closeDate = isoDay(new Date(Date.now() + 30 * 86_400_000));
    log(`${backend}: measuring offers on ${dealIds.length} deals for ${DURATION_S} s…`);
    const offered = new Map<number, Set<string>>();
    const offer = await measureWrites(
      target,
      withPostgres,
      (k) => ({
        path: `/api/deals/${dealIds[k % dealIds.length]}/offers`,
        token: tokens.buyers[k % tokens.buyers.length]!,
        body: {
          type: 'cash',
          purchasePrice: 400000 + (k % 50) * 1000,
          estimatedCloseDate: closeDate,
          message: 'Cash, no contingencies.',
        },
      }),
      (_body, write) => {
        const buyer = tokens.buyers.indexOf(write.token);
        if (!offered.has(buyer)) offered.set(buyer, new Set());
        offered.get(buyer)!.add(write.path);
      },
    );

    // Each writer's threads: one per deal it offered on (opened by the offer).
    const threads: { token: string; id: string }[] = [];
    for (const [i, token] of tokens.buyers.entries()) {
      const res = await fetch(loopbackUrl(server.port, '/api/chat/threads?limit=50'), {
        headers: { authorization: `Bearer ${token}` },
      });
      const { items } = (await res.json()) as { items: { threadId: string }[] };
      for (const item of items) threads.push({ token, id: item.threadId });
      if (!items.length && offered.has(i)) throw new Error(`writer ${i + 1} offered but has no thread`);
    }
    log(`${backend}: measuring messages in ${threads.length} threads for ${DURATION_S} s…`);
    // Interleaved by buyer, so that consecutive messages come from different buyers.
    threads.sort((a, b) => a.id.localeCompare(b.id));
    const message = await measureWrites(
      target,
      withPostgres,
      (k) => {
        const thread = threads[k % threads.length]!;
        return {
          path: `/api/chat/threads/${thread.id}/messages`,
          token: thread.token,
          body: { body: `Still on for Thursday? (${k})` },
        };
      },
      () => {},
    );
    return { deal, offer, message };
  } finally {
    if (server) await stopServer(server.child);
    await benchDb?.drop();
  }
}

/** The statements one write of each kind sends, recorded on an in-process app (embedded database). */
async function statementsPerWrite(): Promise<Record<WriteName, string[]>> {
  const recorded: string[] = [];
  let recording = false;
  const database = await openDatabase({
    queryLog: (sql) => {
      if (recording) recorded.push(sql);
    },
  });
  await runMigrations(database.db);
  const app: FastifyInstance = await buildApp({ config: benchConfig({ SEED_DEMO: 'false' }), database });
  try {
    const person = async (email: string, roles: ('buyer' | 'originator')[]) => {
      await createDirectoryUser(database.db, {
        email,
        password: BENCH_PASSWORD,
        roles,
        firstName: 'Bench',
        lastName: 'Writer',
        phoneNumber: '5125550104',
      });
      return { authorization: `Bearer ${(await signIn(app, email, BENCH_PASSWORD)).idToken}` };
    };
    const seller = await person('sql-seller@bench.test', ['originator']);
    const buyer = await person('sql-buyer@bench.test', ['buyer']);
    const record = async (headers: Record<string, string>, url: string, payload: object) => {
      const send = () =>
        app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'idempotency-key': randomUUID() },
          payload,
        });
      recorded.length = 0;
      recording = true;
      const res = await send();
      recording = false;
      if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return { body: res.json() as { id: string }, statements: [...recorded] };
    };
    // A first write of each kind prepares what a process prepares once; the second is the one counted.
    await record(seller, '/api/deals', validCashDeal({ streetAddress: '1 Sql Way' }));
    const deal = await record(seller, '/api/deals', validCashDeal({ streetAddress: '2 Sql Way' }));
    const closeDate = isoDay(new Date(Date.now() + 30 * 86_400_000));
    const offerBody = {
      type: 'cash',
      purchasePrice: 400000,
      estimatedCloseDate: closeDate,
      message: 'Cash.',
    };
    const first = (await app.inject({ url: '/api/deals?limit=2', headers: buyer })).json() as {
      items: { id: string }[];
    };
    await record(
      buyer,
      `/api/deals/${first.items.find((d) => d.id !== deal.body.id)?.id ?? deal.body.id}/offers`,
      offerBody,
    );
    const offer = await record(buyer, `/api/deals/${deal.body.id}/offers`, offerBody);
    const threads = (await app.inject({ url: '/api/chat/threads', headers: buyer })).json() as {
      items: { threadId: string }[];
    };
    await record(buyer, `/api/chat/threads/${threads.items[0]!.threadId}/messages`, { body: 'Hello.' });
    const message = await record(buyer, `/api/chat/threads/${threads.items[0]!.threadId}/messages`, {
      body: 'Hello again.',
    });
    return { deal: deal.statements, offer: offer.statements, message: message.statements };
  } finally {
    // The app closes its database with it.
    await app.close();
  }
}

async function main(): Promise<number> {
  if (!BACKENDS) throw new Error('BENCH_WRITE_DB is embedded, server or both');
  const statements = await statementsPerWrite();
  if (SHOW_SQL)
    for (const [name, list] of Object.entries(statements))
      log(`${name}:\n${list.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}`);
  const results: Record<string, Record<WriteName, WriteMeasured>> = {};
  for (const backend of BACKENDS) {
    const measured = await benchBackend(backend);
    if (measured) results[backend] = measured;
  }
  const rows = Object.entries(results).flatMap(([backend, writes]) =>
    (Object.entries(writes) as [WriteName, WriteMeasured][]).map(([name, m]) => {
      const met = m.perSecond >= (GOAL_PER_S[backend] ?? 0) && m.p99 < GOAL_P99_MS;
      return `| ${name} | ${backend} | ${Math.round(m.perSecond).toLocaleString('en-US')} | ${m.p50} / ${m.p99} | ${statements[name].length} | ${m.apiCpuMs} | ${m.postgresCpuMs ?? '–'} | ${met ? 'met' : 'not met'} |`;
    }),
  );
  const machine = machineLine();
  process.stdout.write(
    [
      '',
      `| write | database | writes/s | p50 / p99 ms | statements | API CPU ms/write | PostgreSQL CPU ms/write | goal (≥ ${GOAL_PER_S.embedded}/s embedded, ≥ ${GOAL_PER_S.server}/s server, p99 < ${GOAL_P99_MS} ms) |`,
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows,
      '',
      `${machine}; ${CONNECTIONS} connections, ${DURATION_S} s per write after ${WARMUP_S} s of warm-up, ${MARKET_BUYERS.toLocaleString('en-US')} buyers in the market, ${WRITER_BUYERS} writing buyers`,
      '',
    ].join('\n'),
  );
  saveResults('writes', {
    machine,
    connections: CONNECTIONS,
    marketBuyers: MARKET_BUYERS,
    writerBuyers: WRITER_BUYERS,
    statements,
    results,
  });
  const failed = Object.values(results).some((writes) => Object.values(writes).some((m) => m.errors > 0));
  if (failed) log('some writes were not acknowledged (see statuses in bench/results/writes.json)');
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`writes bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
