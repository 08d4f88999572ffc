/**
 * The dashboard (DECISIONS.md, Pages the spec lists without content): a buying mode (favorites, my
 * interests, my offers and their state, matched deals, training progress) and a selling mode (my
 * listings by status with their view, interest and offer counts, the latest offers on them),
 * whichever the user's roles allow. The lists are the existing ones' first items (offers/queries.ts,
 * the deal cards), the counts are counted in SQL.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { DEAL_STATUSES, type DealStatus } from '@dealclub/shared/deals';
import type { MatchProfile } from '@dealclub/shared/matching';
import { queryRows, type Db } from '../../db/client';
import { deals, favorites } from '../../db/schema';
import { closedThroughDealClub, closingSummaries } from '../closing';
import { dealCards } from '../deals';
import { ON_THE_MARKET, visibleTo, type Viewer } from '../deals';
import { matchFitSql } from '../matching';
import { myInterests, myOffers } from '../offers';

/** How many items each of the dashboard's lists shows (its total counts them all). */
export const DASHBOARD_LIST = 5;
/** The listings of the selling mode shown with their counts (the newest). */
export const DASHBOARD_LISTINGS = 20;

/** Buying mode. */
export async function buyingDashboard(
  db: Db,
  viewer: Viewer,
  profile: MatchProfile | null,
  certified: boolean,
  language: string,
) {
  const params: Record<string, unknown> = {};
  const fit = matchFitSql(profile, (name, value) => {
    params[name] = value;
    return sql.placeholder(name);
  });
  const saved = and(eq(favorites.userId, viewer.id), visibleTo(viewer), sql`${deals.status} <> 'deleted'`);
  const [favoriteRows, [favoriteCount], interests, offers, matched, [training], closings] = await Promise.all(
    [
      db
        .select({ deal: deals })
        .from(favorites)
        .innerJoin(deals, eq(deals.id, favorites.dealId))
        .where(saved)
        .orderBy(desc(favorites.createdAt), desc(favorites.dealId))
        .limit(DASHBOARD_LIST),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(favorites)
        .innerJoin(deals, eq(deals.id, favorites.dealId))
        .where(saved),
      myInterests(db, viewer, { limit: DASHBOARD_LIST }),
      myOffers(db, viewer, { limit: DASHBOARD_LIST }),
      // As `GET /api/matches` counts them: deals on the market, not my own, that fit my profile.
      fit
        ? db
            .select({ n: sql<number>`count(*)::int` })
            .from(deals)
            .where(and(visibleTo(viewer), ON_THE_MARKET, sql`${deals.originatorId} <> ${viewer.id}`, fit))
            .execute(params)
        : Promise.resolve([{ n: 0 }]),
      queryRows<{ total: number; completed: number }>(
        db,
        sql`select (select count(*)::int from training_lessons where published) as total,
        (select count(*)::int from training_progress p join training_lessons l on l.id = p.lesson_id
          where l.published and p.user_id = ${viewer.id}::uuid and p.completed_at is not null) as completed`,
      ),
      closingSummaries(db, viewer.id, 'buyer', language),
    ],
  );
  return {
    favorites: {
      total: Number(favoriteCount?.n ?? 0),
      latest: await dealCards(
        db,
        viewer,
        favoriteRows.map((r) => r.deal),
      ),
    },
    interests: { items: interests.items, total: interests.total },
    offers: { items: offers.items, total: offers.total },
    matchedDeals: Number(matched[0]?.n ?? 0),
    training: {
      completedLessons: Number(training?.completed ?? 0),
      totalLessons: Number(training?.total ?? 0),
      certified,
    },
    closings,
  };
}

interface ListingStats {
  id: string;
  views: number;
  unique_viewers: number;
  interests: number;
  offers: number;
}

interface LatestOfferRow {
  id: string;
  deal_id: string;
  type: string;
  purchase_price: number | null;
  entry_fee: number | null;
  status: string;
  created_at: string;
  first_name: string;
  last_name: string;
  certified_buyer: boolean;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
}

/** Selling mode: my listings (their manager's own, an admin's too) and the latest offers on them. */
export async function sellingDashboard(db: Db, viewer: Viewer, language: string) {
  const mine = eq(deals.originatorId, viewer.id);
  const [rows, counts, stats, latest, closings, closed] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(and(mine, sql`${deals.status} <> 'deleted'`))
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(DASHBOARD_LISTINGS),
    db
      .select({ status: deals.status, n: sql<number>`count(*)::int` })
      .from(deals)
      .where(mine)
      .groupBy(deals.status),
    queryRows<ListingStats>(
      db,
      sql`select d.id,
          (select count(*)::int from deal_views v where v.deal_id = d.id) as views,
          (select count(distinct v.viewer_id)::int from deal_views v where v.deal_id = d.id) as unique_viewers,
          (select count(*)::int from interests i where i.deal_id = d.id) as interests,
          (select count(*)::int from offers o where o.deal_id = d.id and o.status <> 'replaced') as offers
        from (select id from deals where originator_id = ${viewer.id}::uuid and status <> 'deleted'
          order by created_at desc, id desc limit ${DASHBOARD_LISTINGS}) d`,
    ),
    queryRows<LatestOfferRow>(
      db,
      sql`select o.id, o.deal_id, o.type, o.purchase_price, o.entry_fee, o.status,
          to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          u.first_name, u.last_name, u.certified_buyer, d.street_address, d.city, d.state, d.zip_code
        from offers o
        join deals d on d.id = o.deal_id
        join users u on u.id = o.buyer_id
        where d.originator_id = ${viewer.id}::uuid and d.status <> 'deleted' and o.status <> 'replaced'
        order by o.created_at desc, o.id desc
        limit ${DASHBOARD_LIST}`,
    ),
    closingSummaries(db, viewer.id, 'seller', language),
    closedThroughDealClub(db, viewer.id),
  ]);
  const byStatus = Object.fromEntries(DEAL_STATUSES.map((s) => [s, 0])) as Record<DealStatus, number>;
  for (const c of counts) byStatus[c.status as DealStatus] = Number(c.n);
  const statsOf = new Map(stats.map((s) => [s.id, s]));
  const cards = await dealCards(db, viewer, rows);
  return {
    listings: {
      counts: byStatus,
      total: Object.entries(byStatus).reduce((sum, [s, n]) => sum + (s === 'deleted' ? 0 : n), 0),
      items: cards.map((card) => {
        const s = statsOf.get(card.id);
        return {
          ...card,
          views: s?.views ?? 0,
          uniqueViewers: s?.unique_viewers ?? 0,
          interests: s?.interests ?? 0,
          offers: s?.offers ?? 0,
        };
      }),
    },
    latestOffers: latest.map((o) => ({
      id: o.id,
      dealId: o.deal_id,
      type: o.type,
      purchasePrice: o.purchase_price,
      entryFee: o.entry_fee,
      status: o.status,
      createdAt: o.created_at,
      buyer: { firstName: o.first_name, lastName: o.last_name, certified: o.certified_buyer },
      // The seller's own deal: its address is theirs to see.
      deal: {
        id: o.deal_id,
        streetAddress: o.street_address,
        city: o.city,
        state: o.state,
        zipCode: o.zip_code,
      },
    })),
    closings,
    closedThroughDealClub: closed,
  };
}
