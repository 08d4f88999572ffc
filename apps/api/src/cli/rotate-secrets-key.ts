/**
 * `npm run secrets:rotate`: seals every stored secret (webhook secrets, the identity provider's
 * private signing keys) with the current secrets key (decision 018). With `SECRETS_KEY`, set the new key there and the old one in
 * `SECRETS_KEY_PREVIOUS` first (every instance), then run this; with the key file under DATA_DIR it
 * makes the new key itself. Run it with the server's configuration; with the embedded database,
 * stop the server first (one process per data dir).
 */
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { rotateSecretsKey, unreadableCount } from '../modules/secrets';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database.db);
    const report = await rotateSecretsKey(database.db, config.secrets);
    const { webhookSecrets, signingKeys } = report;
    const unreadable = unreadableCount(report);
    const lines = [
      report.source === 'file'
        ? `New secrets key ${report.keyId} made in ${config.secrets.keyFile}.`
        : `Secrets key ${report.keyId} (SECRETS_KEY) is current.`,
      `${webhookSecrets.resealed} webhook secret(s) and ${signingKeys.resealed} identity signing key(s) sealed with it.`,
    ];
    if (unreadable) {
      lines.push(
        `${webhookSecrets.unreadable} webhook secret(s) and ${signingKeys.unreadable} identity signing key(s) were sealed with a key that is not configured and were left as they are:`,
        report.source === 'file'
          ? '  the old keys stay in the key file; add the missing key to it and run this again.'
          : '  add the missing key to SECRETS_KEY_PREVIOUS and run this again.',
      );
    } else if (report.source === 'env') {
      lines.push('Every stored secret uses this key now: SECRETS_KEY_PREVIOUS can be removed.');
    } else {
      lines.push('The old key was removed from the key file.');
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    if (unreadable) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError;
  process.stderr.write(
    `Secrets key rotation failed: ${known || error instanceof Error ? (error as Error).message : String(error)}\n`,
  );
  process.exit(1);
});
