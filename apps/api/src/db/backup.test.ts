/**
 * `npm run db:backup` and `npm run db:restore` on the embedded database: the real commands in child
 * processes, against a data directory this test holds open the way the server does (with the
 * server's backup-request service), then restored with the "server" stopped.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedEmbeddedTemplate, TEST_SECRETS_KEY } from '../test/app';
import {
  BackupError,
  backupEmbedded,
  restoreEmbedded,
  serveBackupRequests,
  type CompiledPglite,
} from './backup';
import { openDatabase, queryRows, type Database, type Db } from './client';

const CLI_DIR = path.join(import.meta.dirname, '../cli');
const quietLog = { info: () => {}, error: () => {} };

function runCli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(CLI_DIR, script), ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function addMember(db: Db, email: string) {
  await db.execute(
    sql`insert into users (id, email, first_name, last_name, phone_number, roles) values (gen_random_uuid(), ${email}, 'Ada', 'Backup', '5125550199', '{buyer}')`,
  );
}

async function members(db: Db): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(db, sql`select email from users order by email`);
  return rows.map((r) => r.email);
}

const cleanup: string[] = [];
let database: Database | undefined;
/** A migrated database as a tarball, and PGlite compiled once for this file's in-process opens. */
let seed: { file: string; wasm: CompiledPglite };
beforeAll(async () => {
  const { loadDataDir, ...wasm } = await migratedEmbeddedTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), 'dealclub-backup-seed-'));
  cleanup.push(dir);
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await loadDataDir!.arrayBuffer()));
  seed = { file, wasm };
  // The worker's first migrated template (every API test file pays it once): minutes on a busy machine.
}, 180_000);
afterAll(async () => {
  for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('embedded database backups', () => {
  it('backs up while the server runs, refuses to restore under it, and restores that moment', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'dealclub-backup-'));
    cleanup.push(work);
    const dataDir = path.join(work, 'data');
    // A migrated database to start from, loaded through the restore itself (an empty data dir).
    expect(await restoreEmbedded(dataDir, seed.file, { wasm: seed.wasm })).toEqual({ previous: undefined });

    // The "server": the data directory open in this process, taking backup requests.
    database = await openDatabase({ dataDir, embedded: seed.wasm });
    const service = await serveBackupRequests(database, dataDir, quietLog, { pollMs: 200 });
    await addMember(database.db, 'before@example.test');

    const file = path.join(work, 'out', 'nightly.tar.gz');
    const backup = await runCli('db-backup.ts', [file], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*nightly\.tar\.gz \(.* MB, taken by the running server\)/,
    );

    await addMember(database.db, 'after@example.test');
    // Not while the database is open.
    await expect(restoreEmbedded(dataDir, file)).rejects.toThrow(BackupError);
    await expect(restoreEmbedded(dataDir, file)).rejects.toThrow(/in use by process \d+\. Stop the server/);
    // And an existing file is never overwritten.
    await expect(backupEmbedded(dataDir, file)).rejects.toThrow(/exists already/);

    await service.stop();
    await database.close();
    database = undefined;

    const restore = await runCli('db-restore.ts', [file], { DATA_DIR: dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/kept in .*pglite\.before-restore-/);
    const entries = await readdir(dataDir);
    expect(entries.filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);

    // A file that is not a backup is refused, and the restored database stays in place.
    const junk = path.join(work, 'junk.tar.gz');
    await writeFile(junk, 'not a tarball at all');
    await expect(restoreEmbedded(dataDir, junk, { wasm: seed.wasm })).rejects.toThrow(
      /is not a DealClub backup that loads/,
    );
    expect((await readdir(dataDir)).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(
      1,
    );

    database = await openDatabase({ dataDir, embedded: seed.wasm });
    expect(await members(database.db)).toEqual(['before@example.test']);
  }, 180_000);

  it('prints the pg_dump and pg_restore commands with DATABASE_URL, never the password', async () => {
    const env = {
      DATABASE_URL: 'postgres://dealclub:s3cret-password@127.0.0.1:5432/dealclub',
      SECRETS_KEY: TEST_SECRETS_KEY,
    };
    const [backup, restore] = await Promise.all([
      runCli('db-backup.ts', ['nightly.dump'], env),
      runCli('db-restore.ts', ['nightly.dump'], env),
    ]);
    expect(backup.code).toBe(2);
    expect(backup.stdout).toContain('pg_dump --format=custom --no-owner --file=nightly.dump "$DATABASE_URL"');
    expect(restore.code).toBe(2);
    expect(restore.stdout).toContain('pg_restore --clean --if-exists --no-owner');
    expect(restore.stdout).toContain('--dbname="$DATABASE_URL" nightly.dump');
    expect(backup.stdout + restore.stdout).not.toContain('s3cret-password');
  }, 60_000);
});
