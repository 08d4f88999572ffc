/**
 * The deal page (`GET /api/deals/{id}` and the answer of every write): the deal and everything its
 * page shows in one statement — photos, the originator card, whether the viewer saved it, their
 * interest, their offer with its counter and history, their match profile, their closing room; for
 * its manager the status history and the engagement counts. It is composed here, at the HTTP edge, because the page
 * is where deals meet the offers that sit above them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { dealMath, type DealValues } from '@dealclub/shared/deals';
import type { Db } from '../../../db/client';
import { outerRef, rowFromJson, rowFromJsonOrNull, rowsFromJson } from '../../../db/json-rows';
import { prepareNamed } from '../../../db/prepared';
import { closingRooms, dealPhotos, dealStatusHistory, deals, interests, offers } from '../../../db/schema';
import { fileUrl } from '../../../lib/storage';
import { matchProfileFromJson, matchProfileSql } from '../../matching';
import { engagementSql, interestOf, offerOf, eventsSql, latestCounterSql, trailFromJson } from '../../offers';
import {
  cardOf,
  isFavoriteSql,
  originatorCardSql,
  photoOf,
  priorityBuyerCount,
  type ListedDeal,
  type MatchContext,
} from '../service';
import { managesDeal, visibleTo, type Viewer } from '../visibility';

/**
 * The statement of a deal page: the deal if the viewer may see it, with everything the page shows
 * joined in (photos, the originator card, whether the viewer saved it, their interest, their offer
 * with its counter and history, their match profile; for its manager the status history and the
 * engagement counts). One for admins, one for everyone else; prepared once per database handle.
 */
function prepareDealPage(db: Db, isAdmin: boolean) {
  const viewer = sql.placeholder('viewer');
  const deal = outerRef(deals.id);
  // The history and the counts are the originator's and the moderators'.
  const manages = isAdmin ? sql`true` : sql`${outerRef(deals.originatorId)} = ${viewer}`;
  const query = db
    .select({
      row: deals,
      isFavorite: isFavoriteSql(viewer, deals.id),
      photos: sql<
        Record<string, unknown>[]
      >`(select coalesce(json_agg(to_json(p) order by p.position), '[]'::json) from ${dealPhotos} p where p.deal_id = ${deal})`,
      originator: originatorCardSql(outerRef(deals.originatorId)),
      // The viewer's own interest and current offer, for the buyer's panel of the page.
      myInterest: sql<Record<
        string,
        unknown
      > | null>`(select to_json(i) from ${interests} i where i.deal_id = ${deal} and i.buyer_id = ${viewer})`,
      myOffer: sql<{
        offer: Record<string, unknown>;
        counter: Record<string, unknown> | null;
        events: Record<string, unknown>[];
      } | null>`(select json_build_object('offer', to_json(o), 'counter', ${latestCounterSql(sql.raw('o.id'))}, 'events', ${eventsSql(sql.raw('o.id'))})
        from ${offers} o where o.deal_id = ${deal} and o.buyer_id = ${viewer} and o.status <> 'replaced'
        order by o.created_at desc limit 1)`,
      history: sql<
        Record<string, unknown>[] | null
      >`case when ${manages} then (select coalesce(json_agg(to_json(h) order by h.created_at), '[]'::json) from ${dealStatusHistory} h where h.deal_id = ${deal}) end`,
      engagement: sql<{
        interests: number;
        offers: number;
      } | null>`case when ${manages} then ${engagementSql(deals.id)} end`,
      profile: matchProfileSql(viewer),
      // The viewer's closing room of the deal, if they are one of its members (decision 025).
      closing: sql<{
        status: string;
      } | null>`(select json_build_object('status', r.status) from ${closingRooms} r
        where r.deal_id = ${deal} and (${isAdmin ? sql`true` : sql`r.seller_id = ${viewer} or r.buyer_id = ${viewer}`})
        order by (r.status = 'open') desc, r.opened_at desc limit 1)`,
    })
    .from(deals)
    .where(and(eq(deals.id, sql.placeholder('id')), visibleTo({ id: viewer, isAdmin })));
  return prepareNamed(isAdmin ? 'deal_page_for_admin' : 'deal_page', query);
}

const pageQueries = new WeakMap<Db, { admin: DealPageQuery; viewer: DealPageQuery }>();
type DealPageQuery = ReturnType<typeof prepareDealPage>;
export type DealPage = Awaited<ReturnType<DealPageQuery['execute']>>[number];

/**
 * A deal and everything its page shows, if the viewer may see it (the seller side that is not the
 * buyer side is checked by the caller, routes.ts `readsDeal`): one statement.
 */
export async function readDealPage(db: Db, viewer: Viewer, dealId: string): Promise<DealPage | undefined> {
  let prepared = pageQueries.get(db);
  if (!prepared) {
    prepared = { admin: prepareDealPage(db, true), viewer: prepareDealPage(db, false) };
    pageQueries.set(db, prepared);
  }
  const [found] = await (viewer.isAdmin ? prepared.admin : prepared.viewer).execute({
    id: dealId,
    viewer: viewer.id,
  });
  return found;
}

/**
 * The page of a deal its originator has just listed ({@link listDeal} answered everything in it):
 * no photos, saves, interests, offers or closing room yet, its one history entry. What
 * {@link readDealPage} would read for its originator, without reading it.
 */
export function pageOfListedDeal(listed: ListedDeal): DealPage {
  return {
    row: listed.row,
    isFavorite: false,
    photos: [],
    originator: listed.originator,
    myInterest: null,
    myOffer: null,
    history: [listed.history],
    engagement: { interests: 0, offers: 0 },
    profile: { prefs: null, box: null },
    closing: null,
  };
}

/** The viewer's match profile that {@link readDealPage} read with the deal. */
export function profileOfPage(page: DealPage) {
  return matchProfileFromJson(page.profile);
}

/** The answer of a deal page from {@link readDealPage}; the seller of an exclusive deal adds one statement. */
export async function detailOf(db: Db, viewer: Viewer, page: DealPage, match?: MatchContext) {
  const { row } = page;
  const manages = managesDeal(viewer, row);
  // The seller of an exclusive deal sees how many priority buyers have it first.
  const priorityBuyers = manages && row.status === 'exclusive' ? await priorityBuyerCount(db, row) : null;
  const photos = rowsFromJson(dealPhotos, page.photos);
  const history = manages ? rowsFromJson(dealStatusHistory, page.history) : [];
  const myInterest = rowFromJsonOrNull(interests, page.myInterest);
  const myOffer = page.myOffer ? rowFromJson(offers, page.myOffer.offer) : null;
  const originator = page.originator;
  const terms = row.terms as Omit<DealValues, 'streetAddress' | 'unit'>;
  const values = {
    ...terms,
    category: row.category,
    purchaseType: row.purchaseType,
    purchasePrice: row.purchasePrice,
  } as DealValues;
  return {
    ...cardOf(viewer, row, { cover: photos[0] ?? null, isFavorite: Boolean(page.isFavorite), match }),
    ...terms,
    description: row.description,
    exclusiveUntil: row.exclusiveUntil?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    photos: photos.map(photoOf),
    math: dealMath(values),
    originator: {
      firstName: originator?.firstName ?? '',
      companyName: originator?.companyName ?? null,
      logoUrl: fileUrl(originator?.companyLogoKey ?? null),
      callBookingUrl: originator?.callBookingUrl ?? null,
    },
    myInterest: myInterest ? interestOf(myInterest) : null,
    // With the seller's latest counter and the offer's history (DECISIONS.md, Trust on creative terms).
    myOffer:
      myOffer && page.myOffer
        ? {
            ...offerOf(myOffer),
            ...trailFromJson(myOffer.buyerId, page.myOffer.counter, page.myOffer.events),
          }
        : null,
    /** The viewer's closing room of the deal, when they are a member of one: `/deals/{id}/closing`. */
    closing: page.closing ? { status: page.closing.status } : null,
    engagement:
      manages && page.engagement
        ? { interests: Number(page.engagement.interests), offers: Number(page.engagement.offers) }
        : null,
    priorityBuyers,
    statusHistory: history.map((h) => ({
      status: h.status,
      source: h.source,
      reason: h.reason,
      comments: h.comments,
      date: h.createdAt.toISOString(),
    })),
  };
}
