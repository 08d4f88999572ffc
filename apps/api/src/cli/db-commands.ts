/**
 * What `db:backup` and `db:restore` print with `DATABASE_URL`: a PostgreSQL server is backed up with
 * its own tools. The commands name the variable, never its value (it holds the password).
 */
import { ConfigError } from '../config';
import { BackupError } from '../db/backup';

export function postgresCommands(action: 'backup' | 'restore', file: string | undefined): string {
  const dump = file ?? 'dealclub.dump';
  return action === 'backup'
    ? [
        'DATABASE_URL is set: back up the PostgreSQL server with pg_dump (a consistent snapshot while',
        'the instances keep running), for example:',
        '',
        `  pg_dump --format=custom --no-owner --file=${dump} "$DATABASE_URL"`,
        '',
        'Use a pg_dump of the server’s major version or newer. Restore with: npm run db:restore',
        '',
      ].join('\n')
    : [
        'DATABASE_URL is set: restore the PostgreSQL server with pg_restore. Stop every instance first,',
        'then, into the database DATABASE_URL names (its objects are replaced):',
        '',
        `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${dump}`,
        '',
        'or into a new, empty database (createdb), then point DATABASE_URL at it. Start the instances',
        'afterwards: they apply any newer migrations.',
        '',
      ].join('\n');
}

/** Runs a database command's `main` and exits with its code; a known failure prints its message alone. */
export function runDbCommand(failure: string, main: () => Promise<number>) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof ConfigError || error instanceof BackupError;
      process.stderr.write(
        `${failure}: ${known || error instanceof Error ? (error as Error).message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
