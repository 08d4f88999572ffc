/**
 * Web Push for the signed-in user (DECISIONS.md, Matching and alerts: push): the VAPID public key
 * the browser subscribes with (null when Web Push is off), and saving or forgetting this browser's
 * subscription. The messages themselves are sent by the alerts (`alerts/web-push.ts`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@dealclub/shared/push';
import { requireUser } from '../../plugins/auth';
import { removeSubscription, saveSubscription } from './subscriptions';

const auth = { security: [{ bearerAuth: [] }] };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key browsers subscribe with; null when Web Push is not configured',
        ...auth,
        response: { 200: pushKeySchema },
      },
    },
    async (request) => {
      requireUser(request);
      return { publicKey: app.config.push.vapid?.publicKey ?? null };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary:
          'Save this browser’s push subscription (PushSubscription.toJSON()); re-binds a known endpoint',
        ...auth,
        body: pushSubscriptionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await saveSubscription(db(), user.id, request.body, app.config.push);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Forget this browser’s push subscription',
        ...auth,
        body: pushUnsubscribeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await removeSubscription(db(), user.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
