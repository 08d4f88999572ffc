import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  database: z.enum(['ok', 'unreachable']),
});

/** `GET /api/health`: public; 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
        return { status: 'ok' as const, version: app.config.version, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'unavailable', version: app.config.version, database: 'unreachable' });
      }
    },
  );
};
