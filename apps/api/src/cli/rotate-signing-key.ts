/**
 * `npm run identity:rotate-key`: retires the embedded identity provider's signing key and makes a
 * new one. Tokens signed by the old key keep verifying until they expire (the old key stays in the
 * JWKS for a day); new tokens use the new key. Run it with the server's configuration (DATA_DIR or
 * DATABASE_URL); with the embedded database, stop the server first (one process per data dir).
 */
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openSecretBox } from '../lib/secret-box';
import { rotateSigningKey } from '../modules/identity';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  // The new private key is stored sealed with the server's secrets key (decision 018).
  const secrets = openSecretBox(config.secrets, config.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database.db);
    const kid = await rotateSigningKey(database.db, secrets);
    process.stdout.write(`New signing key ${kid} is active; the previous key verifies for one more day.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError;
  process.stderr.write(
    `Key rotation failed: ${known || error instanceof Error ? (error as Error).message : String(error)}\n`,
  );
  process.exit(1);
});
