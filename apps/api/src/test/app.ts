/**
 * Test fixtures: an empty migrated database per test (in-memory PGlite, or a clone of the migrated
 * template on the PostgreSQL server of `TEST_DATABASE_URL`, emptied and reused within a test file)
 * and an app built on it with test configuration.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, queryRows, type Database, type Db, type OpenOptions } from '../db/client';
import * as schema from '../db/schema';
import { runMigrations } from '../db/migrate';
import { generateSigningKeyPair, takeSigningKeyPairsFrom } from '../modules/identity';
import { buildMigratedDump, compilePglite } from './embedded-template';
import { withDatabase } from './server-database';

export const isServerPass = Boolean(process.env.TEST_DATABASE_URL);

/**
 * `SECRETS_KEY` of the processes the tests start with `DATABASE_URL` (the server, the CLIs), where
 * it is required in every mode; a fixed key, as the same instance's restarts need one.
 */
export const TEST_SECRETS_KEY = createHash('sha256')
  .update('dealclub-test-server-secrets-key')
  .digest('base64');

/**
 * The identity provider's signing key pairs, made once per worker and handed out in turn (a
 * rotation gets the next one): a fresh test database makes its first key at its first sign-in, and
 * an RSA generation is most of that sign-in's time. The key itself is still made, sealed and stored
 * by the identity module as in production; only the pair's generation is shared.
 */
const KEY_PAIRS = 4;
const keyPairs = Array.from({ length: KEY_PAIRS }, () => generateSigningKeyPair());
let nextKeyPair = 0;
takeSigningKeyPairsFrom(() => keyPairs[nextKeyPair++ % KEY_PAIRS]!);

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent-dealclub-web-dist',
    FILES_DIR: path.join(tmpdir(), `dealclub-test-files-${process.pid}`),
    PRIVATE_FILES_DIR: path.join(tmpdir(), `dealclub-test-private-${process.pid}`),
    // Nothing a test does writes under the working directory (a NODE_ENV=production app's key file).
    DATA_DIR: path.join(tmpdir(), `dealclub-test-data-${process.pid}`),
    ...env,
  });
}

export type TestDatabase = Database & {
  /** The server pass only: the URL of this test's own database. */
  url?: string;
};

/**
 * Databases finished with, emptied and ready for the next test of this worker, whichever file it is
 * in (the API project runs its files in one module graph per worker: `isolate: false`). Opening an
 * embedded database from the migrated dump costs 1.6 s (PGlite starts a PostgreSQL backend);
 * emptying one costs about 10 ms. A test's database is emptied when it closes it, so each test
 * still starts from a migrated database with no rows but the migrations' own (ZIP codes). They
 * last as long as the worker: PGlite's are in its memory, and the global teardown drops the
 * server's.
 */
const idle: Database[] = [];

/** A migrated, empty database; closing it empties it for the file's next test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const reused = idle.pop();
  const database = reused ?? (url ? await openServerTestDatabase(url) : await openEmbeddedTestDatabase());
  let closed = false;
  return {
    ...database,
    // A new Drizzle handle on the same connection: what the app caches per handle (verification
    // keys, prepared statements) starts empty, as with a database of its own.
    db: newHandle(database),
    // Closed, it answers as a closed database does, though its connection serves the next test.
    ping: async () => {
      if (closed) throw new Error('the database is closed');
      await database.ping();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      // A database left mid-way (a failed test's open transaction) is closed for good instead.
      if (
        await emptyDatabase(database).then(
          () => true,
          () => false,
        )
      )
        idle.push(database);
      else await database.close();
    },
  };
}

function newHandle(database: Database): Db {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return (database.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema })
    : drizzleNodePg({ client: client as pg.Pool, schema })) as unknown as Db;
}

async function openEmbeddedTestDatabase(): Promise<TestDatabase> {
  return openDatabase({ embedded: await migratedEmbeddedTemplate() });
}

/** The server pass: a clone of the run's migrated template, dropped when the worker is done with it. */
async function openServerTestDatabase(url: string): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const name = `${template ?? 'dealclub'}_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const databaseUrl = withDatabase(url, name);
  const database = await openDatabase({ databaseUrl, poolMax: 4 });
  if (!template) await runMigrations(database.db);
  return {
    ...database,
    url: databaseUrl,
    close: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The tables the migrations leave filled (reference data): kept when a database is emptied. */
const REFERENCE_TABLES = new Set(['zip_codes']);
const emptyingOf = new WeakMap<Database, string>();

/**
 * Every row a test wrote, gone, and the sequences restarted: one script of `DELETE`s, each table
 * after every table that references it. A few rows per table delete in a fraction of what
 * `TRUNCATE` costs (it makes each of some 40 tables and their indexes anew: 4–5 times as long).
 */
async function emptyDatabase(database: Database) {
  let script = emptyingOf.get(database);
  if (script === undefined) {
    const tables = await queryRows<{ name: string; refs: string[] }>(
      database.db,
      sql`select c.relname as name,
            coalesce(array_agg(distinct r.relname) filter (where r.relname is not null and r.oid <> c.oid), '{}') as refs
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          left join pg_constraint f on f.conrelid = c.oid and f.contype = 'f'
          left join pg_class r on r.oid = f.confrelid
          where c.relkind = 'r'
          group by c.relname`,
    );
    const sequences = await queryRows<{ name: string }>(
      database.db,
      sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
    );
    script = [
      ...deleteOrder(tables.filter((t) => !REFERENCE_TABLES.has(t.name))).map(
        (t) => `delete from public."${t}";`,
      ),
      ...sequences.map((q) => `alter sequence public."${q.name}" restart;`),
    ].join('\n');
    emptyingOf.set(database, script);
  }
  await runScript(database, script);
}

/** The tables, each after every table that references it (the schema has no cycle of references). */
function deleteOrder(tables: { name: string; refs: string[] }[]): string[] {
  const referrers = new Map(tables.map((t) => [t.name, 0]));
  for (const t of tables) for (const ref of t.refs) referrers.set(ref, (referrers.get(ref) ?? 0) + 1);
  const order: string[] = [];
  const left = new Map(tables.map((t) => [t.name, t]));
  while (left.size) {
    const next = [...left.values()].filter((t) => referrers.get(t.name) === 0);
    if (!next.length) throw new Error(`a cycle of references among ${[...left.keys()].join(', ')}`);
    for (const t of next) {
      order.push(t.name);
      left.delete(t.name);
      for (const ref of t.refs) referrers.set(ref, referrers.get(ref)! - 1);
    }
  }
  return order;
}

/** Several statements in one round trip (the simple query protocol of either client). */
function runScript(database: Database, script: string): Promise<unknown> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return database.kind === 'pglite' ? (client as PGlite).exec(script) : (client as pg.Pool).query(script);
}

/**
 * Booting PGlite runs initdb (seconds); loading a dump of an already migrated database takes a
 * fraction of that. The global setup builds the dump once per run (a file); each test file
 * compiles PGlite's WebAssembly once and starts its databases from that file.
 */
let embeddedTemplate: Promise<NonNullable<OpenOptions['embedded']>> | undefined;
export function migratedEmbeddedTemplate() {
  embeddedTemplate ??= (async () => {
    const dumpFile = inject('embeddedTemplateFile');
    const compiled = await compilePglite();
    if (dumpFile) return { ...compiled, loadDataDir: new Blob([await readFile(dumpFile)]) };
    return { ...compiled, loadDataDir: await buildMigratedDump(compiled) };
  })();
  return embeddedTemplate;
}

/**
 * A new data directory (under the system's temporary folder, named from `prefix`) holding the run's
 * migrated template, closed: what a server started on it finds, migrated but not yet seeded, without
 * paying for initdb and the migrations. The caller removes it.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await (await openDatabase({ dataDir, embedded: await migratedEmbeddedTemplate() })).close();
  return dataDir;
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** An app on a fresh database; close it in `afterEach`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
) {
  const database = await createTestDatabase();
  return buildApp({ config: testConfig(env), database, ...options });
}

/**
 * One app for the tests of the enclosing `describe` that only read: built before its first test
 * (then `prepare`d: a user signed in, a route added), closed after its last. A test that writes
 * builds its own with `createTestApp`, so that it starts from an empty database.
 */
export function sharedTestApp<T = undefined>(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => Promise<T>,
): () => { app: FastifyInstance; prepared: T } {
  let shared: { app: FastifyInstance; prepared: T } | undefined;
  let close: (() => Promise<undefined>) | undefined;
  beforeAll(async () => {
    const app = await createTestApp(env);
    // A file's afterEach that closes "its" app leaves this one open for the describe's next test.
    close = app.close.bind(app) as () => Promise<undefined>;
    app.close = (async () => undefined) as unknown as FastifyInstance['close'];
    shared = { app, prepared: (await prepare?.(app)) as T };
  });
  afterAll(async () => {
    await close?.();
  });
  return () => {
    if (!shared) throw new Error('the shared app is built before the first test of its describe');
    return shared;
  };
}
