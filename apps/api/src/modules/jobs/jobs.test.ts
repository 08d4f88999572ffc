import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { createTestDatabase, isServerPass, type TestDatabase } from '../../test/app';
import { makeRetriesDue, queuedJobs } from '../../test/jobs';
import { enqueueJob, type Job } from './queue';
import { JobWorker } from './worker';

let database: TestDatabase | undefined;
let second: Database | undefined;
afterEach(async () => {
  await second?.close();
  await database?.close();
  second = database = undefined;
});

async function fresh() {
  database = await createTestDatabase();
  return database.db;
}

const job = async (id: string) => (await queuedJobs(database!.db, sql`id = ${id}`))[0]!;

/** Seconds from the database's now() to `date`. */
async function secondsFromNow(date: Date) {
  const [row] = await queryRows<{ now: string }>(database!.db, sql`select now()::text as now`);
  return (date.getTime() - new Date(row!.now).getTime()) / 1000;
}

describe('enqueueJob', () => {
  it('writes the job in the caller’s transaction: there if it commits, gone if it rolls back', async () => {
    const db = await fresh();
    const later = new Date(Date.now() + 60_000);
    await db.transaction((tx) =>
      enqueueJob(tx, { type: 'a', payload: { n: 1 }, runAt: later, maxAttempts: 3 }),
    );
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { type: 'a', payload: { n: 2 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const queued = await queuedJobs(db, 'a');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ payload: { n: 1 }, attempts: 0, maxAttempts: 3, state: 'created' });
    expect(queued[0]!.runAt.getTime()).toBe(later.getTime());
  });
});

describe('JobWorker', () => {
  it('two workers running batches concurrently run each of 20 jobs exactly once', async () => {
    const db = await fresh();
    // On a PostgreSQL server the second worker has its own connection pool, like another instance.
    if (isServerPass) second = await openDatabase({ databaseUrl: database!.url!, poolMax: 4 });
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await enqueueJob(db, { type: 'count', payload: { i } }));
    const runs: string[] = [];
    const handler = async (j: Job) => {
      await sleep(5);
      runs.push(j.id);
    };
    const workers = [
      new JobWorker(db, { batchSize: 3 }).register('count', handler),
      new JobWorker(second?.db ?? db, { batchSize: 3 }).register('count', handler),
    ];
    const drain = async (worker: JobWorker) => {
      while ((await worker.runOnce()).claimed > 0);
    };
    await Promise.all([drain(workers[0]!), drain(workers[0]!), drain(workers[1]!), drain(workers[1]!)]);
    expect(runs.sort()).toEqual(ids.sort());
    const rows = await queuedJobs(db, 'count');
    expect(rows.every((r) => r.state === 'completed' && r.attempts === 1)).toBe(true);
  });

  it('retries a failing job with exponential backoff and gives up after maxAttempts', async () => {
    const db = await fresh();
    const id = await enqueueJob(db, { type: 'flaky', maxAttempts: 3 });
    let calls = 0;
    const worker = new JobWorker(db).register('flaky', () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });

    expect(await worker.runOnce()).toEqual({ claimed: 1, completed: 0, retried: 1, gaveUp: 0 });
    let row = await job(id);
    expect(row).toMatchObject({ attempts: 1, state: 'retry' });
    // 10 s, and up to as much again at random.
    const first = await secondsFromNow(row.runAt);
    expect(first).toBeGreaterThan(9);
    expect(first).toBeLessThanOrEqual(20);
    // Not due before its time.
    expect((await worker.runOnce()).claimed).toBe(0);

    await makeRetriesDue(db);
    await worker.runOnce();
    row = await job(id);
    expect(row).toMatchObject({ attempts: 2, state: 'retry' });
    // Doubled: 20 s, and up to as much again.
    const secondDelay = await secondsFromNow(row.runAt);
    expect(secondDelay).toBeGreaterThan(19);
    expect(secondDelay).toBeLessThanOrEqual(40);

    await makeRetriesDue(db);
    expect(await worker.runOnce()).toEqual({ claimed: 1, completed: 0, retried: 0, gaveUp: 1 });
    row = await job(id);
    expect(row).toMatchObject({ attempts: 3, state: 'failed' });
    expect(row.completedAt).toBeInstanceOf(Date);

    await makeRetriesDue(db);
    expect((await worker.runOnce()).claimed).toBe(0);
    expect(calls).toBe(3);
  });

  it('completes a job that succeeds on a retry', async () => {
    const db = await fresh();
    const id = await enqueueJob(db, { type: 'once-flaky' });
    let calls = 0;
    const worker = new JobWorker(db).register('once-flaky', () => {
      calls += 1;
      if (calls === 1) throw new Error('temporary');
    });
    await worker.runOnce();
    await makeRetriesDue(db);
    expect(await worker.runOnce()).toMatchObject({ completed: 1 });
    expect(await job(id)).toMatchObject({ attempts: 2, state: 'completed' });
  });

  it('leaves a job of a type it has no handler for to a worker that has one', async () => {
    const db = await fresh();
    const unknown = await enqueueJob(db, { type: 'no.such.type' });
    const known = await enqueueJob(db, { type: 'known' });
    const ran: string[] = [];
    const worker = new JobWorker(db).register('known', (j) => void ran.push(j.id));
    expect(await worker.runOnce()).toEqual({ claimed: 1, completed: 1, retried: 0, gaveUp: 0 });
    expect(ran).toEqual([known]);
    expect(await job(unknown)).toMatchObject({ attempts: 0, state: 'created' });
  });

  it('runs batches on an interval; stop() waits for the batch under way', async () => {
    const db = await fresh();
    let started = 0;
    let finished = 0;
    const worker = new JobWorker(db).register('slow', async () => {
      started += 1;
      await sleep(300);
      finished += 1;
    });
    const id = await enqueueJob(db, { type: 'slow' });
    await worker.start(20);
    await expect.poll(() => started, { timeout: 5000, interval: 10 }).toBe(1);
    await worker.stop();
    expect(finished).toBe(1);
    await expect.poll(async () => (await job(id)).state, { timeout: 2000, interval: 20 }).toBe('completed');
    // Stopped: a new job stays untouched.
    const next = await enqueueJob(db, { type: 'slow' });
    await sleep(600);
    expect((await job(next)).attempts).toBe(0);
  });

  it('refuses a second handler for the same type', () => {
    const worker = new JobWorker({} as never).register('a', () => {});
    expect(() => worker.register('a', () => {})).toThrow(/already registered/);
  });
});
