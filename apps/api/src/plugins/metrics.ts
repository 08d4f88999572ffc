/**
 * `GET /metrics` in the Prometheus text format (prom-client): request durations by method, route
 * pattern and status; the durable job queue and the outbox read from the database at each scrape;
 * realtime connections; the database connections; Node's process metrics.
 *
 * Access (README, Operate: metrics): a connection from loopback that no proxy forwarded, or
 * `Authorization: Bearer <METRICS_TOKEN>` from anywhere. Anyone else gets the 404 of an unknown
 * path (`NOT_FOUND`): the endpoint is not advertised to the internet.
 *
 * Each app has its own registry (tests build many apps in one process); the process metrics are
 * the process's, collected once into a registry every app's scrape appends.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/client';
import { AppError } from '../lib/app-error';
import { queueDepth } from '../modules/jobs';

/** The `route` label of a request no route matched (a 404): one value, whatever the path. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; from a cached page (about a millisecond) to a slow CSV export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** Node's own metrics (CPU, memory, event-loop lag, GC): one collector per process. */
function sharedProcessRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Headers a reverse proxy adds: a request carrying one came from somewhere else, through it. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Whether a scrape may read the metrics. `remoteAddress` is the TCP peer of the socket, never
 * `request.ip` (which `TRUST_PROXY` takes from X-Forwarded-For, a header the client writes). A
 * loopback peer that carries a forwarding header is a proxy on this machine relaying someone else.
 */
export function metricsAccessAllowed(input: {
  remoteAddress: string | undefined;
  headers: IncomingHttpHeaders;
  token: string | undefined;
}): boolean {
  const { remoteAddress, headers, token } = input;
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
    // Equal-length digests: the comparison takes the same time whatever was sent.
    if (match?.[1] && timingSafeEqual(digest(match[1]), digest(token))) return true;
  }
  return isLoopbackAddress(remoteAddress) && FORWARDING_HEADERS.every((name) => !headers[name]);
}

interface OutboxRow {
  status: string;
  count: number;
  oldest_seconds: number | string | null;
}

export interface MetricsOptions {
  /** Off: no histogram hook and no `/metrics` (the bench's baseline). */
  enabled?: boolean;
}

export function registerMetrics(app: FastifyInstance, { enabled = true }: MetricsOptions = {}) {
  if (!enabled) return;
  const registry = new Registry();
  const processMetrics = sharedProcessRegistry();

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const info = new Gauge({
    name: 'dealclub_info',
    help: 'The version, database and realtime mode of this instance (always 1).',
    labelNames: ['version', 'database', 'realtime'] as const,
    registers: [registry],
  });
  info.set(
    { version: app.config.version, database: app.database.kind, realtime: app.config.realtime.mode },
    1,
  );
  const databaseUp = new Gauge({
    name: 'dealclub_database_up',
    help: '1 when the database answered this scrape’s queries, 0 when it did not.',
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'dealclub_job_queue_depth',
    help: 'Unfinished background jobs: due (waiting for a worker), running (leased), scheduled (later).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const jobsOldest = new Gauge({
    name: 'dealclub_job_queue_oldest_due_age_seconds',
    help: 'How long the longest-waiting due job has been due (0 when none is).',
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'dealclub_outbox_backlog',
    help: 'Messages (e-mail, SMS) not sent yet: pending, or being sent.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'dealclub_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest message not sent yet (0 when none is).',
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'dealclub_db_pool_connections',
    help: 'Database connections: total open, idle, and queries waiting for one (PGlite: total only).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const poolMax = new Gauge({
    name: 'dealclub_db_pool_max',
    help: 'The most database connections this instance opens (DATABASE_POOL_MAX; 1 for PGlite).',
    registers: [registry],
  });
  const hub = app.realtimeHub;
  if (hub) {
    new Gauge({
      name: 'dealclub_realtime_connections',
      help: 'WebSocket connections open on this instance’s embedded realtime server.',
      registers: [registry],
      collect() {
        this.set(hub.connectionCount);
      },
    });
  }

  /** The database-backed gauges, read at each scrape: two indexed aggregate queries. */
  async function refresh() {
    const stats = app.database.pool();
    pool.set({ state: 'total' }, stats.total);
    if (stats.idle !== undefined) pool.set({ state: 'idle' }, stats.idle);
    if (stats.waiting !== undefined) pool.set({ state: 'waiting' }, stats.waiting);
    poolMax.set(stats.max);
    const { db } = app.database;
    try {
      const queue = await queueDepth(db);
      const unsent = await queryRows<OutboxRow>(
        db,
        sql`select status, count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest_seconds
            from outbox where status in ('pending', 'sending') group by status`,
      );
      jobs.set({ state: 'due' }, queue.due);
      jobs.set({ state: 'running' }, queue.running);
      jobs.set({ state: 'scheduled' }, queue.scheduled);
      jobsOldest.set(queue.oldestDueSeconds);
      const byStatus = new Map(unsent.map((row) => [row.status, row]));
      outbox.set({ status: 'pending' }, byStatus.get('pending')?.count ?? 0);
      outbox.set({ status: 'sending' }, byStatus.get('sending')?.count ?? 0);
      outboxOldest.set(Math.max(0, ...unsent.map((row) => Number(row.oldest_seconds ?? 0))));
      databaseUp.set(1);
    } catch (error) {
      // The scrape still answers: an unreachable database is what it should show, not a 500.
      app.log.warn({ err: error }, 'metrics: database gauges unavailable');
      databaseUp.set(0);
      jobs.reset();
      jobsOldest.reset();
      outbox.reset();
      outboxOldest.reset();
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = metricsAccessAllowed({
      remoteAddress: request.raw.socket.remoteAddress,
      headers: request.headers,
      token: app.config.metricsToken,
    });
    if (!allowed) {
      request.log.info('metrics refused: not loopback, or no valid METRICS_TOKEN');
      throw new AppError('NOT_FOUND');
    }
    await refresh();
    const text = `${await registry.metrics()}\n${await processMetrics.metrics()}`;
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
