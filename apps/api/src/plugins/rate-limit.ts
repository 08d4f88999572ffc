/**
 * The API's rate limits, all through one {@link RateLimiter} (`app.rateLimiter`): counted in Redis
 * when `REDIS_URL` is set (every instance shares each budget), in memory otherwise. Here: the
 * limiter itself, the global per-address limit on `/api/*`, and the hooks routes use for their own
 * budgets. A refusal is 429 `RATE_LIMITED` with `Retry-After` in seconds.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { MemoryStore, RateLimiter, RedisStore, type Limit, type RateLimitStore } from '../lib/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

const MINUTE = 60_000;

/** Paths under /api/ the global limit leaves alone: the balancer's health check and the docs' files. */
function isExempt(path: string) {
  return path === '/api/health' || path.startsWith('/api/docs/static/');
}

export async function registerRateLimits(app: FastifyInstance) {
  const { rateLimits } = app.config;
  let store: RateLimitStore;
  if (rateLimits.redisUrl) {
    const log = app.log.child({ component: 'rate-limit-redis' });
    store = await RedisStore.connect(rateLimits.redisUrl, (error) =>
      log.error({ err: error }, 'rate-limit redis error'),
    );
  } else {
    store = new MemoryStore();
  }
  const limiter = new RateLimiter(store, rateLimits.keyPrefix, app.log);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', async () => {
    await limiter.close();
  });

  // Before authentication and body parsing: a flood costs one counter per request, nothing more.
  const global: Limit = { name: 'api', max: rateLimits.globalPerMinute, windowMs: MINUTE };
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith('/api/') || isExempt(path)) return;
    await enforce(app, reply, global, `ip:${request.ip}`);
  });
}

/** Counts one hit; over budget, sets `Retry-After` and throws 429 `RATE_LIMITED`. */
export async function enforce(app: FastifyInstance, reply: FastifyReply, limit: Limit, key: string) {
  const verdict = await app.rateLimiter.check(limit, key);
  if (verdict.allowed) return;
  reply.header('retry-after', String(verdict.retryAfterSec));
  throw new AppError('RATE_LIMITED');
}

/**
 * A per-user budget shared by the routes that use the returned pre-handler: keyed by the signed-in
 * user (authentication runs before it), not by address — buyers behind one office network are
 * many. A route without a user (none reaches here today) is counted by address.
 */
export function perUserLimit(app: FastifyInstance, name: string, max: number, windowMs = MINUTE) {
  const limit: Limit = { name, max, windowMs };
  return async (request: FastifyRequest, reply: FastifyReply) =>
    enforce(app, reply, limit, request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
}

/** A per-address budget (public forms: no account to count by). */
export function perAddressLimit(app: FastifyInstance, name: string, max: number, windowMs = MINUTE) {
  const limit: Limit = { name, max, windowMs };
  return async (request: FastifyRequest, reply: FastifyReply) =>
    enforce(app, reply, limit, `ip:${request.ip}`);
}
