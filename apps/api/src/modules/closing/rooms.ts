/**
 * A closing room's life (DECISIONS.md, The closing room): it opens with the acceptance of an offer,
 * in that transaction, with the milestones of its kind; a status change made by hand (Reactivate,
 * Sold, Cancel, Delete through the status dialog) ends it. The steps taken inside a room are in
 * `steps.ts` and `contract.ts`.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  addDays,
  closingKindOf,
  dueDateOf,
  isoDay,
  milestonesFor,
  type ClosingEvent,
} from '@dealclub/shared/closing';
import type { Db } from '../../db/client';
import type { DealRow } from '../../db/rows';
import { closingEvents, closingMilestones, closingRooms, type offers } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type RoomRow = typeof closingRooms.$inferSelect;

/** Days to close for an offer accepted on or after its estimated close date. */
export const LATE_CLOSE_DAYS = 30;
type OfferRow = typeof offers.$inferSelect;

export interface Reader {
  id: string;
  isAdmin: boolean;
  /**
   * The room the reader's page showed, when the call names it: a step meant for one room never
   * lands on the next one (a double click on "End contract" after a backup's promotion).
   */
  roomId?: string;
}

/** Opens the room of `offer`, just accepted on `deal`, in the acceptance's transaction. */
export async function openClosingRoom(
  tx: Db,
  deal: Pick<DealRow, 'id' | 'originatorId' | 'purchaseType'>,
  offer: Pick<OfferRow, 'id' | 'buyerId' | 'type' | 'estimatedCloseDate'>,
  actorId: string | null,
  options: { now?: Date; backups?: string[] } = {},
): Promise<RoomRow> {
  const now = options.now ?? new Date();
  const acceptedOn = isoDay(now);
  const kind = closingKindOf(offer.type, deal.purchaseType);
  // An offer accepted after its own estimated close date (an old offer, a promoted backup) closes
  // 30 days from its acceptance; either party can propose another date.
  const closeDate =
    offer.estimatedCloseDate > acceptedOn ? offer.estimatedCloseDate : addDays(acceptedOn, LATE_CLOSE_DAYS);
  const [room] = await tx
    .insert(closingRooms)
    .values({
      dealId: deal.id,
      offerId: offer.id,
      buyerId: offer.buyerId,
      sellerId: deal.originatorId,
      kind,
      openedAt: now,
      acceptedOn,
      closeDate,
      backupOfferIds: options.backups ?? [],
    })
    .returning();
  await tx.insert(closingMilestones).values(
    milestonesFor(kind).map((m, position) => ({
      roomId: room!.id,
      key: m.key,
      position,
      party: m.party,
      dueDate: dueDateOf(m.due, acceptedOn, closeDate),
    })),
  );
  await recordEvent(tx, room!.id, actorId, 'opened', { closeDate, kind }, now);
  return room!;
}

export async function recordEvent(
  db: Db,
  roomId: string,
  actorId: string | null,
  event: ClosingEvent,
  detail: Record<string, string | number | boolean | null> = {},
  at = new Date(),
) {
  await db.insert(closingEvents).values({ roomId, actorId, event, detail, at });
}

/**
 * The reader's room of a deal — the one their call names, else the open one, else their latest —
 * locked for the step about to be taken; a deal whose room the reader is no member of has none
 * (404). `FOR NO KEY UPDATE`: the rows that reference the room (a reminder's claim, a document)
 * take key-share locks, which this must not wait for, or a reminder holding one and waiting for
 * the deal would deadlock with a step holding the deal.
 */
export async function lockMemberRoom(tx: Db, dealId: string, reader: Reader): Promise<RoomRow> {
  const [room] = await tx
    .select()
    .from(closingRooms)
    .where(
      and(
        eq(closingRooms.dealId, dealId),
        reader.roomId ? eq(closingRooms.id, reader.roomId) : undefined,
        reader.isAdmin
          ? undefined
          : or(eq(closingRooms.sellerId, reader.id), eq(closingRooms.buyerId, reader.id)),
      ),
    )
    .orderBy(desc(sql`(${closingRooms.status} = 'open')`), desc(closingRooms.openedAt))
    .limit(1)
    .for('no key update');
  if (!room) throw new AppError('CLOSING_NOT_FOUND');
  return room;
}

/** The same, refused unless the room is still open. */
export async function lockOpenRoom(tx: Db, dealId: string, reader: Reader): Promise<RoomRow> {
  const room = await lockMemberRoom(tx, dealId, reader);
  if (room.status !== 'open') throw new AppError('CLOSING_NOT_OPEN');
  return room;
}

/**
 * A status change by hand ends the deal's open room (in the status change's transaction): a deal
 * sold by hand closes it (without a count of days: it did not close through the room), any other
 * change (Reactivate, Cancel, Delete) ends it as fallen through.
 */
export async function endRoomOnStatusChange(tx: Db, dealId: string, status: string, actorId: string | null) {
  const now = new Date();
  const ended = await tx
    .update(closingRooms)
    .set({ status: status === 'sold' ? 'closed' : 'fell_through', endedAt: now, proposedCloseDate: null })
    .where(and(eq(closingRooms.dealId, dealId), eq(closingRooms.status, 'open')))
    .returning({ id: closingRooms.id, sellerId: closingRooms.sellerId, buyerId: closingRooms.buyerId });
  for (const room of ended) await recordEvent(tx, room.id, actorId, 'ended', { status }, now);
  return ended;
}
