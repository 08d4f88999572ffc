/**
 * The Integrations tab's test event (decision 011): a `webhook.test` delivery to the saved URL,
 * enabled or not, so a seller can test before switching on. It is recorded in the delivery log,
 * sent once while the request waits, and never retried.
 */
import type { WebhookDelivery } from '@dealclub/shared/integrations';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import type { SecretBox } from '../../lib/secret-box';
import type { AddressPolicy } from './check-address';
import { attemptDelivery, recordAttempt } from './deliver-webhook';
import { webhookBody } from './enqueue';
import { deliveryOf } from './save-integration';
import { openWebhookSecret } from './webhook-secrets';
import type { UserRow } from '../../db/rows';

/** Sends the test event to `user`'s saved URL and answers the delivery as it ended. */
export async function sendTestEvent(
  db: Db,
  user: UserRow,
  policy: AddressPolicy,
  secrets: SecretBox,
): Promise<WebhookDelivery> {
  const { offerWebhookUrl: url, offerWebhookSecret: stored } = user;
  if (!url || !stored) throw new AppError('WEBHOOK_NOT_CONFIGURED');
  const secret = openWebhookSecret(secrets, user.id, stored);
  // Read by whoever set the receiver up, so in the seller's language; `test: true` is for machines.
  const payload = webhookBody('webhook.test', {
    test: true,
    message: translate(user.languagePreference, 'integrations.testEventMessage'),
    userId: user.id,
  });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ userId: user.id, event: 'webhook.test', payload })
    .returning();
  const outcome = await attemptDelivery({ url, secret }, delivery!, { policy });
  // No job knows this row, so it is still pending and the update answers it.
  const settled = await recordAttempt(db, delivery!, outcome, outcome.delivered ? 'delivered' : 'failed');
  return deliveryOf(settled!);
}
