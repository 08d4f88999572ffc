/**
 * The tests' view of the job queue's table (pg-boss's `pgboss.job`): what is queued, and time
 * passing for it without waiting.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export interface QueuedJob {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  runAt: Date;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** Attempts started. */
  attempts: number;
  maxAttempts: number;
  completedAt: Date | null;
}

/** The jobs (of `type`, or matching `where`), oldest first. */
export async function queuedJobs(db: Db, filter?: string | SQL): Promise<QueuedJob[]> {
  const where =
    filter === undefined ? sql`true` : typeof filter === 'string' ? sql`name = ${filter}` : filter;
  const rows = await queryRows<
    Omit<QueuedJob, 'runAt' | 'completedAt'> & { runAt: string; completedAt: string | null }
  >(
    db,
    sql`select id, name as type, data as payload, start_after::text as "runAt", state,
          retry_count + (started_on is not null)::int as attempts, retry_limit + 1 as "maxAttempts",
          completed_on::text as "completedAt"
        from pgboss.job where ${where} order by created_on, id`,
  );
  return rows.map((r) => ({
    ...r,
    runAt: new Date(r.runAt),
    completedAt: r.completedAt === null ? null : new Date(r.completedAt),
  }));
}

/** Changes queued jobs (`set`: pg-boss's columns), all or those matching `where`. */
export async function updateJobs(db: Db, set: SQL, where: SQL = sql`true`) {
  await db.execute(sql`update pgboss.job set ${set} where ${where}`);
}

/** Makes the jobs waiting for a retry due at once, as if their backoff had passed. */
export const makeRetriesDue = (db: Db) =>
  updateJobs(db, sql`start_after = now() - interval '1 second'`, sql`state = 'retry'`);
