/**
 * The server under test for `npm run test:fuzz`: the product app on a fresh in-memory PGlite, with
 * the rate limits raised so that fuzzed requests reach the handlers, and one account of each role
 * created in the embedded directory (the runner signs them in over HTTP). It runs in its own process
 * (started by fuzz/run.ts) so that a crash or a dropped connection is seen as such. It listens on
 * 127.0.0.1 on a free port, prints `{"port":N,"users":[…]}` as one JSON line on stdout, then only
 * error logs (a 5xx logs its stack), and exits on SIGTERM, SIGINT or when its parent goes away.
 */
import { serveToParent } from '../bench/child-server';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createDirectoryUser } from '../src/modules/identity/directory';
import { FUZZ_ACCOUNTS, FUZZ_PASSWORD } from './accounts';

async function main() {
  const high = String(1_000_000);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'false',
    // The fuzzer's admin and owner sign in with a password alone (production would require them
    // to set up two-step sign-in first: decision 027).
    MFA_REQUIRED_ROLES: 'none',
    // The embedded database, even when the shell exports DATABASE_URL.
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    // SMS stays in the mailbox whatever the shell exports: the fuzzer's traffic stays on loopback.
    SMS_PROVIDER: '',
    PUSHER_HOST: '',
    PUSHER_CLUSTER: '',
    PUSHER_APP_ID: 'fuzz-app',
    PUSHER_KEY: 'fuzz-key',
    PUSHER_SECRET: process.env.FUZZ_PUSHER_SECRET ?? 'fuzz-secret',
    WEB_DIST_DIR: '/nonexistent-dealclub-web-dist',
    // Uploads and any key file in the run's temporary folder, never the repository's .data.
    DATA_DIR: process.env.FUZZ_DATA_DIR,
    FILES_DIR: '',
    PRIVATE_FILES_DIR: '',
    IDENTITY_RATE_LIMIT_PER_MINUTE: high,
    PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: high,
    GLOBAL_RATE_LIMIT_PER_MINUTE: high,
    // 'Send a test message' reaches its handler (it only keeps messages here).
    OUTBOX_TEST_RATE_LIMIT_PER_MINUTE: high,
  });
  const database = await openDatabase({});
  await runMigrations(database.db);
  const users = [];
  for (const account of FUZZ_ACCOUNTS) {
    const email = `fuzz-${account.name}@example.test`;
    const id = await createDirectoryUser(database.db, {
      email,
      password: FUZZ_PASSWORD,
      roles: account.roles,
      firstName: 'Fuzz',
      lastName: account.name,
      phoneNumber: '5125550100',
    });
    users.push({ name: account.name, email, id });
  }
  const app = await buildApp({ config, database });
  await serveToParent(app, { users, clientId: config.identity.clientId });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `fuzz server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
