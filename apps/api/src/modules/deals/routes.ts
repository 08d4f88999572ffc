/**
 * The deals calls of API.md: create, read, update, soft delete, the browse list with its filters,
 * "Manage my listings", status changes and favorites. Roles (core §6): the buyer side browses and
 * saves favorites; the seller side lists deals; only a deal's originator (or an admin, recorded as
 * the actor) edits it, changes its status or deletes it.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { DEAL_LIST_SORTS, dealFiltersQuery } from '@dealclub/shared/deal-filters';
import { DEAL_STATUSES, dealSchema, type DealStatus } from '@dealclub/shared/deals';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import { deals, favorites, zipCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  decodeCursor,
  decodeOffset,
  decodePlaceCursor,
  decodeRankCursor,
  encodeCursor,
  encodeOffset,
  encodePlaceCursor,
  encodeRankCursor,
} from '../../lib/cursor';
import { requireRole, requireUser, type AuthenticatedUser } from '../../plugins/auth';
import { recordModeration } from '../audit/audit';
import {
  cardOf,
  changeStatus,
  coverSql,
  createDeal,
  dealCards,
  detailOf,
  isFavoriteSql,
  profileOfPage,
  readDealPage,
  updateDeal,
  type MatchContext,
} from './service';
import type { DealRow } from '../../db/rows';
import { matchingBuyers, type MatchedBuyer } from '../matching/fan-out';
import { MATCH_PROFILE_JOIN, matchProfileOf } from '../matching/profile';
import type { MatchProfile } from '@dealclub/shared/matching';
import { prepareNamed } from '../../db/prepared';
import { FIT_RANK, FITS_RANK, matchFitSql, matchRankSql } from '../matching/rank-sql';
import { contentLanguage } from '../../lib/content-language';
import { disclosureItems } from '../trust/disclosures';
import {
  managesDeal,
  ON_THE_MARKET,
  readsDeal,
  seesAddressSql,
  viewerOf,
  visibleTo,
  type Viewer,
} from './visibility';
import { lapseEditedVerification } from '../verifications/service';

const Card = z.looseObject({ id: z.string(), status: z.string(), addressHidden: z.boolean() });
const Page = z.object({ items: z.array(Card), nextCursor: z.string().nullable(), total: z.number() });
const Detail = z.looseObject({ id: z.string(), status: z.string(), addressHidden: z.boolean() });
const IdParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });
/** API.md's pagination: an opaque cursor and a limit (default 24, max 100). */
const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
const auth = { security: [{ bearerAuth: [] }] };

/** Matches counted exactly up to here; beyond, `totalCapped` is true (DECISIONS: lists answer a total). */
export const COUNT_CAP = 10_000;

/** The list's filters are shared with saved searches (@dealclub/shared/deal-filters). */
const BrowseQuery = dealFiltersQuery.extend({
  sort: z.enum(DEAL_LIST_SORTS, { error: 'dealsBrowse.validation.sort' }).default('newest'),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
type BrowseQuery = z.infer<typeof BrowseQuery>;

const StatusBody = z
  .object({
    status: z.enum(DEAL_STATUSES, { error: 'errors.STATUS_CHANGE_NOT_ALLOWED' }),
    reason: z.string().trim().max(1000).nullable().optional(),
    throughPlatform: z.boolean().default(true),
    comments: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();

/** `order by` and the keyset condition after the cursor's row, per sort. */
function ordering(
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
interface CardRow {
  row: DealRow;
  cover: { key: string; width: number; height: number } | null;
  isFavorite: boolean;
  /** The centroid of the deal's ZIP code (zip_codes), null when the data set does not know it. */
  lat: number | null;
  lng: number | null;
}

/** The matching buyers a seller's list shows (the counts are of them all). */
export const MATCH_LIST_MAX = 200;

/** The rank a card was sorted by: a fit above every non-fit, then the score (rank-sql.ts). */
function rankOfCard(match: { score: number; matches: boolean } | null): number {
  return match ? (match.matches ? FIT_RANK : 0) + match.score : 0;
}

/**
 * The browse filters (saved-searches/match.ts applies the same ones to a single deal; its test holds
 * the two equal). Values go through `v`, which makes them placeholders of a prepared statement:
 * the SQL depends only on which filters are present (the statement's shape), not on their values.
 */
function filtersOf(
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

export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  /**
   * Prepared browse statements, one set per shape (which filters, which sort, a cursor or not, an
   * admin or not): drizzle builds each SQL text once and PostgreSQL plans it once per connection.
   * With the viewer's row and match profile read by the auth hook (`withMatchProfile`), a page is
   * three statements (issue 19), best match first included: that one, the page (its deals with
   * their covers and favourite flags) and its head (the total and whether the cursor's deal is one
   * the viewer may see), the last two together.
   */
  const browseCache = new Map<string, ReturnType<typeof prepareBrowse>>();
  function prepareBrowse(
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
    const pageIds = db()
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
        ? db()
            .select(card)
            .from(deals)
            .innerJoin(
              sql`(with fits as (select array(${db()
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
      page: db()
        .select(card)
        .from(idsOfPage)
        .innerJoin(deals, eq(deals.id, idsOfPage.id))
        .leftJoin(zipCodes, atCentroid)
        .orderBy(...order)
        .prepare(`${name}_page`),
      // Counting every match of a broad filter reads every row; past COUNT_CAP the list says "10,000+".
      // A cursor names a deal whose sort values the next page starts from: it must be one the viewer
      // may see, or paging would reveal the price and dates of deals hidden from them.
      head: db()
        .select({
          n: sql<number>`count(*)::int`,
          cursorVisible: withCursor
            ? sql<boolean>`exists (select 1 from ${deals} where ${and(eq(deals.id, sql.placeholder('cursor')), visibleTo({ id: viewer, isAdmin }))})`
            : sql<boolean>`true`,
        })
        .from(
          db()
            .select({ one: sql`1`.as('one') })
            .from(deals)
            .where(and(...where))
            .limit(COUNT_CAP + 1)
            .as('matches'),
        )
        .prepare(`${name}_head`),
    };
  }
  function browseStatements(
    shape: string,
    where: SQL[],
    sort: BrowseQuery['sort'],
    withCursor: boolean,
    rank: SQL | null,
    fit: SQL | null,
    isAdmin: boolean,
  ) {
    let statements = browseCache.get(shape);
    if (!statements) {
      // Named by the shape itself, so a connection that has this name prepared has this very text.
      const name = `deals_browse_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
      statements = prepareBrowse(where, sort, withCursor, name, rank, fit, isAdmin);
      browseCache.set(shape, statements);
    }
    return statements;
  }
  const cards = (viewer: Viewer, rows: DealRow[]) => dealCards(db(), viewer, rows);

  /** For the buyer side: their match profile and the reader's language, to score deals with. */
  function matchContextFrom(
    request: FastifyRequest,
    user: AuthenticatedUser,
    profile: () => MatchProfile | null,
  ): MatchContext | undefined {
    if (!user.roles.some((r) => BUYER_SIDE.includes(r))) return undefined;
    return {
      profile: profile(),
      language: contentLanguage(request.headers['accept-language'], user.row.languagePreference),
    };
  }

  /** The same, from the profile the auth hook read with the user (routes `withMatchProfile`). */
  function matchContextOf(request: FastifyRequest, user: AuthenticatedUser): MatchContext | undefined {
    return matchContextFrom(request, user, () => matchProfileOf(user));
  }

  // Prepared (built once, planned once per connection): the most frequent read of a deal.
  const dealForViewer = (isAdmin: boolean) =>
    prepareNamed(
      isAdmin ? 'deal_for_admin' : 'deal_for_viewer',
      db()
        .select()
        .from(deals)
        .where(
          and(eq(deals.id, sql.placeholder('id')), visibleTo({ id: sql.placeholder('viewer'), isAdmin })),
        ),
    );
  const dealQueries = { admin: dealForViewer(true), viewer: dealForViewer(false) };

  /** The deal if the user may see it; 'Listing not found' otherwise (never a hint it exists). */
  async function visibleDeal(user: AuthenticatedUser, id: string): Promise<DealRow> {
    const viewer = viewerOf(user);
    const [row] = await (viewer.isAdmin ? dealQueries.admin : dealQueries.viewer).execute({
      id,
      viewer: user.id,
    });
    if (!row || !readsDeal(user, row)) throw new AppError('LISTING_NOT_FOUND');
    return row;
  }

  /**
   * The deal page as the user sees it, everything on it read with the deal in one statement (the
   * seller of an exclusive deal adds the count of its priority buyers); 'Listing not found' as above.
   * After a write the page answers without a match, as the seller side's answer always has.
   */
  async function dealPage(user: AuthenticatedUser, id: string, request?: FastifyRequest) {
    const viewer = viewerOf(user);
    const page = await readDealPage(db(), viewer, id);
    if (!page || !readsDeal(user, page.row)) throw new AppError('LISTING_NOT_FOUND');
    // A view (DECISIONS.md, Analytics and maps): the page read (the one call with the request) by
    // anyone who does not manage the deal, noted in memory and written off the request, once per
    // viewer and day (analytics/view-buffer.ts).
    if (request && !managesDeal(viewer, page.row)) app.dealViews.record(page.row.id, user.id);
    const match = request ? matchContextFrom(request, user, () => profileOfPage(page)) : undefined;
    return detailOf(db(), viewer, page, match);
  }

  /** The deal if the user manages it: its originator, or an admin as moderator. */
  async function managedDeal(user: AuthenticatedUser, id: string): Promise<DealRow> {
    const row = await visibleDeal(user, id);
    if (!managesDeal(viewerOf(user), row)) throw new AppError('FORBIDDEN');
    return row;
  }

  app.post(
    '/api/deals',
    {
      schema: {
        tags: ['deals'],
        summary: 'List a deal',
        ...auth,
        body: dealSchema,
        response: { 201: Detail },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, SELLER_SIDE);
      const row = await createDeal(db(), user.id, request.body, app.config.deals.exclusivityHours);
      return reply.status(201).send(await dealPage(user, row.id));
    },
  );

  app.get(
    '/api/deals',
    {
      // The viewer's match profile comes with their row (auth hook): cards are scored, pages ranked.
      config: { authJoins: [MATCH_PROFILE_JOIN] },
      schema: {
        tags: ['deals'],
        summary: 'Browse deals with filters, sorted, a page at a time',
        ...auth,
        querystring: BrowseQuery,
        response: {
          200: Page.extend({
            // Each card with the centroid of its ZIP code (null when unknown), for the map view.
            items: z.array(Card.extend({ lat: z.number().nullable(), lng: z.number().nullable() })),
            totalCapped: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const user = requireRole(request, BUYER_SIDE);
      const viewer = viewerOf(user);
      const query = request.query;
      // Best match first needs the viewer's profile to build its statements.
      const ranking = query.sort === 'match' ? matchContextOf(request, user) : undefined;
      const byMatch = ranking?.profile ?? null;
      const cursor = byMatch ? decodeRankCursor(query.cursor) : undefined;
      const cursorId = byMatch ? cursor?.id : decodeCursor(query.cursor);
      const params: Record<string, unknown> = { limit: query.limit + 1 };
      const v = (name: string, value: unknown) => {
        params[name] = value;
        return sql.placeholder(name);
      };
      const where = filtersOf(query, viewer, v);
      const rank = matchRankSql(byMatch, v);
      const fit = matchFitSql(byMatch, v);
      if (cursorId) v('cursor', cursorId);
      if (cursor) v('cursorRank', cursor.rank);
      const sort = rank ? 'match' : query.sort === 'match' ? 'newest' : query.sort;
      const statements = browseStatements(
        JSON.stringify([Object.keys(params).sort(), sort, viewer.isAdmin]),
        where,
        sort,
        Boolean(cursorId),
        rank,
        fit,
        viewer.isAdmin,
      );
      const page = async (): Promise<{ more: boolean; rows: CardRow[] }> => {
        // Best match first, still among the fitting deals (no cursor yet, or one of a fitting deal).
        const fitting = statements.fitsPage && (!cursor || cursor.rank >= FITS_RANK);
        const rows = await (fitting ? statements.fitsPage! : statements.page).execute(params);
        return { more: rows.length > query.limit, rows: rows.slice(0, query.limit) };
      };
      // The head (total, cursor check) beside the page: the page of a cursor the viewer may not see
      // is never answered.
      const [[head], { more, rows }] = await Promise.all([statements.head.execute(params), page()]);
      if (cursorId && !head?.cursorVisible) throw new AppError('BAD_REQUEST');
      const match = ranking ?? matchContextOf(request, user);
      // Each card carries its ZIP's centroid for the map view (additive; never the street's place).
      const items = rows.map((r) => ({
        ...cardOf(viewer, r.row, { cover: r.cover, isFavorite: Boolean(r.isFavorite), match }),
        lat: r.lat === null ? null : Number(r.lat),
        lng: r.lng === null ? null : Number(r.lng),
      }));
      const last = items.at(-1);
      const counted = Number(head?.n ?? 0);
      return {
        items,
        nextCursor:
          more && last
            ? rank
              ? encodeRankCursor(rankOfCard(last.match), last.id)
              : encodeCursor({ id: last.id })
            : null,
        total: Math.min(counted, COUNT_CAP),
        totalCapped: counted > COUNT_CAP,
      };
    },
  );

  app.get(
    '/api/matches',
    {
      config: { authJoins: [MATCH_PROFILE_JOIN] },
      schema: {
        tags: ['matching'],
        summary: 'My matched deals: the deals on the market that fit my preferences or buy box, best first',
        ...auth,
        querystring: z.object({
          cursor: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: { 200: Page },
      },
    },
    async (request) => {
      const user = requireRole(request, BUYER_SIDE);
      const viewer = viewerOf(user);
      const match = matchContextOf(request, user)!;
      const { limit } = request.query;
      const cursor = decodeRankCursor(request.query.cursor);
      const params: Record<string, unknown> = {};
      const v = (name: string, value: unknown) => {
        params[name] = value;
        return sql.placeholder(name);
      };
      // Every deal that fits has the same rank (FITS_RANK), so best first is newest first among them,
      // found through the place indexes (rank-sql.ts, matchFitSql).
      const fit = matchFitSql(match.profile, v);
      if (!fit) return { items: [], nextCursor: null, total: 0 };
      const where = and(visibleTo(viewer), ON_THE_MARKET, sql`${deals.originatorId} <> ${user.id}`, fit);
      const { order, after } = ordering('newest', cursor?.id);
      const [rows, [counted]] = await Promise.all([
        db()
          .select()
          .from(deals)
          .where(and(where, ...(after ? [after] : [])))
          .orderBy(...order)
          .limit(limit + 1)
          .execute(params),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(deals)
          .where(where)
          .execute(params),
      ]);
      const page = rows.slice(0, limit);
      const items = await dealCards(db(), viewer, page, match);
      const last = items.at(-1);
      return {
        items,
        nextCursor: rows.length > limit && last ? encodeRankCursor(rankOfCard(last.match), last.id) : null,
        total: Number(counted?.n ?? 0),
      };
    },
  );

  app.get(
    '/api/deals/mine',
    {
      schema: {
        tags: ['deals'],
        summary: 'Manage my listings: my deals, newest first, optionally of one status',
        ...auth,
        querystring: z.object({
          status: z.enum(DEAL_STATUSES).optional(),
          cursor: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: { 200: Page.extend({ counts: z.record(z.string(), z.number()) }) },
      },
    },
    async (request) => {
      const user = requireRole(request, SELLER_SIDE);
      const viewer = viewerOf(user);
      const { status, limit } = request.query;
      const mine = eq(deals.originatorId, user.id);
      const where = status
        ? and(mine, eq(deals.status, status))
        : and(mine, sql`${deals.status} <> 'deleted'`);
      const cursorId = decodeCursor(request.query.cursor);
      if (cursorId) {
        const [own] = await db()
          .select({ id: deals.id })
          .from(deals)
          .where(and(eq(deals.id, cursorId), mine));
        if (!own) throw new AppError('BAD_REQUEST');
      }
      const { order, after } = ordering('newest', cursorId);
      const [rows, counts] = await Promise.all([
        db()
          .select()
          .from(deals)
          .where(and(where, ...(after ? [after] : [])))
          .orderBy(...order)
          .limit(limit + 1),
        db()
          .select({ status: deals.status, n: sql<number>`count(*)::int` })
          .from(deals)
          .where(mine)
          .groupBy(deals.status),
      ]);
      const byStatus = Object.fromEntries(DEAL_STATUSES.map((s) => [s, 0])) as Record<DealStatus, number>;
      for (const c of counts) byStatus[c.status as DealStatus] = Number(c.n);
      const page = rows.slice(0, limit);
      return {
        items: await cards(viewer, page),
        nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
        total: status
          ? byStatus[status]
          : Object.entries(byStatus).reduce((a, [s, n]) => a + (s === 'deleted' ? 0 : n), 0),
        counts: byStatus,
      };
    },
  );

  app.get(
    '/api/deals/:id',
    {
      schema: { tags: ['deals'], summary: 'One deal', ...auth, params: IdParams, response: { 200: Detail } },
    },
    async (request) => {
      return dealPage(requireUser(request), request.params.id, request);
    },
  );

  app.get(
    '/api/deals/:id/matches',
    {
      schema: {
        tags: ['matching'],
        summary:
          "The buyers a deal fits, best match first, a page at a time (the deal's originator and admins): " +
          `count and certifiedCount are of every matching buyer; the list holds the best ${MATCH_LIST_MAX}`,
        ...auth,
        params: IdParams,
        querystring: PageQuery,
        response: {
          200: z.object({
            count: z.number(),
            certifiedCount: z.number(),
            items: z.array(
              z.object({
                buyer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
                score: z.number(),
                certified: z.boolean(),
              }),
            ),
            nextCursor: z.string().nullable(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await visibleDeal(user, request.params.id);
      // The buyers a deal fits are its originator's (and moderators') to know, like its offers and
      // interests: for anyone else the list is not there (API.md: 404, not 403).
      if (!managesDeal(viewerOf(user), row)) throw new AppError('LISTING_NOT_FOUND');
      const { limit } = request.query;
      const offset = decodeOffset(request.query.cursor);
      const found: MatchedBuyer[] = [];
      let count = 0;
      let certifiedCount = 0;
      for await (const page of matchingBuyers(db(), row)) {
        count += page.length;
        certifiedCount += page.filter((b) => b.certified).length;
        found.push(...page);
        // The list shows the best; the counts are of every matching buyer.
        found.sort((a, b) => b.match.score - a.match.score || Number(b.certified) - Number(a.certified));
        found.length = Math.min(found.length, MATCH_LIST_MAX);
      }
      return {
        count,
        certifiedCount,
        items: found.slice(offset, offset + limit).map((b) => ({
          buyer: { id: b.id, firstName: b.firstName, lastName: b.lastName },
          score: b.match.score,
          certified: b.certified,
        })),
        nextCursor: found.length > offset + limit ? encodeOffset(offset + limit) : null,
        total: found.length,
      };
    },
  );

  app.get(
    '/api/deals/:id/disclosures',
    {
      schema: {
        tags: ['deals'],
        summary: "The deal's risk disclosures, which a creative offer acknowledges",
        ...auth,
        params: IdParams,
        response: {
          200: z.object({
            items: z.array(
              z.object({ key: z.string(), title: z.string(), body: z.string(), help: z.string() }),
            ),
            nextCursor: z.null(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await visibleDeal(user, request.params.id);
      const language = contentLanguage(request.headers['accept-language'], user.row.languagePreference);
      // A handful at most (one per creative term): one page, the whole list.
      const items = disclosureItems(row, language);
      return { items, nextCursor: null, total: items.length };
    },
  );

  app.put(
    '/api/deals/:id',
    {
      schema: {
        tags: ['deals'],
        summary: 'Edit a deal (its originator, or an admin)',
        ...auth,
        params: IdParams,
        body: dealSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      const user = requireRole(request, SELLER_SIDE);
      const row = await managedDeal(user, request.params.id);
      // A changed verified loan field takes the "Terms verified" badge away.
      const updated = await lapseEditedVerification(db(), (await updateDeal(db(), row, request.body)).id);
      await recordModeration(db(), user, row, 'deal.update');
      return dealPage(user, updated.id);
    },
  );

  app.put(
    '/api/deals/:id/status',
    {
      schema: {
        tags: ['deals'],
        summary: 'Change the status (transition table of DECISIONS.md; a reason to cancel)',
        ...auth,
        params: IdParams,
        body: StatusBody,
        response: { 200: Detail },
      },
    },
    async (request) => {
      const user = requireRole(request, SELLER_SIDE);
      const row = await managedDeal(user, request.params.id);
      const updated = await changeStatus(db(), row.id, request.body, user.id);
      await recordModeration(db(), user, row, 'deal.status', { from: row.status, to: updated.status });
      return dealPage(user, updated.id);
    },
  );

  app.delete(
    '/api/deals/:id',
    {
      schema: {
        tags: ['deals'],
        summary: 'Delete a deal (soft: kept, hidden from everyone but its originator and admins)',
        ...auth,
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, SELLER_SIDE);
      const row = await managedDeal(user, request.params.id);
      await changeStatus(db(), row.id, { status: 'deleted', throughPlatform: true }, user.id);
      await recordModeration(db(), user, row, 'deal.delete');
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/deals/:id/favorite',
    {
      schema: {
        tags: ['deals'],
        summary: 'Save a deal',
        ...auth,
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, BUYER_SIDE);
      const row = await visibleDeal(user, request.params.id);
      await db().insert(favorites).values({ userId: user.id, dealId: row.id }).onConflictDoNothing();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/deals/:id/favorite',
    {
      schema: {
        tags: ['deals'],
        summary: 'Unsave a deal',
        ...auth,
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, BUYER_SIDE);
      await db()
        .delete(favorites)
        .where(and(eq(favorites.userId, user.id), eq(favorites.dealId, request.params.id)));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/favorites',
    {
      schema: {
        tags: ['deals'],
        summary: 'My saved deals that I can still see, most recently saved first',
        ...auth,
        querystring: PageQuery,
        response: { 200: Page },
      },
    },
    async (request) => {
      const user = requireRole(request, BUYER_SIDE);
      const viewer = viewerOf(user);
      const { limit } = request.query;
      // The cursor holds the last favorite's own place: one unsaved since does not end the list.
      const after = decodePlaceCursor(request.query.cursor);
      const where = and(eq(favorites.userId, user.id), visibleTo(viewer), sql`${deals.status} <> 'deleted'`);
      const [rows, [counted]] = await Promise.all([
        db()
          .select({ deal: deals, savedAt: sql<string>`${favorites.createdAt}::text` })
          .from(favorites)
          .innerJoin(deals, eq(deals.id, favorites.dealId))
          .where(
            and(
              where,
              after
                ? sql`(${favorites.createdAt}, ${favorites.dealId}) < (${after.time}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(desc(favorites.createdAt), desc(favorites.dealId))
          .limit(limit + 1),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(favorites)
          .innerJoin(deals, eq(deals.id, favorites.dealId))
          .where(where),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: await cards(
          viewer,
          page.map((r) => r.deal),
        ),
        nextCursor: rows.length > limit && last ? encodePlaceCursor(last.savedAt, last.deal.id) : null,
        total: Number(counted?.n ?? 0),
      };
    },
  );
};
