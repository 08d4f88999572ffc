/**
 * Test fixtures: a fresh database per test (in-memory PGlite, or a clone of the migrated template on
 * the PostgreSQL server of `TEST_DATABASE_URL`) and an app built on it with test configuration.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type OpenOptions } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withDatabase } from './server-database';

export const isServerPass = Boolean(process.env.TEST_DATABASE_URL);

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

/** A new, migrated, empty database that is dropped (server) or discarded (PGlite) on close. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ embedded: await migratedEmbeddedTemplate() });
  const name = `dealclub_t_${randomBytes(6).toString('hex')}`;
  const template = inject('templateDatabase');
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

/**
 * Booting PGlite runs initdb (seconds); loading a dump of an already migrated database takes a
 * fraction of that. The first test of each worker builds the dump; the others start from it.
 */
let embeddedTemplate: Promise<NonNullable<OpenOptions['embedded']>> | undefined;
export function migratedEmbeddedTemplate() {
  embeddedTemplate ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // The server's lib settings do not declare the WebAssembly global; Node has it.
    const wasm = (
      globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WebAssembly.Module> } }
    ).WebAssembly;
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      wasm.compile(await readFile(path.join(dist, 'pglite.wasm'))),
      wasm.compile(await readFile(path.join(dist, 'initdb.wasm'))),
    ]);
    const fsBundle = new Blob([await readFile(path.join(dist, 'pglite.data'))]);
    const database = await openDatabase({ embedded: { pgliteWasmModule, initdbWasmModule, fsBundle } });
    await runMigrations(database.db);
    const loadDataDir = await database.dumpDataDir!();
    await database.close();
    return { pgliteWasmModule, initdbWasmModule, fsBundle, loadDataDir };
  })();
  return embeddedTemplate;
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
