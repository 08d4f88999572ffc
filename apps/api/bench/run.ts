/**
 * `npm run bench`: starts bench/server.ts in a child process, measures the trivial route and every
 * scenario of bench/scenarios.ts with autocannon over loopback, and prints req/s and p50/p99 latency
 * with each route's ratio to the trivial route of the same run (absolute figures depend on the
 * machine; the ratio much less). Writes the same figures to bench/results/latest.json and exits
 * non-zero if any request failed or answered non-2xx.
 *
 * Environment: BENCH_DURATION_S (seconds per route, default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_WARMUP_S (seconds of warm-up per route before any measurement, default 2; 0 skips it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants as fsConstants, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { openFilesLimit, type OpenFilesLimit } from './measure';
import { SCENARIOS, TRIVIAL_ROUTE, type BenchScenario, type SetupContext } from './scenarios';

const BENCH_DIR = import.meta.dirname;
export const REPO_ROOT = path.resolve(BENCH_DIR, '../../..');
const SERVER_FILE = path.join(BENCH_DIR, 'server.ts');
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'latest.json');
/** PGlite boots a WebAssembly PostgreSQL and runs the migrations before the port is known. */
const SERVER_START_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 7_000;
/** The only host the bench talks to. */
const LOOPBACK = '127.0.0.1';

interface Settings {
  durationS: number;
  connections: number;
  warmupS: number;
}

/** A scenario ready to fire: its URL checked to be loopback, its headers and body encoded. */
interface Target {
  scenario: BenchScenario;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface RouteResult {
  name: string;
  method: string;
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Ratios to the trivial route: req/s below 1 and p99 above 1 mean slower than the floor. */
  vsTrivial: { requestsPerSecond: number; p99: number | null };
}

class BenchError extends Error {
  override name = 'BenchError';
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const number = (name: string, fallback: number, { min, integer }: { min: number; integer: boolean }) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
      throw new BenchError(`${name} must be ${integer ? 'an integer' : 'a number'} >= ${min} (got "${raw}")`);
    }
    return value;
  };
  return {
    durationS: number('BENCH_DURATION_S', 10, { min: 1, integer: false }),
    connections: number('BENCH_CONNECTIONS', 50, { min: 1, integer: true }),
    warmupS: number('BENCH_WARMUP_S', 2, { min: 0, integer: false }),
  };
}

/**
 * The URL of a path on the bench server. A path like `//host/x` would be read as another host, so
 * only a single leading slash is accepted, and the result is checked once more.
 */
export function loopbackUrl(port: number, routePath: string): URL {
  if (!routePath.startsWith('/') || routePath.startsWith('//')) {
    throw new BenchError(`bench path must start with a single "/": ${routePath}`);
  }
  const url = new URL(`http://${LOOPBACK}:${port}${routePath}`);
  if (url.hostname !== LOOPBACK || url.port !== String(port)) {
    throw new BenchError(`bench path leaves the bench server: ${routePath}`);
  }
  return url;
}

interface StartedServer {
  child: ChildProcess;
  port: number;
  /** What the server wrote on stderr, shown when something goes wrong. */
  stderr: () => string;
  /** The whole line it reported its port in (a bench server's extras: bench/writes.ts's tokens). */
  info: Record<string, unknown>;
}

export interface StartOptions {
  /**
   * Start the server with its soft limit on open files raised to the hard limit (bench/realtime.ts,
   * whose server holds a socket per client). Done through `prlimit` when the soft limit is lower and
   * `prlimit` is on the PATH; nothing is needed when they are equal. The hard limit itself cannot be
   * raised without CAP_SYS_RESOURCE: the caller reads what the server got (`/proc/<pid>/limits`).
   */
  raiseOpenFiles?: boolean;
}

/** An executable of that name on the PATH, or undefined. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, fsConstants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/**
 * The command that starts node with `args`: through `prlimit` (which execs node in its own process,
 * so the pid is node's) when the open-files soft limit is to be raised and can be; and the limit the
 * process will have (undefined where /proc cannot tell).
 */
export function nodeCommand(
  args: string[],
  raiseOpenFiles: boolean,
): { command: string; args: string[]; openFiles: OpenFilesLimit | undefined } {
  const limit = openFilesLimit('self');
  const prlimit = raiseOpenFiles && limit && limit.soft < limit.hard ? onPath('prlimit') : undefined;
  if (!limit || !prlimit) return { command: process.execPath, args, openFiles: limit };
  const hard = limit.hard === Infinity ? 'unlimited' : String(limit.hard);
  return {
    command: prlimit,
    args: [`--nofile=${hard}:${hard}`, '--', process.execPath, ...args],
    openFiles: { soft: limit.hard, hard: limit.hard },
  };
}

export function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<StartedServer> {
  // The IPC channel is only a lifeline: the server exits when it closes (runner killed).
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_SERVER_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_CPU_PROF]
    : [];
  const { command, args } = nodeCommand(
    [...profile, '--expose-gc', '--import', 'tsx', SERVER_FILE],
    options.raiseOpenFiles ?? false,
  );
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const server = { child, stderr: () => stderr };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not reported yet, so nobody else would ever stop it.
      child.kill('SIGKILL');
      reject(new BenchError(`bench server did not report its port within ${SERVER_START_TIMEOUT_MS} ms`));
    }, SERVER_START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      fail(
        new BenchError(`bench server exited before listening (code ${code}, signal ${signal})\n${stderr}`),
      );
    });
    // Keeps reading after the port line so that a chatty server never blocks on a full pipe.
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof message === 'object' && message && 'port' in message && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve({ ...server, port: message.port, info: message as Record<string, unknown> });
      }
    });
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) =>
    setTimeout(() => resolve('timeout'), SERVER_STOP_TIMEOUT_MS).unref(),
  );
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

async function prepareTarget(scenario: BenchScenario, port: number): Promise<Target> {
  const url = loopbackUrl(port, scenario.path);
  const context: SetupContext = {
    baseUrl: `http://${LOOPBACK}:${port}`,
    // A redirect could point off the machine; setup steps get the 3xx itself by default.
    request: (routePath, init) => fetch(loopbackUrl(port, routePath), { redirect: 'manual', ...init }),
  };
  const setup = scenario.setup ? await scenario.setup(context) : undefined;
  const headers: Record<string, string> = { ...setup?.headers };
  let body: string | undefined;
  if (scenario.body !== undefined) {
    body = JSON.stringify(scenario.body);
    headers['content-type'] ??= 'application/json';
  }
  return { scenario, url: url.href, headers, body };
}

function fire(target: Target, settings: Settings, durationS: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.scenario.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: settings.connections,
    duration: durationS,
  });
}

/** Why a run does not count, or undefined when every request answered 2xx. */
function problemOf(name: string, result: autocannon.Result): string | undefined {
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses (${describeStatuses(result)})`);
  if (result['2xx'] === 0) problems.push('no successful response at all');
  return problems.length ? `${name}: ${problems.join(', ')}` : undefined;
}

function statusCounts(result: autocannon.Result): Record<string, number> {
  return Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
}

function describeStatuses(result: autocannon.Result): string {
  return Object.entries(statusCounts(result))
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
}

function toRouteResult(target: Target, result: autocannon.Result, trivial: autocannon.Result): RouteResult {
  const { scenario } = target;
  return {
    name: scenario.name,
    method: scenario.method,
    path: scenario.path,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: statusCounts(result),
    vsTrivial: {
      requestsPerSecond: result.requests.average / trivial.requests.average,
      // autocannon records whole milliseconds; a 0 ms floor has no meaningful ratio.
      p99: trivial.latency.p99 > 0 ? result.latency.p99 / trivial.latency.p99 : null,
    },
  };
}

/** Markdown, so that a run can be pasted into docs/benchmarks.md as it is. */
function formatTable(routes: RouteResult[]): string {
  const ratio = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)}×`);
  const rows = [
    ['route', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs trivial', 'p99 vs trivial'],
    ...routes.map((r) => [
      `${r.name} (\`${r.method} ${r.path}\`)`,
      Math.round(r.requestsPerSecond).toLocaleString('en-US'),
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      ratio(r.vsTrivial.requestsPerSecond),
      ratio(r.vsTrivial.p99),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const names = new Set<string>();
  for (const scenario of [TRIVIAL_ROUTE, ...SCENARIOS]) {
    if (names.has(scenario.name)) throw new BenchError(`two scenarios are named "${scenario.name}"`);
    names.add(scenario.name);
  }

  // Other work on the machine skews every figure; the load before the run says how much to trust it.
  const loadAverage1m = os.loadavg()[0] ?? 0;
  log('starting the bench server…');
  const server = await startServer();
  // Ctrl-C or a kill of the runner must not leave the server behind (the IPC lifeline covers
  // SIGKILL; this covers the signals we can still act on).
  const onSignal = (signal: NodeJS.Signals) => {
    server.child.kill('SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    let serverExited = false;
    server.child.once('exit', () => {
      serverExited = true;
    });

    const targets: Target[] = [];
    for (const scenario of [TRIVIAL_ROUTE, ...SCENARIOS]) {
      targets.push(await prepareTarget(scenario, server.port));
    }

    // Warm every route before measuring any, so that the trivial route (measured first) is not
    // compared against code the JIT has already optimised while it was itself still cold.
    if (settings.warmupS > 0) {
      for (const target of targets) {
        log(`warming up ${target.scenario.name} for ${settings.warmupS} s…`);
        const problem = problemOf(
          `${target.scenario.name} (warm-up)`,
          await fire(target, settings, settings.warmupS),
        );
        if (problem) throw new BenchError(problem);
      }
    }

    const results: autocannon.Result[] = [];
    for (const target of targets) {
      log(
        `measuring ${target.scenario.name} for ${settings.durationS} s with ${settings.connections} connections…`,
      );
      results.push(await fire(target, settings, settings.durationS));
    }
    if (serverExited) throw new BenchError(`the bench server exited during the run\n${server.stderr()}`);

    const trivial = results[0]!;
    const routes = targets.map((target, i) => toRouteResult(target, results[i]!, trivial));
    const cpus = os.cpus();
    const machine = {
      node: process.version,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage1mAtStart: Math.round(loadAverage1m * 100) / 100,
    };
    const problems = targets.flatMap((target, i) => problemOf(target.scenario.name, results[i]!) ?? []);
    const report = {
      date: new Date().toISOString(),
      // A failed run is still written (to see what answered what), but marked as not counting.
      ok: problems.length === 0,
      problems,
      settings,
      machine,
      routes,
    };
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);

    process.stdout.write(
      [
        '',
        formatTable(routes),
        '',
        `Node ${machine.node}, ${machine.cpuModel}, ${machine.cores} cores, ${machine.platform}, load average ${machine.loadAverage1mAtStart} at start`,
        `${settings.durationS} s per route, ${settings.connections} connections, ${settings.warmupS} s warm-up per route`,
        `Results written to ${path.relative(process.cwd(), RESULTS_FILE)}`,
        '',
      ].join('\n'),
    );

    if (problems.length) {
      log(`\nThe run does not count; some requests failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      return 1;
    }
    return 0;
  } finally {
    await stopServer(server.child);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

// Run only as the entry point: bench/deals.ts imports the server helpers above.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runMain();

function runMain() {
  return main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
