/**
 * A job worker in a process of its own, for the tests that kill one (`jobs/crash.test.ts`):
 * `node --import tsx src/test/job-worker-process.ts`, set up by the environment.
 *
 * - `DATABASE_URL` (a server database), or `DATA_DIR` (embedded; `LOAD_DUMP`: a migrated dump to
 *   start an empty directory from).
 * - `ENQUEUE=n`: first writes n jobs `crash.test` (keys `job-1`…), each in a business transaction
 *   with a row of `crash_orders`, and n more in transactions that roll back (keys `rolled-back-…`).
 * - `HANDLER_MS`, `LEASE_MS`, `BATCH`: the handler's duration, the worker's lease and batch size.
 *
 * The handler records each start in `crash_runs`, waits, then applies its effect once: a row of
 * `crash_effects`, written only if the key has none (the idempotency check every handler makes).
 * It prints one JSON line per event (`ready`, `start`, `done`) and, once the queue is empty, a
 * `drained` line with what the tables hold, then exits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../db/client';
import { enqueueJob, JobWorker, queueDepth } from '../modules/jobs';

const CRASH_JOB = 'crash.test';

const env = process.env;
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** The tables of the test's business and effects; created by whichever process comes first. */
async function createCrashTables(db: Db) {
  await db.execute(sql`create table if not exists crash_orders (key text primary key)`);
  await db.execute(
    sql`create table if not exists crash_runs (key text not null, at timestamptz default now())`,
  );
  await db.execute(sql`create table if not exists crash_effects (key text primary key)`);
}

async function main() {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    ...(env.LOAD_DUMP ? { embedded: { loadDataDir: new Blob([await readFile(env.LOAD_DUMP)]) } } : {}),
  });
  const db = database.db;
  await createCrashTables(db);

  const handlerMs = Number(env.HANDLER_MS ?? 300);
  const worker = new JobWorker(db, {
    leaseMs: Number(env.LEASE_MS ?? 1000),
    batchSize: Number(env.BATCH ?? 4),
  });
  worker.register(CRASH_JOB, async (job) => {
    const key = String(job.payload.key);
    await db.execute(sql`insert into crash_runs (key) values (${key})`);
    print({ event: 'start', key });
    await sleep(handlerMs);
    await db.execute(sql`insert into crash_effects (key) values (${key}) on conflict do nothing`);
    print({ event: 'done', key });
  });

  // Every job is committed before the worker starts: the test kills it once a batch has started,
  // and a kill in the middle of the enqueueing would leave jobs that were never written.
  for (let i = 1; i <= Number(env.ENQUEUE ?? 0); i++) {
    const key = `job-${i}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into crash_orders (key) values (${key})`);
      await enqueueJob(tx, { type: CRASH_JOB, payload: { key } });
    });
    await db
      .transaction(async (tx) => {
        await enqueueJob(tx, { type: CRASH_JOB, payload: { key: `rolled-back-${i}` } });
        throw new Error('the business transaction fails');
      })
      .catch(() => {});
  }
  await worker.start(50);
  print({ event: 'ready' });

  for (;;) {
    const depth = await queueDepth(db);
    if (depth.due + depth.running + depth.scheduled === 0) break;
    await sleep(50);
  }
  await worker.stop();
  const effects = await queryRows<{ key: string }>(db, sql`select key from crash_effects order by key`);
  const runs = await queryRows<{ key: string; runs: number }>(
    db,
    sql`select key, count(*)::int as runs from crash_runs group by key order by key`,
  );
  const orders = await queryRows<{ key: string }>(db, sql`select key from crash_orders order by key`);
  print({
    event: 'drained',
    orders: orders.map((r) => r.key),
    effects: effects.map((r) => r.key),
    runs: Object.fromEntries(runs.map((r) => [r.key, r.runs])),
  });
  await database.close();
}

main().catch((error: unknown) => {
  print({ event: 'error', message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
});
