/**
 * The seller's offer-webhook settings (the Integrations tab): read them with the delivery log, and
 * save them. The signing secret is created with the first URL saved or on rotation and answered
 * that once; it is dropped with the URL, so a webhook set up again gets a new one. It is stored
 * sealed (decision 018).
 */
import { desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_LOG_LENGTH,
  type Integration,
  type SavedIntegration,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@dealclub/shared/integrations';
import type { Db } from '../../db/client';
import { users, webhookDeliveries } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { checkWebhookUrl, type AddressPolicy, type RefusalReason } from './check-address';
import type { WebhookDeliveryRow } from './deliver-webhook';
import { createWebhookSecret } from './sign-payload';
import { sealWebhookSecret } from './webhook-secrets';
import type { UserRow } from '../../db/rows';

/** A delivery as the log shows it: no payload, no secret. */
export function deliveryOf(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The tab's answer: the settings, whether a secret exists (never the secret) and the latest deliveries. */
export async function integrationOf(db: Db, user: UserRow): Promise<Integration> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, user.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LENGTH);
  return {
    offerWebhookUrl: user.offerWebhookUrl,
    offerWebhookEnabled: user.offerWebhookEnabled,
    hasSecret: user.offerWebhookSecret !== null,
    deliveries: deliveries.map(deliveryOf),
  };
}

/** The locale key of each save-time refusal of the address policy (the field error's message). */
const REFUSAL_KEYS: Record<RefusalReason, string> = {
  scheme: 'integrations.validation.httpsRequired',
  'internal-name': 'integrations.validation.internalName',
  loopback: 'integrations.validation.loopback',
  private: 'integrations.validation.privateAddress',
  'link-local': 'integrations.validation.linkLocal',
  unspecified: 'integrations.validation.reservedAddress',
  multicast: 'integrations.validation.reservedAddress',
  reserved: 'integrations.validation.reservedAddress',
};

export interface IntegrationChange {
  offerWebhookUrl: string | null;
  offerWebhookEnabled: boolean;
  rotateSecret?: boolean;
}

/**
 * Saves the settings (already valid by the shared schema) after the address policy's check of the
 * URL itself; names are resolved and checked again at every delivery. Answers the tab with
 * `secret` when one was just created or rotated.
 */
export async function saveIntegration(
  db: Db,
  user: UserRow,
  change: IntegrationChange,
  policy: AddressPolicy,
  secrets: SecretBox,
): Promise<SavedIntegration> {
  const { offerWebhookUrl, offerWebhookEnabled, rotateSecret } = change;
  if (offerWebhookUrl) {
    const check = checkWebhookUrl(new URL(offerWebhookUrl), policy);
    if (!check.ok) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        fieldError('offerWebhookUrl', REFUSAL_KEYS[check.reason]),
      ]);
    }
  }
  const fresh = createWebhookSecret();
  // Random IVs make each sealed value unique: finding it in the row says this save made the secret.
  const sealed = sealWebhookSecret(secrets, user.id, fresh);
  // In the statement itself, so two saves at once cannot both believe they created the secret.
  const secret =
    offerWebhookUrl === null
      ? null
      : rotateSecret
        ? sealed
        : sql`coalesce(${users.offerWebhookSecret}, ${sealed})`;
  const [row] = await db
    .update(users)
    .set({ offerWebhookUrl, offerWebhookEnabled, offerWebhookSecret: secret, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const integration = await integrationOf(db, row!);
  return row!.offerWebhookSecret === sealed ? { ...integration, secret: fresh } : integration;
}
