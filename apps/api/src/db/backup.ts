/**
 * Backups of the embedded database (`npm run db:backup`, `npm run db:restore`; README, Backups).
 *
 * PGlite is one process per data directory (`pglite.pid`), so while the server runs no other
 * process may open it. The backup command then asks the server: it writes a request file into
 * `<DATA_DIR>/backup-requests/`; the server, which watches that directory, takes a snapshot
 * (`Database.snapshot`: a checkpoint, then the data directory as a gzipped tarball while no query
 * and no transaction runs, so it is consistent) and writes it beside the request; the command moves
 * it to where it was asked to go. Only someone who can write into the data directory (its owner,
 * who can read the database anyway) can ask. When the server is stopped the command opens the data
 * directory itself. A restore needs the server stopped: it keeps the current database aside and
 * loads the tarball in its place.
 */
import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { dataDirOwner, DatabaseUnavailableError, lockDataDir, openDatabase, type Database } from './client';

export const REQUESTS_DIR = 'backup-requests';
const REQUEST_SUFFIX = '.request';
const ERROR_SUFFIX = '.error';
const TARBALL_SUFFIX = '.tar.gz';
const ID_PATTERN = /^[a-f0-9]{16}$/;

/** A problem the command reports in one line (exit code 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function requestsDir(dataDir: string) {
  return path.join(dataDir, REQUESTS_DIR);
}

/** `dealclub-backup-2026-11-25T14-03-07Z.tar.gz` */
export function defaultBackupName(now = new Date()): string {
  return `dealclub-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupService {
  /** Stops watching; waits for a snapshot in progress. */
  stop(): Promise<void>;
}

/**
 * The running server's side: takes the backup requests written into the data directory. Requests
 * are handled one at a time; a directory event or, should events not arrive, a scan every
 * `pollMs` finds them.
 */
export async function serveBackupRequests(
  database: Database,
  dataDir: string,
  log: Logger,
  { pollMs = 2000 }: { pollMs?: number } = {},
): Promise<BackupService> {
  const snapshot = database.snapshot;
  if (!snapshot) throw new Error('backups are for the embedded database');
  const dir = requestsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;

  async function handle(id: string) {
    const target = path.join(dir, `${id}${TARBALL_SUFFIX}`);
    const partial = `${target}.partial`;
    const started = Date.now();
    try {
      const tarball = Buffer.from(await (await snapshot!()).arrayBuffer());
      await writeFile(partial, tarball, { mode: 0o600, flag: 'wx' });
      await rename(partial, target);
      log.info({ id, bytes: tarball.length, ms: Date.now() - started }, 'backup written');
    } catch (error) {
      log.error({ err: error, id }, 'backup failed');
      await rm(partial, { force: true });
      await writeFile(
        path.join(dir, `${id}${ERROR_SUFFIX}`),
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      await rm(path.join(dir, `${id}${REQUEST_SUFFIX}`), { force: true });
    }
  }

  async function scan() {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const id = name.endsWith(REQUEST_SUFFIX) ? name.slice(0, -REQUEST_SUFFIX.length) : '';
      if (!stopped && ID_PATTERN.test(id)) await handle(id);
    }
  }

  /** One scan at a time; an event during a scan scans once more after it. */
  function trigger() {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        await scan();
      } while (again && !stopped);
      busy = false;
    })().catch((error: unknown) => {
      busy = false;
      log.error({ err: error }, 'backup requests: scan failed');
    });
  }

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, () => trigger());
    watcher.on('error', () => {});
  } catch {
    // Polling alone then.
  }
  const poll = setInterval(trigger, pollMs);
  poll.unref();
  trigger();
  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      watcher?.close();
      await running;
    },
  };
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** `server`: the running server took the snapshot; `direct`: the data directory was opened. */
  via: 'server' | 'direct';
}

export interface BackupTimeouts {
  /** How long the server may take to notice the request. */
  pickupMs?: number;
  /** How long the snapshot may take once noticed. */
  snapshotMs?: number;
}

/** `npm run db:backup`: a snapshot of the embedded database in `dataDir`, written to `output`. */
export async function backupEmbedded(
  dataDir: string,
  output: string,
  timeouts: BackupTimeouts = {},
): Promise<BackupResult> {
  if (await exists(output)) throw new BackupError(`${output} exists already; choose another file name.`);
  if (!(await exists(path.join(dataDir, 'pglite', 'PG_VERSION'))))
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  await mkdir(path.dirname(output), { recursive: true });
  const owner = dataDirOwner(dataDir);
  if (owner !== undefined) {
    const tarball = await requestFromServer(dataDir, owner, timeouts);
    try {
      await moveFile(tarball, output);
    } finally {
      await rm(tarball, { force: true });
    }
    return { file: output, bytes: (await stat(output)).size, via: 'server' };
  }
  let database: Database;
  try {
    database = await openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw new BackupError(error.message);
    throw error;
  }
  try {
    const tarball = Buffer.from(await (await database.snapshot!()).arrayBuffer());
    await writeFile(output, tarball, { mode: 0o600, flag: 'wx' });
    return { file: output, bytes: tarball.length, via: 'direct' };
  } finally {
    await database.close();
  }
}

async function requestFromServer(dataDir: string, pid: number, timeouts: BackupTimeouts): Promise<string> {
  const { pickupMs = 15_000, snapshotMs = 10 * 60_000 } = timeouts;
  const dir = requestsDir(dataDir);
  const id = randomBytes(8).toString('hex');
  const request = path.join(dir, `${id}${REQUEST_SUFFIX}`);
  const tarball = path.join(dir, `${id}${TARBALL_SUFFIX}`);
  const failure = path.join(dir, `${id}${ERROR_SUFFIX}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(request, JSON.stringify({ requestedAt: new Date().toISOString() }), { mode: 0o600 });
  const started = Date.now();
  for (;;) {
    if (await exists(tarball)) return tarball;
    if (await exists(failure)) {
      const message = await readFile(failure, 'utf8');
      await rm(failure, { force: true });
      throw new BackupError(`The server (process ${pid}) could not take the snapshot: ${message}`);
    }
    const waited = Date.now() - started;
    const pending = await exists(request);
    if ((pending && waited > pickupMs) || waited > pickupMs + snapshotMs) {
      await rm(request, { force: true });
      throw new BackupError(
        pending
          ? `The server (process ${pid}) holding ${dataDir} did not take the backup request within ${pickupMs / 1000} s. Is it a DealClub server of this version? Stop it and run the backup again.`
          : `The server (process ${pid}) did not finish the snapshot within ${(pickupMs + snapshotMs) / 1000} s.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** PGlite's WebAssembly, compiled already (tests); compiled on the spot when absent. */
export type CompiledPglite = Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;

export interface RestoreResult {
  /** Where the database that was replaced now is (none when the data directory was empty). */
  previous: string | undefined;
}

/**
 * `npm run db:restore`: the embedded database in `dataDir` replaced by the backup `file`. Refused
 * while a server has it open. The current database is kept aside (`pglite.before-restore-<time>`)
 * and put back if the backup cannot be loaded.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  { now = new Date(), wasm }: { now?: Date; wasm?: CompiledPglite } = {},
): Promise<RestoreResult> {
  const owner = dataDirOwner(dataDir);
  if (owner !== undefined) {
    throw new BackupError(
      `The embedded database in ${dataDir} is in use by process ${owner}. Stop the server, then restore.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const tarball = new Blob([new Uint8Array(bytes)], {
    type: gzipped ? 'application/x-gzip' : 'application/x-tar',
  });
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  const live = path.join(dataDir, 'pglite');
  const aside = path.join(dataDir, `pglite.before-restore-${now.toISOString().replaceAll(':', '-')}`);
  try {
    const previous = (await exists(live)) ? aside : undefined;
    if (previous) await rename(live, previous);
    try {
      await mkdir(live, { recursive: true });
      const client = await PGlite.create(live, { ...wasm, loadDataDir: tarball });
      try {
        // A DealClub database has drizzle's migration journal; anything else is not our backup.
        await client.query('select count(*) from drizzle.__drizzle_migrations');
      } finally {
        await client.close();
      }
    } catch (error) {
      await rm(live, { recursive: true, force: true });
      if (previous) await rename(previous, live);
      throw new BackupError(
        `${file} is not a DealClub backup that loads (${error instanceof Error ? error.message : String(error)}); the database was left as it was.`,
      );
    }
    return { previous };
  } finally {
    release();
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** A rename, or a copy when the destination is on another file system. */
async function moveFile(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}
