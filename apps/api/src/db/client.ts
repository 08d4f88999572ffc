/**
 * Opens the database: the embedded PGlite (PostgreSQL compiled to WebAssembly) persisted under the
 * data directory, or a PostgreSQL server when `DATABASE_URL` is set. Both give the same Drizzle
 * handle type, so every query, migration and test runs one code path against real PostgreSQL.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withPreparedStatements } from './pglite-prepared';
import { PreparingClient } from './prepared';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory, `memory`, or the server's host/port/database. */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: a tarball of the data directory (backups; tests clone a migrated database). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Embedded only: a consistent gzipped tarball of the data directory while it is in use (no query
   * and no transaction runs meanwhile), for `npm run db:backup` (db/backup.ts).
   */
  snapshot?: () => Promise<Blob>;
  /** The connections to the database, for `/metrics`: the pool's clients, or PGlite's one. */
  pool(): PoolStats;
}

export interface PoolStats {
  /** Connections open now. */
  total: number;
  /** Open and not in use (unknown for PGlite). */
  idle?: number;
  /** Queries waiting for a connection (unknown for PGlite). */
  waiting?: number;
  max: number;
}

/**
 * Runs a raw SQL query and returns its rows. Both drivers answer `execute` with `{ rows }`; the
 * shared handle type cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A readable start-up failure: the server prints the message alone and exits non-zero. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
  poolMax?: number;
  connectTimeoutMs?: number;
  /**
   * Called with every statement sent to the database, server or embedded (the bench records what a
   * route runs; a test counts a request's round trips).
   */
  queryLog?: (query: string, params: unknown[]) => void;
  /**
   * Extra PGlite options: an in-memory database starts from a migrated dump (tests); either kind
   * may take already compiled WebAssembly modules (tests save the compile).
   */
  embedded?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openServer(options.databaseUrl, options)
    : openEmbedded(options.dataDir, options.embedded, options.queryLog);
}

/** Host, port and database of a URL, never its password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

async function openServer(url: string, options: OpenOptions): Promise<Database> {
  const location = describeDatabaseUrl(url);
  const pool = new pg.Pool({
    // Every data statement prepared once per connection (db/prepared.ts, decision 035).
    Client: PreparingClient,
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    // No JIT compilation: it pays off for long analytical queries, not for an API's. The browse
    // list's statements are estimated far above their real cost (the visibility subqueries are
    // costed per row), so the server compiled them on every execution: 50–70 ms for the count of
    // every list at 100,000 deals, 1.3 s for `sort=match` (docs/benchmarks.md, Matching). A pooler
    // in front (PgBouncer) must let the `options` start-up parameter through.
    options: '-c jit=off',
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener Node would
  // crash. The next query reports the problem instead.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const reason =
      error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code : String(error);
    throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL at ${location}: ${reason}`, {
      cause: error,
    });
  }
  const db = drizzleNodePg({ client: pool, schema, ...loggerOf(options.queryLog) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    location,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolMax ?? 10,
    }),
  };
}

/** Drizzle's logger option for `queryLog`: both drivers call it once for each statement they send. */
function loggerOf(queryLog: OpenOptions['queryLog']) {
  return queryLog
    ? { logger: { logQuery: (query: string, params: unknown[]) => queryLog(query, params) } }
    : {};
}

async function openEmbedded(
  dataDir: string | undefined,
  embedded: OpenOptions['embedded'],
  queryLog: OpenOptions['queryLog'],
): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dataDir);
    try {
      client = await PGlite.create(dir, embedded ?? {});
    } catch (error) {
      release();
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${dir}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  } else {
    client = await PGlite.create(embedded ?? {});
  }
  // Drizzle's statements kept prepared inside PGlite (db/pglite-prepared.ts); the raw client stays
  // for the snapshot, the dump and the checkpoint below.
  const prepared = withPreparedStatements(client).client;
  const db = drizzlePglite({ client: prepared, schema, ...loggerOf(queryLog) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: dataDir ? path.join(dataDir, 'pglite') : 'memory',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      release();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    snapshot: async () => {
      // A checkpoint first, so that a restore has little WAL to replay; then the dump, holding the
      // transaction lock that every query and transaction takes: nothing is half-written in it.
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    // PGlite is one connection in this process; it queues queries itself.
    pool: () => ({ total: 1, max: 1 }),
  };
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it. A pid
 * file refuses the second one with a readable message; a stale file (dead process) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.pid');
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseUnavailableError(
        `The embedded database in ${dataDir} is in use by process ${pid}. Stop it, or set DATA_DIR to another directory.`,
      );
    }
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The process that has the embedded database in `dataDir` open, if one does. */
export function dataDirOwner(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'pglite.pid'), 'utf8').trim());
    return pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
