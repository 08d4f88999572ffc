import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, isServerPass, migratedEmbeddedTemplate } from '../test/app';
import { DatabaseUnavailableError, openDatabase, queryRows, type Database } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';
import { runSeeds, type Seed } from './seed';
import { seedRuns } from './schema';

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

async function freshDatabase() {
  const database = await createTestDatabase();
  open.push(database);
  return database;
}

async function appliedMigrations(database: Database) {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n;
}

describe('runMigrations', () => {
  it('applies every migration once and nothing on a second run', async () => {
    const database = await freshDatabase();
    // The fixture database is migrated already: a further run must find nothing to do.
    const again = await runMigrations(database.db);
    expect(again.applied).toBe(0);
    expect(again.total).toBeGreaterThan(0);
    expect(await appliedMigrations(database)).toBe(again.total);
  });

  it('is safe when several instances start together on an empty database', { tags: ['server'] }, async () => {
    const database = await freshDatabase();
    // Start from an empty schema, as a brand-new server database would be.
    await database.db.execute(sql`drop schema drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
    let instances: Database[] = [database, database, database];
    if (isServerPass) {
      // Separate pools, as separate processes would have, contending for the lock.
      instances = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ databaseUrl: database.url, poolMax: 2 })),
      );
      open.push(...instances);
    }
    const results = await Promise.all(instances.map((d) => runMigrations(d.db)));
    const total = results[0]!.total;
    expect(results.reduce((sum, r) => sum + r.applied, 0)).toBe(total);
    expect(await appliedMigrations(database)).toBe(total);
    await database.db.insert(seedRuns).values({ name: 'schema works' });
  });

  it('rolls back a failing migration entirely and reports it', async () => {
    const database = await freshDatabase();
    const folder = mkdtempSync(path.join(tmpdir(), 'dealclub-migrations-'));
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_broken' });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(
      path.join(folder, '9999_broken.sql'),
      'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nSELECT no_such_function();',
    );
    await expect(runMigrations(database.db, folder)).rejects.toThrow();
    const exists = await queryRows<{ t: string | null }>(
      database.db,
      sql`select to_regclass('half_done')::text as t`,
    );
    expect(exists[0]?.t).toBeNull();
  });
});

describe('runSeeds', () => {
  it('runs each seed once per database, even when started concurrently', { tags: ['server'] }, async () => {
    const database = await freshDatabase();
    let runs = 0;
    const seed: Seed = {
      name: 'demo-test',
      summary: ['demo line'],
      run: async (db) => {
        runs++;
        await db.execute(sql`select 1`);
      },
    };
    const results = await Promise.all([runSeeds(database.db, [seed]), runSeeds(database.db, [seed])]);
    expect(runs).toBe(1);
    expect(results.flatMap((r) => r.ran)).toEqual(['demo-test']);
    expect(results[0]!.summary).toEqual(['demo line']);
    const again = await runSeeds(database.db, [seed]);
    expect(again.ran).toEqual([]);
    expect(runs).toBe(1);
  });

  it('leaves no trace of a seed that fails, so it runs again next start', async () => {
    const database = await freshDatabase();
    const failing: Seed = {
      name: 'broken',
      run: async () => {
        throw new Error('boom');
      },
    };
    await expect(runSeeds(database.db, [failing])).rejects.toThrow('boom');
    expect(await database.db.select().from(seedRuns)).toEqual([]);
  });
});

describe.skipIf(isServerPass)('embedded database on disk', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealclub-data-'));
    // Written from the run's migrated template, with PGlite's WebAssembly compiled once: a new
    // directory's initdb and migrations took 8 of this test's 13 s (the browser tests' server
    // starts on a new directory).
    const { loadDataDir, ...wasm } = await migratedEmbeddedTemplate();
    const first = await openDatabase({ dataDir, embedded: { ...wasm, loadDataDir } });
    await first.db.insert(seedRuns).values({ name: 'kept' });
    await first.close();

    const second = await openDatabase({ dataDir, embedded: wasm });
    open.push(second);
    expect((await runMigrations(second.db)).applied).toBe(0);
    expect((await second.db.select().from(seedRuns)).map((r) => r.name)).toEqual(['kept']);
  });

  it('refuses a data directory that another live process holds', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealclub-data-'));
    // The parent of the test worker is alive for the whole test: it stands for another server.
    writeFileSync(path.join(dataDir, 'pglite.pid'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseUnavailableError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process \d+/);
  });
});

describe('server database', () => {
  it('fails with one readable error when the server cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const error = await openDatabase({
      databaseUrl: 'postgres://dealclub:s3cret@127.0.0.1:1/nowhere',
      connectTimeoutMs: 2000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).message).toMatch(
      /^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED/,
    );
    expect((error as Error).message).not.toContain('s3cret');
  });
});
