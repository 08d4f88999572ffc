/**
 * Interests and offers (core §3–§5, DECISIONS.md Offers and interests): express interest, submit
 * (or replace) an offer, accept one. Each runs in one transaction with the deal's row locked, so an
 * offer cannot slip in while another is being accepted and two accepts cannot both win; the unique
 * indexes on `offers` (one open offer per buyer and deal, one accepted offer per deal) back this up.
 * E-mails and webhook events are written in the same transaction and sent after it commits.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  OFFERABLE_STATUSES,
  INTEREST_STATUSES,
  offerTypesFor,
  type OfferValues,
} from '@dealclub/shared/offers';
import type { DealStatus } from '@dealclub/shared/deals';
import { personName } from '@dealclub/shared/format';
import type { NotificationType, SystemEvent } from '@dealclub/shared/chat-rules';
import type { OfferEventKind } from '@dealclub/shared/counter-rules';
import { queryRows, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { outerRef, rowFromJson } from '../../db/json-rows';
import { prebuilt } from '../../db/prepared';
import { dealStatusHistory, deals, interests, offerEvents, offers, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { managesDeal, visibleTo, type Viewer } from '../deals';
import { addMessage, announce, ensureThread, type Announcement } from '../chat';
import { openClosingRoom, ringClosing } from '../closing';
import type { RealtimePublisher } from '../realtime';
import { enqueueWebhookEvent } from '../webhooks';
import { offerWords } from './notify';
import { placeFor } from '../deals';
import { notificationMessages, notifyUser, outboxInsert, type OutgoingMessage } from '../outbox';
import {
  offerEventValues,
  recordOfferEvents,
  supersedeOpenCounters,
  supersedeOpenCountersUpdate,
  type CounterRow,
} from './offer-history';
import { acknowledgementProblem } from '@dealclub/shared/trust-rules';
import { dealDisclosures } from '../trust';
import type { DealRow, UserRow } from '../../db/rows';

export type OfferRow = typeof offers.$inferSelect;
export type InterestRow = typeof interests.$inferSelect;

export function offerOf(row: OfferRow) {
  return {
    id: row.id,
    dealId: row.dealId,
    type: row.type,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    estimatedCloseDate: row.estimatedCloseDate,
    message: row.message,
    /** The deal's disclosures the buyer acknowledged with a creative offer. */
    acknowledgedRisks: row.acknowledgedRisks,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    replacesId: row.replacesId,
    /** The counter whose terms the buyer accepted, when the offer was accepted that way. */
    acceptedCounterId: row.acceptedCounterId,
  };
}

export function interestOf(row: InterestRow) {
  return {
    id: row.id,
    dealId: row.dealId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the seller's tables, exports and webhook say of a buyer. */
export function buyerOf(
  user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'certifiedBuyer'>,
) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    certifiedBuyer: user.certifiedBuyer,
  };
}

/**
 * The deal the viewer may say they are interested in or make an offer on: one they see ('Listing not
 * found' otherwise, whether it does not exist or is hidden from them), not their own (`OWN_DEAL`).
 */
export async function dealForBuyer(db: Db, viewer: Viewer, dealId: string): Promise<DealRow> {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), visibleTo(viewer)));
  return buyersDeal(deal, viewer);
}

/** The deal read under the viewer's visibility: 'Listing not found' when none, `OWN_DEAL` when theirs. */
function buyersDeal(deal: DealRow | undefined, viewer: Viewer): DealRow {
  if (!deal) throw new AppError('LISTING_NOT_FOUND');
  if (deal.originatorId === viewer.id) throw new AppError('OWN_DEAL');
  return deal;
}

/**
 * {@link dealForBuyer}, locked for the rest of the transaction, with its seller's row read in the
 * same statement (an interest and an offer tell the seller).
 */
async function lockedDealForBuyer(tx: Db, viewer: Viewer, dealId: string) {
  const [row] = await lockedDealStatement[viewer.isAdmin ? 1 : 0]!(tx, { dealId, viewerId: viewer.id });
  const deal = buyersDeal(row && rowFromJson(deals, row.deal), viewer);
  return { deal, seller: rowFromJson(users, row!.seller) };
}

/** {@link lockedDealForBuyer}'s statement, built once for a viewer who is not an admin, and one who is. */
const lockedDealStatement = [false, true].map((isAdmin) =>
  prebuilt<{ deal: Record<string, unknown>; seller: Record<string, unknown> }>(
    'locked_deal_for_buyer',
    () => sql`select to_json(${deals}) as deal, to_json(${users}) as seller
      from ${deals} join ${users} on ${users.id} = ${deals.originatorId}
      where ${deals.id} = ${sql.placeholder('dealId')}
        and ${visibleTo({ id: sql.placeholder('viewerId'), isAdmin })}
      for update of ${deals}`,
  ),
);

/** The deal locked (FOR UPDATE, so acceptances and counters of one deal go one at a time) and the offer. */
async function lockDealAndOffer(tx: Db, dealId: string, offerId: string) {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!deal || !offer) throw new AppError('OFFER_NOT_FOUND');
  return { deal, offer };
}

/** Why an offer can no longer be accepted, countered or have its counter taken; null when it can. */
function offerClosedError(deal: DealRow, offer: OfferRow): AppError | null {
  if (offer.status === 'accepted' || deal.acceptedBuyerId) return new AppError('OFFER_ALREADY_ACCEPTED');
  if (offer.status !== 'open') return new AppError('OFFER_NOT_OPEN');
  if (!OFFERABLE_STATUSES.includes(deal.status as DealStatus)) return notOpenError(deal.status);
  return null;
}

/**
 * A step on an open offer — an accept, a counter, an answer to one — in one transaction holding the
 * deal's row lock, the offer checked still open; what the step announces goes out once it has
 * committed. Should two acceptances of one deal get past the lock, the unique index has the last
 * word: OFFER_ALREADY_ACCEPTED.
 */
export async function onOpenOffer<T>(
  db: Db,
  actor: Actor,
  known: { dealId: string; id: string },
  step: (tx: Db, deal: DealRow, offer: OfferRow, announcements: Announcement[]) => Promise<T>,
): Promise<T> {
  const announcements: Announcement[] = [];
  try {
    const result = await db.transaction(async (tx) => {
      const { deal, offer } = await lockDealAndOffer(tx, known.dealId, known.id);
      const refusal = offerClosedError(deal, offer);
      if (refusal) throw refusal;
      return step(tx, deal, offer, announcements);
    });
    await announce(actor.realtime, announcements);
    return result;
  } catch (error) {
    if (isUniqueViolation(error, 'offers_one_accepted_per_deal_idx'))
      throw new AppError('OFFER_ALREADY_ACCEPTED');
    throw error;
  }
}

export function notOpenError(status: string): AppError {
  return new AppError(status === 'pending' ? 'DEAL_PENDING' : 'DEAL_UNAVAILABLE');
}

export async function userRow(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** What the webhook says of an offer: the offer, the deal (the seller's own, so with its address) and the buyer. */
export function offerEventData(offer: OfferRow, deal: DealRow, buyer: UserRow, origin: string) {
  return {
    offer: offerOf(offer),
    deal: {
      id: deal.id,
      url: `${origin}/deals/${deal.id}`,
      status: deal.status,
      streetAddress: deal.streetAddress,
      unit: deal.unit,
      city: deal.city,
      state: deal.state,
      zipCode: deal.zipCode,
      category: deal.category,
      purchaseType: deal.purchaseType,
      purchasePrice: deal.purchasePrice,
      entryFee: deal.entryFee,
    },
    buyer: buyerOf(buyer),
  };
}

export interface Actor {
  viewer: Viewer;
  /** The acting user's row as the request's authentication read it (read again when absent). */
  row?: UserRow;
  /** Where links in e-mails and webhook payloads point. */
  origin: string;
  /** Announces the system messages of the conversation once the transaction commits. */
  realtime?: RealtimePublisher;
}

/** An offer's figures as a system message keeps them (words filled in the reader's language). */
export const offerParams = (
  offer: Pick<OfferRow, 'type' | 'purchasePrice' | 'entryFee' | 'estimatedCloseDate'>,
) => ({
  type: offer.type,
  amount: (offer.type === 'cash' ? offer.purchasePrice : offer.entryFee) ?? 0,
  closeDate: offer.estimatedCloseDate,
});

function offerParamWords(language: string, params: Record<string, string | number>) {
  const type = String(params.type);
  return {
    ...offerWords(language, {
      type,
      purchasePrice: type === 'cash' ? Number(params.amount) : null,
      entryFee: type === 'cash' ? null : Number(params.amount),
    }),
    closeDate: String(params.closeDate ?? ''),
  };
}

/**
 * Posts a marketplace event into the deal's conversation with the buyer (DECISIONS.md): the
 * thread is made by the first event; the other side is notified and, after the commit, told live.
 */
export async function postEvent(
  db: Db,
  deal: DealRow,
  buyerId: string,
  sender: UserRow,
  event: SystemEvent,
  body: string,
  params?: Record<string, string | number>,
  notification?: NotificationType,
  /** The other side's row, when the caller has read it (not read again). */
  recipient?: UserRow,
): Promise<Announcement> {
  const { thread, created } = await ensureThread(db, deal, buyerId);
  const { announcement } = await addMessage(
    db,
    { thread, locked: true, created, sender, recipient, kind: 'system', event, params, body, notification },
    offerParamWords,
  );
  return announcement;
}

/** Express interest (or update it): one interest per buyer and deal, the seller told. */
export async function expressInterest(
  db: Db,
  actor: Actor,
  dealId: string,
  message: string,
): Promise<InterestRow> {
  const announcements: Announcement[] = [];
  const result = await db.transaction(async (tx) => {
    const { deal, seller } = await lockedDealForBuyer(tx, actor.viewer, dealId);
    if (!INTEREST_STATUSES.includes(deal.status as DealStatus)) throw notOpenError(deal.status);
    const now = new Date();
    const [interest] = await tx
      .insert(interests)
      .values({ dealId, buyerId: actor.viewer.id, message })
      .onConflictDoUpdate({
        target: [interests.dealId, interests.buyerId],
        set: { message, updatedAt: now },
      })
      .returning();
    const buyer = actor.row ?? (await userRow(tx, actor.viewer.id));
    await notifyUser(
      tx,
      seller,
      'offer_interest',
      { subject: 'email.interestSubject', body: 'email.interestBody' },
      () => ({
        place: placeFor(seller, deal),
        buyer: personName(buyer),
        message,
        link: `${actor.origin}/deals/${deal.id}/offers`,
      }),
    );
    announcements.push(
      await postEvent(tx, deal, buyer.id, buyer, 'interest', message, undefined, undefined, seller),
    );
    return interest!;
  });
  await announce(actor.realtime, announcements);
  return result;
}

/**
 * Submit an offer: refused on the buyer's own deal and on deals that take no offers; a creative
 * offer is refused on a cash deal. The buyer's open offer on the deal, if any, is replaced (kept as
 * `replaced`). The seller is told by e-mail and, if they set one up, by their webhook.
 */
/**
 * A creative offer acknowledges every disclosure of the deal as it stands now (DECISIONS.md, Trust
 * on creative terms): an unknown key is a 400; a missing one (the terms changed since the buyer
 * read them, or they skipped one) a 422 that names the keys to acknowledge.
 */
function checkAcknowledgedRisks(deal: DealRow, values: OfferValues) {
  if (values.type !== 'creative') return;
  const required = dealDisclosures(deal).map((d) => d.key);
  const problem = acknowledgementProblem(required, values.acknowledgedRisks);
  if (problem === 'unknown') throw new AppError('UNKNOWN_DISCLOSURE');
  if (problem === 'missing') {
    throw new AppError('RISKS_NOT_ACKNOWLEDGED', undefined, [
      fieldError('acknowledgedRisks', 'offers.validation.risks'),
    ]);
  }
}

/**
 * The buyer's new offer on the deal, in ONE statement of data-modifying CTEs (issue 32; one round
 * trip instead of three to five): their open offer, if any, marked `replaced`, its open counters
 * superseded and the step recorded; the new offer (naming the one it replaces) and its `submitted`
 * step. The update runs before the insert reads its id, so the index of one open offer per buyer
 * and deal sees the old one replaced (data-modifying CTEs have no order of their own: it is the
 * insert's `replaces_id` reading `replaced` that runs the update first, and must stay). The id is
 * made here so that the step names it unread. `told`: the seller's messages, written to the outbox
 * by the same statement.
 */
async function insertOffer(
  tx: Db,
  dealId: string,
  buyerId: string,
  values: OfferValues,
  told: OutgoingMessage[],
): Promise<OfferRow> {
  const id = randomUUID();
  const now = new Date();
  const replaced = sql`(select id from replaced)`;
  const replace = tx
    .update(offers)
    .set({ status: 'replaced', updatedAt: now })
    .where(and(eq(offers.dealId, dealId), eq(offers.buyerId, buyerId), eq(offers.status, 'open')))
    .returning({ id: offers.id });
  const supersede = supersedeOpenCountersUpdate(tx, replaced, now);
  const insert = tx
    .insert(offers)
    .values({
      id,
      dealId,
      buyerId,
      type: values.type,
      purchasePrice: values.purchasePrice,
      entryFee: values.entryFee,
      estimatedCloseDate: values.estimatedCloseDate,
      message: values.message,
      acknowledgedRisks: values.acknowledgedRisks,
      replacesId: replaced,
    })
    .returning();
  const submitted = tx.insert(offerEvents).values(
    offerEventValues(id, 'submitted', buyerId, {
      terms: {
        purchasePrice: values.purchasePrice ?? null,
        entryFee: values.entryFee ?? null,
        estimatedCloseDate: values.estimatedCloseDate,
        message: values.message,
      },
    }),
  );
  const [row] = await queryRows<{ offer: Record<string, unknown> }>(
    tx,
    sql`with replaced as (${replace.getSQL()}), superseded as (${supersede.getSQL()}),
        replaced_step as (insert into ${offerEvents} (offer_id, kind, actor_id)
          select id, ${'replaced' satisfies OfferEventKind}, ${buyerId}::uuid from replaced),
        inserted as (${insert.getSQL()}), submitted as (${submitted.getSQL()})
        ${told.length ? sql`, told as (${outboxInsert(tx, told).getSQL()})` : sql``}
      select to_json(inserted) as offer from inserted`,
  );
  return rowFromJson(offers, row!.offer);
}

export async function submitOffer(
  db: Db,
  actor: Actor,
  dealId: string,
  values: OfferValues,
): Promise<OfferRow> {
  const announcements: Announcement[] = [];
  const result = await db.transaction(async (tx) => {
    const { deal, seller } = await lockedDealForBuyer(tx, actor.viewer, dealId);
    if (!OFFERABLE_STATUSES.includes(deal.status as DealStatus)) throw notOpenError(deal.status);
    if (!offerTypesFor(deal.category).includes(values.type)) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        fieldError('type', 'offers.validation.cashDealCashOnly'),
      ]);
    }
    checkAcknowledgedRisks(deal, values);
    const buyer = actor.row ?? (await userRow(tx, actor.viewer.id));
    // The seller's e-mail is written with the offer, in its statement.
    const told = notificationMessages(
      seller,
      'offer_submitted',
      { subject: 'email.offerSubject', body: 'email.offerBody' },
      (language) => ({
        place: placeFor(seller, deal),
        buyer: personName(buyer),
        ...offerWords(language, values),
        closeDate: values.estimatedCloseDate,
        link: `${actor.origin}/deals/${deal.id}/offers`,
      }),
    );
    const offer = await insertOffer(tx, dealId, actor.viewer.id, values, told);
    await enqueueWebhookEvent(
      tx,
      seller,
      'offer.submitted',
      offerEventData(offer!, deal, buyer, actor.origin),
    );
    announcements.push(
      await postEvent(
        tx,
        deal,
        buyer.id,
        buyer,
        'offer',
        offer!.message,
        offerParams(offer!),
        undefined,
        seller,
      ),
    );
    return offer!;
  });
  await announce(actor.realtime, announcements);
  return result;
}

/** The offer, if the viewer manages its deal (its originator or an admin); 'Offer not found' otherwise. */
export async function managedOffer(db: Db, viewer: Viewer, offerId: string): Promise<OfferRow> {
  const [found] = await db
    .select({ offer: offers, originatorId: deals.originatorId })
    .from(offers)
    .innerJoin(deals, eq(deals.id, offers.dealId))
    .where(and(eq(offers.id, offerId), ne(deals.status, 'deleted')));
  if (!found || !managesDeal(viewer, found)) throw new AppError('OFFER_NOT_FOUND');
  return found.offer;
}

/**
 * Accept an offer (core §4): in one transaction with the deal's row locked, the offer becomes the
 * deal's one accepted offer, the other open offers are declined, the deal turns pending (source:
 * platform, a history entry) and both parties are told; the seller's webhook gets `offer.accepted`.
 */
export async function acceptOffer(
  db: Db,
  actor: Actor,
  offerId: string,
): Promise<{ offer: OfferRow; deal: DealRow }> {
  const known = await managedOffer(db, actor.viewer, offerId);
  return onOpenOffer(db, actor, known, (tx, deal, offer, announcements) =>
    completeAcceptance(tx, actor, deal, offer, announcements),
  );
}

/**
 * The acceptance itself, in the caller's transaction with the deal locked and the offer checked
 * open: shared by the seller's accept and the buyer's acceptance of a counter (`counter`, whose
 * terms the offer then carries), so both follow the one exactly-one-accepted rule. The other open
 * offers are declined and every open counter on them closed; each step goes into the history.
 */
export async function completeAcceptance(
  tx: Db,
  actor: Actor,
  deal: DealRow,
  offer: OfferRow,
  announcements: Announcement[],
  counter?: CounterRow,
): Promise<{ offer: OfferRow; deal: DealRow }> {
  const now = new Date();
  const [accepted] = await tx
    .update(offers)
    .set({
      status: 'accepted',
      acceptedAt: now,
      acceptedBy: actor.viewer.id,
      updatedAt: now,
      ...(counter
        ? {
            purchasePrice: counter.purchasePrice,
            entryFee: counter.entryFee,
            estimatedCloseDate: counter.estimatedCloseDate,
            acceptedCounterId: counter.id,
          }
        : {}),
    })
    .where(eq(offers.id, offer.id))
    .returning();
  const declined = await tx
    .update(offers)
    .set({ status: 'declined', updatedAt: now })
    .where(and(eq(offers.dealId, deal.id), eq(offers.status, 'open')))
    .returning({ id: offers.id });
  const declinedIds = declined.map((d) => d.id);
  await supersedeOpenCounters(tx, [offer.id, ...declinedIds], now);
  await recordOfferEvents(
    tx,
    [offer.id],
    counter ? 'counter_accepted' : 'accepted',
    actor.viewer.id,
    counter ? { counterId: counter.id, terms: counter } : { terms: accepted! },
  );
  await recordOfferEvents(tx, declinedIds, 'declined', actor.viewer.id);
  const [pending] = await tx
    .update(deals)
    .set({ status: 'pending', acceptedBuyerId: offer.buyerId, exclusiveUntil: null, updatedAt: now })
    .where(eq(deals.id, deal.id))
    .returning();
  // The closing room opens with the acceptance (DECISIONS.md, The closing room).
  await openClosingRoom(tx, deal, accepted!, actor.viewer.id, { now });

  const [buyer, seller, actorRow] = await Promise.all([
    userRow(tx, offer.buyerId),
    userRow(tx, deal.originatorId),
    userRow(tx, actor.viewer.id),
  ]);
  await tx.insert(dealStatusHistory).values({
    dealId: deal.id,
    status: 'pending',
    source: 'platform',
    comments: translate(
      actorRow.languagePreference,
      counter ? 'offers.history.counterAccepted' : 'offers.history.accepted',
      { buyer: personName(buyer), ...offerWords(actorRow.languagePreference, accepted!) },
    ),
    actorId: actor.viewer.id,
  });
  const link = `${actor.origin}/deals/${deal.id}/closing`;
  const mails = counter
    ? {
        template: 'counter_accepted',
        buyer: { subject: 'email.counterAcceptedBuyerSubject', body: 'email.counterAcceptedBuyerBody' },
        seller: { subject: 'email.counterAcceptedSellerSubject', body: 'email.counterAcceptedSellerBody' },
      }
    : {
        template: 'offer_accepted',
        buyer: { subject: 'email.offerAcceptedBuyerSubject', body: 'email.offerAcceptedBuyerBody' },
        seller: { subject: 'email.offerAcceptedSellerSubject', body: 'email.offerAcceptedSellerBody' },
      };
  await ringClosing(tx, deal.id, [buyer, seller], personName(actorRow), 'opened');
  await notifyUser(tx, buyer, mails.template, mails.buyer, (language) => ({
    place: placeFor(buyer, pending!),
    ...offerWords(language, accepted!),
    link,
  }));
  await notifyUser(tx, seller, mails.template, mails.seller, (language) => ({
    place: placeFor(seller, pending!),
    buyer: personName(buyer),
    ...offerWords(language, accepted!),
    link,
  }));
  await enqueueWebhookEvent(
    tx,
    seller,
    'offer.accepted',
    offerEventData(accepted!, pending!, buyer, actor.origin),
  );
  announcements.push(
    counter
      ? await postEvent(
          tx,
          pending!,
          buyer.id,
          buyer,
          'counter_accepted',
          '',
          offerParams(accepted!),
          'counter_accepted',
        )
      : await postEvent(tx, pending!, buyer.id, seller, 'offer_accepted', '', offerParams(accepted!)),
  );
  return { offer: accepted!, deal: pending! };
}

/**
 * SQL: the counts shown to the deal's manager on its page, `{ interests, offers }` as JSON, for the
 * deal `dealId` (a column of the enclosing query): read in the statement that reads the page.
 */
export function engagementSql(dealId: SQLWrapper): SQL<{ interests: number; offers: number }> {
  const deal = outerRef(dealId);
  return sql`json_build_object(
    'interests', (select count(*)::int from ${interests} i where i.deal_id = ${deal}),
    'offers', (select count(*)::int from ${offers} o where o.deal_id = ${deal} and o.status <> 'replaced'))`;
}
