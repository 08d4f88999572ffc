// The API tests that need a PostgreSQL server (tag `server`: several connections at once, the
// server's driver across every route, its pool) against one: a fresh database per run, dropped
// afterwards. Every test, these included, runs on the embedded database in `npm test`; this pass
// runs only what the server can tell apart. ALL=1 runs the whole API suite on the server instead.
// Arguments are passed to vitest (e.g. a test file); LABEL names the pass in the summary line.
// PG_ADMIN_URL names a database on the server to connect to for CREATE/DROP DATABASE
// (default postgres://root@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
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
    ...(process.env.ALL ? [] : ['--tags-filter=server']),
    ...process.argv.slice(2),
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
