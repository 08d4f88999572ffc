/**
 * What the browser benches share (`lighthouse.ts`, `map-demo.ts`): the product built and started on
 * 127.0.0.1 and a free port with a throwaway embedded database, Debian's Chromium for headless runs,
 * and a report written into docs/benchmarks.md between a bench's markers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BENCHMARKS_DOC = path.join(ROOT, 'docs/benchmarks.md');

/** Headless Chromium that stays off the network (only 127.0.0.1 is reached). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A name other than the product's own resolves to nothing: no request can leave the machine.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(origin: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

export interface RunningProduct {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Builds the web app (unless `prebuilt` names a build to serve), checks for Chromium, and starts the
 * product with the demo data on a fresh embedded database; `stop` ends it and removes the data.
 */
export async function startProduct(prebuilt: string | undefined): Promise<RunningProduct> {
  if (!prebuilt) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web app did not build');
  }
  if (spawnSync('node', ['scripts/ensure-chromium.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    throw new Error('Chromium is missing');
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dealclub-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...(prebuilt ? { WEB_DIST_DIR: path.resolve(prebuilt) } : {}),
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/** `chromium --version`, for the reports. */
export const chromiumVersion = () => spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();

/** Writes `markdown` into docs/benchmarks.md between `<!-- bench:<name>:start -->` and its end. */
export function writeReport(name: string, markdown: string) {
  const startMark = `<!-- bench:${name}:start -->`;
  const endMark = `<!-- bench:${name}:end -->`;
  const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
  const start = doc.indexOf(startMark);
  const end = doc.indexOf(endMark);
  if (start < 0 || end < start) {
    console.warn(`docs/benchmarks.md has no ${startMark} … ${endMark} markers; the report is not written`);
    return;
  }
  writeFileSync(BENCHMARKS_DOC, `${doc.slice(0, start + startMark.length)}\n${markdown}\n${doc.slice(end)}`);
  // The table as the project's formatter lays it out, so that the check of `npm test` passes.
  spawnSync(path.join(ROOT, 'node_modules/.bin/prettier'), ['--write', BENCHMARKS_DOC], { stdio: 'ignore' });
}

/** Debian's Chromium, headless and off the network, with puppeteer connected to it. */
export async function openChromium(): Promise<{ chrome: chromeLauncher.LaunchedChrome; browser: Browser }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    return { chrome, browser: await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` }) };
  } catch (error) {
    await chrome.kill();
    throw error;
  }
}
