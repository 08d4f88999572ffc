/**
 * A deal's status change (the originator's or a moderator's; DECISIONS.md, Deals), which lives with
 * the offers because what it does to them is most of it (DECISIONS.md, Deals and Offers): Reactivate
 * (pending → active, the sale fell through) releases the accepted offer and reopens the offers that
 * its acceptance declined, so the seller can take a backup offer; a deal that is sold, canceled or
 * deleted declines the offers still open (and closes their open counters). Runs in the status
 * change's transaction; each step goes into the offers' history.
 */
import { and, eq } from 'drizzle-orm';
import { canChangeStatus, type DealStatus } from '@dealclub/shared/deals';
import type { Db } from '../../db/client';
import type { DealRow } from '../../db/rows';
import { deals, dealStatusHistory, offers } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { endRoomOnStatusChange } from '../closing';
import { enqueueAlertFanOut } from '../deals';
import { recordOfferEvents, supersedeOpenCounters } from './offer-history';

async function settleOffers(
  db: Db,
  dealId: string,
  from: DealStatus,
  to: DealStatus,
  actorId: string | null = null,
): Promise<void> {
  const now = new Date();
  if (from === 'pending' && to === 'active') {
    const released = await db
      .update(offers)
      .set({ status: 'released', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'accepted')))
      .returning({ id: offers.id });
    await recordOfferEvents(
      db,
      released.map((o) => o.id),
      'released',
      actorId,
    );
    await db
      .update(offers)
      .set({ status: 'open', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'declined')));
  } else if (to === 'sold' || to === 'canceled' || to === 'deleted') {
    const declined = await db
      .update(offers)
      .set({ status: 'declined', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'open')))
      .returning({ id: offers.id });
    const ids = declined.map((o) => o.id);
    await supersedeOpenCounters(db, ids, now);
    await recordOfferEvents(db, ids, 'declined', actorId);
  }
}

export interface StatusChange {
  status: DealStatus;
  reason?: string | null;
  throughPlatform: boolean;
  comments?: string | null;
}

/**
 * Applies one status change of a deal under its row lock, with what it does to the offers; refuses
 * what the transition table does not allow.
 */
export async function changeDealStatus(
  db: Db,
  dealId: string,
  change: StatusChange,
  actorId: string,
): Promise<DealRow> {
  // Canceling needs a reason (core §5), whoever asks: the dialog, the API or a script.
  if (change.status === 'canceled' && !change.reason?.trim()) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      fieldError('reason', 'deals.validation.reasonRequired'),
    ]);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
    if (!current) throw new AppError('LISTING_NOT_FOUND');
    if (!canChangeStatus(current.status as DealStatus, change.status)) {
      throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
    }
    const now = new Date();
    const [row] = await tx
      .update(deals)
      .set({
        status: change.status,
        updatedAt: now,
        deletedAt: change.status === 'deleted' ? now : current.deletedAt,
        exclusiveUntil: change.status === 'exclusive' ? (current.exclusiveUntil ?? now) : null,
        // Reactivate: the accepted buyer no longer has a claim on the address.
        acceptedBuyerId: change.status === 'active' ? null : current.acceptedBuyerId,
      })
      .where(eq(deals.id, dealId))
      .returning();
    await settleOffers(tx, dealId, current.status as DealStatus, change.status, actorId);
    // A change by hand out of pending ends the deal's closing room (DECISIONS.md, The closing room).
    if (current.status === 'pending') await endRoomOnStatusChange(tx, dealId, change.status, actorId);
    await tx.insert(dealStatusHistory).values({
      dealId,
      status: change.status,
      source: change.throughPlatform ? 'platform' : 'off-platform',
      reason: change.reason?.trim() || null,
      comments: change.comments?.trim() || null,
      actorId,
    });
    // Visible to buyers it was hidden from: every matching buyer once the exclusive window is given
    // up; the priority buyers when it becomes exclusive. Each buyer is alerted once per deal.
    const visibleToMore = change.status === 'active' && current.status === 'exclusive';
    if (visibleToMore || change.status === 'exclusive') await enqueueAlertFanOut(tx, dealId);
    return row!;
  });
}
