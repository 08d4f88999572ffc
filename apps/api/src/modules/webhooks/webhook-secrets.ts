/**
 * The offer webhook's signing secret at rest (decision 018): `users.offer_webhook_secret` holds it
 * sealed by the server's SecretBox, bound to its user's row. Rows written before sealing (plain
 * text) still open; `resealWebhookSecrets` seals them, and moves values sealed with an older key to
 * the current one, at start-up, hourly and from `npm run secrets:rotate`.
 */
import { and, asc, eq, gt, isNotNull, not, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { ResealResult, SecretBox } from '../../lib/secret-box';

/** The additional data of a user's sealed secret: another row's sealed value does not open here. */
const context = (userId: string) => `users.offer_webhook_secret:${userId}`;

export function sealWebhookSecret(box: SecretBox, userId: string, secret: string): string {
  return box.seal(secret, context(userId));
}

/** The secret in the clear, from a stored value (sealed, or plain text from before sealing). */
export function openWebhookSecret(box: SecretBox, userId: string, stored: string): string {
  return box.open(stored, context(userId));
}

const PAGE = 200;

/**
 * Seals every stored secret that is plain text or sealed with another key than the current one.
 * Each row is written only if it still holds what was read, so a secret rotated meanwhile by its
 * seller, or resealed by another instance, is never overwritten; running it twice changes nothing.
 */
export async function resealWebhookSecrets(db: Db, box: SecretBox): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ id: users.id, stored: users.offerWebhookSecret })
      .from(users)
      .where(
        and(
          isNotNull(users.offerWebhookSecret),
          not(like(users.offerWebhookSecret, `${box.currentPrefix}%`)),
          after ? gt(users.id, after) : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(PAGE);
    for (const { id, stored } of rows) {
      let secret: string;
      try {
        secret = openWebhookSecret(box, id, stored!);
      } catch {
        result.unreadable += 1;
        continue;
      }
      const written = await db
        .update(users)
        .set({ offerWebhookSecret: sealWebhookSecret(box, id, secret) })
        .where(and(eq(users.id, id), eq(users.offerWebhookSecret, stored!)))
        .returning({ id: users.id });
      result.resealed += written.length;
    }
    if (rows.length < PAGE) return result;
    after = rows.at(-1)!.id;
  }
}
