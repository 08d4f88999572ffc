/** What the profile module offers the auth hook: the saved profile parts, read with the user. */
import type { FastifyInstance } from 'fastify';
import { PROFILE_FACTS_JOIN, profileFactsSql } from './completeness';

export function registerProfileFacts(app: FastifyInstance) {
  app.registerAuthJoin(PROFILE_FACTS_JOIN, profileFactsSql);
}
