/**
 * The order of checks on every route (DECISIONS.md, "Two-step sign-in and the order of checks";
 * decision 026): the token (the auth hook), then what the path and the user tell — the roles the
 * route serves, the caller's place in what its path names — then what the request carries (body,
 * query), then the rest. A caller who may not act is answered 401, 403 or 404 whatever they send,
 * never a 400 that spells out a form they may not use. A route says what it needs in its config:
 *
 * - `roles`: it serves callers holding one of them; checked right after the token, before the body
 *   is read. Anyone else: 403 (`rolesRefusal`, else `FORBIDDEN`).
 * - `guard`: who may act on what the path names (its owner, a member). The route's validation is
 *   then attached rather than answered: a request that validates goes on to its handler, whose own
 *   statements check the same (no extra round trip on that path); one that does not is first put to
 *   the guard (404 to a stranger, 403 to who may see but not act), and only then answered 400. A
 *   path parameter that does not validate is answered 400 at once: it names nothing to guard.
 *
 * Routes under `/api/admin/` and `/api/help/admin/` must declare `ADMIN_ONLY`: the app does not
 * start otherwise.
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '@dealclub/shared/errors';
import type { Role } from '@dealclub/shared/roles';
import { isPublicRoute, requireRole, requireUser, type AuthenticatedUser } from './auth';

/**
 * Refuses (throws) a caller who may not act on what the path names; see the module comment. `id` is
 * the path's `:id` (every guarded path names its resource so), `params` all its parameters, validated.
 */
export type AccessGuard = (
  user: AuthenticatedUser,
  id: string,
  params: Readonly<Record<string, string>>,
) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The roles the route serves (any one of them), checked before the body is read. */
    roles?: readonly Role[];
    /** The code of the 403 for a caller without one of `roles` (`FORBIDDEN` unless given). */
    rolesRefusal?: ErrorCode;
    /** Who may act on what the path names, checked before a request that does not validate is answered. */
    guard?: AccessGuard;
  }
}

/** The config of the admins' routes. */
export const ADMIN_ONLY = { roles: ['admin'] } as const satisfies { roles: readonly Role[] };

const ADMIN_PATH = /^\/api\/(help\/)?admin\//;

export function registerAccessChecks(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const { roles, guard } = route.config ?? {};
    const methods = [route.method].flat();
    const where = `${methods.join(',')} ${route.url}`;
    if (ADMIN_PATH.test(route.url) && (roles?.length !== 1 || roles[0] !== 'admin'))
      throw new Error(`${where} is an admin path: give it config ADMIN_ONLY (plugins/access.ts)`);
    if (!roles && !guard) return;
    const checked = route.url.startsWith('/api/') && !methods.some((m) => isPublicRoute(m, route.url));
    if (!checked) throw new Error(`${where} takes no token, so its roles or guard would never be checked`);
    if (guard) route.attachValidation = true;
  });

  // After the auth hook (registered before this), before the body is parsed.
  app.addHook('onRequest', async (request) => {
    const { roles, rolesRefusal } = request.routeOptions.config;
    if (roles) requireRole(request, roles, rolesRefusal);
  });

  // Before the routes' own pre-handlers (their rate limits), so a refused request counts nothing.
  app.addHook('preHandler', async (request) => {
    const { guard } = request.routeOptions.config;
    const invalid = request.validationError;
    if (!guard || !invalid) return;
    if (invalid.validationContext !== 'params') {
      const params = request.params as Record<string, string>;
      await guard(requireUser(request), params.id!, params);
    }
    throw invalid;
  });
}
