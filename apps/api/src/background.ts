/**
 * The server's background work (DECISIONS.md, Background work): outbox delivery every ~2 s, deal
 * alerts every 20 s, the job runner, and the periodic sweeps (exclusivity, verified terms, the data
 * hygiene of decision 018, stuck webhook deliveries) as repeats of the job runner. Started by
 * `buildApp({ startWorkers: true })` (the server; tests leave it off) and stopped before the
 * database closes. Every instance runs it; the claims keep them apart, and a repeat runs once per
 * period whatever the number of instances.
 */
import type { FastifyInstance } from 'fastify';
import { ALERT_BATCH, deliverDueAlerts, alertFanOutHandler, sendWebPush } from './modules/alerts';
import { CLOSING_REMINDERS_JOB, sendClosingReminders } from './modules/closing';
import { ALERT_FAN_OUT_JOB, endExclusivity } from './modules/deals';
import { UNREAD_EMAIL_JOB, unreadEmailHandler } from './modules/chat';
import { COUNTER_EXPIRY_JOB, counterExpiryHandler } from './modules/offers';
import { deliverPendingMessages, createMailTransport, createSmsTransport } from './modules/outbox';
import { LAPSE_BATCH, lapseExpiredVerifications } from './modules/verifications';
import { webhookJobHandler, WEBHOOK_JOB, SWEEP_BATCH, sweepStuckDeliveries } from './modules/webhooks';
import { resealStoredSecrets, unreadableCount } from './modules/secrets';
import { pruneOldRows, RepeatingTask, JobWorker } from './modules/jobs';

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

export const EXCLUSIVITY_JOB = 'deals.end-exclusivity';
export const VERIFICATION_EXPIRY_JOB = 'verifications.lapse';
export const HYGIENE_JOB = 'data-hygiene';
export const STUCK_SWEEP_JOB = 'webhooks.sweep-stuck';

export interface BackgroundWork {
  jobs: JobWorker;
  /** Stops taking work and waits for the work under way. */
  stop(): Promise<void>;
}

export function startBackgroundWork(app: FastifyInstance): BackgroundWork {
  const db = app.database.db;
  const logger = app.log.child({ component: 'background' });
  const transport = createMailTransport(app.config, logger);
  // SNS, Twilio, or none: kept in the mailbox (decision 030).
  const sms = createSmsTransport(app.config);

  const jobs = new JobWorker(db, { logger });
  // Job handlers are registered here as features add job types.
  jobs.register(WEBHOOK_JOB, webhookJobHandler(db, { policy: app.config.webhooks, secrets: app.secrets }));
  jobs.register(UNREAD_EMAIL_JOB, unreadEmailHandler(db, app.config.origin));
  jobs.register(COUNTER_EXPIRY_JOB, counterExpiryHandler(db));
  jobs.register(ALERT_FAN_OUT_JOB, alertFanOutHandler(db, app.config));

  const outbox = new RepeatingTask(
    async () =>
      (await deliverPendingMessages(db, transport, OUTBOX_BATCH, { sms, logger })).claimed === OUTBOX_BATCH,
    (error) => logger.error({ err: error }, 'outbox delivery failed'),
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

  // The periodic sweeps run once per period across the instances (repeats of the job runner),
  // each going on while its batches come back full.

  // First right of refusal ends by itself (DECISIONS.md): the system moves the deal to active.
  jobs.register(EXCLUSIVITY_JOB, async () => {
    const ended = await endExclusivity(db);
    if (ended) logger.info({ ended }, 'exclusivity windows ended');
  });
  // Verified terms hold 90 days (DECISIONS.md, Trust on creative terms); then the badge goes.
  jobs.register(VERIFICATION_EXPIRY_JOB, async () => {
    let lapsed;
    do {
      lapsed = await lapseExpiredVerifications(db, app.config.origin);
      if (lapsed) logger.info({ lapsed }, 'verified terms lapsed');
    } while (lapsed === LAPSE_BATCH);
  });
  // Data hygiene (decision 018): old settled rows go (and idempotency keys past their 24 hours,
  // decision 028), secrets stay sealed with the current key.
  jobs.register(HYGIENE_JOB, async () => {
    let pruned;
    do {
      pruned = await pruneOldRows(db, app.config.retention);
      if (pruned.webhookDeliveries || pruned.outbox || pruned.jobs || pruned.idempotencyKeys)
        logger.info(pruned, 'old rows pruned');
    } while (pruned.more);
    const sealed = await resealStoredSecrets(db, app.secrets);
    if (sealed.webhookSecrets.resealed || sealed.signingKeys.resealed)
      logger.info(sealed, 'stored secrets sealed with the current key');
    if (unreadableCount(sealed))
      logger.warn(sealed, 'stored secrets sealed with a key that is not configured');
  });
  jobs.register(STUCK_SWEEP_JOB, async () => {
    let swept;
    do {
      swept = await sweepStuckDeliveries(db);
      if (swept.requeued || swept.failed)
        logger.warn(swept, 'webhook deliveries left pending by a crash swept');
    } while (swept.requeued + swept.failed === SWEEP_BATCH);
  });
  // The closing room's reminders (DECISIONS.md, The closing room): the day before due, the first day overdue.
  jobs.register(CLOSING_REMINDERS_JOB, async () => {
    const sent = await sendClosingReminders(db, {
      origin: app.config.origin,
      reminderHour: app.config.closing.reminderHour,
      publisher: app.realtime,
      push: (userId, payload) => sendWebPush(db, app.config, userId, payload, { logger }),
    });
    if (sent) logger.info({ sent }, 'closing reminders sent');
  });
  jobs
    .repeat(EXCLUSIVITY_JOB, EXCLUSIVITY_INTERVAL_MS)
    .repeat(CLOSING_REMINDERS_JOB, app.config.closing.remindersIntervalMs)
    .repeat(VERIFICATION_EXPIRY_JOB, VERIFICATION_EXPIRY_INTERVAL_MS)
    .repeat(HYGIENE_JOB, HYGIENE_INTERVAL_MS)
    .repeat(STUCK_SWEEP_JOB, STUCK_SWEEP_INTERVAL_MS);

  outbox.start(OUTBOX_INTERVAL_MS);
  jobs.start(JOBS_INTERVAL_MS);
  alerts.start(ALERTS_INTERVAL_MS);
  return {
    jobs,
    async stop() {
      await Promise.all([outbox.stop(), jobs.stop(), alerts.stop()]);
      transport.close?.();
      sms.close?.();
    },
  };
}
