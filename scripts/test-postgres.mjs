// The API tests that need a PostgreSQL server (tag `server`: several connections at once, the
// server's driver across every route, its pool) against one: a fresh database per run, dropped
// afterwards. Every test, these included, runs on the embedded database in `npm test`; this pass
// runs only what the server can tell apart. ALL=1 runs the whole API suite on the server instead.
// Arguments are passed to vitest (e.g. a test file); LABEL names the pass in the summary line.
// PG_ADMIN_URL names a database on the server to connect to for CREATE/DROP DATABASE
// (default postgres://root@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { printFailures, vitestFailures } from './failures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `dealclub_run_${Date.now().toString(36)}_${process.pid}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

try {
  await admin(`create database "${name}"`);
} catch (error) {
  console.error(`Cannot create a test database through ${adminUrl}: ${error.message}`);
  process.exit(1);
}

// `tags: ['server']`, `tags: 'server'` or a whole file's `@module-tag server`: a file matched that
// holds none only costs its collection, while one missed would drop its tests from the pass.
const SERVER_TAG = /\btags\s*:\s*(?:\[[^\]]*)?['"`]server['"`]|@module-tag\s+server\b/;

/**
 * The API test files that hold a test tagged `server`: only they are collected, so that the pass
 * does not import and transform the other files only to skip every test in them (a PostgreSQL pass
 * of 31 files instead of 74: 7 of 112 core-seconds, docs/ci.md). The tag filter still picks the
 * tests inside them. Any argument given (a file, an option) leaves the choice of files to vitest.
 */
function serverTaggedFiles() {
  const src = path.join(root, 'apps', 'api', 'src');
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => SERVER_TAG.test(readFileSync(path.join(src, file), 'utf8')))
    .map((file) => path.join('apps', 'api', 'src', file));
}

const only = process.argv.slice(2);
const selection = process.env.ALL
  ? only
  : ['--tags-filter=server', ...(only.length ? only : serverTaggedFiles())];

const url = new URL(adminUrl);
url.pathname = `/${name}`;
const report = path.join(mkdtempSync(path.join(tmpdir(), 'dealclub-pg-')), 'vitest.json');
console.log(`▶ API tests against PostgreSQL (${url.host}/${name})`);
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  [
    'run',
    '--project',
    'api',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...selection,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url.toString() } },
);
await admin(`drop database if exists "${name}" with (force)`).catch((e) =>
  console.error(`drop failed: ${e.message}`),
);

const summary = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
if (summary) printFailures('Failed', vitestFailures(summary));
if (summary)
  console.log(
    `\n${process.env.LABEL ?? 'PostgreSQL'}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed`,
  );
process.exit(result.status ?? 1);
