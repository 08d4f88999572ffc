/**
 * The one rate limiter behind every limit of the API (docs/architecture.md, Rate limits): a fixed
 * window per key, counted in Redis when `REDIS_URL` is set, so every instance behind the balancer
 * draws on one budget, and in this process's memory otherwise. A count and its window start
 * together in one atomic step (a Lua script in Redis), so two instances counting the same key at
 * the same moment can never both take the last slot.
 */
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';

/** One counted hit: how many hits the key has in its current window, and when that window ends. */
export interface Hit {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetMs: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key`, starting a window of `windowMs` if none is running. */
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

/** What a limit answers: allowed, or refused with the seconds to wait (the `Retry-After` value). */
export type Verdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSec: number };

export interface Limit {
  /** Names the budget (`chat-messages`); budgets of different names never mix. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * The counters of @fastify/rate-limit (the chosen library, ARCHITECTURE.md), used through their
 * store interface: this limiter also counts what Fastify does not route (WebSocket upgrades) and
 * budgets shared by several routes, which the plugin's per-route hooks cannot.
 */
interface LibraryStore {
  incr(
    key: string,
    done: (error: Error | null, result: { current: number; ttl: number } | null) => void,
    timeWindow: number,
    max: number,
  ): void;
}
const require = createRequire(import.meta.url);
type StoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => LibraryStore;
const LibraryLocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const LibraryRedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

function hitOf(store: LibraryStore, key: string, windowMs: number): Promise<Hit> {
  return new Promise((resolve, reject) =>
    // A fixed window: no extension while over the limit, so `max` plays no part in the count.
    store.incr(
      key,
      (error, result) =>
        error || !result
          ? reject(error ?? new Error('no count'))
          : resolve({ count: result.current, resetMs: Math.max(0, result.ttl) }),
      windowMs,
      Number.MAX_SAFE_INTEGER,
    ),
  );
}

/** Counts in this process only (an LRU of keys): right for one instance, and for tests. */
export class MemoryStore implements RateLimitStore {
  private readonly store: LibraryStore;

  constructor(keys = 100_000) {
    this.store = new LibraryLocalStore(false, false, keys);
  }

  hit(key: string, windowMs: number): Promise<Hit> {
    return hitOf(this.store, key, windowMs);
  }

  async close() {}
}

/** Counts in Redis (INCR and PEXPIRE in one script), shared by every instance using the same Redis and key prefix. */
export class RedisStore implements RateLimitStore {
  private readonly store: LibraryStore;

  private constructor(private readonly redis: Redis) {
    this.store = new LibraryRedisStore(false, false, redis, '');
  }

  /** Connects; rejects if Redis cannot be reached at start (the server then does not start). */
  static async connect(url: string, onError: (error: Error) => void): Promise<RedisStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 5_000,
      // A request never waits long on Redis: a command that cannot be sent now fails at once and
      // the limiter lets the request through (see RateLimiter.check).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
    });
    redis.on('error', onError);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    return new RedisStore(redis);
  }

  hit(key: string, windowMs: number): Promise<Hit> {
    return hitOf(this.store, key, windowMs);
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export class RateLimiter {
  private lastErrorLoggedAt = 0;

  constructor(
    private readonly store: RateLimitStore,
    private readonly prefix: string,
    private readonly log?: { error(obj: object, msg: string): void },
  ) {}

  /**
   * Counts one hit of `key` (`user:<id>`, `ip:<address>`) against `limit`. If the store fails
   * (Redis unreachable), the hit is let through and the failure logged: a limiter that is down must
   * not take the whole API down with it.
   */
  async check(limit: Limit, key: string): Promise<Verdict> {
    let hit: Hit;
    try {
      hit = await this.store.hit(`${this.prefix}${limit.name}:${key}`, limit.windowMs);
    } catch (error) {
      const now = Date.now();
      if (now - this.lastErrorLoggedAt > 10_000) {
        this.lastErrorLoggedAt = now;
        this.log?.error({ err: error }, 'rate limiter unavailable: requests are not being limited');
      }
      return { allowed: true, remaining: limit.max };
    }
    if (hit.count <= limit.max) return { allowed: true, remaining: limit.max - hit.count };
    return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(hit.resetMs / 1000)) };
  }

  close() {
    return this.store.close();
  }
}

/**
 * The client's address as Fastify's `request.ip` gives it, for requests Fastify does not route
 * (WebSocket upgrades): with `trustProxy`, the first address of X-Forwarded-For (the client the
 * first proxy saw), else the socket's peer.
 */
export function clientAddress(
  request: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } },
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return request.socket.remoteAddress ?? 'unknown';
}
