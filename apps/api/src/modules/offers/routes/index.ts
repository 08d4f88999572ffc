/**
 * The interest and offer calls of API.md. The buyer side expresses interest and makes offers and
 * reads its own; only a deal's originator (or an admin, as moderator) reads, exports and accepts the
 * deal's interests and offers — for anyone else they do not exist (404). Writes are in
 * `service.ts`, reads in `queries.ts`, the files in `exports.ts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { interestSchema, offerSchema, offerScopeField, OFFER_SORTS } from '@dealclub/shared/offers';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import { publicOrigin } from '../../../lib/origin';
import { requireUser, type AuthenticatedUser } from '../../../plugins/auth';
import { IdempotencyHeaders } from '../../../plugins/idempotency';
import { recordModeration } from '../../audit';
import { perUserLimit } from '../../../plugins/rate-limit';
import { viewerOf } from '../../deals';
import { counterRoutes, OfferWithTrail } from './counters';
import { offerGuards } from './guards';
import { sendInterestsCsv, sendOffersCsv } from '../exports';
import { interestsPage, managedDeal, myInterests, myOffers, offersPage } from '../queries';
import { acceptOffer, expressInterest, interestOf, offerOf, submitOffer } from '../service';

const auth = { security: [{ bearerAuth: [] }] };
const DealParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });
const OfferParams = z.object({ id: z.uuid({ error: 'errors.OFFER_NOT_FOUND' }) });
const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
const Interest = z.looseObject({ id: z.string(), dealId: z.string(), message: z.string() });
const Offer = z.looseObject({ id: z.string(), dealId: z.string(), status: z.string() });
const page = <T extends z.ZodType>(item: T) =>
  z.looseObject({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number() });

/**
 * Each interest and offer e-mails the seller (and may call their webhook): a buyer may send at most
 * this many a minute, so no one can flood a seller's inbox.
 */
export const MESSAGES_PER_MINUTE = 20;

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const actorOf = (user: AuthenticatedUser) => ({
    viewer: viewerOf(user),
    row: user.row,
    origin: publicOrigin(app),
    realtime: app.realtime,
  });

  // One budget for interests and offers together.
  const messageLimit = perUserLimit(app, 'offer-messages', MESSAGES_PER_MINUTE);
  const guards = offerGuards(app);
  /** Interests and offers: the buyer side, on a deal they see and do not own. */
  const forBuyers = { roles: BUYER_SIDE, guard: guards.dealForBuyer };
  /** The same, taking an `Idempotency-Key` (a retry of the form is not sent twice). */
  const forBuyersOnce = { ...forBuyers, idempotent: true } as const;
  /** A deal's interests and offers: its manager's. */
  const forManager = { guard: guards.managedDeal };

  app.post(
    '/api/deals/:id/interest',
    {
      config: forBuyersOnce,
      preHandler: messageLimit,
      schema: {
        tags: ['offers'],
        summary: 'Express interest in a deal, with a message to its originator (again: update it)',
        ...auth,
        headers: IdempotencyHeaders,
        params: DealParams,
        body: interestSchema,
        response: { 201: Interest },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const interest = await expressInterest(db(), actorOf(user), request.params.id, request.body.message);
      return reply.status(201).send(interestOf(interest));
    },
  );

  app.get(
    '/api/deals/:id/interests',
    {
      config: forManager,
      schema: {
        tags: ['offers'],
        summary: "A deal's interested buyers, newest message first (its originator or an admin)",
        ...auth,
        params: DealParams,
        querystring: PageQuery,
        response: { 200: page(Interest) },
      },
    },
    async (request) => {
      const deal = await managedDeal(db(), viewerOf(requireUser(request)), request.params.id);
      return interestsPage(db(), deal, request.query);
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
      const deal = await managedDeal(db(), viewerOf(user), request.params.id);
      await recordModeration(db(), user, deal, 'deal.interests.export');
      return sendInterestsCsv(reply, db(), deal, user.row.languagePreference, (error) =>
        request.log.error({ err: error }, 'interests export failed'),
      );
    },
  );

  app.get(
    '/api/interests/mine',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['offers'],
        summary: 'My interests, newest message first, with each deal I can still see',
        ...auth,
        querystring: PageQuery,
        response: { 200: page(Interest) },
      },
    },
    async (request) => myInterests(db(), viewerOf(requireUser(request)), request.query),
  );

  app.post(
    '/api/deals/:id/offers',
    {
      config: forBuyersOnce,
      preHandler: messageLimit,
      schema: {
        tags: ['offers'],
        summary: 'Make an offer (again: it replaces my open offer on the deal)',
        ...auth,
        headers: IdempotencyHeaders,
        params: DealParams,
        body: offerSchema,
        response: { 201: Offer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const offer = await submitOffer(db(), actorOf(user), request.params.id, request.body);
      return reply.status(201).send(offerOf(offer));
    },
  );

  app.get(
    '/api/deals/:id/offers',
    {
      config: forManager,
      schema: {
        tags: ['offers'],
        summary: "A deal's offers side by side, normalised for comparison (its originator or an admin)",
        ...auth,
        params: DealParams,
        querystring: PageQuery.extend({
          sort: z.enum(OFFER_SORTS).default('newest'),
          status: offerScopeField,
        }),
        response: { 200: page(OfferWithTrail).extend({ deal: z.looseObject({ id: z.string() }) }) },
      },
    },
    async (request) => {
      return offersPage(db(), viewerOf(requireUser(request)), request.params.id, request.query);
    },
  );

  app.get(
    '/api/deals/:id/offers.csv',
    {
      config: forManager,
      schema: {
        tags: ['offers'],
        summary: "A deal's offers as CSV (UTF-8 with BOM, streamed)",
        ...auth,
        params: DealParams,
        querystring: z.object({ status: offerScopeField }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const deal = await managedDeal(db(), viewerOf(user), request.params.id);
      await recordModeration(db(), user, deal, 'deal.offers.export', {
        status: request.query.status ?? null,
      });
      return sendOffersCsv(reply, db(), deal, request.query.status, user.row.languagePreference, (error) =>
        request.log.error({ err: error }, 'offers export failed'),
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
      await recordModeration(db(), user, deal, 'offer.accept', { offerId: offer.id });
      return { offer: offerOf(offer), deal: { id: deal.id, status: deal.status } };
    },
  );

  app.get(
    '/api/offers/mine',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['offers'],
        summary: 'My offers and their state, newest first (replaced ones left out), with each deal',
        ...auth,
        querystring: PageQuery,
        response: { 200: page(OfferWithTrail) },
      },
    },
    async (request) => myOffers(db(), viewerOf(requireUser(request)), request.query),
  );

  // Counter-offers: the seller's counter, the buyer's answer.
  await app.register(counterRoutes);
};
