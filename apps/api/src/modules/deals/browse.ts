/**
 * The browse list's SQL (`GET /api/deals` and the lists beside it): the filters, the orders and their
 * keyset cursors, and the prepared statements of a page. The routes (routes/browse.ts) only read the
 * request and shape the answer.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { DEAL_LIST_SORTS, dealFiltersQuery } from '@dealclub/shared/deal-filters';
import type { Db } from '../../db/client';
import type { DealRow } from '../../db/rows';
import { deals, zipCodes } from '../../db/schema';
import { FIT_RANK, FITS_RANK } from '../matching';
import { coverSql, isFavoriteSql } from './service';
import { ON_THE_MARKET, seesAddressSql, visibleTo, type Viewer } from './visibility';

/** Matches counted exactly up to here; beyond, `totalCapped` is true (DECISIONS: lists answer a total). */
export const COUNT_CAP = 10_000;

/** The list's filters are shared with saved searches (@dealclub/shared/deal-filters). */
export const BrowseQuery = dealFiltersQuery.extend({
  sort: z.enum(DEAL_LIST_SORTS, { error: 'dealsBrowse.validation.sort' }).default('newest'),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type BrowseQuery = z.infer<typeof BrowseQuery>;

/** `order by` and the keyset condition after the cursor's row, per sort. */
export function ordering(
  sort: BrowseQuery['sort'],
  cursorId: string | Placeholder | undefined,
  rank?: { expression: SQL; cursorRank?: Placeholder },
): { order: SQL[]; after: SQL | undefined } {
  const at = (column: string) => sql.raw(`(select ${column} from deals c where c.id = `);
  // Best match first (the viewer's rank, matching/rank-sql.ts), then newest; without a profile, newest.
  if (sort === 'match' && rank) {
    return {
      order: [sql`${rank.expression} desc`, desc(deals.createdAt), desc(deals.id)],
      after:
        cursorId && rank.cursorRank
          ? sql`(${rank.expression}, ${deals.createdAt}, ${deals.id}) < (${rank.cursorRank}::integer, ${at('c.created_at')}${cursorId}), ${cursorId})`
          : undefined,
    };
  }
  switch (sort) {
    case 'price-asc':
      return {
        order: [asc(deals.purchasePrice), asc(deals.id)],
        after: cursorId
          ? sql`(${deals.purchasePrice}, ${deals.id}) > (${at('c.purchase_price')}${cursorId}), ${cursorId})`
          : undefined,
      };
    case 'price-desc':
      return {
        order: [desc(deals.purchasePrice), desc(deals.id)],
        after: cursorId
          ? sql`(${deals.purchasePrice}, ${deals.id}) < (${at('c.purchase_price')}${cursorId}), ${cursorId})`
          : undefined,
      };
    case 'entry-fee-asc':
      return {
        order: [sql`${deals.entryFee} asc nulls last`, asc(deals.id)],
        after: cursorId
          ? sql`(coalesce(${deals.entryFee}, 2147483647), ${deals.id}) > ((select coalesce(c.entry_fee, 2147483647) from deals c where c.id = ${cursorId}), ${cursorId})`
          : undefined,
      };
    default:
      return {
        order: [desc(deals.createdAt), desc(deals.id)],
        after: cursorId
          ? sql`(${deals.createdAt}, ${deals.id}) < (${at('c.created_at')}${cursorId}), ${cursorId})`
          : undefined,
      };
  }
}

/** A card's deal with its cover and whether the viewer saved it, as the browse statements read them. */
export interface CardRow {
  row: DealRow;
  cover: { key: string; width: number; height: number } | null;
  isFavorite: boolean;
  /** The centroid of the deal's ZIP code (zip_codes), null when the data set does not know it. */
  lat: number | null;
  lng: number | null;
}

/** The rank a card was sorted by: a fit above every non-fit, then the score (rank-sql.ts). */
export function rankOfCard(match: { score: number; matches: boolean } | null): number {
  return match ? (match.matches ? FIT_RANK : 0) + match.score : 0;
}

/**
 * The browse filters (saved-searches/match.ts applies the same ones to a single deal; its test holds
 * the two equal). Values go through `v`, which makes them placeholders of a prepared statement:
 * the SQL depends only on which filters are present (the statement's shape), not on their values.
 */
export function filtersOf(
  query: BrowseQuery,
  viewer: Viewer,
  v: (name: string, value: unknown) => Placeholder,
): SQL[] {
  const me = v('viewer', viewer.id);
  const where: SQL[] = [
    visibleTo({ id: me, isAdmin: viewer.isAdmin }),
    sql`${deals.status} <> 'deleted'`,
    ON_THE_MARKET,
  ];
  if (query.maxPrice) where.push(sql`${deals.purchasePrice} <= ${v('maxPrice', query.maxPrice)}`);
  if (query.minBedrooms) where.push(sql`${deals.bedrooms} >= ${v('minBedrooms', query.minBedrooms)}`);
  if (query.minBathrooms) where.push(sql`${deals.bathrooms} >= ${v('minBathrooms', query.minBathrooms)}`);
  if (query.category) where.push(sql`${deals.category} = ${v('category', query.category)}`);
  if (query.purchaseType) where.push(sql`${deals.purchaseType} = ${v('purchaseType', query.purchaseType)}`);
  if (query.propertyType) where.push(sql`${deals.propertyType} = ${v('propertyType', query.propertyType)}`);
  if (query.state) where.push(sql`${deals.state} = ${v('state', query.state)}`);
  if (query.city) where.push(sql`lower(${deals.city}) = lower(${v('city', query.city)})`);
  if (query.zipCode) where.push(sql`${deals.zipCode} = ${v('zipCode', query.zipCode)}`);
  if (query.tags?.length) {
    const tags = sql`${v('tags', query.tags)}::text[]`;
    where.push(sql`(${deals.tags} && ${tags} or ${deals.systemTags} && ${tags})`);
  }
  // Through `v` like every filter: the prepared statement's shape is told apart by its parameters.
  if (query.verified) {
    where.push(sql`${deals.termsVerifiedAt} is not null and ${v('verified', true)}::boolean`);
  }
  if (query.q) {
    const like = v('like', `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // A hidden street address is never searchable by anyone who may not see it.
    const address = sql`(${seesAddressSql({ id: me, isAdmin: viewer.isAdmin })} and ${deals.streetAddress} ilike ${like})`;
    where.push(sql`(${address} or ${deals.city} ilike ${like} or ${deals.description} ilike ${like})`);
  }
  return where;
}

/**
 * Prepared browse statements, one set per shape (which filters, which sort, a cursor or not, an
 * admin or not): drizzle builds each SQL text once and PostgreSQL plans it once per connection.
 * With the viewer's row and match profile read by the auth hook (`authJoins`), a page is
 * three statements (issue 19), best match first included: that one, the page (its deals with
 * their covers and favourite flags) and its head (the total and whether the cursor's deal is one
 * the viewer may see), the last two together.
 */
function prepareBrowse(
  db: Db,
  where: SQL[],
  sort: BrowseQuery['sort'],
  withCursor: boolean,
  name: string,
  rank: SQL | null,
  fit: SQL | null,
  isAdmin: boolean,
) {
  const { order, after } = ordering(
    sort,
    withCursor ? sql.placeholder('cursor') : undefined,
    rank ? { expression: rank, cursorRank: sql.placeholder('cursorRank') } : undefined,
  );
  const viewer = sql.placeholder('viewer');
  // Best match first reads the fitting deals first (all of rank FITS_RANK, newest first) through
  // the place indexes, and ranks the others only for the page where the fitting deals run out.
  const newest = ordering('newest', withCursor ? sql.placeholder('cursor') : undefined);
  const byRank = rank ? ordering('match', undefined, { expression: rank }) : undefined;
  // The page's ids first (an index-only top-N over deals_state_price_idx or the sort's index), then
  // only those rows: the heap is read for the 25 deals shown, not for every match.
  const pageIds = db
    .select({ id: deals.id })
    .from(deals)
    .where(and(...where, ...(after ? [after] : [])))
    .orderBy(...order)
    .limit(sql.placeholder('limit'));
  const idsOfPage = pageIds.as('page_ids');
  // The deal's ZIP centroid (the maps place deals there, never at a street position): a left join
  // on the primary key of zip_codes, null for a ZIP the data set does not know.
  const card = {
    row: deals,
    cover: coverSql(deals.id),
    isFavorite: isFavoriteSql(viewer, deals.id),
    lat: zipCodes.latitude,
    lng: zipCodes.longitude,
  };
  const atCentroid = eq(zipCodes.zip, deals.zipCode);
  // Best match first, still among the fitting deals: those (newest first), then the ranked rest
  // only as far as the fitting ones leave the page unfilled — with none left to fill, PostgreSQL
  // never runs the rest's scan (a limit of 0). Each part's ids keep their order through
  // `array(…)` and `with ordinality`; the cards are read with them, all in one statement.
  const fitsPage =
    rank && fit && byRank
      ? db
          .select(card)
          .from(deals)
          .innerJoin(
            sql`(with fits as (select array(${db
              .select({ id: deals.id })
              .from(deals)
              .where(and(...where, fit, ...(newest.after ? [newest.after] : [])))
              .orderBy(...newest.order)
              .limit(sql.placeholder('limit'))}) as ids)
              select f.id, 0 as part, f.pos from fits, unnest(fits.ids) with ordinality as f(id, pos)
              union all
              select r.id, 1, r.pos from unnest(array(select ${deals.id} from ${deals}
                where ${and(...where, sql`${rank} < ${sql.raw(String(FITS_RANK))}`)}
                order by ${sql.join(byRank.order, sql`, `)}
                limit greatest(${sql.placeholder('limit')}::integer - (select cardinality(ids) from fits), 0)))
                with ordinality as r(id, pos)) as fits_page`,
            sql`fits_page.id = ${deals.id}`,
          )
          .leftJoin(zipCodes, atCentroid)
          .orderBy(sql`fits_page.part`, sql`fits_page.pos`)
          .prepare(`${name}_fits_page`)
      : undefined;
  return {
    fitsPage,
    // The page's deals with their covers and favourite flags, in one statement.
    page: db
      .select(card)
      .from(idsOfPage)
      .innerJoin(deals, eq(deals.id, idsOfPage.id))
      .leftJoin(zipCodes, atCentroid)
      .orderBy(...order)
      .prepare(`${name}_page`),
    // Counting every match of a broad filter reads every row; past COUNT_CAP the list says "10,000+".
    // A cursor names a deal whose sort values the next page starts from: it must be one the viewer
    // may see, or paging would reveal the price and dates of deals hidden from them.
    head: db
      .select({
        n: sql<number>`count(*)::int`,
        cursorVisible: withCursor
          ? sql<boolean>`exists (select 1 from ${deals} where ${and(eq(deals.id, sql.placeholder('cursor')), visibleTo({ id: viewer, isAdmin }))})`
          : sql<boolean>`true`,
      })
      .from(
        db
          .select({ one: sql`1`.as('one') })
          .from(deals)
          .where(and(...where))
          .limit(COUNT_CAP + 1)
          .as('matches'),
      )
      .prepare(`${name}_head`),
  };
}

type BrowseStatements = ReturnType<typeof prepareBrowse>;
/** Per database handle, by shape: built once, planned once per connection. */
const browseCache = new WeakMap<Db, Map<string, BrowseStatements>>();

export function browseStatements(
  db: Db,
  shape: string,
  where: SQL[],
  sort: BrowseQuery['sort'],
  withCursor: boolean,
  rank: SQL | null,
  fit: SQL | null,
  isAdmin: boolean,
) {
  let byShape = browseCache.get(db);
  if (!byShape) browseCache.set(db, (byShape = new Map()));
  let statements = byShape.get(shape);
  if (!statements) {
    // Named by the shape itself, so a connection that has this name prepared has this very text.
    const name = `deals_browse_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
    statements = prepareBrowse(db, where, sort, withCursor, name, rank, fit, isAdmin);
    byShape.set(shape, statements);
  }
  return statements;
}
