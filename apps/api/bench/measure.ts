/**
 * What the load benchmarks share: the settings every one reads from the environment, one
 * autocannon measurement of an API route, the machine line and the results file in bench/results/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig, type Config } from '../src/config';

/** Seconds per measurement, connections and warm-up of the load benches (BENCH_DURATION_S, …). */
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/** Connections of the API's pool to the bench database (BENCH_POOL). */
export const POOL = Number(process.env.BENCH_POOL ?? 20);
/** The password of the accounts the benches make. */
export const BENCH_PASSWORD = 'Bench!Pass2026';

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Failures, timeouts, 4xx and 5xx (a revalidation's 304 is an answer). */
  errors: number;
  /** Answers that were 304 Not Modified. */
  notModified: number;
  /** Bytes of one answer, on average. */
  bytes: number;
}

/** A request other than a GET: its method, and a JSON body (`[<id>]` in it made fresh per request). */
export interface RequestShape {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: string;
  idReplacement?: boolean;
}

/** `connections` clients calling `url` (a GET, unless `shape` says otherwise) for `durationS` seconds. */
export async function measureApi(
  url: string,
  headers: Record<string, string>,
  durationS: number,
  connections = CONNECTIONS,
  shape?: RequestShape,
): Promise<Measured> {
  const result = await autocannon({
    url,
    headers: shape?.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    connections,
    duration: durationS,
    ...shape,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result['4xx'] + result['5xx'],
    notModified: result['3xx'],
    bytes: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** The machine a figure was measured on, and how busy it was. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `Node ${process.version}, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, load average ${os.loadavg()[0]?.toFixed(2)}`;
}

/** Writes a bench's figures to bench/results/<name>.json (docs/benchmarks.md quotes them). */
export function saveResults(name: string, results: object): void {
  const file = path.join(import.meta.dirname, 'results', `${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(results, null, 2));
}

/**
 * The configuration of an app a bench runs: production, silent, on loopback on a free port, with
 * `env` on top (a database URL, the secrets key a server database needs: decision 018).
 */
export function benchConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    ...env,
  });
}

/** USER_HZ: 100 on every Linux build in practice. */
const CLOCK_TICKS_PER_S = 100;

/** User + system CPU time a process has used so far, in ms (Linux /proc; throws elsewhere). */
export function processCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}
