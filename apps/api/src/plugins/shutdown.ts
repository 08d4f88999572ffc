/**
 * Requests that still reach the server while it shuts down (SIGTERM, a rolling deploy): the
 * listening socket is closed, but a kept-alive connection busy with a request in flight can carry
 * another one. That one is refused at once, before any hook touches the database or Redis, with
 * `503 SHUTTING_DOWN` in the error model of API.md, `Retry-After` and `Connection: close`: the
 * client retries on a new connection, which the load balancer sends to another instance. (Fastify's
 * own answer, `return503OnClosing`, has no stable code; it is off in `buildApp`.)
 */
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@dealclub/shared/error-messages';
import type { ErrorBody } from '@dealclub/shared/errors';

/** Seconds a refused client waits: another instance, or this one restarted, answers by then. */
export const SHUTDOWN_RETRY_AFTER_S = 5;

/** Register before the `onRequest` hooks that use the database or Redis (rate limits, authentication). */
export function registerShutdownRefusal(app: FastifyInstance) {
  let closing = false;
  // `preClose` runs as `app.close()` begins, before the server stops listening.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const body: ErrorBody = { code: 'SHUTTING_DOWN', message: errorMessage('SHUTTING_DOWN') };
    // Serialized here: the route's own schema for a 503 (the health check's) must not apply.
    return reply
      .status(503)
      .header('retry-after', String(SHUTDOWN_RETRY_AFTER_S))
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  });
}
