/** What the outbox's tests read and change of a message row (deliver.test.ts, sms-providers.test.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export async function outboxRow(db: Db, id: string) {
  const [found] = await db.select().from(outbox).where(eq(outbox.id, id));
  return found!;
}

/** Makes a message waiting for its retry due at once, as if the backoff had passed. */
export const makeDue = (db: Db, id: string) =>
  db
    .update(outbox)
    .set({ sentAt: sql`now() - interval '2 hours'` })
    .where(eq(outbox.id, id));
