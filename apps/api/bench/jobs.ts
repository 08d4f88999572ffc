/**
 * The job queue benchmark (issue 27), `node --import tsx apps/api/bench/jobs.ts`: the job module
 * through its interface (`enqueueJob`, `JobWorker`, `queueDepth`), on a fresh database on the
 * PostgreSQL server of this machine and on an embedded PGlite (in memory):
 *   (a) enqueue: BENCH_JOBS_ENQUEUE (2,000) business transactions, each writing a row of a bench
 *       table and its job (`enqueueJob` in the transaction), one after the other and, on the
 *       server, BENCH_JOBS_CONCURRENCY (8) at a time: transactions per second;
 *   (b) latency: a started worker polling as the server's does (`JOBS_INTERVAL_MS`, or
 *       BENCH_JOBS_INTERVAL_MS; batches of BENCH_JOBS_BATCH, 10, as the server's) while jobs are enqueued at BENCH_JOBS_RATE (5) a second for
 *       BENCH_JOBS_LATENCY_S (6) seconds: from the enqueueing transaction's commit to the handler's
 *       start, p50 / p99;
 *   (c) throughput: BENCH_JOBS_THROUGHPUT (2,000) jobs waiting, worked by 1 worker, then by 2 (on
 *       the server each with its own pool, like two instances; embedded both on the one PGlite),
 *       handler doing nothing: jobs run per second until all have run or BENCH_JOBS_MAX_S (15)
 *       seconds have passed.
 * Each is measured BENCH_JOBS_ROUNDS (3) times; it prints the median and the range of the rounds
 * with the load average, and writes bench/results/jobs.json.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres);
 * the server part is skipped with a message when no PostgreSQL answers.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { JOBS_INTERVAL_MS } from '../src/background';
import { enqueueJob, queueDepth } from '../src/modules/jobs/queue';
import { JobWorker, type JobHandler } from '../src/modules/jobs/worker';
import { saveResults } from './measure';
import { createBenchDatabase, envNumber, log, percentiles } from './postgres-bench';

const ENQUEUE = envNumber('BENCH_JOBS_ENQUEUE', 2_000);
const CONCURRENCY = envNumber('BENCH_JOBS_CONCURRENCY', 8);
const INTERVAL_MS = envNumber('BENCH_JOBS_INTERVAL_MS', JOBS_INTERVAL_MS);
const RATE = envNumber('BENCH_JOBS_RATE', 5);
const LATENCY_S = envNumber('BENCH_JOBS_LATENCY_S', 6);
const THROUGHPUT = envNumber('BENCH_JOBS_THROUGHPUT', 2_000);
const MAX_S = envNumber('BENCH_JOBS_MAX_S', 15);
const BATCH = envNumber('BENCH_JOBS_BATCH', 10);
const ROUNDS = envNumber('BENCH_JOBS_ROUNDS', 3);
const TYPE = 'bench.job';

/** One business transaction: its row and its job. */
const businessTransaction = (db: Db, n: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`insert into bench_orders (note) values (${`order ${n}`})`);
    await enqueueJob(tx, { type: TYPE, payload: { n } });
  });

async function reset(db: Db) {
  await db.execute(sql`create table if not exists bench_orders (id bigserial primary key, note text)`);
  await db.execute(sql`truncate jobs, bench_orders`);
}

async function untilDrained(db: Db) {
  for (;;) {
    const depth = await queueDepth(db);
    if (depth.due + depth.running + depth.scheduled === 0) return;
    await sleep(20);
  }
}

/** (a) Business transactions with their job, a second, `lanes` at a time. */
async function enqueueRate(db: Db, lanes: number): Promise<number> {
  await reset(db);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < ENQUEUE) await businessTransaction(db, next++);
    }),
  );
  return ENQUEUE / ((performance.now() - started) / 1000);
}

/** (b) Commit → handler start, in ms, for jobs enqueued at RATE a second to a started worker. */
async function latency(db: Db): Promise<number[]> {
  await reset(db);
  const committed = new Map<number, number>();
  const startedAt = new Map<number, number>();
  const worker = new JobWorker(db, { batchSize: BATCH }).register(TYPE, (job) => {
    startedAt.set(Number(job.payload.n), performance.now());
  });
  await worker.start(INTERVAL_MS);
  const total = RATE * LATENCY_S;
  const began = performance.now();
  for (let n = 0; n < total; n++) {
    const due = began + (n * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
    await businessTransaction(db, n);
    committed.set(n, performance.now());
  }
  await untilDrained(db);
  await worker.stop();
  return [...committed].map(([n, at]) => startedAt.get(n)! - at);
}

/**
 * (c) Jobs a second that `handles` workers claim and complete, THROUGHPUT of them waiting, until
 * they are done or MAX_S seconds have passed.
 */
async function throughput(handles: Db[]): Promise<number> {
  const db = handles[0]!;
  await reset(db);
  await db.transaction(async (tx) => {
    for (let n = 0; n < THROUGHPUT; n++) await enqueueJob(tx, { type: TYPE, payload: { n } });
  });
  let done = 0;
  const handler: JobHandler = () => {
    done += 1;
  };
  const workers = handles.map((h) => new JobWorker(h, { batchSize: BATCH }).register(TYPE, handler));
  const started = performance.now();
  await Promise.all(workers.map((w) => w.start(INTERVAL_MS)));
  const seconds = () => (performance.now() - started) / 1000;
  while (done < THROUGHPUT && seconds() < MAX_S) await sleep(20);
  const rate = done / seconds();
  await Promise.all(workers.map((w) => w.stop()));
  return rate;
}

interface Figures {
  database: string;
  enqueuePerSecond: number[];
  enqueueConcurrentPerSecond: number[];
  latencyP50Ms: number[];
  latencyP99Ms: number[];
  throughput1: number[];
  throughput2: number[];
  loadAverages: number[];
}

async function measure(label: string, database: Database, second: Db): Promise<Figures> {
  const db = database.db;
  const figures: Figures = {
    database: label,
    enqueuePerSecond: [],
    enqueueConcurrentPerSecond: [],
    latencyP50Ms: [],
    latencyP99Ms: [],
    throughput1: [],
    throughput2: [],
    loadAverages: [],
  };
  for (let round = 1; round <= ROUNDS; round++) {
    log(`${label}, round ${round} of ${ROUNDS}…`);
    figures.loadAverages.push(os.loadavg()[0]!);
    figures.enqueuePerSecond.push(await enqueueRate(db, 1));
    if (database.kind === 'postgres')
      figures.enqueueConcurrentPerSecond.push(await enqueueRate(db, CONCURRENCY));
    const latencies = percentiles(await latency(db));
    figures.latencyP50Ms.push(latencies.p50);
    figures.latencyP99Ms.push(latencies.p99);
    figures.throughput1.push(await throughput([db]));
    figures.throughput2.push(await throughput([db, second]));
  }
  figures.loadAverages.push(os.loadavg()[0]!);
  return figures;
}

/** The median of the rounds, and their range. */
function cell(values: number[]): string {
  if (!values.length) return '–';
  const sorted = [...values].sort((a, b) => a - b);
  const fmt = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
  return `${fmt(sorted[Math.floor((sorted.length - 1) / 2)]!)} (${fmt(sorted[0]!)}–${fmt(sorted.at(-1)!)})`;
}

async function main() {
  const results: Figures[] = [];

  const bench = await createBenchDatabase('dealclub_bench_jobs', 'The job queue bench on PostgreSQL');
  if (bench) {
    const database = await openDatabase({ databaseUrl: bench.url, poolMax: 10 });
    const second = await openDatabase({ databaseUrl: bench.url, poolMax: 10 });
    try {
      await runMigrations(database.db);
      results.push(await measure('PostgreSQL server', database, second.db));
    } finally {
      await second.close();
      await database.close();
      await bench.drop();
    }
  }

  const embedded = await openDatabase({});
  try {
    await runMigrations(embedded.db);
    results.push(await measure('PGlite (in memory)', embedded, embedded.db));
  } finally {
    await embedded.close();
  }

  const machine = `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores`;
  const table = [
    `Job queue, median of ${ROUNDS} rounds (range); worker poll every ${INTERVAL_MS} ms, batches of ${BATCH}:`,
    '',
    '| database | enqueue tx/s (1 / ' +
      CONCURRENCY +
      ' at a time) | commit → start p50 / p99 ms | jobs/s, 1 worker | jobs/s, 2 workers | load average (1 min) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.database} | ${cell(r.enqueuePerSecond)} / ${cell(r.enqueueConcurrentPerSecond)} | ${cell(r.latencyP50Ms)} / ${cell(r.latencyP99Ms)} | ${cell(r.throughput1)} | ${cell(r.throughput2)} | ${r.loadAverages.map((l) => l.toFixed(1)).join(', ')} |`,
    ),
  ].join('\n');
  process.stdout.write(`\n${table}\n\n${machine}\n`);
  saveResults('jobs', { machine, intervalMs: INTERVAL_MS, batch: BATCH, results });
}

await main();
