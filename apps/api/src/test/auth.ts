/**
 * Test helpers for signed-in calls: users created in the embedded directory, signed in through
 * the Cognito protocol on the app itself (no shortcut around the real token path).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@dealclub/shared/roles';
import { outbox } from '../db/schema';
import { createDirectoryUser, hashPassword, type NewDirectoryUser } from '../modules/identity';

export const TEST_PASSWORD = 'Test-Password-1';

let counter = 0;

/**
 * One argon2 hash per password for the users the tests create, made once per worker: hashing the
 * same password anew for each of about 1,200 users a run (16 ms of CPU each) made the API suite
 * take 350 core-seconds instead of 318 (docs/ci.md). Each user still signs in through the real
 * verification.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** `{ authorization: 'Bearer <ID token>' }` */
  headers: { authorization: string };
}

/** The headers of an identity-protocol call to `POST /cognito/` (PROTOCOLS.md A). */
export const cognitoHeaders = (action: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
});

/** The body of a sign-in with a password (`InitiateAuth`, `USER_PASSWORD_AUTH`). */
export const passwordSignIn = (clientId: string, email: string, password: string) => ({
  AuthFlow: 'USER_PASSWORD_AUTH',
  ClientId: clientId,
  AuthParameters: { USERNAME: email, PASSWORD: password },
});

export async function cognito(app: FastifyInstance, action: string, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/cognito/',
    headers: cognitoHeaders(action),
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

/** The last code e-mailed to `recipient`, read from the outbox as a user reads their mailbox. */
export async function mailedCode(app: FastifyInstance, recipient: string, template: string) {
  const [message] = await app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no ${template} code for ${recipient}`);
  return code;
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await cognito(
    app,
    'InitiateAuth',
    passwordSignIn(app.config.identity.clientId, email, password),
  );
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  const result = res.body.AuthenticationResult as Record<string, string>;
  return { idToken: result.IdToken!, accessToken: result.AccessToken!, refreshToken: result.RefreshToken! };
}

/** A confirmed user with a complete profile by default, signed in. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<NewDirectoryUser> & { roles?: Role[] } = {},
): Promise<TestUser> {
  counter += 1;
  const user: NewDirectoryUser = {
    email: `user${counter}-${Date.now()}@example.test`,
    password: TEST_PASSWORD,
    roles: ['buyer'],
    firstName: 'Test',
    lastName: `User${counter}`,
    phoneNumber: '5125550199',
    ...overrides,
  };
  const id = await createDirectoryUser(app.database.db, user, await hashOnce(user.password));
  const tokens = await signIn(app, user.email, user.password);
  return {
    id,
    email: user.email.toLowerCase(),
    password: user.password,
    ...tokens,
    headers: { authorization: `Bearer ${tokens.idToken}` },
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call to `app` as `user`, with a JSON body when one is given. */
export function callAs(app: FastifyInstance, user: TestUser, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
