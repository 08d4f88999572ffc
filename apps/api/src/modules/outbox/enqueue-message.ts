import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  template: string;
}

/**
 * Writes a message to the outbox, in the caller's transaction: it is sent only if what caused it
 * commits, and a crash after the commit cannot lose it.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<string> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}
