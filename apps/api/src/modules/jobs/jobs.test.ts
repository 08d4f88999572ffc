import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { createTestDatabase, isServerPass, type TestDatabase } from '../../test/app';
import { claimDueJobs, enqueueJob, retryDelayMs, type Job, type JobRow } from './queue';
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

async function job(id: number): Promise<JobRow> {
  const [row] = await database!.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Seconds from the database's now() to `date`. */
async function secondsFromNow(date: Date) {
  const [row] = await queryRows<{ now: string }>(database!.db, sql`select now()::text as now`);
  return (date.getTime() - new Date(row!.now).getTime()) / 1000;
}

/** Makes a rescheduled job due at once, as if its backoff had passed. */
const makeDue = (id: number) =>
  database!.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));

describe('enqueueJob and claimDueJobs', () => {
  it('claims due jobs once, leases them and counts the attempt', async () => {
    const db = await fresh();
    const a = await enqueueJob(db, { type: 'a', payload: { n: 1 } });
    const later = await enqueueJob(db, { type: 'b', runAt: new Date(Date.now() + 60_000) });
    const claimed = await claimDueJobs(db, 10, 30_000);
    expect(claimed.map((j) => j.id)).toEqual([a]);
    expect(claimed[0]).toMatchObject({ type: 'a', payload: { n: 1 }, attempts: 1, maxAttempts: 10 });
    const lease = await secondsFromNow(claimed[0]!.lockedUntil!);
    expect(lease).toBeGreaterThan(25);
    expect(lease).toBeLessThanOrEqual(30);
    // Leased: not claimable again; the future job is not due.
    expect(await claimDueJobs(db, 10)).toEqual([]);
    expect((await job(later)).attempts).toBe(0);
  });

  it('takes a job over once its lease has expired', async () => {
    const db = await fresh();
    const id = await enqueueJob(db, { type: 'a' });
    await claimDueJobs(db, 1);
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const [again] = await claimDueJobs(db, 1);
    expect(again).toMatchObject({ id, attempts: 2 });
  });

  it('never hands the same job to two concurrent claims', { tags: ['server'] }, async () => {
    const db = await fresh();
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await enqueueJob(db, { type: 'x', payload: { i } }));
    const batches = await Promise.all(Array.from({ length: 5 }, () => claimDueJobs(db, 6)));
    const claimed = batches.flat().map((j) => j.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    // Whatever a concurrent claim skipped is still there for the next one, exactly once.
    const rest = (await claimDueJobs(db, 20)).map((j) => j.id);
    expect([...claimed, ...rest].sort((x, y) => x - y)).toEqual(ids);
  });
});

describe('JobWorker', () => {
  it(
    'two workers running batches concurrently run each of 20 jobs exactly once',
    { tags: ['server'] },
    async () => {
      const db = await fresh();
      // On a PostgreSQL server the second worker has its own connection pool, like another instance.
      if (isServerPass) second = await openDatabase({ databaseUrl: database!.url!, poolMax: 4 });
      const ids = [];
      for (let i = 0; i < 20; i++) ids.push(await enqueueJob(db, { type: 'count', payload: { i } }));
      const runs: number[] = [];
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
      expect(runs.sort((x, y) => x - y)).toEqual(ids);
      const rows = await db.select().from(jobs);
      expect(rows.every((r) => r.completedAt && r.attempts === 1 && !r.lastError && !r.lockedUntil)).toBe(
        true,
      );
    },
  );

  it('retries a failing job with exponential backoff and gives up after maxAttempts', async () => {
    const db = await fresh();
    const id = await enqueueJob(db, { type: 'flaky', maxAttempts: 3 });
    let calls = 0;
    const worker = new JobWorker(db, { backoff: { baseMs: 20_000, maxMs: 30_000 } }).register('flaky', () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });

    expect(await worker.runOnce()).toEqual({ claimed: 1, completed: 0, retried: 1, gaveUp: 0 });
    let row = await job(id);
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom 1', lockedUntil: null, completedAt: null });
    const first = await secondsFromNow(row.runAt);
    expect(first).toBeGreaterThan(18);
    expect(first).toBeLessThanOrEqual(20);
    // Not due before its time.
    expect((await worker.runOnce()).claimed).toBe(0);

    await makeDue(id);
    await worker.runOnce();
    row = await job(id);
    expect(row).toMatchObject({ attempts: 2, lastError: 'boom 2', completedAt: null });
    // 20 s doubled is 40 s, capped at 30 s.
    const secondDelay = await secondsFromNow(row.runAt);
    expect(secondDelay).toBeGreaterThan(28);
    expect(secondDelay).toBeLessThanOrEqual(30);

    await makeDue(id);
    expect(await worker.runOnce()).toEqual({ claimed: 1, completed: 0, retried: 0, gaveUp: 1 });
    row = await job(id);
    expect(row).toMatchObject({ attempts: 3, lastError: 'boom 3', lockedUntil: null });
    expect(row.completedAt).toBeInstanceOf(Date);

    await makeDue(id);
    expect((await worker.runOnce()).claimed).toBe(0);
    expect(calls).toBe(3);
  });

  it('completes a job that succeeds on a retry and clears its error', async () => {
    const db = await fresh();
    const id = await enqueueJob(db, { type: 'once-flaky' });
    let calls = 0;
    const worker = new JobWorker(db).register('once-flaky', () => {
      calls += 1;
      if (calls === 1) throw new Error('temporary');
    });
    await worker.runOnce();
    await makeDue(id);
    expect(await worker.runOnce()).toMatchObject({ completed: 1 });
    expect(await job(id)).toMatchObject({ attempts: 2, lastError: null, lockedUntil: null });
  });

  it('fails a job of an unknown type with a clear error and goes on with the others', async () => {
    const db = await fresh();
    const unknown = await enqueueJob(db, { type: 'no.such.type' });
    const known = await enqueueJob(db, { type: 'known' });
    const ran: number[] = [];
    const worker = new JobWorker(db).register('known', (j) => void ran.push(j.id));
    expect(await worker.runOnce()).toEqual({ claimed: 2, completed: 1, retried: 1, gaveUp: 0 });
    expect(ran).toEqual([known]);
    expect(await job(unknown)).toMatchObject({
      attempts: 1,
      completedAt: null,
      lastError: 'No handler is registered for job type "no.such.type"',
    });
    expect((await job(known)).completedAt).toBeInstanceOf(Date);
  });

  it('gives up on a job whose last attempt never finished', async () => {
    const db = await fresh();
    const id = await enqueueJob(db, { type: 'slow', maxAttempts: 1 });
    await claimDueJobs(db, 1); // a worker claims it and dies
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    let ran = false;
    const worker = new JobWorker(db).register('slow', () => {
      ran = true;
    });
    expect(await worker.runOnce()).toMatchObject({ gaveUp: 1 });
    expect(ran).toBe(false);
    const row = await job(id);
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(row.lastError).toBe('Gave up: attempt 1 did not finish');
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
    worker.start(20);
    await expect.poll(() => started, { timeout: 5000, interval: 10 }).toBe(1);
    await worker.stop();
    expect(finished).toBe(1);
    expect((await job(id)).completedAt).toBeInstanceOf(Date);
    // Stopped: a new job stays untouched.
    const next = await enqueueJob(db, { type: 'slow' });
    await sleep(100);
    expect((await job(next)).attempts).toBe(0);
  });

  it('refuses a second handler for the same type', () => {
    const worker = new JobWorker({} as never).register('a', () => {});
    expect(() => worker.register('a', () => {})).toThrow(/already registered/);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 50].map((n) => retryDelayMs(n, backoff))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});
