/**
 * `npm run db:backup [-- <file>]`: a consistent snapshot of the embedded database, as a gzipped
 * tarball (default `./dealclub-backup-<time>.tar.gz`), taken by the running server when one holds
 * the data directory, else read from it directly (db/backup.ts). With `DATABASE_URL` it prints the
 * `pg_dump` command to use instead and exits with code 2 (README, Backups).
 */
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config';
import { backupEmbedded, defaultBackupName } from '../db/backup';
import { postgresCommands, runDbCommand } from './db-commands';

async function main(): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  const [argument] = process.argv.slice(2);
  if (config.databaseUrl) {
    process.stdout.write(postgresCommands('backup', argument));
    return 2;
  }
  // npm runs scripts in the repository; a path typed on the command line means where the user is.
  const output = path.resolve(process.env.INIT_CWD ?? '.', argument ?? defaultBackupName());
  const result = await backupEmbedded(config.dataDir, output);
  const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MB`;
  process.stdout.write(
    `Backup written to ${result.file} (${size}, ${result.via === 'server' ? 'taken by the running server' : 'server stopped'}).\n`,
  );
  return 0;
}

runDbCommand('Backup failed', main);
