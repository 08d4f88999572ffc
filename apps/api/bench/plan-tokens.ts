import type { FastifyInstance } from 'fastify';
import { signIn } from '../src/test/auth';

/** Signs in through the embedded identity protocol of an in-process app and returns the ID token. */
export async function createTestTokens(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  return (await signIn(app, email, password)).idToken;
}
