/**
 * The analytics calls of API.md: a deal's analytics (its originator and admins), the public ZIP
 * analytics, the seller side's buyer map, the owners club and the dashboard. Roles (core §6): the
 * buyer map and the owners club are the seller side's (originator, owner, admin); a buyer-only
 * account gets 403; another seller's deal is not there (404).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyerAnalyticsQuery,
  DASHBOARD_MODES,
  ZIP_BUYER_LIST_MAX,
  type DashboardMode,
} from '@dealclub/shared/analytics';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { ZIP_PATTERN } from '@dealclub/shared/geo';
import { BUYER_SIDE, isBuyerSide, isSellerSide, SELLER_SIDE } from '@dealclub/shared/roles';
import { deals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { requireRole, requireUser } from '../../plugins/auth';
import { managesDeal, viewerOf } from '../deals';
import { MATCH_PROFILE_JOIN, matchProfileOf } from '../matching';
import { sendCachedBody } from '../../lib/cached-body';
import { buyingDashboard, sellingDashboard } from './dashboard';
import { CLOSING_PARTIES } from '@dealclub/shared/closing';
import { dealAnalytics } from './deal-analytics';
import { ownerMarkets, ownersPage } from './owners';

const auth = { security: [{ bearerAuth: [] }] };
const IdParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });
const PageQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};
const money = z.number().nullable();

const DealAnalyticsBody = z.object({
  dealId: z.string(),
  views: z.number(),
  uniqueViewers: z.number(),
  favorites: z.number(),
  interests: z.number(),
  offers: z.number(),
  daily: z.array(
    z.object({
      date: z.string(),
      views: z.number(),
      favorites: z.number(),
      interests: z.number(),
      offers: z.number(),
    }),
  ),
  funnel: z.object({ view: z.number(), favorite: z.number(), interest: z.number(), offer: z.number() }),
  offerRange: z.object({ basis: z.enum(['purchasePrice', 'entryFee']), min: money, max: money }),
  daysOnMarket: z.number(),
  matchingBuyers: z.number(),
});

const ZipAnalyticsBody = z.object({
  zipCode: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  buyerCount: z.number(),
  averageDownPayment: money,
  averageMonthlyPayment: money,
  lastUpdated: z.string().nullable(),
  buyers: z.array(z.object({ name: z.string(), maxMonthlyPayment: money, certified: z.boolean() })),
});

const BuyerMapBody = z.object({
  zips: z
    .array(
      z.object({
        zipCode: z.string(),
        lat: z.number(),
        lng: z.number(),
        buyerCount: z.number(),
        averageDownPayment: money,
        averageMonthlyPayment: money,
      }),
    )
    .nullable(),
  regions: z
    .array(
      z.object({
        region: z.string(),
        lat: z.number(),
        lng: z.number(),
        zipCount: z.number(),
        buyerCount: z.number(),
        averageDownPayment: money,
        averageMonthlyPayment: money,
      }),
    )
    .nullable(),
  zipCount: z.number(),
  totalBuyers: z.number(),
  buyersWithoutBudget: z.number(),
  lastUpdated: z.string().nullable(),
  buyers: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        maxDownPayment: money,
        maxMonthlyPayment: money,
        certified: z.boolean(),
      }),
    ),
    nextCursor: z.string().nullable(),
    total: z.number(),
  }),
});

const OwnersBody = z.object({
  markets: z.array(
    z.object({
      state: z.string(),
      city: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      owners: z.number(),
    }),
  ),
  owners: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        companyName: z.string().nullable(),
        logoUrl: z.string().nullable(),
        markets: z.array(z.object({ state: z.string(), city: z.string() })),
      }),
    ),
    nextCursor: z.string().nullable(),
    total: z.number(),
  }),
});

const Card = z.looseObject({ id: z.string(), status: z.string() });
const List = z.object({ items: z.array(z.looseObject({ id: z.string() })), total: z.number() });
const ClosingSummary = z.object({
  dealId: z.string(),
  address: z.string(),
  closeDate: z.string(),
  done: z.number(),
  total: z.number(),
  overdue: z.number(),
  next: z
    .object({ key: z.string(), title: z.string(), dueDate: z.string(), party: z.enum(CLOSING_PARTIES) })
    .nullable(),
});
const DashboardBody = z.object({
  modes: z.array(z.enum(DASHBOARD_MODES)),
  buying: z
    .object({
      favorites: z.object({ total: z.number(), latest: z.array(Card) }),
      interests: List,
      offers: List,
      matchedDeals: z.number(),
      training: z.object({ completedLessons: z.number(), totalLessons: z.number(), certified: z.boolean() }),
      /** 'Under contract': my accepted offers' open closing rooms. */
      closings: z.array(ClosingSummary),
    })
    .nullable(),
  selling: z
    .object({
      listings: z.object({
        counts: z.record(z.string(), z.number()),
        total: z.number(),
        items: z.array(
          Card.extend({
            views: z.number(),
            uniqueViewers: z.number(),
            interests: z.number(),
            offers: z.number(),
          }),
        ),
      }),
      latestOffers: z.array(z.looseObject({ id: z.string(), dealId: z.string(), status: z.string() })),
      /** 'In closing': my deals' open closing rooms. */
      closings: z.array(ClosingSummary),
      closedThroughDealClub: z.object({ count: z.number(), medianDaysToClose: z.number().nullable() }),
    })
    .nullable(),
});

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/api/deals/:id/analytics',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['analytics'],
        summary:
          "A deal's analytics (its originator, admins): views, unique viewers, favorites, interests and " +
          'offers in all and per day for 30 days (UTC), the funnel, the offers’ range, days on market, matching buyers',
        ...auth,
        params: IdParams,
        response: { 200: DealAnalyticsBody },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [deal] = await db().select().from(deals).where(eq(deals.id, request.params.id));
      // Someone else's deal is not there for this seller (API.md: 404, not 403).
      if (!deal || !managesDeal(viewerOf(user), deal)) throw new AppError('LISTING_NOT_FOUND');
      // Views this process has noted but not yet written count too.
      await app.dealViews.flush().catch((error: unknown) => {
        request.log.warn({ err: error }, 'deal views: write before analytics failed');
      });
      return dealAnalytics(db(), deal);
    },
  );

  app.get(
    '/api/analytics/zip-analytics/:zipCode',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Public: the buyers whose preferences or buy box name the ZIP code, their average maximum down ' +
          `and monthly payments, the newest change and up to ${ZIP_BUYER_LIST_MAX} of them (first name, last initial)`,
        params: z.object({ zipCode: z.string() }),
        response: { 200: ZipAnalyticsBody },
      },
    },
    async (request, reply) => {
      const { zipCode } = request.params;
      // A malformed ZIP is a page that does not exist, as is one the reference data does not know.
      if (!ZIP_PATTERN.test(zipCode)) throw new AppError('NOT_FOUND');
      const body = await app.buyerAnalytics.zipAnalytics(zipCode);
      return sendCachedBody(request, reply, body, 'public, max-age=60');
    },
  );

  app.get(
    '/api/analytics/buyers',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['analytics'],
        summary:
          'The buyer map (seller side): buyers per ZIP code with their average maximum payments, under ' +
          'the budget and room filters, and the buyers in name order a page at a time (zipCode narrows ' +
          'the list to one ZIP). `zips` comes with the first page of the whole list only (null with a ' +
          'cursor or a zipCode: the map is the same for every page), with an ETag; a map of more than ' +
          'BUYER_MAP_ZIP_DETAIL_MAX ZIP codes (1,000) sends `regions` there instead (the ZIP codes by ' +
          "their first three digits), and `region` asks for one region's ZIP codes. A budget cap " +
          '(maxPrice) keeps the buyers pre-approved for at most that amount; `buyersWithoutBudget` ' +
          'counts the buyers who stated no pre-approval amount (left out by a cap, included without one)',
        ...auth,
        querystring: buyerAnalyticsQuery.extend(PageQuery),
        response: { 200: BuyerMapBody },
      },
    },
    async (request, reply) => {
      const { cursor, limit, ...filters } = request.query;
      const afterId = decodeCursor(cursor);
      // Kept whole per data version: the first page carries every ZIP (megabytes with a national
      // market), compressed once, and a 304 for a client that has it. The browser revalidates on
      // every call (no-cache), so a change shows at once.
      const body = await app.buyerAnalytics.buyerMapAnswer(filters, afterId, limit);
      return sendCachedBody(request, reply, body, 'private, no-cache');
    },
  );

  app.get(
    '/api/analytics/owners',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['analytics'],
        summary:
          'The owners club (seller side): owners per market with its place on the map (the centroid ' +
          'of its ZIP codes), and the owners in name order a page at a time',
        ...auth,
        querystring: z.object(PageQuery),
        response: { 200: OwnersBody },
      },
    },
    async (request) => {
      const afterId = decodeCursor(request.query.cursor);
      const { limit } = request.query;
      const [markets, page] = await Promise.all([ownerMarkets(db()), ownersPage(db(), afterId, limit + 1)]);
      const items = page.rows.slice(0, limit);
      return {
        markets,
        owners: {
          items,
          nextCursor: page.rows.length > limit ? encodeCursor(items.at(-1)!) : null,
          total: page.total,
        },
      };
    },
  );

  app.get(
    '/api/dashboard',
    {
      // Matched deals are counted with the profile the auth hook reads with the user.
      config: { authJoins: [MATCH_PROFILE_JOIN] },
      schema: {
        tags: ['analytics'],
        summary:
          'The dashboard: buying mode (favorites, my interests and offers, matched deals, training) and ' +
          "selling mode (my listings by status with their counts, the latest offers), as the user's roles allow; " +
          '`mode` asks for one',
        ...auth,
        querystring: z.object({
          mode: z.enum(DASHBOARD_MODES, { error: 'analytics.validation.mode' }).optional(),
        }),
        response: { 200: DashboardBody },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const allowed: DashboardMode[] = [
        ...(isBuyerSide(user.roles) ? (['buying'] as const) : []),
        ...(isSellerSide(user.roles) ? (['selling'] as const) : []),
      ];
      const { mode } = request.query;
      if (mode === 'buying') requireRole(request, BUYER_SIDE);
      if (mode === 'selling') requireRole(request, SELLER_SIDE);
      const wanted = mode ? [mode] : allowed;
      const viewer = viewerOf(user);
      const language = user.row.languagePreference;
      const [buying, selling] = await Promise.all([
        wanted.includes('buying')
          ? buyingDashboard(db(), viewer, matchProfileOf(user), user.row.certifiedBuyer, language)
          : null,
        wanted.includes('selling') ? sellingDashboard(db(), viewer, language) : null,
      ]);
      return { modes: allowed, buying, selling };
    },
  );
};
