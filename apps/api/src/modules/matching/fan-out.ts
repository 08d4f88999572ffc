/**
 * The buyers a deal fits (DECISIONS.md, Matching and alerts), found in SQL: the candidates come from
 * the ZIP (GIN) and (state, city) indexes of buyer preferences and buy boxes, the hard limits are
 * checked in the same query (match-sql.ts), and only the buyers that fit are read, a page at a time,
 * to be scored by the shared rules. Nothing loads every buyer.
 */
import { sql, type SQL } from 'drizzle-orm';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import { matchDeal, type Match, type MatchBuyBox, type MatchPreferences } from '@dealclub/shared/matching';
import { queryRows, type Db } from '../../db/client';
import { matchDealOfRow } from './deal-facts';
import { buyBoxAdmits, dealValues, preferencesAdmit } from './match-sql';
import type { DealRow } from '../../db/rows';

interface PreferencesJson {
  state: string;
  city: string;
  zip_codes: string[];
  property_types: string[];
  min_year_built: number | null;
  min_square_footage: number | null;
  bedrooms: number | null;
  bathrooms: number | string | null;
  min_lot_size: number | string | null;
  lot_size_unit: string;
  max_monthly_payment: number | null;
  max_down_payment: number | null;
  exclude_hoa: boolean;
}
interface BuyBoxJson {
  type: string;
  state: string;
  city: string;
  zip_codes: string[];
}

export interface MatchedBuyer {
  id: string;
  firstName: string;
  lastName: string;
  certified: boolean;
  match: Match;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

export function preferencesOf(row: PreferencesJson): MatchPreferences {
  return {
    state: row.state,
    city: row.city,
    zipCodes: row.zip_codes,
    propertyTypes: row.property_types,
    minYearBuilt: row.min_year_built,
    minSquareFootage: row.min_square_footage,
    bedrooms: row.bedrooms,
    bathrooms: num(row.bathrooms),
    minLotSize: num(row.min_lot_size),
    lotSizeUnit: row.lot_size_unit,
    maxMonthlyPayment: row.max_monthly_payment,
    maxDownPayment: row.max_down_payment,
    excludeHoa: row.exclude_hoa,
  };
}

export function buyBoxOf(row: BuyBoxJson): MatchBuyBox {
  return { type: row.type, state: row.state, city: row.city, zipCodes: row.zip_codes };
}

export const FAN_OUT_PAGE = 1000;

/** A buyer of a page with their preferences (`bp_state` null: none) and buy box (`bb_state` null: none). */
type PageRow = Omit<PreferencesJson, 'state' | 'city' | 'zip_codes'> & {
  id: string;
  first_name: string;
  last_name: string;
  certified_buyer: boolean;
  bp_state: string | null;
  bp_city: string;
  bp_zip_codes: string[];
  bb_type: string;
  bb_state: string | null;
  bb_city: string;
  bb_zip_codes: string[];
};

/** Admitted buyers whose ids one statement of the fan-out reads at most (see `matchingBuyers`). */
export const FAN_OUT_ID_BATCH = 10_000;

/**
 * SQL: the ids of the buyers whose preferences or buy box admit the deal, in id order, with `narrow`
 * (conditions on `t.user_id`) applied in each branch. Each branch finds the rows of one place rule
 * through its index (the GIN entry of the deal's ZIP, or the partial (state, lower(city), user_id)
 * index of those who listed no ZIP, from the first id wanted on) and checks every limit on the row
 * it has just read, so only admitted buyers leave it. See docs/query-plans.md.
 */
function admittedIds(deal: DealRow, narrow: SQL): SQL {
  const d = dealValues(deal);
  const branch = (table: 'buyer_preferences' | 'buy_boxes', place: 'zip' | 'city') =>
    sql`select t.user_id from ${sql.raw(table)} t
      where t.state = ${d.state} and ${
        place === 'zip'
          ? sql`t.zip_codes @> array[${d.zipCode}]`
          : sql`cardinality(t.zip_codes) = 0 and lower(t.city) = lower(${d.city})`
      } ${narrow}
        and ${table === 'buyer_preferences' ? preferencesAdmit(d, 't') : buyBoxAdmits(d, 't')}`;
  return sql`select distinct user_id from (
      ${branch('buyer_preferences', 'zip')}
      union all ${branch('buyer_preferences', 'city')}
      union all ${branch('buy_boxes', 'zip')}
      union all ${branch('buy_boxes', 'city')}
    ) admitted order by user_id`;
}

/** SQL: the users among `source` (a subquery of `user_id`s) the deal may alert, in id order. */
function alertable(deal: DealRow, source: SQL, options: { certifiedOnly?: boolean; onlyId?: string }): SQL {
  return sql`select u.id, u.first_name, u.last_name, u.certified_buyer
    from (${source}) a
    join users u on u.id = a.user_id
    where u.is_active and u.roles && ${`{${BUYER_SIDE.join(',')}}`}::text[] and u.id <> ${deal.originatorId}::uuid
      ${options.certifiedOnly ? sql`and u.certified_buyer` : sql``}
      ${options.onlyId ? sql`and u.id = ${options.onlyId}::uuid` : sql``}
    order by u.id`;
}

/**
 * The buyers of `page` (a subquery of users) with what scoring reads of their preferences and buy
 * box, by primary key; with `recheck`, only those whose preferences or buy box still admit the deal.
 */
async function scoredBuyers(db: Db, deal: DealRow, page: SQL, recheck: boolean): Promise<MatchedBuyer[]> {
  const d = dealValues(deal);
  const rows = await queryRows<PageRow>(
    db,
    sql`select p.id, p.first_name, p.last_name, p.certified_buyer,
        bp.state as bp_state, bp.city as bp_city, bp.zip_codes as bp_zip_codes, bp.property_types,
        bp.min_year_built, bp.min_square_footage, bp.bedrooms, bp.bathrooms, bp.min_lot_size,
        bp.lot_size_unit, bp.max_monthly_payment, bp.max_down_payment, bp.exclude_hoa,
        bb.type as bb_type, bb.state as bb_state, bb.city as bb_city, bb.zip_codes as bb_zip_codes
      from (${page}) p
      -- By primary key, one row per buyer of the page (limit 1 keeps the planner from turning the
      -- look-ups into a scan of the whole table when it underestimates the page).
      left join lateral (select * from buyer_preferences x where x.user_id = p.id limit 1) bp on true
      left join lateral (select * from buy_boxes x where x.user_id = p.id limit 1) bb on true
      ${
        recheck
          ? sql`where (bp.user_id is not null and ${preferencesAdmit(d, 'bp')})
              or (bb.user_id is not null and ${buyBoxAdmits(d, 'bb')})`
          : sql``
      }
      order by p.id`,
  );
  const facts = matchDealOfRow(deal);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    certified: row.certified_buyer,
    match: matchDeal(facts, {
      preferences:
        row.bp_state === null
          ? null
          : preferencesOf({ ...row, state: row.bp_state, city: row.bp_city, zip_codes: row.bp_zip_codes }),
      buyBox:
        row.bb_state === null
          ? null
          : buyBoxOf({
              type: row.bb_type,
              state: row.bb_state,
              city: row.bb_city,
              zip_codes: row.bb_zip_codes,
            }),
    })!,
  }));
}

/**
 * One page of the active buyers (not the deal's originator) whose preferences or buy box admit the
 * deal, after `afterId`, in id order; `certifiedOnly` for the priority buyers of an exclusive deal.
 * One statement: the admitted buyers are sorted by id and joined to users until the page is full.
 */
export async function matchingBuyerPage(
  db: Db,
  deal: DealRow,
  options: { afterId?: string; limit?: number; certifiedOnly?: boolean; onlyId?: string } = {},
): Promise<MatchedBuyer[]> {
  const narrow = sql`${options.afterId ? sql`and t.user_id > ${options.afterId}::uuid` : sql``}
    ${options.onlyId ? sql`and t.user_id = ${options.onlyId}::uuid` : sql``}`;
  const page = sql`${alertable(deal, admittedIds(deal, narrow), options)} limit ${options.limit ?? FAN_OUT_PAGE}`;
  return scoredBuyers(db, deal, page, false);
}

/**
 * Every matching buyer, in pages of up to FAN_OUT_PAGE (the alert fan-out, the seller's count). The
 * admitted ids are read FAN_OUT_ID_BATCH at a time (keyset on the id), so the indexes are read
 * once per batch rather than once per page; each page of those ids is then checked against users
 * and read and scored, its admission checked again (a buyer may have changed their limits since).
 * Memory: one batch of ids and one page of buyers.
 */
export async function* matchingBuyers(
  db: Db,
  deal: DealRow,
  options: { certifiedOnly?: boolean } = {},
): AsyncGenerator<MatchedBuyer[]> {
  let afterId: string | undefined;
  for (;;) {
    const narrow = afterId ? sql`and t.user_id > ${afterId}::uuid` : sql``;
    const batch = await queryRows<{ user_id: string }>(
      db,
      sql`${admittedIds(deal, narrow)} limit ${FAN_OUT_ID_BATCH}`,
    );
    for (let i = 0; i < batch.length; i += FAN_OUT_PAGE) {
      const ids = `{${batch
        .slice(i, i + FAN_OUT_PAGE)
        .map((r) => r.user_id)
        .join(',')}}`;
      const source = sql`select unnest(${ids}::uuid[]) as user_id`;
      const page = await scoredBuyers(db, deal, alertable(deal, source, options), true);
      if (page.length > 0) yield page;
    }
    if (batch.length < FAN_OUT_ID_BATCH) return;
    afterId = batch.at(-1)!.user_id;
  }
}

/**
 * How many buyers the deal fits (`certifiedOnly`: its priority buyers), counted in SQL: the seller's
 * figure on every view of an exclusive deal, without reading or scoring the buyers.
 */
export async function countMatchingBuyers(
  db: Db,
  deal: DealRow,
  options: { certifiedOnly?: boolean } = {},
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${alertable(deal, admittedIds(deal, sql``), options)}) m`,
  );
  return Number(row?.n ?? 0);
}
