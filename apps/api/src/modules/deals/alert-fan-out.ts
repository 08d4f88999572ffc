/**
 * A deal became visible to buyers it was not visible to (listed; exclusive window over or given up;
 * made exclusive, for its priority buyers): its alert fan-out job, written in the transaction of that
 * change so that the alerts come if and only if the change commits. Deals announce it here; the
 * alerts module, above deals, handles it and reads the deal's status when it runs
 * (alerts/fan-out-alerts.ts).
 */
import type { Db } from '../../db/client';
import { enqueueJob, jobInsert } from '../jobs';

export const ALERT_FAN_OUT_JOB = 'alerts.fan-out';

export async function enqueueAlertFanOut(db: Db, dealId: string): Promise<void> {
  await enqueueJob(db, { type: ALERT_FAN_OUT_JOB, payload: { dealId } });
}

/** The same job as a statement to embed in the change's own statement (a new deal's, service.ts). */
export function alertFanOutInsert(db: Db, dealId: string) {
  return jobInsert(db, { type: ALERT_FAN_OUT_JOB, payload: { dealId } });
}
