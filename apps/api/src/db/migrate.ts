/**
 * Applies the drizzle-kit migrations in `apps/api/drizzle` at start-up. The whole run holds a
 * PostgreSQL advisory lock inside one transaction, so instances starting together apply each
 * migration exactly once and none of them starts on a half-migrated schema. The bookkeeping table is
 * drizzle's own (`drizzle.__drizzle_migrations`), so `drizzle-kit migrate` agrees with it. After the
 * schema, it loads the reference data (US ZIP codes) into an empty table, under the same lock.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { queryRows, type Db } from './client';
import { loadZipCodes } from './zip-codes';
import { advisoryXactLock } from './advisory-lock';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export interface MigrationResult {
  applied: number;
  total: number;
}

export async function runMigrations(db: Db, folder = MIGRATIONS_DIR): Promise<MigrationResult> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  return db.transaction(async (tx) => {
    await advisoryXactLock(tx, 'migrations');
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`
      create table if not exists drizzle.__drizzle_migrations (
        id serial primary key,
        hash text not null,
        created_at bigint
      )`);
    const done = await queryRows<{ created_at: string | number }>(
      tx,
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    const applied = new Set(done.map((r) => Number(r.created_at)));
    let count = 0;
    for (const migration of migrations) {
      if (applied.has(migration.folderMillis)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      count++;
    }
    // Reference data the product's own schema needs (not for other migration folders, as in tests).
    if (folder === MIGRATIONS_DIR) await loadZipCodes(tx as unknown as Db);
    return { applied: count, total: migrations.length };
  });
}
