/**
 * The reads of the offers calls: a managed deal, a deal's interests and offers (the comparison
 * table, and the keyset batches the exports stream), and a buyer's own interests and offers.
 */
import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgTable, PgColumn } from 'drizzle-orm/pg-core';
import { isoDay, offerFigures, OFFER_SCOPES, type OfferScope, type OfferSort } from '@dealclub/shared/offers';
import type { ComparedDeal } from '@dealclub/shared/offer-rules';
import { comparedDealOf } from '../trust';
import type { Db } from '../../db/client';
import { prepareNamed } from '../../db/prepared';
import { deals, interests, offers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { afterRow, decodeCursor, decodeOffset, encodeCursor, encodeOffset } from '../../lib/cursor';
import { dealCards } from '../deals';
import { managesDeal, visibleTo, type Viewer } from '../deals';
import { eventsSql, latestCounterSql, trailFromJson, trailsOf } from './offer-history';
import { buyerOf, interestOf, offerOf } from './service';
import type { DealRow } from '../../db/rows';

export interface Page {
  cursor?: string;
  limit: number;
}

/** The deal if the viewer manages it (its originator, or an admin); 404 for everyone else. */
export async function managedDeal(db: Db, viewer: Viewer, dealId: string): Promise<DealRow> {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), sql`${deals.status} <> 'deleted'`));
  if (!deal || !managesDeal(viewer, deal)) throw new AppError('LISTING_NOT_FOUND');
  return deal;
}

const buyerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  certifiedBuyer: users.certifiedBuyer,
};

/** A deal's interests with their buyers, newest message first, after the interest `lastId`. */
export function interestsAfter(db: Db, dealId: string, lastId: string | undefined, size: number) {
  return db
    .select({ interest: interests, buyer: buyerColumns })
    .from(interests)
    .innerJoin(users, eq(users.id, interests.buyerId))
    .where(and(eq(interests.dealId, dealId), afterRow(interests, interests.updatedAt, interests.id, lastId)))
    .orderBy(desc(interests.updatedAt), desc(interests.id))
    .limit(size)
    .then((rows) => rows.map((r) => ({ id: r.interest.id, ...r })));
}

/** The interested-buyers table: a page of the deal's interests. */
export async function interestsPage(db: Db, deal: DealRow, page: Page) {
  const lastId = decodeCursor(page.cursor);
  if (lastId) {
    const [own] = await db
      .select({ id: interests.id })
      .from(interests)
      .where(and(eq(interests.id, lastId), eq(interests.dealId, deal.id)));
    if (!own) throw new AppError('BAD_REQUEST');
  }
  const [rows, [counted]] = await Promise.all([
    interestsAfter(db, deal.id, lastId, page.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(interests)
      .where(eq(interests.dealId, deal.id)),
  ]);
  const items = rows.slice(0, page.limit);
  return {
    items: items.map((r) => ({ ...interestOf(r.interest), buyer: buyerOf(r.buyer) })),
    nextCursor: rows.length > page.limit ? encodeCursor(items[items.length - 1]!) : null,
    total: Number(counted?.n ?? 0),
  };
}

function offersWhere(dealId: string | Placeholder, scope: OfferScope): SQL {
  const statuses = OFFER_SCOPES[scope];
  return and(eq(offers.dealId, dealId), statuses ? inArray(offers.status, [...statuses]) : undefined)!;
}

/**
 * Within one deal a creative offer's effective price is its entry fee plus the same loans (or the
 * same option price): the shared rule, evaluated once for a fee of 0 and 1.
 */
function effectivePriceLine(compared: ComparedDeal, now: Date): { base: number; perFee: number } {
  const creative = (fee: number) =>
    offerFigures(
      { type: 'creative', purchasePrice: null, entryFee: fee, estimatedCloseDate: isoDay(now) },
      compared,
      now,
    ).effectivePrice;
  const base = creative(0);
  return { base, perFee: creative(1) - base };
}

/** The order of the comparison table; the effective price's line comes as `base` and `perFee`. */
function offerOrder(sort: OfferSort): SQL[] {
  const newest = [desc(offers.createdAt), desc(offers.id)];
  switch (sort) {
    case 'cash-desc':
      return [sql`coalesce(${offers.purchasePrice}, ${offers.entryFee}) desc`, ...newest];
    case 'effective-desc':
      return [
        sql`(case when ${offers.type} = 'cash' then ${offers.purchasePrice}::bigint else coalesce(${offers.entryFee}, 0)::bigint * ${sql.placeholder('perFee')}::bigint + ${sql.placeholder('base')}::bigint end) desc`,
        ...newest,
      ];
    case 'close-asc':
      return [asc(offers.estimatedCloseDate), ...newest];
    case 'certified':
      return [desc(users.certifiedBuyer), ...newest];
    default:
      return newest;
  }
}

/**
 * The comparison table: a page of the deal's offers in the chosen order, each with its buyer, its
 * normalised figures, its latest counter and its history. Offset cursors: not every order is
 * keyset-friendly, and a deal's offers are few (the export, which may read thousands, uses keysets).
 * Two statements (issue 19): the deal, with the offers' total and the accepted one, then the page
 * with each offer's buyer and trail joined in (the order of the effective price needs the deal).
 */
export async function offersPage(
  db: Db,
  viewer: Viewer,
  dealId: string,
  query: Page & { sort: OfferSort; status: OfferScope },
  now = new Date(),
) {
  const offset = decodeOffset(query.cursor);
  const [found] = await offersHead(db, query.status).execute({ dealId });
  if (!found || !managesDeal(viewer, found.deal)) throw new AppError('LISTING_NOT_FOUND');
  const { deal } = found;
  const compared = comparedDealOf(deal);
  const rows = await offersOfPage(db, query.sort, query.status).execute({
    dealId,
    limit: query.limit + 1,
    offset,
    ...(query.sort === 'effective-desc' ? effectivePriceLine(compared, now) : {}),
  });
  const shown = rows.slice(0, query.limit);
  return {
    items: shown.map(({ offer, buyer, counter, events }) => ({
      ...offerOf(offer),
      buyer: buyerOf(buyer),
      figures: offerFigures(offer, compared, now),
      // The latest counter and the history (DECISIONS.md, Trust on creative terms).
      ...trailFromJson(offer.buyerId, counter, events, now),
    })),
    nextCursor: rows.length > query.limit ? encodeOffset(offset + query.limit) : null,
    total: Number(found.total ?? 0),
    deal: {
      id: deal.id,
      status: deal.status,
      category: deal.category,
      purchasePrice: deal.purchasePrice,
      entryFee: deal.entryFee,
      acceptedOfferId: found.acceptedId ?? null,
    },
  };
}

/**
 * The statements of the comparison table, built once per database handle and shape (scope, sort)
 * and prepared under names of their text: the deal with the offers' total and the accepted one,
 * and a page of offers with each one's buyer, latest counter and history.
 */
const offersTableStatements = new WeakMap<Db, Map<string, unknown>>();

function statementOf<T>(db: Db, key: string, build: () => T): T {
  let statements = offersTableStatements.get(db);
  if (!statements) offersTableStatements.set(db, (statements = new Map()));
  let statement = statements.get(key) as T | undefined;
  if (!statement) statements.set(key, (statement = build()));
  return statement;
}

function offersHead(db: Db, scope: OfferScope) {
  return statementOf(db, `head:${scope}`, () => {
    const dealId = sql.placeholder('dealId');
    return prepareNamed(
      'offers_table_head',
      db
        .select({
          deal: deals,
          total: sql<number>`(select count(*)::int from ${offers} where ${offersWhere(dealId, scope)})`,
          acceptedId: sql<
            string | null
          >`(select o.id from ${offers} o where o.deal_id = ${dealId} and o.status = 'accepted')`,
        })
        .from(deals)
        .where(and(eq(deals.id, dealId), sql`${deals.status} <> 'deleted'`)),
    );
  });
}

function offersOfPage(db: Db, sort: OfferSort, scope: OfferScope) {
  return statementOf(db, `page:${scope}:${sort}`, () =>
    prepareNamed(
      'offers_table_page',
      db
        .select({
          offer: offers,
          buyer: buyerColumns,
          counter: latestCounterSql(offers.id),
          events: eventsSql(offers.id),
        })
        .from(offers)
        .innerJoin(users, eq(users.id, offers.buyerId))
        .where(offersWhere(sql.placeholder('dealId'), scope))
        .orderBy(...offerOrder(sort))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ),
  );
}

/**
 * A deal's offers for the export, newest first, after the offer `lastId`: only the columns the
 * file shows, flat — an export reads many rows, and every field is work.
 */
export function offersAfter(
  db: Db,
  dealId: string,
  scope: OfferScope,
  lastId: string | undefined,
  size: number,
) {
  return db
    .select({
      id: offers.id,
      createdAt: offers.createdAt,
      type: offers.type,
      purchasePrice: offers.purchasePrice,
      entryFee: offers.entryFee,
      estimatedCloseDate: offers.estimatedCloseDate,
      status: offers.status,
      message: offers.message,
      acknowledgedRisks: offers.acknowledgedRisks,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      certifiedBuyer: users.certifiedBuyer,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(and(offersWhere(dealId, scope), afterRow(offers, offers.createdAt, offers.id, lastId)))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(size);
}

/**
 * A buyer's own interests or offers, newest first, each with the card of its deal — only deals
 * the buyer may still see.
 */
async function myList<T extends typeof interests | typeof offers>(
  db: Db,
  viewer: Viewer,
  page: Page,
  list: { table: T; time: PgColumn; id: PgColumn; dealId: PgColumn; mine: SQL },
) {
  const where = and(list.mine, visibleTo(viewer));
  const lastId = decodeCursor(page.cursor);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ item: list.table as AnyPgTable, deal: deals })
      .from(list.table as AnyPgTable)
      .innerJoin(deals, eq(deals.id, list.dealId))
      .where(and(where, afterRow(list.table, list.time, list.id, lastId)))
      .orderBy(desc(list.time), desc(list.id))
      .limit(page.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(list.table as AnyPgTable)
      .innerJoin(deals, eq(deals.id, list.dealId))
      .where(where),
  ]);
  const items = rows.slice(0, page.limit) as { item: T['$inferSelect']; deal: DealRow }[];
  const cards = await dealCards(
    db,
    viewer,
    items.map((r) => r.deal),
  );
  return {
    rows: items.map((r, i) => ({ item: r.item, deal: cards[i]! })),
    nextCursor: rows.length > page.limit ? encodeCursor(items[items.length - 1]!.item) : null,
    total: Number(counted?.n ?? 0),
  };
}

/** My interests (the time of my latest message first). */
export async function myInterests(db: Db, viewer: Viewer, page: Page) {
  const { rows, nextCursor, total } = await myList(db, viewer, page, {
    table: interests,
    time: interests.updatedAt,
    id: interests.id,
    dealId: interests.dealId,
    mine: eq(interests.buyerId, viewer.id),
  });
  return { items: rows.map(({ item, deal }) => ({ ...interestOf(item), deal })), nextCursor, total };
}

/** My offers and their states, newest first; replaced ones are history and left out. */
export async function myOffers(db: Db, viewer: Viewer, page: Page) {
  const { rows, nextCursor, total } = await myList(db, viewer, page, {
    table: offers,
    time: offers.createdAt,
    id: offers.id,
    dealId: offers.dealId,
    mine: and(eq(offers.buyerId, viewer.id), sql`${offers.status} <> 'replaced'`)!,
  });
  const trails = await trailsOf(
    db,
    rows.map((r) => r.item),
  );
  return {
    items: rows.map(({ item, deal }) => ({ ...offerOf(item), ...trails.get(item.id)!, deal })),
    nextCursor,
    total,
  };
}
