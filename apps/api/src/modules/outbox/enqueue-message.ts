import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

/**
 * The night of a message with a `quietZone`: from 21:00 to 08:00 there it is not delivered
 * (DECISIONS.md, Matching and alerts: SMS quiet hours). The outbox enforces it when it claims.
 */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  /** The text of an SMS, or the plain-text part of an e-mail. */
  body: string;
  template: string;
  /** The HTML part of an e-mail, beside `body`. */
  html?: string;
  /** Extra e-mail headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Not delivered before this moment (an SMS held through the recipient's quiet hours). */
  sendAfter?: Date;
  /** The recipient's time zone: never delivered between 21:00 and 08:00 there (alert SMS). */
  quietZone?: string;
}

/** The insert of `messages` (at least one) as a statement to run or to embed as a CTE. */
export function outboxInsert(db: Db, messages: OutgoingMessage[]) {
  return db.insert(outbox).values(messages);
}

/**
 * Writes a message to the outbox, in the caller's transaction: it is sent only if what caused it
 * commits, and a crash after the commit cannot lose it.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<string> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}
