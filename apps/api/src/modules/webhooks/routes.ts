/**
 * The Integrations tab's API (seller side: originator, owner, admin): the offer webhook's settings
 * with its delivery log, saving them, and sending a test event.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { integrationSchema, WEBHOOK_DELIVERY_STATUSES } from '@dealclub/shared/integrations';
import { SELLER_SIDE } from '@dealclub/shared/roles';
import { AppError } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';
import { sendTestEvent } from './deliver-webhook';
import { webhookBody } from './enqueue';
import { deliveryOf, integrationOf, saveIntegration } from './save-integration';

const Delivery = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  lastAttemptAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
});

/** Never carries the secret: the serializer drops any key not listed here. */
const Integration = z.object({
  offerWebhookUrl: z.string().nullable(),
  offerWebhookEnabled: z.boolean(),
  hasSecret: z.boolean(),
  deliveries: z.array(Delivery),
});

const SavedIntegration = Integration.extend({
  secret: z
    .string()
    .optional()
    .describe('The signing secret, present only when it was just created or rotated: shown once'),
});

const auth = { security: [{ bearerAuth: [] }] };

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/api/profile/integrations',
    {
      schema: {
        tags: ['profile'],
        summary: 'The Integrations tab: offer webhook settings and the latest 20 deliveries',
        ...auth,
        response: { 200: Integration },
      },
    },
    async (request) => integrationOf(db(), requireRole(request, SELLER_SIDE).row),
  );

  app.put(
    '/api/profile/integrations',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save the offer webhook URL and switch; rotateSecret replaces the signing secret',
        ...auth,
        body: integrationSchema,
        response: { 200: SavedIntegration },
      },
    },
    async (request) => {
      const user = requireRole(request, SELLER_SIDE);
      return saveIntegration(db(), user.row, request.body, app.config.webhooks);
    },
  );

  app.post(
    '/api/profile/integrations/test',
    {
      schema: {
        tags: ['profile'],
        summary: 'Send a webhook.test event now: one attempt, recorded in the delivery log, not retried',
        ...auth,
        response: { 200: Delivery },
      },
    },
    async (request) => {
      const user = requireRole(request, SELLER_SIDE);
      const { offerWebhookUrl: url, offerWebhookSecret: secret } = user.row;
      if (!url || !secret) throw new AppError('WEBHOOK_NOT_CONFIGURED');
      const payload = webhookBody('webhook.test', {
        message: 'A test event from DealClub: your webhook is reachable.',
        userId: user.id,
      });
      const delivery = await sendTestEvent(
        db(),
        { userId: user.id, url, secret },
        { policy: app.config.webhooks },
        payload,
      );
      return deliveryOf(delivery);
    },
  );
};
