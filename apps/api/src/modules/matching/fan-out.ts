/**
 * The buyers a deal fits (DECISIONS.md, Matching and alerts), found in SQL: the candidates come from
 * the (state, ZIP) and (state, city) indexes of buyer preferences and buy boxes, the hard limits are
 * checked in the same query (match-sql.ts), and only the buyers that fit are read, a page at a time,
 * to be scored by the shared rules. Nothing loads every buyer.
 */
import { sql } from 'drizzle-orm';
import { matchDeal, type Match, type MatchBuyBox, type MatchPreferences } from '@dealclub/shared/matching';
import { queryRows, type Db } from '../../db/client';
import type { DealRow } from '../deals/service';
import { matchDealOfRow } from './deal-facts';
import { buyBoxAdmits, dealValues, preferencesAdmit } from './match-sql';

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

/**
 * One page of the active buyers (not the deal's originator) whose preferences or buy box admit the
 * deal, after `afterId`, in id order; `certifiedOnly` for the priority buyers of an exclusive deal.
 */
export async function matchingBuyerPage(
  db: Db,
  deal: DealRow,
  options: { afterId?: string; limit?: number; certifiedOnly?: boolean; onlyId?: string } = {},
): Promise<MatchedBuyer[]> {
  const d = dealValues(deal);
  const limit = options.limit ?? FAN_OUT_PAGE;
  const rows = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    certified_buyer: boolean;
    bp: PreferencesJson | null;
    bb: BuyBoxJson | null;
  }>(
    db,
    sql`with candidates as (
        select user_id from buyer_preferences where state = ${d.state} and zip_codes @> array[${d.zipCode}]
        union select user_id from buyer_preferences
          where state = ${d.state} and cardinality(zip_codes) = 0 and lower(city) = lower(${d.city})
        union select user_id from buy_boxes where state = ${d.state} and zip_codes @> array[${d.zipCode}]
        union select user_id from buy_boxes
          where state = ${d.state} and cardinality(zip_codes) = 0 and lower(city) = lower(${d.city})
      )
      select u.id, u.first_name, u.last_name, u.certified_buyer,
        case when bp.user_id is null then null else to_jsonb(bp) end as bp,
        case when bb.user_id is null then null else to_jsonb(bb) end as bb
      from candidates c
      join users u on u.id = c.user_id
      left join buyer_preferences bp on bp.user_id = u.id
      left join buy_boxes bb on bb.user_id = u.id
      where u.is_active and 'buyer' = any(u.roles) and u.id <> ${deal.originatorId}::uuid
        ${options.certifiedOnly ? sql`and u.certified_buyer` : sql``}
        ${options.afterId ? sql`and u.id > ${options.afterId}::uuid` : sql``}
        ${options.onlyId ? sql`and u.id = ${options.onlyId}::uuid` : sql``}
        and ((bp.user_id is not null and ${preferencesAdmit(d)}) or (bb.user_id is not null and ${buyBoxAdmits(d)}))
      order by u.id
      limit ${limit}`,
  );
  const facts = matchDealOfRow(deal);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    certified: row.certified_buyer,
    match: matchDeal(facts, {
      preferences: row.bp ? preferencesOf(row.bp) : null,
      buyBox: row.bb ? buyBoxOf(row.bb) : null,
    })!,
  }));
}

/** Every matching buyer, a page at a time (the alert fan-out). */
export async function* matchingBuyers(
  db: Db,
  deal: DealRow,
  options: { certifiedOnly?: boolean } = {},
): AsyncGenerator<MatchedBuyer[]> {
  let afterId: string | undefined;
  for (;;) {
    const page = await matchingBuyerPage(db, deal, { ...options, afterId });
    if (page.length > 0) yield page;
    if (page.length < FAN_OUT_PAGE) return;
    afterId = page.at(-1)!.id;
  }
}
