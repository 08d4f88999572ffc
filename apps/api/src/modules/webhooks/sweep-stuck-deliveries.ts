/**
 * Finishes deliveries a crash left `pending` (decision 018). A delivery is pending while a
 * `webhook.deliver` job works on it; one with no such job left will never move by itself: a test
 * event whose request died with its server, or a job that gave up because its attempts never
 * reported back. Past `STUCK_AFTER_MS` such a delivery is queued again while its 24 hours last,
 * else failed; a test event (never retried) is failed. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so instances sweeping at once never take the same delivery.
 */
import { eq, sql } from 'drizzle-orm';
import { webhookErrorText } from '@dealclub/shared/integrations';
import { queryRows, type Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { enqueueJob } from '../jobs/queue';
import { RETRY_WINDOW_MS } from './deliver-webhook';
import { WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS } from './enqueue';

/**
 * How old a pending delivery without a job must be to count as stuck: far beyond one attempt
 * (10 s for DNS, 10 s for the request) and a job's lease (60 s), so nothing alive is taken.
 */
export const STUCK_AFTER_MS = 15 * 60_000;
export const SWEEP_BATCH = 100;

export interface SweepResult {
  /** Queued again (a new `webhook.deliver` job). */
  requeued: number;
  /** Marked failed: test events, and deliveries past their 24 hours. */
  failed: number;
}

interface StuckRow {
  id: string;
  event: string;
  last_error: string | null;
  in_window: boolean;
}

export async function sweepStuckDeliveries(
  db: Db,
  { stuckAfterMs = STUCK_AFTER_MS, limit = SWEEP_BATCH } = {},
): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const stuck = await queryRows<StuckRow>(
      tx,
      sql`
        select d.id, d.event, d.last_error,
          d.created_at > now() - ${RETRY_WINDOW_MS} * interval '1 millisecond' as in_window
        from ${webhookDeliveries} d
        where d.status = 'pending'
          and d.created_at < now() - ${stuckAfterMs} * interval '1 millisecond'
          and not exists (
            select 1 from jobs j
            where j.completed_at is null and j.type = ${WEBHOOK_JOB} and j.payload->>'deliveryId' = d.id::text
          )
        order by d.created_at
        limit ${limit}
        for update of d skip locked`,
    );
    const result: SweepResult = { requeued: 0, failed: 0 };
    for (const row of stuck) {
      if (row.event !== 'webhook.test' && row.in_window) {
        await enqueueJob(tx as unknown as Db, {
          type: WEBHOOK_JOB,
          payload: { deliveryId: row.id },
          maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        });
        result.requeued += 1;
        continue;
      }
      // The last attempt's error, when there was one, says more than that it was cut off.
      const lastError = row.last_error ?? webhookErrorText({ code: 'interrupted' });
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError })
        .where(eq(webhookDeliveries.id, row.id));
      result.failed += 1;
    }
    return result;
  });
}
