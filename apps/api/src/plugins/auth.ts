/**
 * Authentication of API calls (API.md): every `/api` route but the public ones needs
 * `Authorization: Bearer <ID token>`. The token must be an RS256 ID token of the configured pool
 * (embedded or AWS): right issuer, audience and `token_use`, unexpired, and (embedded) not from a
 * sign-in that was revoked or globally signed out. The product user (keyed by `sub`) is created on first
 * sight; a deactivated one gets 403 on every call.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { isLanguage } from '@dealclub/shared/language';
import { ROLES, primaryRole, rolesFromGroups, type Role } from '@dealclub/shared/roles';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { identityRefreshTokens, users } from '../db/schema';
import type { ErrorCode } from '@dealclub/shared/errors';
import { AppError } from '../lib/app-error';
import { keyResolver } from '../modules/identity/key-resolver';

export type UserRow = typeof users.$inferSelect;

export interface AuthenticatedUser {
  id: string;
  email: string;
  roles: Role[];
  /** Highest-priority role (shell §4). */
  role: Role;
  /** The token's `cognito:groups`, as sent. */
  groups: string[];
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

const PUBLIC_PREFIXES = [
  '/api/health',
  '/api/auth/public-',
  '/api/analytics/zip-analytics',
  '/api/docs',
  '/api/auth/validate-invitation/',
  '/api/aws-auth/signup-with-invitation',
  // The one-click link of alert e-mails: its signed token is the proof (modules/alerts/routes.ts).
  '/api/alerts/unsubscribe',
];

export function isPublicRoute(method: string, url: string): boolean {
  if (PUBLIC_PREFIXES.some((p) => url.startsWith(p))) return true;
  // Help is public to read; its admin paths are private for mutations (shell §6).
  if (url.startsWith('/api/help/'))
    return method === 'GET' || method === 'HEAD' || !url.startsWith('/api/help/admin');
  return false;
}

function tokenKeys(config: Config, db: Db): JWTVerifyGetKey | undefined {
  const { identity } = config;
  if (identity.mode === 'embedded') return keyResolver(db);
  if (identity.mode === 'aws') return createRemoteJWKSet(new URL(`${identity.issuer}/.well-known/jwks.json`));
  return undefined;
}

/** Known roles of a stored list, highest priority first; anything else is kept but logged. */
function knownRoles(list: readonly string[]): Role[] {
  const known = (ROLES as readonly string[]).filter((r) => list.includes(r)) as Role[];
  return known.length ? known : ['buyer'];
}

export async function registerAuth(app: FastifyInstance) {
  const { config } = app;
  const db = app.database.db;
  const keys = tokenKeys(config, db);

  async function verify(token: string): Promise<JWTPayload> {
    if (!keys) throw new AppError('AUTHENTICATION_REQUIRED');
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: config.identity.issuer,
        audience: config.identity.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.token_use !== 'id') throw new Error('not an ID token');
      return payload;
    } catch {
      throw new AppError('AUTHENTICATION_REQUIRED');
    }
  }

  /**
   * The product user of a token, and (embedded) whether the token's sign-in was revoked, in one
   * round trip: this runs on every authenticated call.
   */
  // A prepared statement: built once, and planned once per database connection.
  const userWithRevocation = db
    .select({
      row: users,
      revoked: sql<boolean>`exists (select 1 from ${identityRefreshTokens} where ${identityRefreshTokens.originJti} = ${sql.placeholder('originJti')} and ${identityRefreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('sub')))
    .limit(1)
    .prepare('auth_user_with_revocation');

  async function userFor(claims: JWTPayload): Promise<{ row: UserRow; revoked: boolean }> {
    const sub = claims.sub!;
    const originJti = typeof claims.origin_jti === 'string' ? claims.origin_jti : null;
    const checkRevoked = config.identity.mode === 'embedded' && originJti !== null;
    const [found] = await userWithRevocation.execute({ sub, originJti: checkRevoked ? originJti : null });
    if (found) return found;
    const groups = (claims['cognito:groups'] as string[] | undefined) ?? [];
    const roles = rolesFromGroups(groups);
    const locale = claims.locale;
    await db
      .insert(users)
      .values({
        id: sub,
        email: String(claims.email ?? ''),
        firstName: String(claims.given_name ?? ''),
        lastName: String(claims.family_name ?? ''),
        phoneNumber: typeof claims.phone_number === 'string' ? claims.phone_number : null,
        roles: roles.length ? roles : ['buyer'],
        languagePreference: isLanguage(locale) ? locale : 'en',
      })
      .onConflictDoNothing();
    return userFor(claims);
  }

  async function authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('AUTHENTICATION_REQUIRED');
    const claims = await verify(match[1]);
    const { row, revoked } = await userFor(claims);
    if (revoked) throw new AppError('AUTHENTICATION_REQUIRED');
    if (!row.isActive) throw new AppError('ACCOUNT_DEACTIVATED');
    const unexpected = row.roles.filter((r) => !(ROLES as readonly string[]).includes(r));
    if (unexpected.length)
      request.log.warn({ userId: row.id, roles: unexpected }, 'unexpected role values kept');
    const roles = knownRoles(row.roles);
    return {
      id: row.id,
      email: row.email,
      roles,
      role: primaryRole(roles),
      groups: (claims['cognito:groups'] as string[] | undefined) ?? [],
      row,
    };
  }

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown paths fall through to the 404 handler; public routes need no token.
    if (!route || !route.startsWith('/api/') || isPublicRoute(request.method, route)) return;
    request.user = await authenticate(request);
  });
}

/** The signed-in user of a route behind the auth hook. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('AUTHENTICATION_REQUIRED');
  return request.user;
}

/** The signed-in user, if they hold at least one of `roles`; 403 (`code`) otherwise. */
export function requireRole(
  request: FastifyRequest,
  roles: readonly Role[],
  code: ErrorCode = 'FORBIDDEN',
): AuthenticatedUser {
  const user = requireUser(request);
  if (!user.roles.some((role) => roles.includes(role))) throw new AppError(code);
  return user;
}
