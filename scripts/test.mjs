// `npm test`: type check and lint, the unit and API integration tests (Vitest, embedded
// PostgreSQL), then the browser tests (Playwright in Debian's Chromium) against the built app.
// Ends with each stage's time and one line "Total: N passed, N failed". With STAGE_TIMES set to a
// file (.ci/run does), the stage times are also appended there, one "<seconds>\t<stage>" a line.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'dealclub-test-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const times = [];
let passed = 0;
let failed = 0;
let broken = false;

/** Runs one stage; resolves whether it passed. Its time is kept for the summary. */
function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      times.push([title, (performance.now() - started) / 1000]);
      if (code !== 0) broken = true;
      resolve(code === 0);
    });
  });
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const only = process.argv[2]; // "unit" or "e2e" runs one stage

if (!only) {
  // Side by side: the type check (TypeScript 7, 13 s here) and Prettier end while ESLint runs.
  // `npm run lint` is the last two, one after the other.
  await Promise.all([
    run('Type check', 'npm', ['run', '--silent', 'typecheck']),
    run('Lint (ESLint)', bin('eslint'), ['.']),
    run('Format (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  ]);
}

if (!only || only === 'unit') {
  const vitestReport = path.join(reports, 'vitest.json');
  await run('Unit and API tests (Vitest, embedded PostgreSQL)', bin('vitest'), [
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
  if (await run('Build the web app', 'npm', ['run', '--silent', 'build'])) {
    if (await run('Chromium', 'node', ['scripts/ensure-chromium.mjs'])) {
      const e2eReport = path.join(reports, 'playwright.json');
      await run(
        'Browser tests (Playwright, Chromium)',
        bin('playwright'),
        ['test', '-c', 'apps/web/playwright.config.ts'],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
      );
      const report = readJson(e2eReport);
      if (report) {
        passed += report.stats.expected + report.stats.flaky;
        failed += report.stats.unexpected;
      }
    }
  }
}

console.log('\nStage times:');
for (const [title, seconds] of times) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}`);
if (process.env.STAGE_TIMES) {
  for (const [title, seconds] of times)
    appendFileSync(process.env.STAGE_TIMES, `${seconds.toFixed(1)}\tnpm test: ${title}\n`);
}
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
