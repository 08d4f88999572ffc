/**
 * Milestone reminders (DECISIONS.md, The closing room): at 09:00 in the responsible member's time
 * zone (their preferences' state, else UTC), the day before a milestone is due and on its first
 * overdue day, on the bell, e-mail, SMS (with its quiet hours) and push. Never for a milestone that is
 * done or a room that is not open; at most one per milestone, member and day, whatever instance runs
 * (`closing_reminders`' key). Runs as a repeat of the job runner.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, CLOSING_REMINDER_HOUR, milestoneTitle } from '@dealclub/shared/closing';
import type { PushPayload } from '@dealclub/shared/push';
import { type Db, queryRows } from '../../db/client';
import { closingReminders, deals } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { STATE_TIME_ZONES, wallClock } from '../outbox';
import type { RealtimePublisher } from '../realtime';
import { announceRoom, roomPath, tell, usersById } from './notify';

export const CLOSING_REMINDERS_JOB = 'closing.reminders';

export interface ReminderDeps {
  origin: string;
  /** From this hour of the member's day (default 09:00, DECISIONS.md). */
  reminderHour?: number;
  publisher?: RealtimePublisher;
  /** Web push to a user's browsers (after the commit; best effort). */
  push?: (userId: string, payload: PushPayload) => Promise<void>;
  now?: Date;
}

interface Candidate {
  room_id: string;
  deal_id: string;
  key: string;
  due_date: string;
  user_id: string;
  seller_id: string;
  buyer_id: string;
  state: string | null;
}

/** The member's zone: their preferences' state, else UTC (DECISIONS.md). */
function zoneOf(state: string | null): string {
  return (state && STATE_TIME_ZONES[state as keyof typeof STATE_TIME_ZONES]) || 'UTC';
}

/**
 * Sends the reminders due at `now`; answers how many went out. Candidates are the undone milestones
 * of open rooms due within two days of today (UTC) either way, one row per responsible member.
 */
export async function sendClosingReminders(db: Db, deps: ReminderDeps): Promise<number> {
  const now = deps.now ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const candidates = await queryRows<Candidate>(
    db,
    sql`select m.room_id, r.deal_id, m.key, m.due_date::text as due_date, p.user_id, r.seller_id, r.buyer_id,
        coalesce(bp.state, sp.markets -> 0 ->> 'state') as state
      from closing_milestones m
        join closing_rooms r on r.id = m.room_id and r.status = 'open'
        cross join lateral (
          select r.seller_id as user_id where m.party in ('seller', 'both')
          union all select r.buyer_id where m.party in ('buyer', 'both')
        ) p
        left join buyer_preferences bp on bp.user_id = p.user_id
        left join seller_preferences sp on sp.user_id = p.user_id
      where m.done = false
        and m.due_date between ${addDays(today, -2)}::date and ${addDays(today, 2)}::date
      order by m.room_id, m.position`,
  );
  let sent = 0;
  const after: {
    push: boolean;
    userId: string;
    payload: PushPayload;
    dealId: string;
    roomId: string;
    members: string[];
  }[] = [];
  for (const c of candidates) {
    const local = wallClock(now, zoneOf(c.state));
    if (local.hour < (deps.reminderHour ?? CLOSING_REMINDER_HOUR)) continue;
    const localDay = `${String(local.year).padStart(4, '0')}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
    const kind =
      c.due_date === addDays(localDay, 1) ? 'due' : c.due_date === addDays(localDay, -1) ? 'overdue' : null;
    if (!kind) continue;
    const told = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(closingReminders)
        .values({ roomId: c.room_id, milestoneKey: c.key, userId: c.user_id, day: localDay, kind })
        .onConflictDoNothing()
        .returning({ day: closingReminders.day });
      if (!claimed) return null;
      // Read again under the claim: a milestone ticked (or a close date moved) since the candidates
      // were read is not reminded.
      const [still] = await queryRows<{ done: boolean; due_date: string }>(
        tx,
        sql`select m.done, m.due_date::text as due_date from closing_milestones m join closing_rooms r on r.id = m.room_id
          where m.room_id = ${c.room_id}::uuid and m.key = ${c.key} and r.status = 'open' for share of m`,
      );
      if (!still || still.done || still.due_date !== c.due_date) return null;
      const [deal] = await tx.select().from(deals).where(eq(deals.id, c.deal_id));
      const recipient = (await usersById(tx, [c.user_id])).get(c.user_id);
      if (!deal || !recipient || !recipient.isActive) return null;
      const language = recipient.languagePreference;
      const milestone = milestoneTitle(c.key, language);
      const vars = { milestone, dueDate: c.due_date };
      await tell(tx, deal, deps.origin, 'DealClub', [
        {
          recipient,
          email: kind === 'due' ? 'closingReminder' : 'closingOverdue',
          bell: kind === 'due' ? 'dueTomorrow' : 'overdue',
          vars,
          quiet: { state: c.state, now },
        },
      ]);
      return {
        push: recipient.notificationChannels.includes('push'),
        userId: recipient.id,
        dealId: deal.id,
        roomId: c.room_id,
        members: [c.seller_id, c.buyer_id],
        payload: {
          title: translate(
            language,
            `closing.notification.${kind === 'due' ? 'dueTomorrow' : 'overdue'}`,
            vars,
          ),
          body: milestone,
          url: roomPath(deal.id),
        },
      };
    });
    if (told) {
      sent += 1;
      after.push(told);
    }
  }
  for (const item of after) {
    // Push only to those who chose it, as the alerts do.
    if (item.push) await deps.push?.(item.userId, item.payload);
    await announceRoom(deps.publisher, [item.userId], {
      dealId: item.dealId,
      roomId: item.roomId,
      event: 'reminder',
    });
  }
  return sent;
}
