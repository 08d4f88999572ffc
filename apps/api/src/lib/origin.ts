import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where links in e-mails point: `PUBLIC_URL` when set, else the origin the request came to. */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}
