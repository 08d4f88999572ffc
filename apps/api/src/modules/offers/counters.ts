/**
 * Counter-offers (DECISIONS.md, Trust on creative terms; API.md, trust): the deal's originator (or an
 * admin, as for accepting) counters an open offer with new terms; the buyer accepts the latest open
 * counter — the offer then becomes the deal's one accepted offer on the counter's terms, through the
 * same acceptance as the seller's accept — or declines it. A counter expires 72 hours after it was
 * made: it is refused from that moment, and a job marks it expired in the history.
 *
 * Every step runs in one transaction with the deal's row locked, as accepting does, so a counter, an
 * acceptance of a counter and the seller's accept of another offer are taken one at a time.
 */
import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  counterExpiry,
  counterStatusAt,
  counterTermsFor,
  COUNTER_TTL_HOURS,
  type CounterBody,
} from '@dealclub/shared/counters';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import { deals, offerCounters, offerEvents, offers } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { managesDeal, placeFor, type Viewer } from '../deals';
import { enqueueJob } from '../jobs';
import { enqueueWebhookEvent } from '../webhooks';
import { offerWords } from './notify';
import { notifyUser } from '../outbox';
import { counterOf, recordOfferEvents, type CounterRow } from './offer-history';
import {
  completeAcceptance,
  managedOffer,
  offerEventData,
  offerParams,
  onOpenOffer,
  postEvent,
  userRow,
  type Actor,
  type OfferRow,
} from './service';
import type { DealRow } from '../../db/rows';

/** The durable job that marks a counter expired once its 72 hours are over. */
export const COUNTER_EXPIRY_JOB = 'offers.counter-expiry';
/** Counters one run of the expiry marks at most; the job runs again while more are due. */
export const COUNTER_EXPIRY_BATCH = 100;

/** Marks `counter` expired (as of its expiry) with a history step, if it is still open. */
async function expireCounter(tx: Db, counter: CounterRow): Promise<boolean> {
  const expired = await tx
    .update(offerCounters)
    .set({ status: 'expired', decidedAt: counter.expiresAt })
    .where(and(eq(offerCounters.id, counter.id), eq(offerCounters.status, 'open')))
    .returning({ id: offerCounters.id });
  if (!expired.length) return false;
  await recordOfferEvents(tx, [counter.offerId], 'counter_expired', null, {
    counterId: counter.id,
    terms: counter,
    at: counter.expiresAt,
  });
  return true;
}

/**
 * Counter an open offer: the originator (or an admin) names the amount of the offer's type, a close
 * date and a message. The open counter, if any, is superseded (or expired, if its time is over).
 * The buyer is told in the conversation (and the bell), by e-mail; the seller's webhook gets
 * `offer.countered`.
 */
export async function counterOffer(
  db: Db,
  actor: Actor,
  offerId: string,
  body: CounterBody,
): Promise<{ offer: OfferRow; counter: CounterRow }> {
  const known = await managedOffer(db, actor.viewer, offerId);
  const parsed = counterTermsFor(known.type, body);
  if ('error' in parsed) {
    throw new AppError('VALIDATION_FAILED', undefined, [fieldError(parsed.error.path, parsed.error.key)]);
  }
  const { terms } = parsed;
  return onOpenOffer(db, actor, known, async (tx, deal, offer, announcements) => {
    const now = new Date();
    const [current] = await tx
      .select()
      .from(offerCounters)
      .where(and(eq(offerCounters.offerId, offer.id), eq(offerCounters.status, 'open')));
    if (current) {
      if (counterStatusAt(current, now) === 'expired') await expireCounter(tx, current);
      else {
        await tx
          .update(offerCounters)
          .set({ status: 'superseded', decidedAt: now })
          .where(eq(offerCounters.id, current.id));
      }
    }
    const [counter] = await tx
      .insert(offerCounters)
      .values({ offerId: offer.id, createdBy: actor.viewer.id, ...terms, expiresAt: counterExpiry(now) })
      .returning();
    await recordOfferEvents(tx, [offer.id], 'countered', actor.viewer.id, { counterId: counter!.id, terms });
    await enqueueJob(tx, {
      type: COUNTER_EXPIRY_JOB,
      payload: { counterId: counter!.id },
      runAt: counter!.expiresAt,
    });

    const [buyer, seller] = await Promise.all([userRow(tx, offer.buyerId), userRow(tx, deal.originatorId)]);
    const countered = { type: offer.type, ...terms };
    await notifyUser(
      tx,
      buyer,
      'offer_countered',
      { subject: 'email.counterSubject', body: 'email.counterBody' },
      (language) => ({
        place: placeFor(buyer, deal),
        seller: personName(seller),
        ...offerWords(language, countered),
        closeDate: terms.estimatedCloseDate,
        hours: String(COUNTER_TTL_HOURS),
        message: terms.message || '—',
        link: `${actor.origin}/deals/${deal.id}`,
      }),
    );
    await enqueueWebhookEvent(tx, seller, 'offer.countered', {
      ...offerEventData(offer, deal, buyer, actor.origin),
      counter: counterOf(counter!, now),
    });
    announcements.push(
      await postEvent(
        tx,
        deal,
        buyer.id,
        seller,
        'offer_countered',
        terms.message,
        offerParams(countered),
        'offer_countered',
      ),
    );
    return { offer, counter: counter! };
  });
}

/**
 * The offer, if the viewer made it. The deal's manager knows it exists and is told only the buyer
 * answers a counter (403); for anyone else it does not exist (404).
 */
export async function buyersOffer(db: Db, viewer: Viewer, offerId: string): Promise<OfferRow> {
  const [found] = await db
    .select({ offer: offers, originatorId: deals.originatorId })
    .from(offers)
    .innerJoin(deals, eq(deals.id, offers.dealId))
    .where(and(eq(offers.id, offerId), ne(deals.status, 'deleted')));
  if (!found) throw new AppError('OFFER_NOT_FOUND');
  if (found.offer.buyerId !== viewer.id) {
    throw new AppError(managesDeal(viewer, found) ? 'COUNTER_BUYER_ONLY' : 'OFFER_NOT_FOUND');
  }
  return found.offer;
}

/**
 * The counter the buyer answers: the offer's latest, open and within its 72 hours. `counterId`,
 * when the buyer names the counter they saw, must be that latest one.
 */
async function answerableCounter(tx: Db, offerId: string, counterId: string | undefined, now: Date) {
  const [latest] = await tx
    .select()
    .from(offerCounters)
    .where(eq(offerCounters.offerId, offerId))
    .orderBy(desc(offerCounters.createdAt), desc(offerCounters.id))
    .limit(1);
  if (counterId && counterId !== latest?.id) {
    const [named] = await tx
      .select({ id: offerCounters.id })
      .from(offerCounters)
      .where(and(eq(offerCounters.id, counterId), eq(offerCounters.offerId, offerId)));
    throw new AppError(named ? 'COUNTER_SUPERSEDED' : 'COUNTER_NOT_OPEN');
  }
  if (!latest) throw new AppError('COUNTER_NOT_OPEN');
  const status = counterStatusAt(latest, now);
  if (status === 'expired') throw new AppError('COUNTER_EXPIRED');
  if (status !== 'open') throw new AppError('COUNTER_NOT_OPEN');
  return latest;
}

/** Sets the counter's decision if it is still open and within its time; the expiry job may have come first. */
async function decide(tx: Db, counter: CounterRow, status: 'accepted' | 'declined', now: Date) {
  const [decided] = await tx
    .update(offerCounters)
    .set({ status, decidedAt: now })
    .where(
      and(
        eq(offerCounters.id, counter.id),
        eq(offerCounters.status, 'open'),
        sql`${offerCounters.expiresAt} > ${now}`,
      ),
    )
    .returning();
  if (!decided) throw new AppError('COUNTER_EXPIRED');
  return decided;
}

/**
 * The buyer accepts the latest counter: under the deal's row lock, the offer becomes the deal's one
 * accepted offer on the counter's terms (`completeAcceptance`, as the seller's accept: the deal
 * turns pending, the other offers are declined, both are told, `offer.accepted` is sent).
 */
export async function acceptCounter(
  db: Db,
  actor: Actor,
  offerId: string,
  counterId?: string,
): Promise<{ offer: OfferRow; deal: DealRow }> {
  const known = await buyersOffer(db, actor.viewer, offerId);
  return onOpenOffer(db, actor, known, async (tx, deal, offer, announcements) => {
    const now = new Date();
    const counter = await answerableCounter(tx, offer.id, counterId, now);
    const accepted = await decide(tx, counter, 'accepted', now);
    return completeAcceptance(tx, actor, deal, offer, announcements, accepted);
  });
}

/** The buyer declines the latest counter; their offer stays open as it was, and the seller is told. */
export async function declineCounter(
  db: Db,
  actor: Actor,
  offerId: string,
  counterId?: string,
): Promise<OfferRow> {
  const known = await buyersOffer(db, actor.viewer, offerId);
  return onOpenOffer(db, actor, known, async (tx, deal, offer, announcements) => {
    const now = new Date();
    const counter = await answerableCounter(tx, offer.id, counterId, now);
    await decide(tx, counter, 'declined', now);
    await recordOfferEvents(tx, [offer.id], 'counter_declined', actor.viewer.id, {
      counterId: counter.id,
      terms: { ...counter, message: '' },
    });
    const [buyer, seller] = await Promise.all([userRow(tx, offer.buyerId), userRow(tx, deal.originatorId)]);
    const countered = { type: offer.type, ...counter };
    await notifyUser(
      tx,
      seller,
      'counter_declined',
      { subject: 'email.counterDeclinedSubject', body: 'email.counterDeclinedBody' },
      (language) => ({
        place: placeFor(seller, deal),
        buyer: personName(buyer),
        ...offerWords(language, countered),
        link: `${actor.origin}/deals/${deal.id}/offers`,
      }),
    );
    announcements.push(
      await postEvent(
        tx,
        deal,
        buyer.id,
        buyer,
        'counter_declined',
        '',
        offerParams(countered),
        'counter_declined',
      ),
    );
    return offer;
  });
}

/**
 * Marks the open counters whose 72 hours are over as expired, each with a history step dated at its
 * expiry; returns how many. Rows another run (or an answer of the buyer) holds are skipped, and only
 * counters still open are marked, so two workers running at once mark each counter once.
 */
export async function expireDueCounters(db: Db, now = new Date(), limit = COUNTER_EXPIRY_BATCH) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(offerCounters)
      .where(and(eq(offerCounters.status, 'open'), lte(offerCounters.expiresAt, now)))
      .orderBy(asc(offerCounters.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return 0;
    await tx
      .update(offerCounters)
      .set({ status: 'expired', decidedAt: sql`${offerCounters.expiresAt}` })
      .where(
        inArray(
          offerCounters.id,
          due.map((c) => c.id),
        ),
      );
    await tx.insert(offerEvents).values(
      due.map((c) => ({
        offerId: c.offerId,
        kind: 'counter_expired',
        actorId: null,
        counterId: c.id,
        purchasePrice: c.purchasePrice,
        entryFee: c.entryFee,
        estimatedCloseDate: c.estimatedCloseDate,
        createdAt: c.expiresAt,
      })),
    );
    return due.length;
  });
}

/** The expiry job's handler: marks every due counter (not only the job's own), batch after batch. */
export function counterExpiryHandler(db: Db) {
  return async () => {
    while ((await expireDueCounters(db)) === COUNTER_EXPIRY_BATCH);
  };
}
