/**
 * Several instances on one database (issue 27's deciding test, through the job module's interface
 * only): three workers, each with its own connection pool on a PostgreSQL server like three API
 * instances (embedded: three workers on the one PGlite), run each of N jobs exactly once, and a
 * repeat fires once per period across them, not once per instance.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client';
import { createTestDatabase, isServerPass, type TestDatabase } from '../../test/app';
import { enqueueJob, queueDepth } from './queue';
import { JobWorker } from './worker';

const INSTANCES = 3;

let database: TestDatabase | undefined;
const pools: Database[] = [];
const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await database?.close();
  database = undefined;
});

/** One handle per instance: a pool of its own on the server, the one PGlite otherwise. */
async function instances(): Promise<Db[]> {
  database = await createTestDatabase();
  if (!isServerPass) return Array.from({ length: INSTANCES }, () => database!.db);
  for (let i = 0; i < INSTANCES; i++)
    pools.push(await openDatabase({ databaseUrl: database.url!, poolMax: 3 }));
  return pools.map((p) => p.db);
}

async function drained(db: Db) {
  await expect
    .poll(
      async () => {
        const depth = await queueDepth(db);
        return depth.due + depth.running + depth.scheduled;
      },
      { timeout: 60_000, interval: 50 },
    )
    .toBe(0);
}

// Generous limits for a loaded 2-core machine (CI): a passing run never waits for them.
describe('job workers on several instances', { tags: ['server'], timeout: 90_000 }, () => {
  it('run each of N jobs exactly once between them', async () => {
    const dbs = await instances();
    const runs: string[] = [];
    const byInstance = dbs.map(() => 0);
    dbs.forEach((db, i) => {
      const worker = new JobWorker(db, { batchSize: 5 }).register('instances.count', async (job) => {
        byInstance[i]! += 1;
        await sleep(2);
        runs.push(String(job.payload.key));
      });
      workers.push(worker);
    });
    await Promise.all(workers.map((w) => w.start(20)));
    const keys = Array.from({ length: 60 }, (_, i) => `k${i}`);
    // Written from every instance, while they work.
    await Promise.all(
      keys.map((key, i) =>
        dbs[i % INSTANCES]!.transaction((tx) =>
          enqueueJob(tx, { type: 'instances.count', payload: { key } }),
        ),
      ),
    );
    await drained(dbs[0]!);
    expect(runs.sort()).toEqual(keys.sort());
    // The work was shared (on the server; PGlite's one connection may let one take it all).
    if (isServerPass) expect(byInstance.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('fire a repeat once per period between them, every period', async () => {
    const dbs = await instances();
    const PERIOD_MS = 1000;
    const fired: string[] = [];
    for (const db of dbs) {
      workers.push(
        new JobWorker(db)
          .register('instances.tick', (job) => void fired.push(String(job.payload.period)))
          .repeat('instances.tick', PERIOD_MS),
      );
    }
    await Promise.all(workers.map((w) => w.start(20)));
    const from = Date.now();
    await sleep(3_300);
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    const periods = Math.floor(Date.now() / PERIOD_MS) - Math.floor(from / PERIOD_MS) + 1;
    // No period twice; and, of the periods all of them were started in, none missed but at most
    // the last (its job may not have been claimed before the workers stopped).
    expect(new Set(fired).size).toBe(fired.length);
    const watched = fired.filter((period) => Date.parse(period) >= from - (from % PERIOD_MS));
    expect(watched.length).toBeGreaterThanOrEqual(periods - 1);
    expect(watched.length).toBeLessThanOrEqual(periods);
  });
});
