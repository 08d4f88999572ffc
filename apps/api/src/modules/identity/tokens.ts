/**
 * Tokens of the embedded provider, shaped as AWS Cognito's (PROTOCOLS.md A): RS256 ID and access
 * JWTs valid one hour, and opaque refresh tokens valid 30 days, stored as hashes only.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { IdentityConfig } from '../../config';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { identityRefreshTokens, type identityUsers } from '../../db/schema';
import { activeSigningKey } from './keys';

export const TOKEN_LIFETIME_S = 3600;
export const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;

type IdentityUser = typeof identityUsers.$inferSelect;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  RefreshToken?: string;
}

export async function issueTokens(
  db: Db,
  secrets: SecretBox,
  identity: IdentityConfig,
  user: IdentityUser,
  session: { authTime: number; originJti: string },
): Promise<AuthenticationResult> {
  const key = await activeSigningKey(db, secrets);
  const now = Math.floor(Date.now() / 1000);
  const common = {
    'cognito:groups': user.groups,
    auth_time: session.authTime,
    origin_jti: session.originJti,
  };
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setSubject(user.sub)
      .setIssuer(identity.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_LIFETIME_S)
      .setJti(randomUUID())
      .sign(key.privateKey);

  const attributes = user.attributes ?? {};
  const idToken = await sign({
    ...common,
    aud: identity.clientId,
    token_use: 'id',
    email: user.email,
    email_verified: user.emailVerified,
    'cognito:username': user.username,
    ...(attributes.given_name ? { given_name: attributes.given_name } : {}),
    ...(attributes.family_name ? { family_name: attributes.family_name } : {}),
    ...(attributes.phone_number ? { phone_number: attributes.phone_number } : {}),
  });
  const accessToken = await sign({
    ...common,
    client_id: identity.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    username: user.username,
  });
  return { AccessToken: accessToken, IdToken: idToken, ExpiresIn: TOKEN_LIFETIME_S, TokenType: 'Bearer' };
}

/** A new sign-in: tokens plus a refresh token that later refreshes keep `auth_time` and `origin_jti` of. */
export async function startSession(db: Db, secrets: SecretBox, identity: IdentityConfig, user: IdentityUser) {
  const session = { authTime: Math.floor(Date.now() / 1000), originJti: randomUUID() };
  const result = await issueTokens(db, secrets, identity, user, session);
  const refreshToken = randomBytes(48).toString('base64url');
  await db.insert(identityRefreshTokens).values({
    tokenHash: sha256(refreshToken),
    sub: user.sub,
    clientId: identity.clientId,
    originJti: session.originJti,
    authTime: session.authTime,
    expiresAt: new Date(Date.now() + REFRESH_LIFETIME_MS),
  });
  return { ...result, RefreshToken: refreshToken };
}

export async function findRefreshToken(db: Db, token: string) {
  const rows = await db
    .select()
    .from(identityRefreshTokens)
    .where(
      and(
        eq(identityRefreshTokens.tokenHash, sha256(token)),
        isNull(identityRefreshTokens.revokedAt),
        gt(identityRefreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0];
}
