// `npm test`: type check, lint and the web build, the unit and API integration tests (Vitest,
// embedded PostgreSQL), then the browser tests (Playwright in Debian's Chromium) against the build.
// Ends with each stage's time and one line "Total: N passed, N failed". With STAGE_TIMES set to a
// file (.ci/run does), the stage times are also appended there, one "<seconds>\t<stage>" a line.
// With TEST_BESIDE_BROWSER set to a shell command (.ci/run: the server's own stages), that command
// runs beside the build and the browser tests, and its failure fails the run too.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { playwrightFailures, printFailures, vitestFailures } from './failures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'dealclub-test-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const times = [];
let passed = 0;
let failed = 0;
let broken = false;
const failures = [];

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

/**
 * Runs a shell command beside the stages that follow (TEST_BESIDE_BROWSER): the browser tests leave
 * about a third of two cores idle (docs/ci.md). Its output is kept and printed once the browser
 * tests have ended, so that the two do not interleave; resolves when it has ended.
 */
function runBeside(command) {
  const title = `Beside the browser tests: ${command}`;
  console.log(`\n▶ ${title} (its output follows the browser tests)`);
  const started = performance.now();
  const output = [];
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      times.push([title, (performance.now() - started) / 1000]);
      if (code !== 0) broken = true;
      resolve(() => {
        console.log(`\n▶ ${title}: its output (exit ${code})\n`);
        process.stdout.write(Buffer.concat(output));
      });
    });
  });
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const only = process.argv[2]; // "unit" or "e2e" runs one stage

const build = () => run('Build the web app', 'npm', ['run', '--silent', 'build']);
let built;
let linted;
if (!only) {
  // Side by side: the type check (TypeScript 7, 13 s here) and Prettier end long before ESLint,
  // which takes one core; the web build follows the type check (started with the three, it only
  // slowed them by its own length: a CI run), and the unit tests start when those are done, while
  // ESLint runs on beside them on the core it leaves. `npm run lint` is ESLint and Prettier, one
  // after the other.
  linted = run('Lint (ESLint)', bin('eslint'), ['.']);
  [built] = await Promise.all([
    run('Type check', 'npm', ['run', '--silent', 'typecheck']).then(build),
    run('Format (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  ]);
}

if (!only || only === 'unit') {
  const vitestReport = path.join(reports, 'vitest.json');
  // With the web app just built by the stage above, the script-budget test measures that build
  // instead of making one of its own (src/app/first-load-budget.test.ts).
  await run(
    'Unit and API tests (Vitest, embedded PostgreSQL)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    built ? { DEALCLUB_WEB_BUILT: '1' } : {},
  );
  const report = readJson(vitestReport);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    failures.push(...vitestFailures(report));
  }
  await linted;
}

if (!only || only === 'e2e') {
  const beside = process.env.TEST_BESIDE_BROWSER ? runBeside(process.env.TEST_BESIDE_BROWSER) : undefined;
  if (built ?? (await build())) {
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
        failures.push(...playwrightFailures(report));
      }
    }
  }
  if (beside) (await beside)();
}

console.log('\nStage times:');
for (const [title, seconds] of times) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}`);
if (process.env.STAGE_TIMES) {
  for (const [title, seconds] of times)
    appendFileSync(process.env.STAGE_TIMES, `${seconds.toFixed(1)}\tnpm test: ${title}\n`);
}
printFailures('Failed', failures);
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
