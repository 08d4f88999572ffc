/**
 * The demo's closing rooms (issue 28), and the rooms of deals already pending when rooms arrived.
 *
 * The demo: on seller@demo.test's two pending demo deals, one room under
 * way — opened twelve days ago, its first steps done, the title commitment overdue — and one whose
 * first buyer fell through, so that its backup, buyer@demo.test, was promoted into a new room.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { addDays, isoDay } from '@dealclub/shared/closing';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import {
  closingEvents,
  closingMilestones,
  closingRooms,
  deals,
  offerEvents,
  offers,
  users,
} from '../../db/schema';
import { endContract } from './contract';
import { openClosingRoom } from './rooms';

const DAY = 24 * 3_600_000;

async function acceptedOffer(
  db: Db,
  deal: typeof deals.$inferSelect,
  buyerId: string,
  acceptedAt: Date,
  closeDate: string,
  status: 'accepted' | 'declined',
) {
  const creative = deal.category === 'creative';
  const [offer] = await db
    .insert(offers)
    .values({
      dealId: deal.id,
      buyerId,
      type: creative ? 'creative' : 'cash',
      purchasePrice: creative ? null : Math.round((deal.purchasePrice ?? 250000) * 0.97),
      entryFee: creative ? (deal.entryFee ?? 15000) : null,
      estimatedCloseDate: closeDate,
      message: 'Ready to move quickly.',
      status,
      acceptedAt: status === 'accepted' ? acceptedAt : null,
      acceptedBy: status === 'accepted' ? deal.originatorId : null,
      createdAt: new Date(acceptedAt.getTime() - 2 * DAY),
      updatedAt: acceptedAt,
    })
    .returning();
  await db.insert(offerEvents).values([
    {
      offerId: offer!.id,
      kind: 'submitted',
      actorId: buyerId,
      createdAt: new Date(acceptedAt.getTime() - 2 * DAY),
    },
    { offerId: offer!.id, kind: status, actorId: deal.originatorId, createdAt: acceptedAt },
  ]);
  return offer!;
}

async function tickAt(db: Db, roomId: string, key: string, userId: string, at: Date, note = '') {
  await db
    .update(closingMilestones)
    .set({ done: true, doneAt: at, doneBy: userId, note, version: 2 })
    .where(and(eq(closingMilestones.roomId, roomId), eq(closingMilestones.key, key)));
  await db
    .insert(closingEvents)
    .values({ roomId, actorId: userId, event: 'ticked', detail: { key, note }, at });
}

export const demoClosingSeed: Seed = {
  name: 'demo-closing',
  async run(db: Db, { config }) {
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['seller@demo.test', 'buyer@demo.test', 'hybrid@demo.test']));
    const id = (email: string) => people.find((p) => p.email === email)?.id;
    const seller = id('seller@demo.test');
    const buyer = id('buyer@demo.test');
    const hybrid = id('hybrid@demo.test');
    if (!seller || !buyer || !hybrid) return;
    const pending = await db
      .select()
      .from(deals)
      .where(and(eq(deals.originatorId, seller), eq(deals.status, 'pending')))
      .orderBy(asc(deals.createdAt))
      .limit(2);
    const [underWay, fellThrough] = pending;
    const now = new Date();

    if (underWay) {
      const acceptedAt = new Date(now.getTime() - 12 * DAY);
      const offer = await acceptedOffer(
        db,
        underWay,
        buyer,
        acceptedAt,
        addDays(isoDay(now), 18),
        'accepted',
      );
      await db.update(deals).set({ acceptedBuyerId: buyer }).where(eq(deals.id, underWay.id));
      const room = await openClosingRoom(db, underWay, offer, seller, { now: acceptedAt });
      await tickAt(
        db,
        room.id,
        'emd-deposited',
        buyer,
        new Date(acceptedAt.getTime() + 1 * DAY),
        'Wired to Lone Star Title',
      );
      await tickAt(
        db,
        room.id,
        'escrow-opened',
        seller,
        new Date(acceptedAt.getTime() + 2 * DAY),
        'Lone Star Title, file 24-118',
      );
      // The first step of the deal's kind, whichever it is (the others have no such milestone).
      const firstOfKind = {
        'proof-of-funds': buyer,
        'mortgage-statement': seller,
        'note-and-deed-drafted': seller,
      };
      for (const [key, by] of Object.entries(firstOfKind))
        await db
          .update(closingMilestones)
          .set({ done: true, doneAt: new Date(acceptedAt.getTime() + DAY), doneBy: by, version: 2 })
          .where(and(eq(closingMilestones.roomId, room.id), eq(closingMilestones.key, key)));
      // The title commitment was due two days ago: overdue.
    }

    if (fellThrough) {
      const acceptedAt = new Date(now.getTime() - 20 * DAY);
      const closeDate = addDays(isoDay(now), 25);
      const first = await acceptedOffer(db, fellThrough, hybrid, acceptedAt, closeDate, 'accepted');
      const backup = await acceptedOffer(db, fellThrough, buyer, acceptedAt, closeDate, 'declined');
      await db.update(deals).set({ acceptedBuyerId: hybrid }).where(eq(deals.id, fellThrough.id));
      await openClosingRoom(db, fellThrough, first, seller, { now: acceptedAt, backups: [backup.id] });
      await endContract(db, fellThrough.id, 'fall-through', "The buyer's lender withdrew the loan approval", {
        reader: { id: seller, isAdmin: false },
        origin: config?.origin ?? '',
        now: new Date(now.getTime() - 5 * DAY),
      });
    }
  },
  summary: [
    'Closing rooms: seller@demo.test has one deal in closing (a milestone overdue) and one that fell through to its backup.',
  ],
};

/**
 * Deals that were already pending when the closing room arrived: each accepted offer without a room
 * gets one, opened as of its acceptance (its due dates count from then). Runs once per database,
 * with the product's seeds, whether or not the demo is on.
 */
export const closingBackfillSeed: Seed = {
  name: 'closing-backfill',
  async run(db: Db) {
    const waiting = await db
      .select({ deal: deals, offer: offers })
      .from(offers)
      .innerJoin(deals, eq(deals.id, offers.dealId))
      .leftJoin(closingRooms, eq(closingRooms.offerId, offers.id))
      .where(and(eq(offers.status, 'accepted'), eq(deals.status, 'pending'), isNull(closingRooms.id)));
    // Each room with its milestones, or not at all.
    for (const { deal, offer } of waiting) {
      await db.transaction((tx) =>
        openClosingRoom(tx, deal, offer, offer.acceptedBy, { now: offer.acceptedAt ?? offer.updatedAt }),
      );
    }
  },
};
