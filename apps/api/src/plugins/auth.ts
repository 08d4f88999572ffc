/**
 * Authentication of API calls (API.md): every `/api` route but the public ones needs
 * `Authorization: Bearer <ID token>`. The token must be an RS256 ID token of the configured pool
 * (embedded or AWS): right issuer, audience and `token_use`, unexpired, and (embedded) not from a
 * sign-in that was revoked or globally signed out. The product user (keyed by `sub`) is created on first
 * sight; a deactivated one gets 403 on every call.
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { isLanguage } from '@dealclub/shared/language';
import { ROLES, primaryRole, rolesFromGroups, type Role } from '@dealclub/shared/roles';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { identityRefreshTokens, users } from '../db/schema';
import type { ErrorCode } from '@dealclub/shared/errors';
import { AppError } from '../lib/app-error';
import { prepareNamed } from '../db/prepared';
import type { AuthenticatedUser } from '../modules/identity';
import { keyResolver } from '../modules/identity';

export type { AuthenticatedUser };
import type { UserRow } from '../db/rows';

/**
 * A part of a user's data that routes may have read in the auth hook's statement: SQL of the user
 * `userId` (a placeholder) that names no column of the statement, answered as JSON.
 */
export type AuthJoin = (userId: Placeholder) => SQL;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /**
     * Offers `name` to routes' `config.authJoins`. The module that owns the data registers it, so
     * the auth hook itself knows no feature; a route naming a join nobody registered fails at start-up.
     */
    registerAuthJoin(name: string, join: AuthJoin): void;
  }
  interface FastifyContextConfig {
    /**
     * What the auth hook reads with the user in its one statement, by the names their owners
     * registered (`registerAuthJoin`): the deals list scores with the match profile, and
     * `GET /api/auth/me` answers from the profile facts without another round trip.
     */
    authJoins?: readonly string[];
    /**
     * A public route that also knows a signed-in caller (a help vote counts once per user): a token
     * sent is read, and one that does not hold (expired, revoked, deactivated) leaves the call
     * signed out instead of refusing it.
     */
    optionalAuth?: boolean;
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
  // Help is public (shell §6: reading, and the readers' 'Was this helpful?'); its admin paths are
  // private whatever the method, since the admin's list shows drafts and votes.
  if (url.startsWith('/api/help/')) return !url.startsWith('/api/help/admin');
  // The roadmap is public to read (its votes, signed in only, are not).
  if (url === '/api/features') return method === 'GET' || method === 'HEAD';
  return false;
}

/** Checked tokens kept per process (a few KB each): about as many as users active in an hour. */
const VERIFIED_TOKENS_MAX = 5_000;

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

  /**
   * Tokens whose signature and claims were checked, by their exact text, until they expire: a
   * client sends the same ID token on every call for an hour, and the RS256 check is the largest
   * part of an authenticated call's own work. Only the expiry can change a checked token's answer;
   * revocation is read from the database on every call (below). Bounded: the oldest goes first.
   */
  const verified = new Map<string, { payload: JWTPayload; expiresAt: number }>();

  async function verify(token: string): Promise<JWTPayload> {
    if (!keys) throw new AppError('AUTHENTICATION_REQUIRED');
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.payload;
      verified.delete(token);
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: config.identity.issuer,
        audience: config.identity.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
      if (payload.token_use !== 'id') throw new Error('not an ID token');
    } catch {
      throw new AppError('AUTHENTICATION_REQUIRED');
    }
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { payload, expiresAt: payload.exp! * 1000 });
    return payload;
  }

  /** What routes may ask the auth hook to read with the user, by name (`registerAuthJoin`). */
  const joins = new Map<string, AuthJoin>();
  app.decorate('registerAuthJoin', (name: string, join: AuthJoin) => {
    if (!/^[a-zA-Z]+$/.test(name)) throw new Error(`an auth join's name is letters only: ${name}`);
    if (joins.has(name)) throw new Error(`the auth join ${name} is registered twice`);
    joins.set(name, join);
  });
  // Checked when a route is added, so a join nobody registered stops the app at start-up.
  app.addHook('onRoute', (route) => {
    for (const name of route.config?.authJoins ?? [])
      if (!joins.has(name))
        throw new Error(`${route.url} asks for the auth join ${name}, which nobody registered`);
  });

  /**
   * The user, whether the token's sign-in was revoked and what the route asks for besides, in one
   * prepared statement per set of joins (built once, planned once per database connection): this
   * runs on every authenticated call.
   */
  type Found = { row: UserRow; revoked: boolean; joined: Record<string, unknown> };
  const userStatements = new Map<string, { execute(params: Record<string, unknown>): Promise<Found[]> }>();
  function userStatement(names: readonly string[]) {
    const key = names.join(',');
    let statement = userStatements.get(key);
    if (!statement) {
      const sub = sql.placeholder('sub');
      const selection = {
        row: users,
        revoked: sql<boolean>`exists (select 1 from ${identityRefreshTokens} where ${identityRefreshTokens.originJti} = ${sql.placeholder('originJti')} and ${identityRefreshTokens.revokedAt} is not null)`,
        joined: sql<Record<string, unknown>>`json_build_object(${sql.join(
          names.flatMap((name) => [sql.raw(`'${name}'`), joins.get(name)!(sub)]),
          sql`, `,
        )})`,
      };
      statement = prepareNamed(
        'auth_user',
        db.select(selection).from(users).where(eq(users.id, sub)).limit(1),
      ) as unknown as { execute(params: Record<string, unknown>): Promise<Found[]> };
      userStatements.set(key, statement);
    }
    return statement;
  }

  async function userFor(claims: JWTPayload, request: FastifyRequest): Promise<Found> {
    const sub = claims.sub!;
    const originJti = typeof claims.origin_jti === 'string' ? claims.origin_jti : null;
    const checkRevoked = config.identity.mode === 'embedded' && originJti !== null;
    const [found] = await userStatement(request.routeOptions.config.authJoins ?? []).execute({
      sub,
      originJti: checkRevoked ? originJti : null,
    });
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
    return userFor(claims, request);
  }

  async function authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('AUTHENTICATION_REQUIRED');
    const claims = await verify(match[1]);
    const { row, revoked, joined } = await userFor(claims, request);
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
      joined,
    };
  }

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown paths fall through to the 404 handler; public routes need no token.
    if (!route || !route.startsWith('/api/')) return;
    if (isPublicRoute(request.method, route)) {
      if (request.routeOptions.config.optionalAuth && request.headers.authorization)
        request.user = await authenticate(request).catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
      return;
    }
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
