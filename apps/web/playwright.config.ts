import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server serving
 * the built app, on a throwaway embedded database. `npm test` builds the app first.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'dealclub-e2e-'));

/**
 * Spec files whose tests each take a few seconds. They run after all the others, so that the run
 * ends on short tests filling the workers' last gaps, not on one long walk while the other workers
 * wait; a new spec file runs with the long ones until its times (the list reporter's) say it is
 * short.
 */
const SHORT_LAST = [
  'access.spec.ts',
  'admin.spec.ts',
  'auth.spec.ts',
  'first-load-budget.spec.ts',
  'owners.spec.ts',
  'shell.spec.ts',
];
const chromium = { ...devices['Desktop Chrome'] };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The longest walks (a buyer through two profile tabs, an admin and a user in two browsers) take
  // 25-30 s on the 2-core CI machine with two workers and the server sharing it; the default 30 s
  // cut them off. A safety net, not a speed goal: speed is measured by `npm run bench:web`.
  timeout: 60_000,
  // Results are built in the background (time-sliced) after they arrive; on the loaded CI machine
  // that can pass the default 5 s of an assertion.
  expect: { timeout: 10_000 },
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Two projects of one browser, in this order: every file but SHORT_LAST, then SHORT_LAST.
  projects: [
    { name: 'chromium', use: chromium, testIgnore: SHORT_LAST },
    { name: 'chromium', use: chromium, testMatch: SHORT_LAST },
  ],
  webServer: {
    command: 'node --import tsx apps/api/src/server.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every test signs in from 127.0.0.1; keep the per-address limit out of the way.
      IDENTITY_RATE_LIMIT_PER_MINUTE: '600',
      PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '600',
      GLOBAL_RATE_LIMIT_PER_MINUTE: '100000',
      REALTIME_CONNECTIONS_PER_MINUTE: '100000',
    },
  },
});
