/**
 * The durable job queue (DECISIONS.md, Background work): pg-boss 10's job table (schema `pgboss`,
 * one partition per job type), written in the caller's transaction and fetched with
 * `FOR UPDATE SKIP LOCKED`, so any number of API instances can work it without running a job twice
 * at once.
 *
 * A fetched job is `active` until its lease (`expire_in`) runs out; pg-boss's maintenance then
 * fails it, and a failure is retried with exponential backoff until the job's attempts are spent.
 */
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { advisoryXactLock } from '../../db/advisory-lock';
import { queryRows, type Db } from '../../db/client';
import { bossDb } from './boss';

/** What a handler is given of its job. */
export interface Job {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  /** This attempt, from 1. */
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  type: string;
  payload?: Record<string, unknown>;
  /** Not before this moment; default now. */
  runAt?: Date;
  /** Attempts before giving up; default 10. */
  maxAttempts?: number;
}

/** How long a fetched job belongs to its worker before maintenance hands it out again. */
export const DEFAULT_LEASE_MS = 60_000;

export interface Backoff {
  /** Delay after the first failed attempt; doubles with each further one. */
  baseMs: number;
  /** The delay never exceeds this. */
  maxMs: number;
}

/** pg-boss's backoff: 10 s doubling, with up to as much again at random; it has no ceiling. */
const RETRY_DELAY_SECONDS = 10;

/** Sends only (`send` with the caller's executor); never started. */
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('send with a db')) },
  expireInSeconds: DEFAULT_LEASE_MS / 1000,
});

/**
 * Adds a job, in the caller's transaction when `db` is one: it exists if and only if that
 * transaction commits. Returns its id. The type's queue (a partition) is made on first use.
 */
export async function enqueueJob(db: Db, job: NewJob): Promise<string> {
  const options: PgBoss.SendOptions = {
    db: bossDb(db),
    retryLimit: (job.maxAttempts ?? 10) - 1,
    retryDelay: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    ...(job.runAt ? { startAfter: job.runAt } : {}),
  };
  const id = await sender.send(job.type, job.payload ?? {}, options);
  if (id) return id;
  await createQueue(db, job.type);
  const again = await sender.send(job.type, job.payload ?? {}, options);
  if (!again) throw new Error(`Job type "${job.type}" could not be queued`);
  return again;
}

/**
 * A job type's queue, unless it exists (`pgboss.create_queue` does nothing then), one creation at a
 * time: two of the same name at once deadlock on the queue's row and its partition's foreign key.
 */
export async function createQueue(db: Db, type: string, leaseMs?: number) {
  const options = { policy: 'standard', ...(leaseMs ? { expireInSeconds: Math.ceil(leaseMs / 1000) } : {}) };
  await db.transaction(async (tx) => {
    await advisoryXactLock(tx, 'jobQueues');
    await tx.execute(sql`select pgboss.create_queue(${type}, ${JSON.stringify(options)}::json)`);
    if (leaseMs) {
      await tx.execute(
        sql`update pgboss.queue set expire_seconds = ${Math.ceil(leaseMs / 1000)} where name = ${type}`,
      );
    }
  });
}

export interface QueueDepth {
  /** Unfinished and due, not fetched: waiting for a worker. */
  due: number;
  /** Fetched by a worker. */
  running: number;
  /** Unfinished, due later. */
  scheduled: number;
  /** Age of the oldest due job; 0 when none is due. */
  oldestDueSeconds: number;
}

/** The unfinished jobs by state (`/metrics`; tests wait for the queue to drain). */
export async function queueDepth(db: Db): Promise<QueueDepth> {
  const [row] = await queryRows<Omit<QueueDepth, 'oldestDueSeconds'> & { oldest: number | null }>(
    db,
    sql`select
          count(*) filter (where state < 'active' and start_after <= now())::int as due,
          count(*) filter (where state = 'active')::int as running,
          count(*) filter (where state < 'active' and start_after > now())::int as scheduled,
          extract(epoch from now() - min(start_after) filter (
            where state < 'active' and start_after <= now()
          ))::float8 as oldest
        from pgboss.job where state < 'completed'`,
  );
  return {
    due: row?.due ?? 0,
    running: row?.running ?? 0,
    scheduled: row?.scheduled ?? 0,
    oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}
