/**
 * `npm run db:restore -- <file>`: replaces the embedded database with a backup made by
 * `npm run db:backup`. The server must be stopped; the current database is kept aside in the data
 * directory (db/backup.ts). With `DATABASE_URL` it prints the `pg_restore` command to use instead
 * and exits with code 2 (README, Backups).
 */
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config';
import { BackupError, restoreEmbedded } from '../db/backup';
import { postgresCommands, runDbCommand } from './db-commands';

async function main(): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  const [argument] = process.argv.slice(2);
  if (config.databaseUrl) {
    process.stdout.write(postgresCommands('restore', argument));
    return 2;
  }
  if (!argument) throw new BackupError('Name the backup to restore: npm run db:restore -- <file>');
  // npm runs scripts in the repository; a path typed on the command line means where the user is.
  const file = path.resolve(process.env.INIT_CWD ?? '.', argument);
  const { previous } = await restoreEmbedded(config.dataDir, file);
  process.stdout.write(
    `Restored ${file} into ${path.join(config.dataDir, 'pglite')}.\n${
      previous
        ? `The database it replaced is kept in ${previous}; delete it when you no longer need it.\n`
        : ''
    }`,
  );
  return 0;
}

runDbCommand('Restore failed', main);
