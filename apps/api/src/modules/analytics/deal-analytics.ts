/**
 * One deal's analytics for its originator (DECISIONS.md, Pages the spec lists without content):
 * views and unique viewers, favorites, interests and offers in all and per day for 30 days (UTC
 * days, every day present), the funnel view → favorite → interest → offer, the range of the offers,
 * days on market and how many buyers the deal matches. Counted in SQL, one statement for the
 * figures and one for the matching buyers (the matching module's count).
 *
 * Offers are those the buyers stand by: a resubmission replaces an offer (the old row is history),
 * so each buyer's offer is counted once, on the day they made its current version.
 */
import { sql } from 'drizzle-orm';
import { DEAL_ANALYTICS_DAYS, type DealAnalytics, type DealAnalyticsDay } from '@dealclub/shared/analytics';
import { queryRows, type Db } from '../../db/client';
import { countMatchingBuyers } from '../matching';
import type { DealRow } from '../../db/rows';

interface FiguresRow {
  views: number;
  unique_viewers: number;
  favorites: number;
  interests: number;
  offers: number;
  offer_buyers: number;
  offer_min: number | null;
  offer_max: number | null;
  days_on_market: number;
  daily: DealAnalyticsDay[];
}

/** The deal's statuses after which it is off the market for good. */
const OFF_THE_MARKET = `'sold', 'canceled', 'deleted'`;

export async function dealAnalytics(db: Db, deal: DealRow): Promise<DealAnalytics> {
  const id = sql`${deal.id}::uuid`;
  // The offers' figure: purchase price on a cash deal; on a creative one the entry fee (of the
  // creative offers, the figure its sellers compare).
  const basis = deal.category === 'cash' ? 'purchasePrice' : 'entryFee';
  const figure = sql.raw(basis === 'purchasePrice' ? 'o.purchase_price' : 'o.entry_fee');
  const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
  const [[row], matchingBuyers] = await Promise.all([
    queryRows<FiguresRow>(
      db,
      sql`with days as (
          select d::date as day
          from generate_series((now() at time zone 'UTC')::date - ${DEAL_ANALYTICS_DAYS - 1}::integer,
            (now() at time zone 'UTC')::date, interval '1 day') as d
        ),
        current_offers as (
          select o.buyer_id, o.created_at, ${figure} as figure from offers o
          where o.deal_id = ${id} and o.status <> 'replaced'
        )
        select
          (select count(*)::int from deal_views v where v.deal_id = ${id}) as views,
          (select count(distinct v.viewer_id)::int from deal_views v where v.deal_id = ${id}) as unique_viewers,
          (select count(*)::int from favorites f where f.deal_id = ${id}) as favorites,
          (select count(*)::int from interests i where i.deal_id = ${id}) as interests,
          (select count(*)::int from current_offers) as offers,
          (select count(distinct buyer_id)::int from current_offers) as offer_buyers,
          (select min(figure) from current_offers) as offer_min,
          (select max(figure) from current_offers) as offer_max,
          (select coalesce((select min(h.created_at) from deal_status_history h
              where h.deal_id = ${id} and h.status in (${sql.raw(OFF_THE_MARKET)})), now())
            at time zone 'UTC')::date - ${day('d.created_at')} as days_on_market,
          (select json_agg(json_build_object(
              'date', to_char(days.day, 'YYYY-MM-DD'),
              'views', (select count(*)::int from deal_views v where v.deal_id = ${id} and v.day = days.day),
              'favorites', (select count(*)::int from favorites f where f.deal_id = ${id} and ${day('f.created_at')} = days.day),
              'interests', (select count(*)::int from interests i where i.deal_id = ${id} and ${day('i.created_at')} = days.day),
              'offers', (select count(*)::int from current_offers o where ${day('o.created_at')} = days.day))
            order by days.day) from days) as daily
        from deals d where d.id = ${id}`,
    ),
    countMatchingBuyers(db, deal),
  ]);
  const figures = row!;
  return {
    dealId: deal.id,
    views: figures.views,
    uniqueViewers: figures.unique_viewers,
    favorites: figures.favorites,
    interests: figures.interests,
    offers: figures.offers,
    daily: figures.daily,
    funnel: {
      view: figures.unique_viewers,
      favorite: figures.favorites,
      interest: figures.interests,
      offer: figures.offer_buyers,
    },
    offerRange: {
      basis,
      min: figures.offer_min === null ? null : Number(figures.offer_min),
      max: figures.offer_max === null ? null : Number(figures.offer_max),
    },
    daysOnMarket: Math.max(0, Number(figures.days_on_market)),
    matchingBuyers,
  };
}
