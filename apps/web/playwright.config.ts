import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, freemem, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server serving
 * the built app, on a throwaway embedded database. `npm test` builds the app first.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * A new, empty data directory: the server's first start on it (initdb, the migrations, the demo) is
 * the one the test suites make, as `npm start` makes it on a new machine. The API tests start their
 * servers on a migrated template instead (server.test.ts): keep this one empty.
 */
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

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium without the desktop
 * browser around it) when it is there: the same pages in a sixth less time than the full browser
 * on this machine (docs/ci.md). Else Debian's full Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Workers: one per core, as memory allows. Each worker runs its own Chromium, and the server (one
 * process, its embedded database) shares the same cores: on a 2-core machine a third worker only
 * adds a browser to share them (the whole suite, quiet, AMD EPYC: 3 workers 564 s, 2 workers 474 s;
 * docs/ci.md). Each worker takes about half a GiB with its browser and pages (the suite's processes
 * held 2.1, 2.5 and 3.4 GiB with 2, 3 and 4 workers, 1.2 of it the server and the runner); a GiB
 * each is the bound here.
 */
const WORKER_MEMORY = 1024 ** 3;
const SERVER_MEMORY = 2 * 1024 ** 3;
const workers = Math.max(
  1,
  Math.min(availableParallelism(), Math.floor((freemem() - SERVER_MEMORY) / WORKER_MEMORY)),
);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The longest walks (a buyer through two profile tabs, an admin and a user in two browsers) take
  // 25-30 s on a loaded 2-core CI machine with the workers and the server sharing it, and up to 60 s
  // when that machine runs slow (2026-11-28: every stage two to three times its usual time,
  // docs/ci.md); the default 30 s cut them off. A safety net, not a speed goal: speed is measured
  // by `npm run bench:web`.
  timeout: 120_000,
  // Results are built in the background (time-sliced) after they arrive; on the loaded CI machine
  // that can pass the default 5 s of an assertion, and 10 s on a slow day (a deal page that had
  // rendered its badge a moment after the 10 s ran out). An assertion still fails when what it
  // waits for never comes.
  expect: { timeout: 20_000 },
  workers,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : 'list',
  use: {
    baseURL,
    // A trace records every action's DOM and a screencast: a third of a page's CPU in the browser
    // (measured on the accessibility sweep). Off unless asked for (E2E_TRACE=1) to debug a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath,
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
      // The closing room's reminders at any hour and every 2 s, so a journey sees its e-mail.
      CLOSING_REMINDER_HOUR: '0',
      CLOSING_REMINDERS_INTERVAL_SECONDS: '2',
    },
  },
});
