/** The public entry of modules/webhooks: what other modules may import from it. */
export {
  type AddressCheck,
  type AddressPolicy,
  bareHost,
  checkWebhookUrl,
  type Resolver,
  resolveWebhookTarget,
  systemResolver,
  type WebhookTarget,
} from './check-address';
export { webhookJobHandler } from './deliver-webhook';
export { enqueueWebhookEvent, WEBHOOK_JOB } from './enqueue';
export { sendWebhookRequest, type WebhookSender } from './send-webhook';
export { SWEEP_BATCH, sweepStuckDeliveries } from './sweep-stuck-deliveries';
export { resealWebhookSecrets, unopenableWebhookSecrets } from './webhook-secrets';
