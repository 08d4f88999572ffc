/**
 * Listing and editing a deal (its originator, or an admin recorded as the actor) and a buyer's
 * saved deals.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dealSchema } from '@dealclub/shared/deals';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import { favorites } from '../../../db/schema';
import { requireUser } from '../../../plugins/auth';
import { IdempotencyHeaders } from '../../../plugins/idempotency';
import { recordModeration } from '../../audit';
import { lapseEditedVerification } from '../../verifications';
import { listDeal, updateDeal } from '../service';
import { auth, Detail, IdParams, type DealAccess } from './access';

export const dealWriteRoutes: FastifyPluginAsyncZod<{ access: DealAccess }> = async (app, { access }) => {
  const db = () => app.database.db;

  app.post(
    '/api/deals',
    {
      config: { roles: SELLER_SIDE, idempotent: true },
      schema: {
        tags: ['deals'],
        summary: 'List a deal',
        ...auth,
        headers: IdempotencyHeaders,
        body: dealSchema,
        response: { 201: Detail },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // One statement lists it and answers what its page shows besides, so the page is not read again
      // (an exclusive deal's answer still counts its priority buyers).
      const listed = await listDeal(db(), user.id, request.body, app.config.deals.exclusivityHours);
      return reply.status(201).send(await access.listedDealPage(user, listed));
    },
  );

  app.put(
    '/api/deals/:id',
    {
      config: access.forManager,
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
      const user = requireUser(request);
      const row = await access.managedDeal(user, request.params.id);
      // A changed verified loan field takes the "Terms verified" badge away.
      const updated = await lapseEditedVerification(db(), (await updateDeal(db(), row, request.body)).id);
      await recordModeration(db(), user, row, 'deal.update');
      return access.dealPage(user, updated.id);
    },
  );

  app.put(
    '/api/deals/:id/favorite',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['deals'],
        summary: 'Save a deal',
        ...auth,
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await access.visibleDeal(user, request.params.id);
      await db().insert(favorites).values({ userId: user.id, dealId: row.id }).onConflictDoNothing();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/deals/:id/favorite',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['deals'],
        summary: 'Unsave a deal',
        ...auth,
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await db()
        .delete(favorites)
        .where(and(eq(favorites.userId, user.id), eq(favorites.dealId, request.params.id)));
      return reply.status(204).send(null);
    },
  );
};
