/**
 * The server's background work (DECISIONS.md, Background work): outbox delivery every ~2 s, the
 * job runner, and the data hygiene of decision 018. Started by `buildApp({ startWorkers: true })` (the server; tests leave it off) and
 * stopped before the database closes. Every instance runs it; the claims keep them apart.
 */
import type { FastifyInstance } from 'fastify';
import { ALERT_BATCH, deliverDueAlerts } from './modules/alerts';
import { ALERT_FAN_OUT_JOB } from './modules/deals';
import { alertFanOutHandler } from './modules/alerts';
import { UNREAD_EMAIL_JOB } from './modules/chat';
import { unreadEmailHandler } from './modules/chat';
import { endExclusivity } from './modules/deals';
import { COUNTER_EXPIRY_JOB, counterExpiryHandler } from './modules/offers';
import { deliverPendingMessages } from './modules/outbox';
import { createMailTransport } from './modules/outbox';
import { LAPSE_BATCH, lapseExpiredVerifications } from './modules/verifications';
import { webhookJobHandler } from './modules/webhooks';
import { WEBHOOK_JOB } from './modules/webhooks';
import { resealStoredSecrets, unreadableCount } from './modules/secrets';
import { SWEEP_BATCH, sweepStuckDeliveries } from './modules/webhooks';
import { pruneOldRows } from './modules/jobs';
import { RepeatingTask } from './modules/jobs';
import { JobWorker } from './modules/jobs';

export const OUTBOX_INTERVAL_MS = 2_000;
export const JOBS_INTERVAL_MS = 1_000;
/** How often exclusive deals whose window is over are moved to active. */
export const EXCLUSIVITY_INTERVAL_MS = 60_000;
/** How often approved verifications past their 90 days are lapsed. */
export const VERIFICATION_EXPIRY_INTERVAL_MS = 60_000;
/** How often due deal alerts go out: real time means within a minute of the deal becoming visible. */
export const ALERTS_INTERVAL_MS = 20_000;
/**
 * How often settled rows past their retention are pruned and stored secrets not sealed with the
 * current key are sealed again (decision 018); retention is counted in days, so hourly is plenty.
 */
export const HYGIENE_INTERVAL_MS = 60 * 60_000;
/** How often webhook deliveries a crash left pending are looked for. */
export const STUCK_SWEEP_INTERVAL_MS = 5 * 60_000;
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
  jobs.register(WEBHOOK_JOB, webhookJobHandler(db, { policy: app.config.webhooks, secrets: app.secrets }));
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
      (
        await deliverDueAlerts(db, {
          config: app.config,
          secrets: app.secrets,
          publisher: app.realtime,
          logger,
        })
      ).atOnce === ALERT_BATCH,
    (error) => logger.error({ err: error }, 'deal alert delivery failed'),
  );

  // Data hygiene (decision 018): old settled rows go, secrets stay sealed with the current key.
  const hygiene = new RepeatingTask(
    async () => {
      const pruned = await pruneOldRows(db, app.config.retention);
      if (pruned.webhookDeliveries || pruned.outbox || pruned.jobs) logger.info(pruned, 'old rows pruned');
      const sealed = await resealStoredSecrets(db, app.secrets);
      if (sealed.webhookSecrets.resealed || sealed.signingKeys.resealed)
        logger.info(sealed, 'stored secrets sealed with the current key');
      if (unreadableCount(sealed))
        logger.warn(sealed, 'stored secrets sealed with a key that is not configured');
      return pruned.more;
    },
    (error) => logger.error({ err: error }, 'data hygiene failed'),
  );

  const stuckDeliveries = new RepeatingTask(
    async () => {
      const swept = await sweepStuckDeliveries(db);
      if (swept.requeued || swept.failed)
        logger.warn(swept, 'webhook deliveries left pending by a crash swept');
      return swept.requeued + swept.failed === SWEEP_BATCH;
    },
    (error) => logger.error({ err: error }, 'sweeping stuck webhook deliveries failed'),
  );

  outbox.start(OUTBOX_INTERVAL_MS);
  jobs.start(JOBS_INTERVAL_MS);
  exclusivity.start(EXCLUSIVITY_INTERVAL_MS);
  verificationExpiry.start(VERIFICATION_EXPIRY_INTERVAL_MS);
  alerts.start(ALERTS_INTERVAL_MS);
  hygiene.start(HYGIENE_INTERVAL_MS);
  stuckDeliveries.start(STUCK_SWEEP_INTERVAL_MS);
  return {
    jobs,
    async stop() {
      await Promise.all([
        outbox.stop(),
        jobs.stop(),
        exclusivity.stop(),
        verificationExpiry.stop(),
        alerts.stop(),
        hygiene.stop(),
        stuckDeliveries.stop(),
      ]);
      transport.close?.();
    },
  };
}
