/**
 * The durable job queue (DECISIONS.md, Background work): rows of `jobs`, written in the caller's
 * transaction and claimed with `FOR UPDATE SKIP LOCKED`, so any number of API instances can work
 * the same table without running a job twice at once.
 *
 * A claim leases the job (`locked_until`) and counts the attempt; a job whose lease ran out (its
 * worker crashed or stopped) is due again. Finished jobs have `completed_at`; a job that gave up
 * has `completed_at` and `last_error`, a successful one no `last_error`.
 */
import { and, asc, inArray, isNull, lt, lte, or, sql, type Placeholder } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler is given of its job. */
export type Job = Pick<JobRow, 'id' | 'type' | 'payload' | 'attempts' | 'maxAttempts'>;

export interface NewJob {
  type: string;
  /** A placeholder in a statement built once (`prebuilt`), given with each run's values. */
  payload?: Record<string, unknown> | Placeholder;
  /** Not before this moment; default now. */
  runAt?: Date | Placeholder;
  /** Attempts before giving up; default 10 (the column default). */
  maxAttempts?: number;
}

/** How long a claimed job belongs to its worker before another may take it over. */
export const DEFAULT_LEASE_MS = 60_000;

/**
 * Adds a job, in the caller's transaction when `db` is one: it exists if and only if that
 * transaction commits. Returns its id.
 */
export async function enqueueJob(db: Db, job: NewJob): Promise<number> {
  const [row] = await db.insert(jobs).values(jobValues(job)).returning({ id: jobs.id });
  return row!.id;
}

/**
 * The insert of a job as a statement to embed (a data-modifying CTE of the caller's statement):
 * the job then exists if and only if that statement commits, with no transaction of its own.
 */
export function jobInsert(db: Db, job: NewJob) {
  return db.insert(jobs).values(jobValues(job));
}

/**
 * Adds the job unless one with `singletonKey` was ever written (and not yet pruned): of several
 * workers enqueueing the same key at once, exactly one writes it.
 */
export async function enqueueSingleton(db: Db, singletonKey: string, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({ ...jobValues(job), singletonKey })
    .onConflictDoNothing({ target: jobs.singletonKey });
}

function jobValues(job: NewJob) {
  return {
    type: job.type,
    payload: job.payload ?? {},
    ...(job.runAt ? { runAt: job.runAt } : {}),
    ...(job.maxAttempts !== undefined ? { maxAttempts: job.maxAttempts } : {}),
  };
}

export interface QueueDepth {
  /** Unfinished and due, not leased: waiting for a worker. */
  due: number;
  /** Leased by a worker. */
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
          count(*) filter (where run_at <= now() and (locked_until is null or locked_until < now()))::int as due,
          count(*) filter (where locked_until >= now())::int as running,
          count(*) filter (where run_at > now() and (locked_until is null or locked_until < now()))::int as scheduled,
          extract(epoch from now() - min(run_at) filter (
            where run_at <= now() and (locked_until is null or locked_until < now())
          ))::float8 as oldest
        from jobs where completed_at is null`,
  );
  return {
    due: row?.due ?? 0,
    running: row?.running ?? 0,
    scheduled: row?.scheduled ?? 0,
    oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}

/**
 * Claims up to `limit` due jobs (uncompleted, `run_at` passed, not leased or lease expired),
 * oldest first: leases them for `leaseMs` and counts the attempt. Rows another transaction is
 * claiming at the same moment are skipped, not waited for.
 */
export async function claimDueJobs(db: Db, limit: number, leaseMs = DEFAULT_LEASE_MS): Promise<JobRow[]> {
  if (limit < 1) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.completedAt),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const claimed = await tx
      .update(jobs)
      .set({
        lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  });
}

export interface Backoff {
  /** Delay after the first failed attempt; doubles with each further one. */
  baseMs: number;
  /** The delay never exceeds this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 10_000, maxMs: 60 * 60_000 };

/** Exponential backoff: the wait before the attempt after attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(backoff.baseMs * 2 ** exponent, backoff.maxMs);
}
