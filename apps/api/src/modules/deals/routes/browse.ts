/**
 * The deals lists (API.md): browse with filters and sorts (`GET /api/deals`), my matched deals, Manage
 * my listings and my saved deals. The SQL of the browse list is browse.ts's.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { DEAL_STATUSES, type DealStatus } from '@dealclub/shared/deals';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import type { DealRow } from '../../../db/rows';
import { deals, favorites } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import {
  decodeCursor,
  decodePlaceCursor,
  decodeRankCursor,
  encodeCursor,
  encodePlaceCursor,
  encodeRankCursor,
} from '../../../lib/cursor';
import { requireUser } from '../../../plugins/auth';
import { MATCH_PROFILE_JOIN, FITS_RANK, matchFitSql, matchRankSql } from '../../matching';
import {
  BrowseQuery,
  browseStatements,
  COUNT_CAP,
  filtersOf,
  ordering,
  rankOfCard,
  type CardRow,
} from '../browse';
import { cardOf, dealCards } from '../service';
import { ON_THE_MARKET, viewerOf, visibleTo, type Viewer } from '../visibility';
import { auth, Card, Page, PageQuery, type DealAccess } from './access';

export const browseRoutes: FastifyPluginAsyncZod<{ access: DealAccess }> = async (app, { access }) => {
  const db = () => app.database.db;
  const cards = (viewer: Viewer, rows: DealRow[]) => dealCards(db(), viewer, rows);

  app.get(
    '/api/deals',
    {
      // The viewer's match profile comes with their row (auth hook): cards are scored, pages ranked.
      config: { roles: BUYER_SIDE, authJoins: [MATCH_PROFILE_JOIN] },
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
      const user = requireUser(request);
      const viewer = viewerOf(user);
      const query = request.query;
      // Best match first needs the viewer's profile to build its statements.
      const ranking = query.sort === 'match' ? access.matchContextOf(request, user) : undefined;
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
        db(),
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
      const match = ranking ?? access.matchContextOf(request, user);
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
      config: { roles: BUYER_SIDE, authJoins: [MATCH_PROFILE_JOIN] },
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
      const user = requireUser(request);
      const viewer = viewerOf(user);
      const match = access.matchContextOf(request, user)!;
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
      config: { roles: SELLER_SIDE },
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
      const user = requireUser(request);
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
    '/api/favorites',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['deals'],
        summary: 'My saved deals that I can still see, most recently saved first',
        ...auth,
        querystring: PageQuery,
        response: { 200: Page },
      },
    },
    async (request) => {
      const user = requireUser(request);
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
