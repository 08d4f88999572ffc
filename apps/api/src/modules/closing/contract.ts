/**
 * The contract's steps in a closing room (DECISIONS.md, The closing room): a new close date proposed
 * and answered, the seller's backup offers, the contract ending (the seller's fall-through or the
 * buyer's withdrawal: the first backup becomes the accepted offer in a new room, or the deal returns
 * to active) and the closing itself. Each runs in one transaction holding the deal's row and the
 * room's row, so two closings, or a closing and a fall-through, leave exactly one outcome.
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  daysBetween,
  dueDateOf,
  followsCloseDate,
  isoDay,
  milestoneDefinition,
  type ClosingRole,
} from '@dealclub/shared/closing';
import type { Db } from '../../db/client';
import type { DealRow, UserRow } from '../../db/rows';
import {
  closingMilestones,
  closingRooms,
  dealStatusHistory,
  deals,
  favorites,
  interests,
  offerEvents,
  offers,
  users,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { roleIn } from './read';
import { nameOf, ringClosing, tell, usersById, type Told } from './notify';
import { lockOpenRoom, openClosingRoom, recordEvent, type Reader, type RoomRow } from './rooms';

export interface StepResult {
  roomId: string;
  /** Who is told live (`closing-updated`): the members of every room the step touched. */
  members: string[];
}

interface Context {
  reader: Reader;
  origin: string;
  now?: Date;
  /** Runs last in the step's transaction (the admin audit of an admin who is no party). */
  audit?: (tx: Db, room: RoomRow) => Promise<void>;
  /**
   * A backup offer was accepted in the step's transaction: what an acceptance announces beyond the
   * room (the seller's `offer.accepted` webhook), composed by the caller above the offers module.
   */
  onPromoted?: (tx: Db, offer: OfferRow, deal: DealRow, seller: UserRow, buyer: UserRow) => Promise<void>;
}

type OfferRow = typeof offers.$inferSelect;

/** Messages to anyone but the room's two parties come from the platform, never from a person. */
const PLATFORM = 'DealClub';

const roleOf = (room: RoomRow, reader: Reader): ClosingRole =>
  roleIn({ seller_id: room.sellerId, buyer_id: room.buyerId }, reader.id);

/** Locks the deal (offers and status changes of the deal wait), then the reader's open room. */
async function lockDealAndRoom(tx: Db, dealId: string, reader: Reader) {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
  if (!deal) throw new AppError('CLOSING_NOT_FOUND');
  const room = await lockOpenRoom(tx, dealId, reader);
  return { deal, room };
}

/** What a step answers when it stayed in its room: the room and its two parties, told live. */
const inTheRoom = (room: RoomRow): StepResult => ({
  roomId: room.id,
  members: [room.sellerId, room.buyerId],
});

/**
 * A contract step: in one transaction, the deal then the reader's open room locked, the step, then
 * the admin audit when the caller asked for it.
 */
function inRoom(
  db: Db,
  dealId: string,
  ctx: Context,
  step: (tx: Db, deal: DealRow, room: RoomRow) => Promise<StepResult>,
): Promise<StepResult> {
  return db.transaction(async (tx) => {
    const { deal, room } = await lockDealAndRoom(tx, dealId, ctx.reader);
    const result = await step(tx, deal, room);
    await ctx.audit?.(tx, room);
    return result;
  });
}

/** Offers of `ids` still standing as backups: made, not replaced, their buyer still with us. */
async function standingOffers(tx: Db, ids: string[], ...also: (SQL | undefined)[]): Promise<OfferRow[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ offer: offers })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(
      and(
        inArray(offers.id, ids),
        inArray(offers.status, ['declined', 'open']),
        eq(users.isActive, true),
        ...also,
      ),
    );
  return rows.map((r) => r.offer);
}

function requireReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (!trimmed)
    throw new AppError('VALIDATION_FAILED', undefined, [
      fieldError('reason', 'closing.validation.reasonRequired'),
    ]);
  return trimmed;
}

/** Either party (or an admin) proposes a new close date; the other answers it. */
export async function proposeCloseDate(
  db: Db,
  dealId: string,
  closeDate: string,
  ctx: Context,
): Promise<StepResult> {
  const now = ctx.now ?? new Date();
  if (closeDate < isoDay(now))
    throw new AppError('VALIDATION_FAILED', undefined, [
      fieldError('closeDate', 'closing.validation.closeDate'),
    ]);
  return inRoom(db, dealId, ctx, async (tx, deal, room) => {
    await tx
      .update(closingRooms)
      .set({ proposedCloseDate: closeDate, proposedBy: ctx.reader.id, proposedAt: now })
      .where(eq(closingRooms.id, room.id));
    await recordEvent(tx, room.id, ctx.reader.id, 'close_date_proposed', { closeDate }, now);
    const role = roleOf(room, ctx.reader);
    const others =
      role === 'seller' ? [room.buyerId] : role === 'buyer' ? [room.sellerId] : [room.sellerId, room.buyerId];
    const people = await usersById(tx, [...others, ctx.reader.id]);
    const vars = { closeDate, name: nameOf(people.get(ctx.reader.id)) };
    await tell(
      tx,
      deal,
      ctx.origin,
      vars.name,
      others.map((id) => ({
        recipient: people.get(id)!,
        email: 'closingCloseDate',
        bell: 'closeDate',
        vars,
      })),
    );
    return inTheRoom(room);
  });
}

/**
 * The other party (or an admin) accepts or declines the proposed close date. Accepted, the due dates
 * that count from the close date move with it.
 */
export async function answerCloseDate(
  db: Db,
  dealId: string,
  accept: boolean,
  ctx: Context,
): Promise<StepResult> {
  const now = ctx.now ?? new Date();
  return inRoom(db, dealId, ctx, async (tx, deal, room) => {
    if (!room.proposedCloseDate || !room.proposedBy) throw new AppError('CLOSE_DATE_NOT_PROPOSED');
    if (room.proposedBy === ctx.reader.id && !ctx.reader.isAdmin)
      throw new AppError('CLOSE_DATE_OWN_PROPOSAL');
    const closeDate = room.proposedCloseDate;
    await tx
      .update(closingRooms)
      .set({
        closeDate: accept ? closeDate : room.closeDate,
        proposedCloseDate: null,
        proposedBy: null,
        proposedAt: null,
      })
      .where(eq(closingRooms.id, room.id));
    if (accept) {
      const milestones = await tx
        .select()
        .from(closingMilestones)
        .where(eq(closingMilestones.roomId, room.id));
      for (const m of milestones) {
        const definition = milestoneDefinition(m.key);
        if (!definition || !followsCloseDate(definition.due)) continue;
        await tx
          .update(closingMilestones)
          .set({ dueDate: dueDateOf(definition.due, room.acceptedOn, closeDate) })
          .where(and(eq(closingMilestones.roomId, room.id), eq(closingMilestones.key, m.key)));
      }
    }
    await recordEvent(
      tx,
      room.id,
      ctx.reader.id,
      accept ? 'close_date_accepted' : 'close_date_declined',
      { closeDate, previous: room.closeDate },
      now,
    );
    // The proposer hears the answer on the bell.
    const people = await usersById(tx, [room.proposedBy, ctx.reader.id]);
    const proposer = people.get(room.proposedBy);
    if (proposer && proposer.id !== ctx.reader.id) {
      const answer = translate(
        proposer.languagePreference,
        `closing.notification.${accept ? 'accepted' : 'declined'}`,
      );
      await ringClosing(tx, deal.id, [proposer], nameOf(people.get(ctx.reader.id)), 'closeDateAnswered', {
        closeDate,
        answer,
      });
    }
    return inTheRoom(room);
  });
}

/**
 * The seller (or an admin) ranks up to 3 of the deal's other offers as backups: offers already made
 * (no new offers are taken while the deal is pending), not replaced. Each backup buyer whose place
 * is new or changed is told it.
 */
export async function setBackups(
  db: Db,
  dealId: string,
  offerIds: string[],
  ctx: Context,
): Promise<StepResult> {
  return inRoom(db, dealId, ctx, async (tx, deal, room) => {
    if (roleOf(room, ctx.reader) === 'buyer') throw new AppError('FORBIDDEN');
    if (new Set(offerIds).size !== offerIds.length) throw new AppError('BACKUP_OFFERS_INVALID');
    const candidates = await standingOffers(
      tx,
      offerIds,
      eq(offers.dealId, dealId),
      ne(offers.buyerId, room.buyerId),
    );
    if (candidates.length !== offerIds.length) throw new AppError('BACKUP_OFFERS_INVALID');
    await tx.update(closingRooms).set({ backupOfferIds: offerIds }).where(eq(closingRooms.id, room.id));
    await recordEvent(tx, room.id, ctx.reader.id, 'backups_set', { count: offerIds.length });
    const byId = new Map(candidates.map((o) => [o.id, o]));
    const people = await usersById(tx, [...candidates.map((o) => o.buyerId), ctx.reader.id]);
    const told: Told[] = [];
    offerIds.forEach((id, index) => {
      if (room.backupOfferIds[index] === id) return;
      const buyer = people.get(byId.get(id)!.buyerId);
      if (buyer)
        told.push({
          recipient: buyer,
          email: 'closingBackup',
          bell: 'backup',
          vars: { rank: String(index + 1) },
          path: `/deals/${dealId}`,
        });
    });
    await tell(tx, deal, ctx.origin, nameOf(people.get(ctx.reader.id)), told);
    return inTheRoom(room);
  });
}

/**
 * The contract ends: the seller's (or an admin's) fall-through, or the buyer's withdrawal, each with
 * its reason. The accepted offer is shown as fallen through, never deleted. The first backup still
 * standing becomes the accepted offer and a new room opens; without one the deal returns to active
 * (history source: platform, with the reason) and the buyers who saved it or asked about it are told.
 */
export async function endContract(
  db: Db,
  dealId: string,
  how: 'fall-through' | 'withdraw',
  reasonGiven: string | undefined,
  ctx: Context,
): Promise<StepResult> {
  const reason = requireReason(reasonGiven);
  const now = ctx.now ?? new Date();
  return inRoom(db, dealId, ctx, async (tx, deal, room) => {
    const role = roleOf(room, ctx.reader);
    if (how === 'fall-through' && role === 'buyer') throw new AppError('FORBIDDEN');
    if (how === 'withdraw' && role !== 'buyer') throw new AppError('FORBIDDEN');

    await tx
      .update(closingRooms)
      .set({
        status: 'fell_through',
        endedAt: now,
        endReason: reason,
        proposedCloseDate: null,
        proposedBy: null,
        proposedAt: null,
      })
      .where(eq(closingRooms.id, room.id));
    await recordEvent(
      tx,
      room.id,
      ctx.reader.id,
      how === 'withdraw' ? 'withdrawn' : 'fell_through',
      { reason },
      now,
    );
    await tx
      .update(offers)
      .set({ status: 'fell_through', updatedAt: now })
      .where(eq(offers.id, room.offerId));
    await tx
      .insert(offerEvents)
      .values({ offerId: room.offerId, kind: 'fell_through', actorId: ctx.reader.id, message: reason });

    // The first backup still standing (its offer not replaced, its buyer still with us).
    const backups = await standingOffers(tx, room.backupOfferIds);
    const standing = room.backupOfferIds
      .map((id) => backups.find((o) => o.id === id))
      .filter((o): o is NonNullable<typeof o> => Boolean(o));
    const [next, ...rest] = standing;
    const people = await usersById(tx, [
      room.buyerId,
      room.sellerId,
      ctx.reader.id,
      ...standing.map((o) => o.buyerId),
    ]);
    // What other buyers are told comes from the platform: not who ended the contract, nor why.
    const actorName = PLATFORM;
    const seller = people.get(room.sellerId)!;
    const formerBuyer = people.get(room.buyerId)!;
    const history = (language: string) =>
      translate(language, how === 'withdraw' ? 'closing.history.withdrawn' : 'closing.history.fellThrough', {
        reason,
      });

    if (next) {
      const [promoted] = await tx
        .update(offers)
        // The seller's acceptance of a backup, taken by the platform when the contract ended.
        .set({ status: 'accepted', acceptedAt: now, acceptedBy: room.sellerId, updatedAt: now })
        .where(eq(offers.id, next.id))
        .returning();
      await tx.insert(offerEvents).values({ offerId: next.id, kind: 'promoted', actorId: null });
      const [pending] = await tx
        .update(deals)
        .set({ acceptedBuyerId: next.buyerId, updatedAt: now })
        .where(eq(deals.id, dealId))
        .returning();
      // The new room is the platform's doing: its buyer sees neither the former buyer nor the reason.
      const opened = await openClosingRoom(tx, deal, next, null, {
        now,
        backups: rest.map((o) => o.id),
      });
      await recordEvent(tx, opened.id, null, 'backup_promoted', {}, now);
      await tx.insert(dealStatusHistory).values({
        dealId,
        status: 'pending',
        source: 'platform',
        reason,
        comments: history(seller.languagePreference),
        actorId: ctx.reader.id,
      });
      const newBuyer = people.get(next.buyerId)!;
      await ctx.onPromoted?.(tx, promoted!, pending!, seller, newBuyer);
      const told: Told[] = [
        {
          recipient: formerBuyer,
          email: 'closingFellThrough',
          bell: 'fellThrough',
          vars: { reason },
          path: `/deals/${dealId}`,
        },
        { recipient: newBuyer, email: 'closingPromoted', bell: 'promoted', vars: {} },
        {
          recipient: seller,
          email: 'closingPromotedSeller',
          bell: 'promoted',
          vars: { reason, buyer: nameOf(newBuyer) },
        },
        ...rest.map((o, index) => ({
          recipient: people.get(o.buyerId)!,
          email: 'closingBackup',
          bell: 'backup',
          vars: { rank: String(index + 1) },
          path: `/deals/${dealId}`,
        })),
      ];
      // The one who ended it knows; everyone else is told (the seller always, of the promotion).
      await tell(
        tx,
        pending!,
        ctx.origin,
        actorName,
        told.filter(
          (t) => t.recipient && (t.recipient.id !== ctx.reader.id || t.email === 'closingPromotedSeller'),
        ),
      );
      return { roomId: opened.id, members: [room.sellerId, room.buyerId, next.buyerId] };
    }

    // No backup: the deal returns to active, its other offers open again (as a Reactivate does).
    const [active] = await tx
      .update(deals)
      .set({ status: 'active', acceptedBuyerId: null, updatedAt: now })
      .where(eq(deals.id, dealId))
      .returning();
    await tx
      .update(offers)
      .set({ status: 'open', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'declined')));
    await tx.insert(dealStatusHistory).values({
      dealId,
      status: 'active',
      source: 'platform',
      reason,
      comments: history(seller.languagePreference),
      actorId: ctx.reader.id,
    });
    const watchers = await tx
      .selectDistinct({ id: favorites.userId })
      .from(favorites)
      .where(eq(favorites.dealId, dealId))
      .union(
        tx.selectDistinct({ id: interests.buyerId }).from(interests).where(eq(interests.dealId, dealId)),
      );
    const watcherRows = await usersById(
      tx,
      watchers.map((w) => w.id).filter((id) => id !== room.buyerId && id !== room.sellerId),
    );
    const told: Told[] = [
      {
        recipient: formerBuyer,
        email: 'closingFellThrough',
        bell: 'fellThrough',
        vars: { reason },
        path: `/deals/${dealId}`,
      },
      { recipient: seller, email: 'closingFellThrough', bell: 'fellThrough', vars: { reason } },
      ...[...watcherRows.values()]
        .filter((u) => u.isActive !== false)
        .map((u) => ({
          recipient: u,
          email: 'closingBackAgain',
          bell: 'backAgain',
          vars: {},
          path: `/deals/${dealId}`,
        })),
    ];
    await tell(
      tx,
      active!,
      ctx.origin,
      actorName,
      told.filter((t) => t.recipient.id !== ctx.reader.id),
    );
    return inTheRoom(room);
  });
}

/**
 * The seller (or an admin) closes the deal once every milestone is done (else 409
 * CLOSING_INCOMPLETE with the open ones): the deal is sold through the platform, the accepted offer
 * closed, the days from acceptance to close recorded, and the room ends.
 */
export async function completeClosing(db: Db, dealId: string, ctx: Context): Promise<StepResult> {
  const now = ctx.now ?? new Date();
  return inRoom(db, dealId, ctx, async (tx, _deal, room) => {
    if (roleOf(room, ctx.reader) === 'buyer') throw new AppError('FORBIDDEN');
    const milestones = await tx
      .select({ key: closingMilestones.key, done: closingMilestones.done })
      .from(closingMilestones)
      .where(eq(closingMilestones.roomId, room.id))
      .orderBy(closingMilestones.position);
    const open = milestones.filter((m) => !m.done).map((m) => m.key);
    if (open.length) throw new AppError('CLOSING_INCOMPLETE', undefined, undefined, undefined, open);
    const days = Math.max(0, daysBetween(room.acceptedOn, isoDay(now)));
    await tx
      .update(closingRooms)
      .set({
        status: 'closed',
        endedAt: now,
        daysToClose: days,
        proposedCloseDate: null,
        proposedBy: null,
        proposedAt: null,
      })
      .where(eq(closingRooms.id, room.id));
    await recordEvent(tx, room.id, ctx.reader.id, 'closed', { days }, now);
    await tx.update(offers).set({ status: 'closed', updatedAt: now }).where(eq(offers.id, room.offerId));
    await tx.insert(offerEvents).values({ offerId: room.offerId, kind: 'closed', actorId: ctx.reader.id });
    // Whatever else is still open on the deal is declined, as a sale does.
    await tx
      .update(offers)
      .set({ status: 'declined', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'open')));
    const [sold] = await tx
      .update(deals)
      .set({ status: 'sold', updatedAt: now, exclusiveUntil: null })
      .where(eq(deals.id, dealId))
      .returning();
    const people = await usersById(tx, [room.sellerId, room.buyerId, ctx.reader.id]);
    const seller = people.get(room.sellerId)!;
    await tx.insert(dealStatusHistory).values({
      dealId,
      status: 'sold',
      source: 'platform',
      comments: translate(seller.languagePreference, 'closing.history.closed', { days: String(days) }),
      actorId: ctx.reader.id,
    });
    await tell(
      tx,
      sold!,
      ctx.origin,
      nameOf(people.get(ctx.reader.id)),
      [seller, people.get(room.buyerId)!]
        .filter((u) => u.id !== ctx.reader.id)
        .map((u) => ({ recipient: u, email: 'closingClosed', bell: 'closed', vars: {} })),
    );
    return inTheRoom(room);
  });
}
