/**
 * What a deal's status change does to its offers (DECISIONS.md, Deals and Offers): Reactivate
 * (pending → active, the sale fell through) releases the accepted offer and reopens the offers that
 * its acceptance declined, so the seller can take a backup offer; a deal that is sold, canceled or
 * deleted declines the offers still open (and closes their open counters). Runs in the status
 * change's transaction; each step goes into the offers' history.
 */
import { and, eq } from 'drizzle-orm';
import type { DealStatus } from '@dealclub/shared/deals';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema';
import { recordOfferEvents, supersedeOpenCounters } from './offer-history';

export async function settleOffers(
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
