/** What the matching module offers the auth hook: a buyer's match profile, read with the user. */
import type { FastifyInstance } from 'fastify';
import { MATCH_PROFILE_JOIN, matchProfileSql } from './profile';

export function registerMatchProfile(app: FastifyInstance) {
  app.registerAuthJoin(MATCH_PROFILE_JOIN, matchProfileSql);
}
