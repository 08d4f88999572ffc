/**
 * The offer webhook's signing secret at rest (decision 018): `users.offer_webhook_secret` holds it
 * sealed by the server's SecretBox, bound to its user's row. Rows written before sealing (plain
 * text) still open; `resealWebhookSecrets` seals them, and moves values sealed with an older key to
 * the current one, at start-up, hourly and from `npm run secrets:rotate`. The server does not start
 * while one does not open (`unopenableWebhookSecrets`).
 */
import { and, asc, eq, gt, isNotNull, not, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import {
  openingProblem,
  type ResealResult,
  type SecretBox,
  type UnopenableSecret,
} from '../../lib/secret-box';

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

/** The stored secrets a page at a time, by user id; `skipPrefix`: not those that start with it. */
async function* storedSecretPages(db: Db, skipPrefix?: string) {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ id: users.id, stored: users.offerWebhookSecret })
      .from(users)
      .where(
        and(
          isNotNull(users.offerWebhookSecret),
          skipPrefix ? not(like(users.offerWebhookSecret, `${skipPrefix}%`)) : undefined,
          after ? gt(users.id, after) : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(PAGE);
    yield rows as { id: string; stored: string }[];
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Seals every stored secret that is plain text or sealed with another key than the current one.
 * Each row is written only if it still holds what was read, so a secret rotated meanwhile by its
 * seller, or resealed by another instance, is never overwritten; running it twice changes nothing.
 */
export async function resealWebhookSecrets(db: Db, box: SecretBox): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  for await (const rows of storedSecretPages(db, box.currentPrefix)) {
    for (const { id, stored } of rows) {
      let secret: string;
      try {
        secret = openWebhookSecret(box, id, stored);
      } catch {
        result.unreadable += 1;
        continue;
      }
      const written = await db
        .update(users)
        .set({ offerWebhookSecret: sealWebhookSecret(box, id, secret) })
        .where(and(eq(users.id, id), eq(users.offerWebhookSecret, stored)))
        .returning({ id: users.id });
      result.resealed += written.length;
    }
  }
  return result;
}

/** Every stored secret that does not open with `box`, named by its user: the server does not start. */
export async function unopenableWebhookSecrets(db: Db, box: SecretBox): Promise<UnopenableSecret[]> {
  const found: UnopenableSecret[] = [];
  for await (const rows of storedSecretPages(db)) {
    for (const { id, stored } of rows) {
      const problem = openingProblem(() => openWebhookSecret(box, id, stored));
      if (problem) found.push({ name: `offer webhook secret of user ${id}`, problem });
    }
  }
  return found;
}
