// `npm test`: type check and lint, the unit and API integration tests (Vitest, embedded
// PostgreSQL), then the browser tests (Playwright in Debian's Chromium) against the built app.
// Ends with one line "Total: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'dealclub-test-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let broken = false;

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) broken = true;
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const only = process.argv[2]; // "unit" or "e2e" runs one stage

if (!only) {
  run('Type check', 'npm', ['run', '--silent', 'typecheck']);
  run('Lint', 'npm', ['run', '--silent', 'lint']);
}

if (!only || only === 'unit') {
  const vitestReport = path.join(reports, 'vitest.json');
  run('Unit and API tests (Vitest, embedded PostgreSQL)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
  const report = readJson(vitestReport);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
}

if (!only || only === 'e2e') {
  if (run('Build the web app', 'npm', ['run', '--silent', 'build'])) {
    if (run('Chromium', 'node', ['scripts/ensure-chromium.mjs'])) {
      const e2eReport = path.join(reports, 'playwright.json');
      run(
        'Browser tests (Playwright, Chromium)',
        bin('playwright'),
        ['test', '-c', 'apps/web/playwright.config.ts'],
        {
          PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
        },
      );
      const report = readJson(e2eReport);
      if (report) {
        passed += report.stats.expected + report.stats.flaky;
        failed += report.stats.unexpected;
      }
    }
  }
}

console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
