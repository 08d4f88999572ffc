/**
 * The interest and offer calls of API.md. The buyer side expresses interest and makes offers and
 * reads its own; only a deal's originator (or an admin, as moderator) reads, exports and accepts the
 * deal's interests and offers — for anyone else they do not exist (404).
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgTable, PgColumn } from 'drizzle-orm/pg-core';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import {
  interestSchema,
  offerFigures,
  offerSchema,
  OFFER_SORTS,
  OFFER_STATUSES,
  OFFER_TYPES,
  type OfferSort,
} from '@dealclub/shared/offers';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { deals, interests, offers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { afterRow, decodeCursor, decodeOffset, encodeCursor, encodeOffset } from '../../lib/cursor';
import { translate } from '../../lib/i18n';
import { publicOrigin } from '../../lib/origin';
import { requireRole, requireUser, type AuthenticatedUser } from '../../plugins/auth';
import { dealCards } from '../deals/service';
import { viewerOf, visibleTo } from '../deals/visibility';
import { batches, sendCsv } from './csv-export';
import { fullName } from './notify';
import { acceptOffer, buyerOf, expressInterest, interestOf, offerOf, submitOffer } from './service';

const auth = { security: [{ bearerAuth: [] }] };
const DealParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });
const OfferParams = z.object({ id: z.uuid({ error: 'errors.OFFER_NOT_FOUND' }) });
const Limit = z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT);
const Interest = z.looseObject({ id: z.string(), dealId: z.string(), message: z.string() });
const Offer = z.looseObject({ id: z.string(), dealId: z.string(), status: z.string() });
const page = <T extends z.ZodType>(item: T) =>
  z.looseObject({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number() });

/** Which offers a list or an export shows: the current ones, or also the replaced and released. */
const OFFER_SCOPES = { current: ['open', 'accepted', 'declined'], all: null } as const;
const OffersQuery = z.object({
  sort: z.enum(OFFER_SORTS).default('newest'),
  status: z.enum(['current', 'all']).default('current'),
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

function offerOrder(sort: OfferSort): SQL[] {
  const newest = [desc(offers.createdAt), desc(offers.id)];
  switch (sort) {
    case 'cash-desc':
      return [sql`coalesce(${offers.purchasePrice}, ${offers.entryFee}) desc`, ...newest];
    case 'close-asc':
      return [asc(offers.estimatedCloseDate), ...newest];
    case 'certified':
      return [desc(users.certifiedBuyer), ...newest];
    default:
      return newest;
  }
}

const buyerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  certifiedBuyer: users.certifiedBuyer,
};

/** A filename part from the deal: its city and ZIP, never its (possibly hidden) street. */
const fileStem = (deal: { city: string; zipCode: string; id: string }) =>
  `${deal.city}-${deal.zipCode}-${deal.id.slice(0, 8)}`.replace(/[^\w-]+/g, '-');

/**
 * Each interest and offer e-mails the seller (and may call their webhook): a buyer may send at most
 * this many a minute, so no one can flood a seller's inbox.
 */
export const MESSAGES_PER_MINUTE = 20;

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = (): Db => app.database.db;
  await app.register(rateLimit, { global: false });
  // One budget for interests and offers together, per signed-in user (their token), not per
  // address: buyers behind one office network are many.
  const countMessage = app.createRateLimit({
    max: MESSAGES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
  });
  const messageLimit = async (request: FastifyRequest) => {
    const counted = await countMessage(request);
    if (!counted.isAllowed && counted.isExceeded) throw new AppError('RATE_LIMITED');
  };
  const actorOf = (user: AuthenticatedUser) => ({
    viewer: viewerOf(user),
    origin: publicOrigin(app),
  });

  /** The deal if the user manages it (its originator, or an admin); 404 for everyone else. */
  async function managedDeal(user: AuthenticatedUser, dealId: string) {
    const viewer = viewerOf(user);
    const [deal] = await db()
      .select()
      .from(deals)
      .where(and(eq(deals.id, dealId), ne(deals.status, 'deleted')));
    if (!deal || (!viewer.isAdmin && deal.originatorId !== viewer.id))
      throw new AppError('LISTING_NOT_FOUND');
    return deal;
  }

  /**
   * A buyer's own interests or offers, newest first, each with the card of its deal — only deals
   * the buyer may still see.
   */
  async function myList<T extends typeof interests | typeof offers>(
    user: AuthenticatedUser,
    query: { cursor?: string; limit: number },
    list: { table: T; time: PgColumn; id: PgColumn; dealId: PgColumn; mine: SQL },
  ) {
    const viewer = viewerOf(user);
    const where = and(list.mine, visibleTo(viewer));
    const lastId = decodeCursor(query.cursor);
    const [rows, [counted]] = await Promise.all([
      db()
        .select({ item: list.table as AnyPgTable, deal: deals })
        .from(list.table as AnyPgTable)
        .innerJoin(deals, eq(deals.id, list.dealId))
        .where(and(where, afterRow(list.table, list.time, list.id, lastId)))
        .orderBy(desc(list.time), desc(list.id))
        .limit(query.limit + 1),
      db()
        .select({ n: sql<number>`count(*)::int` })
        .from(list.table as AnyPgTable)
        .innerJoin(deals, eq(deals.id, list.dealId))
        .where(where),
    ]);
    const page = rows.slice(0, query.limit) as { item: T['$inferSelect']; deal: typeof deals.$inferSelect }[];
    return {
      items: page.map((r) => r.item),
      cards: await dealCards(
        db(),
        viewer,
        page.map((r) => r.deal),
      ),
      nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!.item) : null,
      total: Number(counted?.n ?? 0),
    };
  }

  /** The deal's interests, newest first, after the interest `lastId`. */
  function interestsOf(dealId: string, lastId: string | undefined, size: number) {
    const after = afterRow(interests, interests.updatedAt, interests.id, lastId);
    return db()
      .select({ interest: interests, buyer: buyerColumns })
      .from(interests)
      .innerJoin(users, eq(users.id, interests.buyerId))
      .where(and(eq(interests.dealId, dealId), after))
      .orderBy(desc(interests.updatedAt), desc(interests.id))
      .limit(size)
      .then((rows) => rows.map((r) => ({ id: r.interest.id, ...r })));
  }

  function offersWhere(dealId: string, scope: keyof typeof OFFER_SCOPES): SQL {
    const statuses = OFFER_SCOPES[scope];
    return and(eq(offers.dealId, dealId), statuses ? inArray(offers.status, [...statuses]) : undefined)!;
  }

  app.post(
    '/api/deals/:id/interest',
    {
      preHandler: messageLimit,
      schema: {
        tags: ['offers'],
        summary: 'Express interest in a deal, with a message to its originator (again: update it)',
        ...auth,
        params: DealParams,
        body: interestSchema,
        response: { 201: Interest },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, BUYER_SIDE);
      const interest = await expressInterest(db(), actorOf(user), request.params.id, request.body.message);
      return reply.status(201).send(interestOf(interest));
    },
  );

  app.get(
    '/api/deals/:id/interests',
    {
      schema: {
        tags: ['offers'],
        summary: "A deal's interested buyers, newest first (its originator or an admin)",
        ...auth,
        params: DealParams,
        querystring: z.object({ cursor: z.string().max(200).optional(), limit: Limit }),
        response: { 200: page(Interest) },
      },
    },
    async (request) => {
      const deal = await managedDeal(requireUser(request), request.params.id);
      const lastId = decodeCursor(request.query.cursor);
      if (lastId) {
        const [own] = await db()
          .select({ id: interests.id })
          .from(interests)
          .where(and(eq(interests.id, lastId), eq(interests.dealId, deal.id)));
        if (!own) throw new AppError('BAD_REQUEST');
      }
      const { limit } = request.query;
      const [rows, [counted]] = await Promise.all([
        interestsOf(deal.id, lastId, limit + 1),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(interests)
          .where(eq(interests.dealId, deal.id)),
      ]);
      const items = rows.slice(0, limit);
      return {
        items: items.map((r) => ({ ...interestOf(r.interest), buyer: buyerOf(r.buyer) })),
        nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!) : null,
        total: Number(counted?.n ?? 0),
      };
    },
  );

  app.get(
    '/api/deals/:id/interests.csv',
    {
      schema: {
        tags: ['offers'],
        summary: "A deal's interested buyers as CSV (UTF-8 with BOM, streamed)",
        ...auth,
        params: DealParams,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const deal = await managedDeal(user, request.params.id);
      const lang = user.row.languagePreference;
      const col = (key: string) => translate(lang, `offers.csv.${key}`);
      const yesNo = (v: boolean) => col(v ? 'yes' : 'no');
      return sendCsv(
        reply,
        `interests-${fileStem(deal)}.csv`,
        ['date', 'buyer', 'email', 'phone', 'certified', 'message'].map(col),
        batches((lastId, size) => interestsOf(deal.id, lastId, size)),
        ({ interest, buyer }) => [
          interest.updatedAt.toISOString(),
          fullName(buyer),
          buyer.email,
          buyer.phoneNumber,
          yesNo(buyer.certifiedBuyer),
          interest.message,
        ],
        (error) => request.log.error({ err: error }, 'interests export failed'),
      );
    },
  );

  app.get(
    '/api/interests/mine',
    {
      schema: {
        tags: ['offers'],
        summary: 'My interests, newest first, with each deal I can still see',
        ...auth,
        querystring: z.object({ cursor: z.string().max(200).optional(), limit: Limit }),
        response: { 200: page(Interest) },
      },
    },
    async (request) => {
      const user = requireRole(request, BUYER_SIDE);
      const { items, cards, nextCursor, total } = await myList(user, request.query, {
        table: interests,
        time: interests.updatedAt,
        id: interests.id,
        mine: eq(interests.buyerId, user.id),
        dealId: interests.dealId,
      });
      return { items: items.map((row, i) => ({ ...interestOf(row), deal: cards[i] })), nextCursor, total };
    },
  );

  app.post(
    '/api/deals/:id/offers',
    {
      preHandler: messageLimit,
      schema: {
        tags: ['offers'],
        summary: 'Make an offer (again: it replaces my open offer on the deal)',
        ...auth,
        params: DealParams,
        body: offerSchema,
        response: { 201: Offer },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, BUYER_SIDE);
      const offer = await submitOffer(db(), actorOf(user), request.params.id, request.body);
      return reply.status(201).send(offerOf(offer));
    },
  );

  app.get(
    '/api/deals/:id/offers',
    {
      schema: {
        tags: ['offers'],
        summary: "A deal's offers side by side, normalised for comparison (its originator or an admin)",
        ...auth,
        params: DealParams,
        querystring: OffersQuery,
        response: { 200: page(Offer).extend({ deal: z.looseObject({ id: z.string() }) }) },
      },
    },
    async (request) => {
      const deal = await managedDeal(requireUser(request), request.params.id);
      const { sort, status, limit } = request.query;
      const offset = decodeOffset(request.query.cursor);
      const where = offersWhere(deal.id, status);
      const [rows, [counted], [accepted]] = await Promise.all([
        db()
          .select({ offer: offers, buyer: buyerColumns })
          .from(offers)
          .innerJoin(users, eq(users.id, offers.buyerId))
          .where(where)
          .orderBy(...offerOrder(sort))
          .limit(limit + 1)
          .offset(offset),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(offers)
          .where(where),
        db()
          .select({ id: offers.id })
          .from(offers)
          .where(and(eq(offers.dealId, deal.id), eq(offers.status, 'accepted'))),
      ]);
      const now = new Date();
      return {
        items: rows.slice(0, limit).map(({ offer, buyer }) => ({
          ...offerOf(offer),
          buyer: buyerOf(buyer),
          figures: offerFigures(offer as Parameters<typeof offerFigures>[0], deal, now),
        })),
        nextCursor: rows.length > limit ? encodeOffset(offset + limit) : null,
        total: Number(counted?.n ?? 0),
        deal: {
          id: deal.id,
          status: deal.status,
          category: deal.category,
          purchasePrice: deal.purchasePrice,
          entryFee: deal.entryFee,
          acceptedOfferId: accepted?.id ?? null,
        },
      };
    },
  );

  app.get(
    '/api/deals/:id/offers.csv',
    {
      schema: {
        tags: ['offers'],
        summary: "A deal's offers as CSV (UTF-8 with BOM, streamed)",
        ...auth,
        params: DealParams,
        querystring: z.object({ status: z.enum(['current', 'all']).default('current') }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const deal = await managedDeal(user, request.params.id);
      const where = offersWhere(deal.id, request.query.status);
      const lang = user.row.languagePreference;
      const col = (key: string) => translate(lang, `offers.csv.${key}`);
      const now = new Date();
      // Only the columns the file shows, flat: an export reads many rows, and each field is work.
      const offersAfter = (lastId: string | undefined, size: number) =>
        db()
          .select({
            id: offers.id,
            createdAt: offers.createdAt,
            type: offers.type,
            purchasePrice: offers.purchasePrice,
            entryFee: offers.entryFee,
            estimatedCloseDate: offers.estimatedCloseDate,
            status: offers.status,
            message: offers.message,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phoneNumber: users.phoneNumber,
            certifiedBuyer: users.certifiedBuyer,
          })
          .from(offers)
          .innerJoin(users, eq(users.id, offers.buyerId))
          .where(and(where, afterRow(offers, offers.createdAt, offers.id, lastId)))
          .orderBy(desc(offers.createdAt), desc(offers.id))
          .limit(size);
      // The words of the screens (offers.type.*, offers.status.*), looked up once, not per row.
      const words = Object.fromEntries(
        [
          'offers.csv.yes',
          'offers.csv.no',
          ...OFFER_TYPES.map((t) => `offers.type.${t}`),
          ...OFFER_STATUSES.map((s) => `offers.status.${s}`),
        ].map((k) => [k, translate(lang, k)]),
      );
      const header = [
        'submitted',
        'buyer',
        'email',
        'phone',
        'certified',
        'type',
        'purchasePrice',
        'entryFee',
        'cashToSeller',
        'closeDate',
        'daysToClose',
        'status',
        'message',
      ].map(col);
      return sendCsv(
        reply,
        `offers-${fileStem(deal)}.csv`,
        header,
        batches(offersAfter),
        (offer) => {
          const figures = offerFigures(offer as Parameters<typeof offerFigures>[0], deal, now);
          return [
            offer.createdAt.toISOString(),
            fullName(offer),
            offer.email,
            offer.phoneNumber,
            words[offer.certifiedBuyer ? 'offers.csv.yes' : 'offers.csv.no']!,
            words[`offers.type.${offer.type}`] ?? offer.type,
            offer.purchasePrice,
            offer.entryFee,
            figures.cashToSeller,
            offer.estimatedCloseDate,
            figures.daysToClose,
            words[`offers.status.${offer.status}`] ?? offer.status,
            offer.message,
          ];
        },
        (error) => request.log.error({ err: error }, 'offers export failed'),
      );
    },
  );

  app.post(
    '/api/offers/:id/accept',
    {
      schema: {
        tags: ['offers'],
        summary:
          "Accept an offer: the deal turns pending and no other offer can be accepted (the deal's originator or an admin)",
        ...auth,
        params: OfferParams,
        response: { 200: z.object({ offer: Offer, deal: z.object({ id: z.string(), status: z.string() }) }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { offer, deal } = await acceptOffer(db(), actorOf(user), request.params.id);
      return { offer: offerOf(offer), deal: { id: deal.id, status: deal.status } };
    },
  );

  app.get(
    '/api/offers/mine',
    {
      schema: {
        tags: ['offers'],
        summary: 'My offers and their state, newest first (replaced ones left out), with each deal',
        ...auth,
        querystring: z.object({ cursor: z.string().max(200).optional(), limit: Limit }),
        response: { 200: page(Offer) },
      },
    },
    async (request) => {
      const user = requireRole(request, BUYER_SIDE);
      const { items, cards, nextCursor, total } = await myList(user, request.query, {
        table: offers,
        time: offers.createdAt,
        id: offers.id,
        mine: and(eq(offers.buyerId, user.id), ne(offers.status, 'replaced'))!,
        dealId: offers.dealId,
      });
      return { items: items.map((row, i) => ({ ...offerOf(row), deal: cards[i] })), nextCursor, total };
    },
  );
};
