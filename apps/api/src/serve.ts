/**
 * The server once its configuration is known to be good (server.ts): opens the database, applies
 * migrations, seeds demo data when demo mode is on, serves, and shuts down gracefully on
 * SIGTERM/SIGINT, letting in-flight requests finish.
 */
import { buildApp, createStorage } from './app';
import type { Config } from './config';
import { DatabaseUnavailableError, openDatabase, type Database } from './db/client';
import { DEMO_SEEDS, PRODUCT_SEEDS } from './seeds';
import { runMigrations } from './db/migrate';
import { runSeeds } from './db/seed';
import { serveBackupRequests } from './db/backup';
import { openSecretBox, type SecretBox } from './lib/secret-box';
import type { FileStorage } from './lib/storage';
import { checkStoredSecrets, resealStoredSecrets, UnopenableSecretsError } from './modules/secrets';
import { smsDeliveryLine } from './modules/outbox';
import { fail } from './start-failure';

async function prepareDatabase(config: Config, storage: FileStorage, secrets: SecretBox): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  try {
    await runMigrations(database.db);
    await runSeeds(database.db, PRODUCT_SEEDS, { storage });
    // Secrets stored before they were sealed, or sealed with a key rotated out (decision 018).
    await resealStoredSecrets(database.db, secrets);
    // One that still does not open (sealed under another SECRETS_KEY, or altered) stops the start,
    // named: a server that started would fail every sign-in.
    await checkStoredSecrets(database.db, secrets);
    // Demo accounts live in the embedded identity provider; with AWS Cognito they cannot sign in.
    if (config.seedDemo && config.identity.mode === 'embedded')
      await runSeeds(database.db, DEMO_SEEDS, { storage, config, secrets });
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** Starts the server with a valid configuration; a failure to start ends the process with one line. */
export async function serve(config: Config) {
  const storage = createStorage(config);
  let secrets: SecretBox;
  try {
    secrets = openSecretBox(config.secrets, config.env);
  } catch (error) {
    fail(`secrets key: ${error instanceof Error ? error.message : String(error)}`);
  }
  let database: Database;
  try {
    database = await prepareDatabase(config, storage, secrets);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || error instanceof UnopenableSecretsError)
      fail(error.message);
    fail(`database setup failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  const app = await buildApp({ config, database, startWorkers: true, storage, secrets });
  if (database.snapshot) {
    // `npm run db:backup` while the server runs: the snapshot is taken here (db/backup.ts). The
    // close waits for one in progress before the database closes (onClose: last added, first run).
    const backups = await serveBackupRequests(
      database,
      config.dataDir,
      app.log.child({ component: 'backup' }),
    );
    app.addHook('onClose', () => backups.stop());
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    fail(error instanceof Error ? error.message : String(error));
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url =
    config.publicUrl ??
    `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `  DealClub ${config.version} is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? 'embedded PostgreSQL (PGlite)' : 'PostgreSQL'} at ${database.location}`,
    `  API reference: ${url}/api/docs`,
    config.identity.mode === 'embedded'
      ? `  Sign in: ${url}/auth (embedded identity provider)`
      : config.identity.mode === 'aws'
        ? `  Sign in: ${url}/auth (AWS Cognito pool ${config.identity.userPoolId})`
        : '  Sign-in is disabled: AWS Cognito is not properly configured (COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID)',
    `  SMS: ${smsDeliveryLine(config.sms)}`,
  ];
  if (config.seedDemo && config.identity.mode === 'embedded') {
    const summary = DEMO_SEEDS.flatMap((s) => s.summary ?? []);
    if (summary.length)
      lines.push('', '  Demo mode:', ...summary.map((l) => `    ${l.replace('/auth', `${url}/auth`)}`));
  }
  if (!config.publicUrl && config.env === 'production') {
    lines.push('', `  PUBLIC_URL is not set: links in e-mails and webhooks point to ${config.origin}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
