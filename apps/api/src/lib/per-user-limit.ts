/**
 * A per-user budget of requests shared by the routes that use the returned pre-handler: keyed by the
 * signed-in user (authentication runs before it), not by address — buyers behind one office network
 * are many. Over budget: 429 `RATE_LIMITED`. Counted in this instance's memory.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export async function perUserLimit(app: FastifyInstance, max: number, timeWindowMs = 60_000) {
  if (!app.hasDecorator('createRateLimit')) await app.register(rateLimit, { global: false });
  const count = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  });
  return async (request: FastifyRequest) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) throw new AppError('RATE_LIMITED');
  };
}
