/**
 * What the PostgreSQL benchmarks (deals, offers CSV, analytics) share: a database of their own on
 * the machine's server (loopback only), the bench user's ID token from the bench server, and the
 * replay of a request's recorded statements sent directly (the database's own limit).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { loopbackUrl } from './run';
import { signedIn } from './scenarios';
import { benchConfig, log } from './measure';

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

// Shared with the benches that need no database (bench/realtime.ts): they live in measure.ts.
export { log };
export { percentiles, type Percentiles } from './measure';

/** A number from the environment, or `fallback` when the variable is not set. */
export const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** The URL of database `name` on the admin URL's server, which must be on loopback. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname)) {
    throw new Error(`BENCH_PG_URL must point to loopback, not ${u.hostname}`);
  }
  u.pathname = `/${name}`;
  return u.toString();
}

export interface BenchDatabase {
  admin: pg.Client;
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database named `<prefix>_<random>`, or null (and a message) when no server answers. */
export async function createBenchDatabase(prefix: string, label: string): Promise<BenchDatabase | null> {
  const admin = new pg.Client({
    connectionString: withDatabase(ADMIN_URL, new URL(ADMIN_URL).pathname.slice(1) || 'postgres'),
  });
  try {
    await admin.connect();
  } catch (error) {
    log(`${label} skipped: no PostgreSQL at ${new URL(ADMIN_URL).host} (${(error as Error).message})`);
    return null;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  return {
    admin,
    name,
    url: withDatabase(ADMIN_URL, name),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Signs the bench user in on the bench server, as the route scenarios do. */
export async function benchUserHeaders(port: number): Promise<Record<string, string>> {
  const { headers } = await signedIn({
    baseUrl: loopbackUrl(port, '/').origin,
    request: (routePath, init) => fetch(loopbackUrl(port, routePath), init),
  });
  return headers ?? {};
}

/** Throughput and latency of a replay, as the benches report them. */
export interface DirectMeasured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/** A prepared statement's name for `sql`: the same text, the same name on every connection. */
function preparedName(sql: string): string {
  let hash = 2166136261;
  for (let i = 0; i < sql.length; i++) hash = Math.imul(hash ^ sql.charCodeAt(i), 16777619);
  return `direct_${(hash >>> 0).toString(36)}_${sql.length}`;
}

/**
 * The recorded statements of one request, replayed in order by `connections` workers sharing
 * `pool` for `durationS` seconds: what the same SQL costs without the API, the database's own
 * limit. Prepared by default, as the API prepares its statements (planned once per connection,
 * then only bound and executed); `{ prepared: false }` sends them as plain queries, planned on
 * every replay (the baseline before issue 32, which put a deal page at 280 % of "direct").
 */
export async function replayDirect(
  pool: pg.Pool,
  connections: number,
  statements: { sql: string; params: unknown[] }[],
  durationS: number,
  { prepared = true }: { prepared?: boolean } = {},
): Promise<DirectMeasured> {
  const queries = statements.map((s) =>
    prepared
      ? { name: preparedName(s.sql), text: s.sql, values: s.params }
      : { text: s.sql, values: s.params },
  );
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          for (const query of queries) await pool.query(query);
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: latencies.length / durationS,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    requests: latencies.length,
    errors,
  };
}

/**
 * An app in the bench's own process on the bench database, configured as the bench server is
 * (production, the same secrets key: the signing keys in the database are sealed with it), to
 * record the statements of a request or sign people in.
 */
export function inProcessApp(databaseUrl: string, secretsKey: string, database: Database) {
  return buildApp({
    config: benchConfig({ DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey }),
    database,
  });
}

/** One SQL statement as the driver sent it. */
export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

/**
 * A small pool on the bench database whose driver logs what it sends, and `recordDuring`, which
 * answers the statements one piece of work sent (a request to an in-process app): what the benches
 * count and replay.
 */
export async function openRecordingDatabase(url: string) {
  const recorded: RecordedStatement[] = [];
  let recording = false;
  const database = await openDatabase({
    databaseUrl: url,
    poolMax: 4,
    queryLog: (sql, params) => {
      if (recording) recorded.push({ sql, params });
    },
  });
  async function recordDuring<T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; statements: RecordedStatement[] }> {
    recorded.length = 0;
    recording = true;
    try {
      const result = await work();
      return { result, statements: [...recorded] };
    } finally {
      recording = false;
    }
  }
  return { database, recordDuring };
}
