/**
 * The server's background work (DECISIONS.md, Background work): outbox delivery every ~2 s and the
 * job runner. Started by `buildApp({ startWorkers: true })` (the server; tests leave it off) and
 * stopped before the database closes. Every instance runs it; the claims keep them apart.
 */
import type { FastifyInstance } from 'fastify';
import { ALERT_BATCH, deliverDueAlerts } from '../alerts/deliver-alerts';
import { ALERT_FAN_OUT_JOB } from '../alerts/enqueue-fan-out';
import { alertFanOutHandler } from '../alerts/fan-out-alerts';
import { UNREAD_EMAIL_JOB } from '../chat/service';
import { unreadEmailHandler } from '../chat/unread-email';
import { endExclusivity } from '../deals/service';
import { COUNTER_EXPIRY_JOB, counterExpiryHandler } from '../offers/counters';
import { deliverPendingMessages } from '../outbox/deliver';
import { createMailTransport } from '../outbox/transports';
import { LAPSE_BATCH, lapseExpiredVerifications } from '../verifications/service';
import { webhookJobHandler } from '../webhooks/deliver-webhook';
import { WEBHOOK_JOB } from '../webhooks/enqueue';
import { RepeatingTask } from './repeat';
import { JobWorker } from './worker';

export const OUTBOX_INTERVAL_MS = 2_000;
export const JOBS_INTERVAL_MS = 1_000;
/** How often exclusive deals whose window is over are moved to active. */
export const EXCLUSIVITY_INTERVAL_MS = 60_000;
/** How often approved verifications past their 90 days are lapsed. */
export const VERIFICATION_EXPIRY_INTERVAL_MS = 60_000;
/** How often due deal alerts go out: real time means within a minute of the deal becoming visible. */
export const ALERTS_INTERVAL_MS = 20_000;
const OUTBOX_BATCH = 20;

export interface BackgroundWork {
  jobs: JobWorker;
  /** Stops taking work and waits for the work under way. */
  stop(): Promise<void>;
}

export function startBackgroundWork(app: FastifyInstance): BackgroundWork {
  const db = app.database.db;
  const logger = app.log.child({ component: 'background' });
  const transport = createMailTransport(app.config, logger);

  const jobs = new JobWorker(db, { logger });
  // Job handlers are registered here as features add job types.
  jobs.register(WEBHOOK_JOB, webhookJobHandler(db, { policy: app.config.webhooks }));
  jobs.register(UNREAD_EMAIL_JOB, unreadEmailHandler(db, app.config.origin));
  jobs.register(COUNTER_EXPIRY_JOB, counterExpiryHandler(db));
  jobs.register(ALERT_FAN_OUT_JOB, alertFanOutHandler(db, app.config));

  const outbox = new RepeatingTask(
    async () =>
      (await deliverPendingMessages(db, transport, OUTBOX_BATCH, { logger })).claimed === OUTBOX_BATCH,
    (error) => logger.error({ err: error }, 'outbox delivery failed'),
  );

  // First right of refusal ends by itself (DECISIONS.md): the system moves the deal to active.
  const exclusivity = new RepeatingTask(
    async () => {
      const ended = await endExclusivity(db);
      if (ended) logger.info({ ended }, 'exclusivity windows ended');
      return false;
    },
    (error) => logger.error({ err: error }, 'ending exclusivity failed'),
  );

  // Verified terms hold 90 days (DECISIONS.md, Trust on creative terms); then the badge goes.
  const verificationExpiry = new RepeatingTask(
    async () => {
      const lapsed = await lapseExpiredVerifications(db, app.config.origin);
      if (lapsed) logger.info({ lapsed }, 'verified terms lapsed');
      return lapsed === LAPSE_BATCH;
    },
    (error) => logger.error({ err: error }, 'lapsing verified terms failed'),
  );

  // Deal alerts (DECISIONS.md, Matching and alerts): real-time ones at once, digests when due.
  const alerts = new RepeatingTask(
    async () =>
      (await deliverDueAlerts(db, { config: app.config, publisher: app.realtime, logger })).atOnce ===
      ALERT_BATCH,
    (error) => logger.error({ err: error }, 'deal alert delivery failed'),
  );

  outbox.start(OUTBOX_INTERVAL_MS);
  jobs.start(JOBS_INTERVAL_MS);
  exclusivity.start(EXCLUSIVITY_INTERVAL_MS);
  verificationExpiry.start(VERIFICATION_EXPIRY_INTERVAL_MS);
  alerts.start(ALERTS_INTERVAL_MS);
  return {
    jobs,
    async stop() {
      await Promise.all([
        outbox.stop(),
        jobs.stop(),
        exclusivity.stop(),
        verificationExpiry.stop(),
        alerts.stop(),
      ]);
      transport.close?.();
    },
  };
}
