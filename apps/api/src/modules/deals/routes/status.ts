/**
 * A deal's status (the transition table of DECISIONS.md; a reason to cancel) and its soft deletion,
 * by its originator or an admin recorded as the actor. What a change does to the offers is
 * offers/deal-status.ts's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEAL_STATUSES } from '@dealclub/shared/deals';
import { requireUser } from '../../../plugins/auth';
import { recordModeration } from '../../audit';
import { announceRoom } from '../../closing';
import { changeDealStatus } from '../../offers';
import { auth, Detail, IdParams, type DealAccess } from './access';

const StatusBody = z
  .object({
    status: z.enum(DEAL_STATUSES, { error: 'errors.STATUS_CHANGE_NOT_ALLOWED' }),
    reason: z.string().trim().max(1000).nullable().optional(),
    throughPlatform: z.boolean().default(true),
    comments: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();

export const dealStatusRoutes: FastifyPluginAsyncZod<{ access: DealAccess }> = async (app, { access }) => {
  const db = () => app.database.db;

  app.put(
    '/api/deals/:id/status',
    {
      config: access.forManager,
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
      const user = requireUser(request);
      const row = await access.managedDeal(user, request.params.id);
      const updated = await changeDealStatus(db(), row.id, request.body, user.id);
      await recordModeration(db(), user, row, 'deal.status', { from: row.status, to: updated.status });
      // Out of pending by hand: the closing room ended; its open pages reload.
      if (row.status === 'pending' && row.acceptedBuyerId)
        await announceRoom(app.realtime, [row.originatorId, row.acceptedBuyerId], {
          dealId: row.id,
          event: 'ended',
        });
      return access.dealPage(user, updated.id);
    },
  );

  app.delete(
    '/api/deals/:id',
    {
      config: access.forManager,
      schema: {
        tags: ['deals'],
        summary: 'Delete a deal (soft: kept, hidden from everyone but its originator and admins)',
        ...auth,
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await access.managedDeal(user, request.params.id);
      await changeDealStatus(db(), row.id, { status: 'deleted', throughPlatform: true }, user.id);
      await recordModeration(db(), user, row, 'deal.delete');
      return reply.status(204).send(null);
    },
  );
};
