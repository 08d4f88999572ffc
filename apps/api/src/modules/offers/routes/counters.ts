/**
 * The counter-offer calls of API.md (trust): the deal's originator (or an admin) counters an open
 * offer; the offer's buyer accepts or declines the latest counter. Each answers with the offer, its
 * latest counter and its history. Writes are in `counters.ts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNTER_STATUSES, counterSchema, OFFER_EVENT_KINDS } from '@dealclub/shared/counters';
import { publicOrigin } from '../../../lib/origin';
import { requireUser, type AuthenticatedUser } from '../../../plugins/auth';
import { perUserLimit } from '../../../plugins/rate-limit';
import { viewerOf } from '../../deals';
import { offerGuards } from './guards';
import { acceptCounter, counterOffer, declineCounter } from '../counters';
import { trailOf } from '../offer-history';
import { offerOf, type OfferRow } from '../service';

const auth = { security: [{ bearerAuth: [] }] };
const OfferParams = z.object({ id: z.uuid({ error: 'errors.OFFER_NOT_FOUND' }) });

export const Counter = z.object({
  id: z.string(),
  purchasePrice: z.number().nullable(),
  entryFee: z.number().nullable(),
  estimatedCloseDate: z.string(),
  message: z.string(),
  status: z.enum(COUNTER_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const OfferEvent = z.object({
  id: z.string(),
  kind: z.enum(OFFER_EVENT_KINDS),
  actor: z.enum(['buyer', 'seller', 'system']),
  counterId: z.string().nullable(),
  purchasePrice: z.number().nullable(),
  entryFee: z.number().nullable(),
  estimatedCloseDate: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
/** An offer as every offer call answers, with its latest counter and its history (oldest first). */
export const OfferWithTrail = z.looseObject({
  id: z.string(),
  dealId: z.string(),
  status: z.string(),
  counter: Counter.nullable(),
  history: z.array(OfferEvent),
});

/** The buyer may name the counter they answer, so that a newer one is not taken unseen. */
const AnswerBody = z
  .object({ counterId: z.uuid({ error: 'errors.COUNTER_NOT_OPEN' }).optional() })
  .strict()
  .nullish();

/** A counter e-mails the buyer: a seller may send at most this many a minute. */
export const COUNTERS_PER_MINUTE = 20;

export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const actorOf = (user: AuthenticatedUser) => ({
    viewer: viewerOf(user),
    origin: publicOrigin(app),
    realtime: app.realtime,
  });
  const withTrail = async (offer: OfferRow) => ({ ...offerOf(offer), ...(await trailOf(db(), offer)) });
  const counterLimit = perUserLimit(app, 'offer-counters', COUNTERS_PER_MINUTE);
  const guards = offerGuards(app);

  app.post(
    '/api/offers/:id/counter',
    {
      config: { guard: guards.managedOffer },
      preHandler: counterLimit,
      schema: {
        tags: ['offers'],
        summary:
          "Counter an open offer: new amount, close date and message; expires after 72 hours (the deal's originator or an admin)",
        ...auth,
        params: OfferParams,
        body: counterSchema,
        response: { 201: OfferWithTrail },
      },
    },
    async (request, reply) => {
      const { offer } = await counterOffer(
        db(),
        actorOf(requireUser(request)),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(await withTrail(offer));
    },
  );

  app.post(
    '/api/offers/:id/accept-counter',
    {
      config: { guard: guards.buyersOffer },
      schema: {
        tags: ['offers'],
        summary:
          "Accept the latest open counter: the offer is accepted on the counter's terms and the deal turns pending (the offer's buyer)",
        ...auth,
        params: OfferParams,
        body: AnswerBody,
        response: {
          200: z.object({ offer: OfferWithTrail, deal: z.object({ id: z.string(), status: z.string() }) }),
        },
      },
    },
    async (request) => {
      const { offer, deal } = await acceptCounter(
        db(),
        actorOf(requireUser(request)),
        request.params.id,
        request.body?.counterId,
      );
      return { offer: await withTrail(offer), deal: { id: deal.id, status: deal.status } };
    },
  );

  app.post(
    '/api/offers/:id/decline-counter',
    {
      config: { guard: guards.buyersOffer },
      schema: {
        tags: ['offers'],
        summary: "Decline the latest open counter; the offer stays open as it was (the offer's buyer)",
        ...auth,
        params: OfferParams,
        body: AnswerBody,
        response: { 200: OfferWithTrail },
      },
    },
    async (request) => {
      const offer = await declineCounter(
        db(),
        actorOf(requireUser(request)),
        request.params.id,
        request.body?.counterId,
      );
      return withTrail(offer);
    },
  );
};
