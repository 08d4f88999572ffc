import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const FeatureFlags = z.object({
  enableWebinarBanner: z.boolean(),
  /** Where the webinar banner sends people (a new tab); present when the banner is on. */
  webinarUrl: z.string().optional(),
});

/** `GET /api/config/feature-flags` (shell §7): flags from configuration. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config/feature-flags',
    {
      schema: {
        tags: ['config'],
        summary: 'Feature flags for the web client',
        response: { 200: FeatureFlags },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const { enableWebinarBanner, webinarUrl } = app.config.features;
      return enableWebinarBanner ? { enableWebinarBanner, webinarUrl } : { enableWebinarBanner };
    },
  );
};
