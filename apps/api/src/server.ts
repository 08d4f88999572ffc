/**
 * The process entry point (`npm start`, `npm run serve`): reads the configuration, then loads and
 * starts the server (serve.ts). A bad configuration is refused before the rest of the server is
 * loaded, in a fraction of a second rather than the seconds that loading takes.
 */
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config';
import { fail } from './start-failure';

async function main() {
  loadDotEnv();

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const { serve } = await import('./serve');
  await serve(config);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
