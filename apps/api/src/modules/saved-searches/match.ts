/**
 * The saved searches a deal satisfies (DECISIONS.md, Matching and alerts), for the alert fan-out
 * (alerts/fan-out-alerts.ts). SQL narrows them by the deal's state (saved_searches_state_idx: the
 * searches of that state and those that name none) to active buyer-side users who may see the deal;
 * each page is then checked against the deal with the deal list's own filters, as `GET /api/deals`
 * reads them (deals/routes.ts `filtersOf`; the test holds the two equal). Pages, never the whole table.
 */
import { sql } from 'drizzle-orm';
import { savedDealFiltersSchema, type SavedDealFilters } from '@dealclub/shared/deal-filters';
import { matchDeal } from '@dealclub/shared/matching';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import { queryRows, type Db } from '../../db/client';
import { isPriorityBuyer, seesAddress } from '../deals';
import { matchDealOfRow, buyBoxOf, preferencesOf } from '../matching';
import type { DealRow } from '../../db/rows';

export type SavedSearchFrequency = 'realtime' | 'daily' | 'weekly';

export interface SavedSearchHit {
  userId: string;
  savedSearchId: string;
  frequency: SavedSearchFrequency;
  /** The buyer's match score of the deal (shared matching rules); 100 without preferences or buy box. */
  score: number;
}

export const SAVED_SEARCH_PAGE = 1000;

/** What the deal list offers: deals still on the market (deals/visibility.ts `ON_THE_MARKET`). */
const ON_THE_MARKET: ReadonlySet<string> = new Set(['exclusive', 'active', 'pending']);

/** Case-insensitive "contains", as `ilike '%q%'` with the pattern's wildcards escaped. */
const contains = (text: string | null | undefined, q: string) =>
  text != null && text.toLowerCase().includes(q.toLowerCase());

/**
 * Whether the deal list would show `deal` to `viewerId` with these filters (the visibility of an
 * exclusive deal aside, which the SQL below checks): the same conditions as `filtersOf`.
 */
export function dealMeetsFilters(deal: DealRow, filters: SavedDealFilters, viewerId: string): boolean {
  if (deal.status === 'deleted' || !ON_THE_MARKET.has(deal.status)) return false;
  if (filters.maxPrice && !(deal.purchasePrice <= filters.maxPrice)) return false;
  if (filters.minBedrooms && !(deal.bedrooms >= filters.minBedrooms)) return false;
  if (filters.minBathrooms && !(Number(deal.bathrooms) >= filters.minBathrooms)) return false;
  if (filters.category && deal.category !== filters.category) return false;
  if (filters.purchaseType && deal.purchaseType !== filters.purchaseType) return false;
  if (filters.propertyType && deal.propertyType !== filters.propertyType) return false;
  if (filters.state && deal.state !== filters.state) return false;
  if (filters.city && deal.city.toLowerCase() !== filters.city.toLowerCase()) return false;
  if (filters.zipCode && deal.zipCode !== filters.zipCode) return false;
  if (filters.tags?.length) {
    const tags = new Set([...deal.tags, ...deal.systemTags]);
    if (!filters.tags.some((tag) => tags.has(tag))) return false;
  }
  if (filters.verified && !deal.termsVerifiedAt) return false;
  if (filters.q) {
    // A hidden street address is never searchable by anyone who may not see it.
    const address =
      seesAddress({ id: viewerId, isAdmin: false }, deal) && contains(deal.streetAddress, filters.q);
    if (!address && !contains(deal.city, filters.q) && !contains(deal.description, filters.q)) return false;
  }
  return true;
}

const FREQUENCY_ORDER: Record<SavedSearchFrequency, number> = { realtime: 0, daily: 1, weekly: 2 };

/**
 * The saved searches `deal` satisfies, a page at a time, each with its buyer's score. A buyer's
 * searches come together, the most frequent first, so that the fan-out's one alert per buyer and
 * deal takes the soonest.
 */
export async function* savedSearchesMatchingDeal(db: Db, deal: DealRow): AsyncGenerator<SavedSearchHit[]> {
  if (!ON_THE_MARKET.has(deal.status)) return;
  const facts = matchDealOfRow(deal);
  const buyerSide = sql`array[${sql.join(
    BUYER_SIDE.map((role) => sql`${role}`),
    sql`, `,
  )}]::text[]`;
  // An exclusive deal is seen only by its priority buyers (deals/visibility.ts).
  const maySee =
    deal.status === 'exclusive'
      ? sql`and exists (select 1 from deals where deals.id = ${deal.id}::uuid and ${isPriorityBuyer({ id: sql`u.id` as never, isAdmin: false })})`
      : sql``;
  let after: { userId: string; id: string } | null = null;
  for (;;) {
    const rows: {
      id: string;
      user_id: string;
      filters: unknown;
      frequency: string;
      bp: Parameters<typeof preferencesOf>[0] | null;
      bb: Parameters<typeof buyBoxOf>[0] | null;
    }[] = await queryRows(
      db,
      sql`select s.id, s.user_id, s.filters, s.frequency,
          case when bp.user_id is null then null else to_jsonb(bp) end as bp,
          case when bb.user_id is null then null else to_jsonb(bb) end as bb
        from saved_searches s
        join users u on u.id = s.user_id
        left join buyer_preferences bp on bp.user_id = s.user_id
        left join buy_boxes bb on bb.user_id = s.user_id
        where (s.state = ${deal.state} or s.state is null)
          and u.is_active and u.roles && ${buyerSide} and u.id <> ${deal.originatorId}::uuid
          ${after ? sql`and (s.user_id, s.id) > (${after.userId}::uuid, ${after.id}::uuid)` : sql``}
          ${maySee}
        order by s.user_id, s.id
        limit ${SAVED_SEARCH_PAGE}`,
    );
    const hits: SavedSearchHit[] = [];
    for (const row of rows) {
      // A search saved under older rules that no longer reads is skipped, not guessed at.
      const filters = savedDealFiltersSchema.safeParse(row.filters);
      if (!filters.success || !dealMeetsFilters(deal, filters.data, row.user_id)) continue;
      const match = matchDeal(facts, {
        preferences: row.bp ? preferencesOf(row.bp) : null,
        buyBox: row.bb ? buyBoxOf(row.bb) : null,
      });
      hits.push({
        userId: row.user_id,
        savedSearchId: row.id,
        frequency: row.frequency in FREQUENCY_ORDER ? (row.frequency as SavedSearchFrequency) : 'realtime',
        score: match ? match.score : 100,
      });
    }
    hits.sort(
      (a, b) =>
        a.userId.localeCompare(b.userId) ||
        FREQUENCY_ORDER[a.frequency] - FREQUENCY_ORDER[b.frequency] ||
        a.savedSearchId.localeCompare(b.savedSearchId),
    );
    if (hits.length > 0) yield hits;
    if (rows.length < SAVED_SEARCH_PAGE) return;
    const last = rows.at(-1)!;
    after = { userId: last.user_id, id: last.id };
  }
}
