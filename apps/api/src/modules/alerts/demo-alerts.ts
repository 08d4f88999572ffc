/**
 * The demo's deal alerts (issue 13): the demo deals alert the demo buyers they fit, as their listing
 * would have, so a fresh start shows the alert e-mails in the admin's mailbox and the matches in the
 * demo buyer's bell. Delivered here, before the server listens, rather than by the first runs of the
 * background work: a realtime toast about a deal listed weeks ago would only surprise whoever signs
 * in during the first minute. The demo buyer (real time) is alerted now; the hybrid (daily digest)
 * and the owner (weekly summary) at their next digest.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import { deals } from '../../db/schema';
import { deliverAtOnceAlerts } from './deliver-alerts';
import { fanOutAlerts } from './fan-out-alerts';

export const demoAlertsSeed: Seed = {
  name: 'demo-alerts',
  async run(db: Db, { config, secrets }) {
    if (!config || !secrets) return;
    const listed = await db
      .select({ id: deals.id })
      .from(deals)
      .where(inArray(deals.status, ['active', 'exclusive']));
    for (const { id } of listed) await fanOutAlerts(db, id, { digestHour: config.alerts.digestHour });
    while ((await deliverAtOnceAlerts(db, { config, secrets })) > 0);
  },
  summary: [
    'Deal alerts: buyer@demo.test is alerted in real time, hybrid@demo.test by daily digest; the e-mails are in the admin mailbox.',
  ],
};
