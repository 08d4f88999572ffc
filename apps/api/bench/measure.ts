/**
 * What the load benchmarks share: the settings every one reads from the environment, one
 * autocannon measurement of an API route, the progress log, percentiles, the machine line, the
 * results files in bench/results/, whether Redis answers on loopback, and CPU and open files of
 * processes from /proc.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
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

/** A line of progress, on stderr (the figures go to stdout). */
export const log = (message: string) => process.stderr.write(`${message}\n`);

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `values`, to a tenth (all 0 when there are none). */
export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0) };
}

/** The machine a figure was measured on, and how busy it was. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `Node ${process.version}, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, load average ${os.loadavg()[0]?.toFixed(2)}`;
}

/** bench/results/<name>.json: where a bench's figures are kept. */
const resultsFile = (name: string) => path.join(import.meta.dirname, 'results', `${name}.json`);

/** Writes a bench's figures to bench/results/<name>.json (docs/benchmarks.md quotes them). */
export function saveResults(name: string, results: object): void {
  const file = resultsFile(name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(results, null, 2));
}

/** A bench's figures as last saved to bench/results/<name>.json; undefined when there are none. */
export function loadResults<T>(name: string): T | undefined {
  const file = resultsFile(name);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Whether a Redis answers PING on 127.0.0.1:6379 (nothing else is ever tried). */
export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
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

/** Scans of a process family done again at most, when one of its roots reaped a child meanwhile. */
const RESCANS = 3;

/** USER_HZ: 100 on every Linux build in practice. */
const CLOCK_TICKS_PER_S = 100;

/** User + system CPU time a process has used so far, in ms (Linux /proc; throws elsewhere). */
export function processCpuMs(pid: number): number {
  // utime and stime are the 12th and 13th fields after the command name.
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/** A process's limit on open files (RLIMIT_NOFILE); `Infinity` stands for unlimited. */
export interface OpenFilesLimit {
  soft: number;
  hard: number;
}

/** The open-files limit of a process (`self` or a pid), from /proc (Linux); undefined elsewhere. */
export function openFilesLimit(pid: number | 'self'): OpenFilesLimit | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/limits`, 'utf8');
  } catch {
    return undefined;
  }
  const line = text.split('\n').find((row) => row.startsWith('Max open files'));
  const [soft, hard] = line?.slice('Max open files'.length).trim().split(/\s+/) ?? [];
  const value = (raw: string | undefined) => (raw === 'unlimited' ? Infinity : Number(raw));
  const limit = { soft: value(soft), hard: value(hard) };
  return Number.isNaN(limit.soft) || Number.isNaN(limit.hard) ? undefined : limit;
}

/** How many files a process (`self` or a pid) has open now, from /proc (Linux); undefined elsewhere. */
export function openFileCount(pid: number | 'self'): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * The CPU, in ms, that the processes of this machine named `name` (`postgres`, `redis-server`) have
 * used so far, counting those that have ended: every live one's own time, plus, for the first of the
 * family (the one whose parent is not of that name: PostgreSQL's postmaster), what its ended children
 * used (cutime + cstime, added when it reaps them). PostgreSQL's connections and autovacuum workers
 * come and go; without the reaped part, a difference over a bench could even come out negative.
 */
export function cpuMsOfProcesses(name: string): number {
  const family = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name)
        family.set(Number(entry), Number(statFields(Number(entry))[1]));
    } catch {
      // The process ended while we read.
    }
  }
  const roots = [...family].filter(([, parent]) => !family.has(parent)).map(([pid]) => pid);
  // What the roots have reaped so far. A child reaped during the scan, after its parent's stat was
  // read and before its own, would be counted nowhere (and, the other way round, twice): when this
  // moved during a scan, the scan is done again, up to RESCANS times.
  const reaped = () =>
    roots
      .map((pid) => {
        try {
          const fields = statFields(pid);
          return Number(fields[13]) + Number(fields[14]);
        } catch {
          return -1;
        }
      })
      .join(',');
  let ticks = 0;
  for (let rescans = 0; rescans <= RESCANS; rescans += 1) {
    const before = reaped();
    ticks = 0;
    for (const [pid, parent] of family) {
      try {
        const fields = statFields(pid);
        // utime and stime are the 12th and 13th fields after the name; cutime and cstime the next two.
        ticks += Number(fields[11]) + Number(fields[12]);
        if (!family.has(parent)) ticks += Number(fields[13]) + Number(fields[14]);
      } catch {
        // The process ended while we read.
      }
    }
    if (reaped() === before) break;
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

/** The CPU of every PostgreSQL process on this machine (the server runs nothing else during a bench). */
export const postgresCpuMs = () => cpuMsOfProcesses('postgres');
