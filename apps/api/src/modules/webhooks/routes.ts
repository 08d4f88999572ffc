/**
 * The Integrations tab's API (seller side: originator, owner, admin): the offer webhook's settings
 * with its delivery log, saving them, and sending a test event (limited per user: each one makes a
 * request from our servers to an address the seller chose).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationResponseSchema,
  integrationSchema,
  savedIntegrationResponseSchema,
  WEBHOOK_LOG_LENGTH,
  webhookDeliverySchema,
} from '@dealclub/shared/integrations';
import { SELLER_SIDE } from '@dealclub/shared/roles';
import { requireUser } from '../../plugins/auth';
import { perUserLimit } from '../../plugins/rate-limit';
import { integrationOf, saveIntegration } from './save-integration';
import { sendTestEvent } from './send-test-event';

const auth = { security: [{ bearerAuth: [] }] };

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const testEventLimit = perUserLimit(app, 'webhook-test', app.config.rateLimits.webhookTestPerMinute);

  app.get(
    '/api/profile/integrations',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['profile'],
        summary: `The Integrations tab: offer webhook settings and the latest ${WEBHOOK_LOG_LENGTH} deliveries`,
        ...auth,
        response: { 200: integrationResponseSchema },
      },
    },
    async (request) => integrationOf(db(), requireUser(request).row),
  );

  app.put(
    '/api/profile/integrations',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'Save the offer webhook URL and switch; rotateSecret replaces the signing secret',
        ...auth,
        body: integrationSchema,
        response: { 200: savedIntegrationResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return saveIntegration(db(), user.row, request.body, app.config.webhooks, app.secrets);
    },
  );

  app.post(
    '/api/profile/integrations/test',
    {
      config: { roles: SELLER_SIDE },
      preHandler: testEventLimit,
      schema: {
        tags: ['profile'],
        summary: 'Send a webhook.test event now: one attempt, recorded in the delivery log, not retried',
        ...auth,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => sendTestEvent(db(), requireUser(request).row, app.config.webhooks, app.secrets),
  );
};
