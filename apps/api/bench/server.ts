/**
 * The server under test for `npm run bench`: the product app on a fresh in-memory PGlite, plus the
 * trivial route `GET /__bench/trivial` that every scenario is compared with, and bench-only probes:
 * `GET /__bench/heap` and `GET /__bench/memory` (memory after a collection, realtime connections),
 * `GET /__bench/loop` (event-loop delay and GC pauses). It runs in its own process (started by
 * bench/run.ts) so that autocannon does not share its event loop. It listens on 127.0.0.1 on a free
 * port, prints `{"port":N}` as one JSON line on stdout, and exits on SIGTERM, SIGINT, or when the
 * parent that started it goes away. With BENCH_LISTEN_IPV6_LOOPBACK=true it also listens on ::1
 * (bench/child-server.ts; bench/realtime.ts's server A, whose clients use both loopbacks).
 */
import { randomBytes } from 'node:crypto';
import {
  constants,
  monitorEventLoopDelay,
  PerformanceObserver,
  type IntervalHistogram,
} from 'node:perf_hooks';
import { serveToParent } from './child-server';
import { buildApp } from '../src/app';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createDirectoryUser } from '../src/modules/identity/directory';
import { signIn } from '../src/test/auth';
import { BENCH_USER } from './scenarios';
import { BENCH_PASSWORD, benchConfig } from './measure';
import { seedBuyers } from './seed-buyers';

/** Only a PostgreSQL on this machine: the bench never sends traffic beyond loopback. */
function loopbackDatabaseUrl(url: string | undefined): string {
  if (!url) return '';
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`BENCH_DATABASE_URL must point to loopback, not ${host}`);
  }
  return url;
}

/** Only a Redis on this machine (bench/realtime.ts and bench/capacity.ts pass 127.0.0.1). */
function loopbackRedisUrl(url: string | undefined): string {
  if (!url) return '';
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`REDIS_URL must point to loopback in a bench, not ${host}`);
  }
  return url;
}

/** `detail.kind` of a GC performance entry. */
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** The event-loop probe's timer (`GET /__bench/loop`). */
const LOOP_RESOLUTION_MS = 10;

/** A hung close must not leave an orphan process holding a port. */

async function main() {
  const config = benchConfig({
    SEED_DEMO: 'false',
    // The embedded database, even when the shell exports DATABASE_URL: the figures must not depend
    // on a server elsewhere. bench/deals.ts passes BENCH_DATABASE_URL, a PostgreSQL on loopback.
    DATABASE_URL: loopbackDatabaseUrl(process.env.BENCH_DATABASE_URL),
    DATABASE_POOL_MAX: process.env.BENCH_DATABASE_POOL_MAX ?? '10',
    // Production with a server database needs the secrets key; a bench's own, for its one run.
    SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString('base64'),
    // Every request and connection of a bench comes from 127.0.0.1: the per-address limits would
    // refuse the load the bench measures.
    GLOBAL_RATE_LIMIT_PER_MINUTE: process.env.GLOBAL_RATE_LIMIT_PER_MINUTE ?? '1000000000',
    REALTIME_CONNECTIONS_PER_MINUTE: process.env.REALTIME_CONNECTIONS_PER_MINUTE ?? '1000000000',
    IDENTITY_RATE_LIMIT_PER_MINUTE: process.env.IDENTITY_RATE_LIMIT_PER_MINUTE ?? '1000000000',
    // Nothing leaves this machine, whatever the shell exports: e-mail and SMS stay in the mailbox,
    // realtime is the embedded server, photos stay on disk, Redis only on loopback.
    SMTP_URL: '',
    SMS_PROVIDER: '',
    PUSHER_HOST: '',
    PUSHER_CLUSTER: '',
    S3_BUCKET: '',
    REDIS_URL: loopbackRedisUrl(process.env.REDIS_URL),
  });
  // No dataDir: PGlite in memory, so each run starts from an empty, freshly migrated database.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax });
  await runMigrations(database.db);
  // The account the signed-in scenarios sign in as (through the identity protocol, in setup).
  const [existing] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from identity_users where username = ${BENCH_USER.email}`,
  );
  if (!existing?.n)
    await createDirectoryUser(database.db, {
      ...BENCH_USER,
      roles: ['buyer'],
      firstName: 'Bench',
      lastName: 'User',
      phoneNumber: '5125550100',
    });
  // BENCH_BUYERS=N: a market of N buyers with preferences and buy boxes (bench/seed-buyers.ts), whom
  // a new deal's alert fan-out matches (bench/writes.ts).
  const marketBuyers = Number(process.env.BENCH_BUYERS ?? 0);
  if (marketBuyers > 0) {
    // One session for the whole seeding (its seed and temporary tables): PGlite is one; from a
    // server's pool, one connection held throughout.
    const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (client instanceof pg.Pool) {
      const session = await client.connect();
      try {
        await seedBuyers(session as unknown as pg.Client, marketBuyers);
      } finally {
        session.release();
      }
    } else await seedBuyers(client as unknown as pg.Client, marketBuyers);
  }
  // BENCH_WRITERS=N: a seller and N buyers who sign in (bench/writes.ts); their ID tokens are
  // minted below and reported to the parent with the port.
  const writers = Number(process.env.BENCH_WRITERS ?? 0);
  const writerEmails = Array.from({ length: writers }, (_, i) => `bench-writer${i + 1}@bench.test`);
  if (writers > 0) {
    const account = (email: string, roles: ('buyer' | 'originator')[], lastName: string) =>
      createDirectoryUser(database.db, {
        email,
        password: BENCH_PASSWORD,
        roles,
        firstName: 'Bench',
        lastName,
        phoneNumber: '5125550103',
      });
    await account(BENCH_SELLER_EMAIL, ['originator'], 'Seller');
    for (const [i, email] of writerEmails.entries()) await account(email, ['buyer'], `Writer${i + 1}`);
  }
  // BENCH_METRICS=false: no /metrics and no request-duration hook (bench/metrics-overhead.ts's baseline).
  const app = await buildApp({ config, database, metrics: process.env.BENCH_METRICS !== 'false' });

  // Same hooks (security headers, request id) as every product route, no work of its own: the
  // difference between a scenario and this route is what the scenario's handler costs.
  app.get('/__bench/trivial', async () => ({ ok: true }));
  // The live heap: collected first (the server runs with --expose-gc), so garbage not yet collected
  // does not count. The CSV bench reads it during an export to tell retained memory from garbage.
  app.get('/__bench/heap', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return { heapUsed: process.memoryUsage().heapUsed };
  });
  // The whole memory picture and the realtime hub's socket count (bench/realtime.ts divides the
  // growth by the connections held). Collected first unless `?gc=false`.
  app.get('/__bench/memory', async (request) => {
    if ((request.query as { gc?: string }).gc !== 'false') (globalThis as { gc?: () => void }).gc?.();
    return { ...process.memoryUsage(), connections: app.realtimeHub?.connectionCount ?? null };
  });
  // Where a latency tail comes from: the event loop's delay (a 10 ms timer's lateness, which counts
  // the time the OS gives the process to others as well as our own work) and the garbage collector's
  // pauses, both since the previous call. The first call starts the watch and returns nulls.
  let loop: IntervalHistogram | undefined;
  let gcPauses: { ms: number; kind: string }[] = [];
  app.get('/__bench/loop', async () => {
    const stats = loop
      ? {
          // The histogram holds the time between ticks; the delay is what exceeds the resolution.
          loopDelayMs: {
            p50: Math.max(0, loop.percentile(50) / 1e6 - LOOP_RESOLUTION_MS),
            p99: Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
            max: Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS),
          },
          gc: {
            count: gcPauses.length,
            totalMs: gcPauses.reduce((sum, pause) => sum + pause.ms, 0),
            maxMs: Math.max(0, ...gcPauses.map((pause) => pause.ms)),
            kinds: gcPauses.reduce<Record<string, number>>(
              (counts, pause) => ({ ...counts, [pause.kind]: (counts[pause.kind] ?? 0) + 1 }),
              {},
            ),
            longestKind: gcPauses.reduce<{ ms: number; kind: string } | undefined>(
              (longest, pause) => (longest && longest.ms >= pause.ms ? longest : pause),
              undefined,
            )?.kind,
          },
        }
      : { loopDelayMs: null, gc: null };
    if (!loop) {
      loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
      loop.enable();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const { kind } = (entry as { detail?: { kind?: number } }).detail ?? {};
          gcPauses.push({ ms: entry.duration, kind: GC_KINDS[kind ?? 0] ?? String(kind) });
        }
      }).observe({ entryTypes: ['gc'] });
    }
    loop.reset();
    gcPauses = [];
    return stats;
  });

  const tokens =
    writers > 0
      ? {
          seller: (await signIn(app, BENCH_SELLER_EMAIL, BENCH_PASSWORD)).idToken,
          buyers: await Promise.all(
            writerEmails.map(async (email) => (await signIn(app, email, BENCH_PASSWORD)).idToken),
          ),
        }
      : undefined;
  await serveToParent(app, tokens ? { tokens } : {}, {
    ipv6Loopback: process.env.BENCH_LISTEN_IPV6_LOOPBACK === 'true',
  });
}

/** The seller of BENCH_WRITERS. */
const BENCH_SELLER_EMAIL = 'bench-seller@bench.test';

main().catch((error: unknown) => {
  process.stderr.write(
    `bench server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
