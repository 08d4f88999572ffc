import type { FastifyInstance } from 'fastify';

/**
 * Where links in e-mails and webhook payloads point (`PUBLIC_URL`). Never taken from the request:
 * its Host header is the sender's to choose, and a link in someone else's e-mail must not be.
 */
export function publicOrigin(app: FastifyInstance): string {
  return app.config.origin;
}
