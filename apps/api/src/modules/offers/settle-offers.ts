/**
 * What a deal's status change does to its offers (DECISIONS.md, Deals and Offers): Reactivate
 * (pending → active, the sale fell through) releases the accepted offer and reopens the offers that
 * its acceptance declined, so the seller can take a backup offer; a deal that is sold, canceled or
 * deleted declines the offers still open. Runs in the status change's transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { DealStatus } from '@dealclub/shared/deals';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema';

export async function settleOffers(db: Db, dealId: string, from: DealStatus, to: DealStatus): Promise<void> {
  const now = new Date();
  if (from === 'pending' && to === 'active') {
    await db
      .update(offers)
      .set({ status: 'released', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'accepted')));
    await db
      .update(offers)
      .set({ status: 'open', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'declined')));
  } else if (to === 'sold' || to === 'canceled' || to === 'deleted') {
    await db
      .update(offers)
      .set({ status: 'declined', updatedAt: now })
      .where(and(eq(offers.dealId, dealId), eq(offers.status, 'open')));
  }
}
