/**
 * Telling a room's member (DECISIONS.md, The closing room): the bell (a `closing` notification that
 * opens the room), and e-mail and SMS on the channels they chose, in their language, in the
 * transaction of the step that tells them. The realtime event `closing-updated` goes out after the
 * commit, to every member, so an open room reloads.
 */
import { inArray } from 'drizzle-orm';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import type { DealRow, UserRow } from '../../db/rows';
import { chatNotifications, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { placeFor } from '../deals';
import { notifyUser } from '../outbox';
import type { RealtimePublisher } from '../realtime';

export interface Told {
  recipient: UserRow;
  /** `email.<key>Subject` / `email.<key>Body`. */
  email: string;
  /** `closing.notification.<key>` for the bell. */
  bell: string;
  vars: Record<string, string>;
  /**
   * Where the link points when it is not the room: the deal page, for someone who is no member of
   * the room (a backup buyer, a buyer who saved the deal); their bell opens the deal too.
   */
  path?: string;
  /** SMS quiet hours of this state (reminders). */
  quiet?: { state: string | null; now: Date };
}

export async function usersById(db: Db, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export const roomPath = (dealId: string) => `/deals/${dealId}/closing`;

/**
 * Tells each of `told` about `deal`: the bell (a `closing` notification opening the room, or a
 * `deal_update` opening the deal for someone outside the room), then e-mail and SMS on their
 * channels. Deactivated accounts are told nothing.
 */
export async function tell(db: Db, deal: DealRow, origin: string, sender: string, all: Told[]) {
  const told = all.filter((t) => t.recipient.isActive);
  if (!told.length) return;
  await db.insert(chatNotifications).values(
    told.map((t) => ({
      userId: t.recipient.id,
      threadId: null,
      dealId: deal.id,
      type: t.path ? ('deal_update' as const) : ('closing' as const),
      senderName: sender,
      message: translate(t.recipient.languagePreference, `closing.notification.${t.bell}`, t.vars),
    })),
  );
  for (const t of told) {
    const link = `${origin}${t.path ?? roomPath(deal.id)}`;
    await notifyUser(
      db,
      t.recipient,
      `closing_${t.email}`,
      { subject: `email.${t.email}Subject`, body: `email.${t.email}Body` },
      () => ({ place: placeFor(t.recipient, deal), ...t.vars, link }),
      t.quiet,
    );
  }
}

/** The bell alone (`closing.notification.<bell>`), for news whose e-mail goes another way. */
export async function ringClosing(
  db: Db,
  dealId: string,
  recipients: UserRow[],
  sender: string,
  bell: string,
  vars: Record<string, string> = {},
) {
  if (!recipients.length) return;
  await db.insert(chatNotifications).values(
    recipients.map((recipient) => ({
      userId: recipient.id,
      threadId: null,
      dealId,
      type: 'closing' as const,
      senderName: sender,
      message: translate(recipient.languagePreference, `closing.notification.${bell}`, vars),
    })),
  );
}

export const nameOf = (user: Pick<UserRow, 'firstName' | 'lastName'> | undefined) =>
  user ? personName(user) : 'DealClub';

/** After the commit: every member's open room reloads. Best effort, never the caller's error. */
export async function announceRoom(
  publisher: RealtimePublisher | undefined,
  memberIds: string[],
  data: { dealId: string; roomId?: string; event: string },
) {
  if (!publisher) return;
  await Promise.all([...new Set(memberIds)].map((id) => publisher.toUser(id, 'closing-updated', data)));
}
