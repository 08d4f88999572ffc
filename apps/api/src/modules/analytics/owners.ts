/**
 * The owners club (core §2 `/owners`: the club and its map): the active owners in name order, a page
 * at a time, and how many of them serve each market (state and city) with the market's place on the
 * map, the centroid of its ZIP codes (the reference data; never an address). An owner's markets are
 * those of their seller preferences; an owner who named none is placed by their buy box, else by
 * their buyer preferences. No contact data: the club reads names, companies and markets.
 */
import { sql } from 'drizzle-orm';
import type { OwnerMarket } from '@dealclub/shared/analytics';
import { queryRows, type Db } from '../../db/client';
import { fileUrl } from '../../lib/storage';

/** SQL: each active owner `u` with their markets as JSON (`[{ state, city }]`). */
const OWNERS_WITH_MARKETS = sql`select u.id, u.first_name, u.last_name, u.company_name, u.company_logo_key,
    coalesce(nullif(sp.markets, '[]'::jsonb),
      case when bb.user_id is not null then jsonb_build_array(jsonb_build_object('state', bb.state, 'city', bb.city)) end,
      case when bp.user_id is not null then jsonb_build_array(jsonb_build_object('state', bp.state, 'city', bp.city)) end,
      '[]'::jsonb) as markets
  from users u
  left join seller_preferences sp on sp.user_id = u.id
  left join buy_boxes bb on bb.user_id = u.id
  left join buyer_preferences bp on bp.user_id = u.id
  where u.roles @> '{owner}'::text[] and u.is_active`;

/** Every market of the club with its owners counted and its place, most owners first. */
export async function ownerMarkets(db: Db): Promise<OwnerMarket[]> {
  const rows = await queryRows<{
    state: string;
    city: string;
    lat: number | null;
    lng: number | null;
    owners: number;
  }>(
    db,
    sql`with placed as (
        select distinct o.id, upper(m.state) as state, m.city
        from (${OWNERS_WITH_MARKETS}) o
        cross join lateral jsonb_to_recordset(o.markets) as m(state text, city text)
      )
      select p.state, min(p.city) as city, count(distinct p.id)::int as owners, c.lat, c.lng
      from placed p
      left join lateral (select avg(z.latitude) as lat, avg(z.longitude) as lng from zip_codes z
        where z.state = p.state and lower(z.city) = lower(p.city)) c on true
      group by p.state, lower(p.city), c.lat, c.lng
      order by owners desc, p.state, lower(p.city)`,
  );
  return rows.map((r) => ({
    state: r.state,
    city: r.city,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    owners: Number(r.owners),
  }));
}

/** A page of the club's owners in name order, after the owner `afterId`, and how many there are. */
export async function ownersPage(db: Db, afterId: string | undefined, limit: number) {
  const after = afterId
    ? sql`and (o.last_name, o.first_name, o.id) > ((select c.last_name from users c where c.id = ${afterId}::uuid),
        (select c.first_name from users c where c.id = ${afterId}::uuid), ${afterId}::uuid)`
    : sql``;
  const [rows, [counted]] = await Promise.all([
    queryRows<{
      id: string;
      first_name: string;
      last_name: string;
      company_name: string | null;
      company_logo_key: string | null;
      markets: { state: string; city: string }[];
    }>(
      db,
      sql`select o.* from (${OWNERS_WITH_MARKETS}) o where true ${after}
        order by o.last_name, o.first_name, o.id limit ${limit}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u where u.roles @> '{owner}'::text[] and u.is_active`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      companyName: r.company_name,
      logoUrl: fileUrl(r.company_logo_key),
      markets: r.markets.map((m) => ({ state: m.state, city: m.city })),
    })),
    total: Number(counted?.n ?? 0),
  };
}
