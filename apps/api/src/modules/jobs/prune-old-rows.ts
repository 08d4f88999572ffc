/**
 * Deletes settled rows past their retention (decision 018): delivered or failed webhook deliveries,
 * sent, kept or failed outbox messages, finished jobs; and idempotency keys past their 24 hours
 * (decision 028), which no lookup answers any more. Rows still to be worked on (a pending
 * delivery, an unsent message, a due job) are never touched, however old. Each statement deletes
 * one batch of rows it locks with `FOR UPDATE SKIP LOCKED`, so instances pruning at once share the
 * work and no statement holds many locks or runs long.
 */
import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HOURS } from '@dealclub/shared/constants';
import type { Db } from '../../db/client';
import { idempotencyKeys, jobs, outbox, webhookDeliveries } from '../../db/schema';

export const PRUNE_BATCH = 500;

/** Settled states only: what is not here is kept. */
const SETTLED_DELIVERY = ['delivered', 'failed'];
const SETTLED_MESSAGE = ['sent', 'kept', 'failed'];

export interface Retention {
  webhookDeliveryDays: number;
  outboxDays: number;
  jobDays: number;
}

export interface PruneResult {
  webhookDeliveries: number;
  outbox: number;
  jobs: number;
  idempotencyKeys: number;
  /** A batch was full: more rows past retention may be waiting. */
  more: boolean;
}

const daysAgo = (days: number) => sql`now() - ${days} * interval '1 day'`;

/** One batch of each table; call again while `more`. */
export async function pruneOldRows(db: Db, retention: Retention, batch = PRUNE_BATCH): Promise<PruneResult> {
  const oldDeliveries = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, SETTLED_DELIVERY),
        lt(webhookDeliveries.createdAt, daysAgo(retention.webhookDeliveryDays)),
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, oldDeliveries))
    .returning({ id: webhookDeliveries.id });

  const oldMessages = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, SETTLED_MESSAGE), lt(outbox.createdAt, daysAgo(retention.outboxDays))))
    .orderBy(asc(outbox.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const messages = await db
    .delete(outbox)
    .where(inArray(outbox.id, oldMessages))
    .returning({ id: outbox.id });

  const oldJobs = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNotNull(jobs.completedAt), lt(jobs.completedAt, daysAgo(retention.jobDays))))
    .orderBy(asc(jobs.completedAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const finished = await db.delete(jobs).where(inArray(jobs.id, oldJobs)).returning({ id: jobs.id });

  const oldKeys = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_HOURS} * interval '1 hour'`))
    .orderBy(asc(idempotencyKeys.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const keys = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${oldKeys})`)
    .returning({ key: idempotencyKeys.key });

  return {
    webhookDeliveries: deliveries.length,
    outbox: messages.length,
    jobs: finished.length,
    idempotencyKeys: keys.length,
    more: [deliveries, messages, finished, keys].some((rows) => rows.length === batch),
  };
}
