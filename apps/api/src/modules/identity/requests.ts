/**
 * What every action of the embedded identity provider reads from its request: required strings,
 * the app client, the user by name or by access token. Failures are Cognito's own errors.
 */
import { and, eq, sql } from 'drizzle-orm';
import { jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../../db/client';
import { identityRefreshTokens, identityUsers } from '../../db/schema';
import { CognitoError, invalidParameter } from './cognito-error';
import type { IdentityContext } from './context';
import { keyResolver } from './key-resolver';

export type Body = Record<string, unknown>;
export type IdentityUser = typeof identityUsers.$inferSelect;

export function str(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) {
    throw invalidParameter(
      `1 validation error detected: Value at '${key}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

export function normaliseUsername(value: string): string {
  return value.trim().toLowerCase();
}

export function assertClient(ctx: IdentityContext, body: Body) {
  if (str(body, 'ClientId') !== ctx.identity.clientId) {
    throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  }
}

export async function findUser(db: Db, username: string): Promise<IdentityUser | undefined> {
  const [row] = await db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.username, normaliseUsername(username)))
    .limit(1);
  return row;
}

/** The user and the claims of a valid, unrevoked access token issued by this pool. */
export async function accessTokenOf(
  ctx: IdentityContext,
  body: Body,
): Promise<{ user: IdentityUser; claims: JWTPayload }> {
  const token = str(body, 'AccessToken');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, keyResolver(ctx.db), {
      algorithms: ['RS256'],
      issuer: ctx.identity.issuer,
    }));
  } catch {
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
  if (claims.token_use !== 'access' || claims.client_id !== ctx.identity.clientId || !claims.sub) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
  const [user] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, claims.sub)).limit(1);
  if (!user || !user.enabled)
    throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
  const [revoked] = await ctx.db
    .select({ hash: identityRefreshTokens.tokenHash })
    .from(identityRefreshTokens)
    .where(
      and(
        eq(identityRefreshTokens.originJti, String(claims.origin_jti)),
        sql`${identityRefreshTokens.revokedAt} is not null`,
      ),
    )
    .limit(1);
  if (revoked) throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
  return { user, claims };
}

/** The user of a valid, unrevoked access token issued by this pool. */
export async function userOfAccessToken(ctx: IdentityContext, body: Body): Promise<IdentityUser> {
  return (await accessTokenOf(ctx, body)).user;
}
