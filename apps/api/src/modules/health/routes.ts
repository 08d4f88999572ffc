import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '@dealclub/shared/errors';
import { signingKeysProblem } from '../identity';

const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  database: z.enum(['ok', 'unreachable']),
  /** Why the instance is unavailable though its database answers (packages/shared errors). */
  code: z.literal('IDENTITY_KEYS_UNAVAILABLE' satisfies ErrorCode).optional(),
});

/**
 * `GET /api/health`: public; 200 when the database answers and the identity provider can sign,
 * 503 when the database does not answer, or with `IDENTITY_KEYS_UNAVAILABLE` when the active signing
 * key does not open with this instance's secrets keys (another `SECRETS_KEY` sealed it).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and identity signing key check',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { version } = app.config;
      let keys;
      try {
        await app.database.ping();
        keys = await signingKeysProblem(app.database.db, app.secrets);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', version, database: 'unreachable' });
      }
      if (keys) {
        request.log.error(
          { kid: keys.kid, problem: keys.problem },
          'health check: the identity signing key does not open with the configured secrets keys',
        );
        return reply
          .status(503)
          .send({ status: 'unavailable', version, database: 'ok', code: 'IDENTITY_KEYS_UNAVAILABLE' });
      }
      return { status: 'ok' as const, version, database: 'ok' as const };
    },
  );
};
