/**
 * Who answers 'Was this helpful?': the signed-in user, or, signed out, the client address as a
 * keyed hash (the address itself is never stored, and without the installation's key the hash
 * cannot be turned back into one by trying every address).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { installationKey } from '../identity';

export interface Voter {
  voter: string;
  userId: string | null;
}

export async function voterOf(app: FastifyInstance, request: FastifyRequest): Promise<Voter> {
  if (request.user) return { voter: `u:${request.user.id}`, userId: request.user.id };
  const key = await installationKey(app.database.db, app.secrets, 'dealclub/help-voter/v1');
  return { voter: `a:${createHmac('sha256', key).update(request.ip).digest('base64url')}`, userId: null };
}
