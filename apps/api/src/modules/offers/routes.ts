/**
 * The interest and offer calls of API.md. The buyer side expresses interest and makes offers and
 * reads its own; only a deal's originator (or an admin, as moderator) reads, exports and accepts the
 * deal's interests and offers — for anyone else they do not exist (404).
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import {
  interestSchema,
  offerFigures,
  offerSchema,
  OFFER_SORTS,
  OFFER_STATUSES,
  type OfferSort,
} from '@dealclub/shared/offers';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { deals, interests, offers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { translate } from '../../lib/i18n';
import { publicOrigin } from '../../lib/origin';
import { requireRole, requireUser, type AuthenticatedUser } from '../../plugins/auth';
import { dealCards } from '../deals/service';
import { viewerOf, visibleTo, type Viewer } from '../deals/visibility';
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

/** Offset cursors for the comparison table, whose sorts are not all keyset-friendly. */
const encodeOffset = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_REQUEST');
  return Number(match[1]);
}

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

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = (): Db => app.database.db;
  const actorOf = (user: AuthenticatedUser, request: Parameters<typeof publicOrigin>[1]) => ({
    viewer: viewerOf(user),
    origin: publicOrigin(app, request),
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

  /** The deal's interests, newest first, after the interest `lastId`. */
  function interestsOf(dealId: string, lastId: string | undefined, size: number) {
    const after = lastId
      ? sql`(${interests.updatedAt}, ${interests.id}) < ((select i.updated_at from interests i where i.id = ${lastId}), ${lastId})`
      : undefined;
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
      const interest = await expressInterest(
        db(),
        actorOf(user, request),
        request.params.id,
        request.body.message,
      );
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
      const viewer = viewerOf(user);
      const mine = and(eq(interests.buyerId, user.id), visibleTo(viewer));
      const lastId = decodeCursor(request.query.cursor);
      const after = lastId
        ? sql`(${interests.updatedAt}, ${interests.id}) < ((select i.updated_at from interests i where i.id = ${lastId} and i.buyer_id = ${user.id}), ${lastId})`
        : undefined;
      const { limit } = request.query;
      const [rows, [counted]] = await Promise.all([
        db()
          .select({ interest: interests, deal: deals })
          .from(interests)
          .innerJoin(deals, eq(deals.id, interests.dealId))
          .where(and(mine, after))
          .orderBy(desc(interests.updatedAt), desc(interests.id))
          .limit(limit + 1),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(interests)
          .innerJoin(deals, eq(deals.id, interests.dealId))
          .where(mine),
      ]);
      const items = rows.slice(0, limit);
      const cards = await dealCards(
        db(),
        viewer,
        items.map((r) => r.deal),
      );
      return {
        items: items.map((r, i) => ({ ...interestOf(r.interest), deal: cards[i] })),
        nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!.interest) : null,
        total: Number(counted?.n ?? 0),
      };
    },
  );

  app.post(
    '/api/deals/:id/offers',
    {
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
      const offer = await submitOffer(db(), actorOf(user, request), request.params.id, request.body);
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
          .where(
            and(
              where,
              lastId
                ? sql`(${offers.createdAt}, ${offers.id}) < ((select o.created_at from offers o where o.id = ${lastId}), ${lastId})`
                : undefined,
            ),
          )
          .orderBy(desc(offers.createdAt), desc(offers.id))
          .limit(size);
      const words = Object.fromEntries(
        ['yes', 'no', 'types.cash', 'types.creative', ...OFFER_STATUSES.map((s) => `statuses.${s}`)].map(
          (k) => [k, col(k)],
        ),
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
            words[offer.certifiedBuyer ? 'yes' : 'no']!,
            words[`types.${offer.type}`] ?? offer.type,
            offer.purchasePrice,
            offer.entryFee,
            figures.cashToSeller,
            offer.estimatedCloseDate,
            figures.daysToClose,
            words[`statuses.${offer.status}`] ?? offer.status,
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
      const { offer, deal } = await acceptOffer(db(), actorOf(user, request), request.params.id);
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
      const viewer: Viewer = viewerOf(user);
      const mine = and(eq(offers.buyerId, user.id), ne(offers.status, 'replaced'), visibleTo(viewer));
      const lastId = decodeCursor(request.query.cursor);
      const after = lastId
        ? sql`(${offers.createdAt}, ${offers.id}) < ((select o.created_at from offers o where o.id = ${lastId} and o.buyer_id = ${user.id}), ${lastId})`
        : undefined;
      const { limit } = request.query;
      const [rows, [counted]] = await Promise.all([
        db()
          .select({ offer: offers, deal: deals })
          .from(offers)
          .innerJoin(deals, eq(deals.id, offers.dealId))
          .where(and(mine, after))
          .orderBy(desc(offers.createdAt), desc(offers.id))
          .limit(limit + 1),
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(offers)
          .innerJoin(deals, eq(deals.id, offers.dealId))
          .where(mine),
      ]);
      const items = rows.slice(0, limit);
      const cards = await dealCards(
        db(),
        viewer,
        items.map((r) => r.deal),
      );
      return {
        items: items.map((r, i) => ({ ...offerOf(r.offer), deal: cards[i] })),
        nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!.offer) : null,
        total: Number(counted?.n ?? 0),
      };
    },
  );
};
