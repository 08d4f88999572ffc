/**
 * The realtime benchmark, run by `npm run bench` (its last part): the embedded Pusher-protocol
 * server (PROTOCOLS.md B) holding 10,000 WebSocket clients on one instance.
 *
 * 1. Starts bench server A (bench/server.ts, its own process) and, when Redis answers on
 *    127.0.0.1:6379, bench server B; both share PUSHER_SECRET and, with Redis, REDIS_URL.
 * 2. Opens the clients from this process (the `ws` package) in batches of 200, each one
 *    `pusher:connection_established` → `pusher:subscribe` to its own `private-user-…` channel,
 *    signed with the secret (`channelAuth`, as `POST /api/pusher/auth` would) →
 *    `pusher_internal:subscription_succeeded`. Counts failures and asks A how many sockets it holds.
 * 3. Memory per connection: A's RSS and heapUsed after a collection (`GET /__bench/memory`), once
 *    1,000 warm-up clients have come and gone and the server's memory has settled, and again after
 *    the last client subscribed; the growth divided by the clients held.
 * 4. Latency on one instance: events published at a steady rate through A's signed trigger API
 *    (the `pusher` SDK), each to a random client's channel; the latency is from just before the
 *    trigger call to the message at that client. A warm-up round first, not counted.
 * 5. Latency across two instances: the same through B's trigger API, so every event goes B → Redis
 *    → A → client, while A still holds every connection.
 * Each round also reports the CPU each process (and the whole machine) used, and each server's
 * event-loop delay and GC pauses (`GET /__bench/loop`): where a tail came from.
 *
 * Environment: BENCH_RT_CONNECTIONS (default 10000), BENCH_RT_EVENTS (events per measured round,
 * default 1000), BENCH_RT_RATE (events per second, default 200). Without Redis the cross-instance
 * round is skipped with a note. Results go to bench/results/realtime.json. Exits 1 if fewer
 * clients than asked were held, an event was lost, delivered twice or to the wrong client, or a
 * trigger call failed. Only 127.0.0.1 is ever contacted.
 */
import http from 'node:http';
import net from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { processCpuMs } from './measure';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Pusher from 'pusher';
import WebSocket from 'ws';
import { channelAuth } from '../src/modules/realtime/signatures';
import { loopbackUrl, startServer, stopServer } from './run';

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'realtime.json');
const LOOPBACK = '127.0.0.1';
const REDIS_PORT = 6379;
const REDIS_URL = `redis://${LOOPBACK}:${REDIS_PORT}`;
const APP_ID = 'dealclub-bench';
const KEY = 'dealclub-bench-key';
/** Fixed and shared by both instances: the bench signs subscriptions with it itself. */
const SECRET = 'dealclub-bench-realtime-secret';
const EVENT = 'bench-event';
/** Clients opened at once: enough to be quick, few enough not to flood the listen backlog. */
const CONNECT_BATCH = 200;
const CONNECT_TIMEOUT_MS = 15_000;
const CONNECT_WARMUP = 1_000;
/** Warm-up clients take channels no measured client has. */
const WARMUP_CLIENT_OFFSET = 1_000_000_000;
/** How long, after the last trigger call answered, an event may still arrive before it counts as lost. */
const LOSS_TIMEOUT_MS = 5_000;
const LOOP_RESOLUTION_MS = 10;
const MB = 1024 * 1024;
const SETTLE_AFTER_START_MS = 45_000;
const SETTLE_STEADY_READINGS = 4;
const GOALS = { connections: 10_000, p99OneMs: 50, p99TwoMs: 100 };

const log = (message: string) => process.stderr.write(`${message}\n`);

function readNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
}

const SETTINGS = {
  connections: readNumber('BENCH_RT_CONNECTIONS', 10_000, 1),
  events: readNumber('BENCH_RT_EVENTS', 1_000, 1),
  rate: readNumber('BENCH_RT_RATE', 200, 1),
};
const WARMUP_EVENTS = Math.min(200, SETTINGS.events);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether a Redis answers PING on loopback (nothing else is ever tried). */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: LOOPBACK, port: REDIS_PORT });
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

interface ServerMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  connections: number | null;
}

async function serverMemory(port: number): Promise<ServerMemory> {
  const res = await fetch(loopbackUrl(port, '/__bench/memory'));
  if (!res.ok) throw new Error(`GET /__bench/memory answered ${res.status}`);
  return (await res.json()) as ServerMemory;
}

/**
 * The server's memory once its resident size has settled. Two things move it with no work done:
 * V8 handing freed pages back a while after a collection, and the module loader thread of
 * `--import tsx`, whose heap (not in `heapUsed`, not collected by `gc()`) gives back 30–40 MB at
 * some moment 15–40 s after start — more than 10,000 connections add. So the baseline waits until
 * the server has been up {@link SETTLE_AFTER_START_MS}, and every reading until the resident size
 * has stayed within 1 MB over {@link SETTLE_STEADY_READINGS} readings a second apart.
 */
async function settledMemory(port: number, notBefore = 0): Promise<ServerMemory> {
  const wait = notBefore - performance.now();
  if (wait > 0) {
    log(`  waiting ${(wait / 1000).toFixed(0)} s for the server's memory to settle after its start…`);
    await sleep(wait);
  }
  let readings = [await serverMemory(port)];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await sleep(1_000);
    readings = [...readings, await serverMemory(port)].slice(-SETTLE_STEADY_READINGS);
    const rss = readings.map((reading) => reading.rss);
    if (readings.length === SETTLE_STEADY_READINGS && Math.max(...rss) - Math.min(...rss) < MB)
      return readings.at(-1)!;
  }
  log("  the server's resident size did not settle within 30 s; using the last reading");
  return readings.at(-1)!;
}

/** One client: its socket and its channel. */
interface Client {
  index: number;
  channel: string;
  ws: WebSocket;
  /** Closed by the bench itself (not counted as a lost client). */
  closing?: boolean;
}

/** What the clients report back to the round being measured. */
interface Receiver {
  onEvent(client: Client, receivedAt: number, data: string): void;
}

let receiver: Receiver | undefined;
/** Event ids run on across rounds, so that a late event is never taken for one of the next round. */
let nextEventId = 0;
const clientStats = { closedAfterSubscribe: 0, pingsAnswered: 0, unexpected: 0 };

/** Connects one client and subscribes it to its channel; resolves with it, or rejects with why. */
function openClient(port: number, index: number): Promise<Client> {
  const channel = `private-user-bench-${index}`;
  const ws = new WebSocket(`ws://${LOOPBACK}:${port}/app/${KEY}?protocol=7&client=js&version=8.4.0`, {
    perMessageDeflate: false,
  });
  const client: Client = { index, channel, ws };
  return new Promise((resolve, reject) => {
    let subscribed = false;
    const fail = (why: string) => {
      if (subscribed) return;
      clearTimeout(timer);
      ws.terminate();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail('timed out'), CONNECT_TIMEOUT_MS);
    ws.on('error', (error) => fail(error.message));
    ws.on('close', (code) => {
      if (client.closing) return;
      if (subscribed) clientStats.closedAfterSubscribe += 1;
      else fail(`closed with ${code}`);
    });
    ws.on('message', (raw) => {
      const receivedAt = performance.now();
      const message = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: unknown };
      if (message.event === EVENT) {
        receiver?.onEvent(client, receivedAt, message.data as string);
      } else if (message.event === 'pusher:connection_established') {
        const { socket_id: socketId } = JSON.parse(message.data as string) as { socket_id: string };
        ws.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel, auth: channelAuth(KEY, SECRET, socketId, channel) },
          }),
        );
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        subscribed = true;
        clearTimeout(timer);
        resolve(client);
      } else if (message.event === 'pusher:ping') {
        // A quiet client is pinged after the activity timeout; answering keeps it, as pusher-js would.
        clientStats.pingsAnswered += 1;
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      } else if (message.event !== 'pusher:pong') {
        if (!subscribed) fail(`${message.event}: ${JSON.stringify(message.data)}`);
        else clientStats.unexpected += 1;
      }
    });
  });
}

async function openClients(port: number, count: number, firstIndex = 0) {
  const clients: Client[] = [];
  const failures = new Map<string, number>();
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, i) =>
        openClient(port, firstIndex + start + i),
      ),
    );
    for (const outcome of batch) {
      if (outcome.status === 'fulfilled') clients.push(outcome.value);
      else {
        const why = (outcome.reason as Error).message;
        failures.set(why, (failures.get(why) ?? 0) + 1);
      }
    }
    if ((start / CONNECT_BATCH) % 10 === 9 && count > CONNECT_WARMUP)
      log(`  ${clients.length.toLocaleString('en-US')} subscribed…`);
  }
  return { clients, failures };
}

interface RoundResult {
  label: string;
  events: number;
  received: number;
  lost: number;
  duplicates: number;
  wrongClient: number;
  /** Events of an earlier round that arrived during this one. */
  stray: number;
  triggerErrors: number;
  /** Publish-to-receive latency, ms. */
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  /** How late the steady schedule ran (the publisher's own lag), ms. */
  scheduleLagMaxMs: number;
  /** Event-loop delay of this (client) process during the round, ms: the client is not the bottleneck when small. */
  clientLoopDelayMs: { p99: number; max: number };
  /** The data the client got carries the publisher's wall clock; the same latency from it, ms. */
  wallClockP99Ms: number;
  seconds: number;
  /** CPU used during the round, in % of one core: this process, A, B when there, and the whole machine. */
  cpuPercent: Record<string, number>;
  /** Each server's event-loop delay and GC pauses during the round (`GET /__bench/loop`). */
  servers: Record<string, ServerLoop>;
}

interface ServerLoop {
  loopDelayMs: { p50: number; p99: number; max: number } | null;
  gc: {
    count: number;
    totalMs: number;
    maxMs: number;
    kinds: Record<string, number>;
    longestKind?: string;
  } | null;
}

async function serverLoop(port: number): Promise<ServerLoop> {
  const res = await fetch(loopbackUrl(port, '/__bench/loop'));
  if (!res.ok) throw new Error(`GET /__bench/loop answered ${res.status}`);
  return (await res.json()) as ServerLoop;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  return processCpuMs(pid) / 1000;
}

/** Busy and total CPU time of the whole machine (every core), from /proc/stat, in ticks. */
function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th.
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** The processes whose CPU a round reports. */
const watched: Record<string, number> = { bench: process.pid };
/** The servers whose event loop a round reports, by port. */
const serverPorts: Record<string, number> = {};

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Publishes `events` events at `rate` per second through `pusher` (open loop: each call starts on
 * schedule, whether or not the previous one has answered), each to a random client.
 */
async function round(
  label: string,
  pusher: Pusher,
  clients: Client[],
  events: number,
  rate: number,
): Promise<RoundResult> {
  interface Pending {
    client: Client;
    sentAt: number;
    receivedAt?: number;
    wallLatency?: number;
  }
  const pending = new Map<number, Pending>();
  let received = 0;
  let duplicates = 0;
  let wrongClient = 0;
  let stray = 0;
  let triggerErrors = 0;
  const triggerMessages = new Set<string>();
  let allReceived: (() => void) | undefined;
  receiver = {
    onEvent(client, receivedAt, data) {
      const wallNow = performance.timeOrigin + receivedAt;
      const { id, sentAtWall } = JSON.parse(data) as { id: number; sentAtWall: number };
      const entry = pending.get(id);
      // An event of an earlier round, later than its loss timeout (counted as lost there).
      if (!entry) return void (stray += 1);
      if (entry.client !== client) return void (wrongClient += 1);
      if (entry.receivedAt !== undefined) return void (duplicates += 1);
      entry.receivedAt = receivedAt;
      entry.wallLatency = wallNow - sentAtWall;
      received += 1;
      if (received === events) allReceived?.();
    },
  };

  for (const port of Object.values(serverPorts)) await serverLoop(port);
  const machineBefore = machineCpu();
  const cpuBefore = Object.fromEntries(
    Object.entries(watched).map(([name, pid]) => [name, cpuSecondsOf(pid)]),
  );
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const interval = 1000 / rate;
  const startedAt = performance.now();
  let scheduleLagMaxMs = 0;
  const calls: Promise<void>[] = [];
  for (let n = 0; n < events; n += 1) {
    const due = startedAt + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    scheduleLagMaxMs = Math.max(scheduleLagMaxMs, performance.now() - due);
    const client = clients[Math.floor(Math.random() * clients.length)]!;
    const id = (nextEventId += 1);
    const sentAt = performance.now();
    pending.set(id, { client, sentAt });
    calls.push(
      pusher
        .trigger(client.channel, EVENT, { id, sentAtWall: performance.timeOrigin + sentAt })
        .then((res) => {
          if (res.status !== 200) throw new Error(`status ${res.status}`);
        })
        .catch((error: unknown) => {
          triggerErrors += 1;
          triggerMessages.add(error instanceof Error ? error.message : String(error));
        }),
    );
  }
  await Promise.all(calls);
  if (received < events - triggerErrors) {
    await Promise.race([new Promise<void>((resolve) => (allReceived = resolve)), sleep(LOSS_TIMEOUT_MS)]);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  loop.disable();
  const cpuPercent = Object.fromEntries(
    Object.entries(watched).map(([name, pid]) => [
      name,
      Math.round(((cpuSecondsOf(pid) - cpuBefore[name]!) / seconds) * 100),
    ]),
  );
  const machineAfter = machineCpu();
  // The whole machine, in % of one core like the processes: what is not ours is other work.
  cpuPercent.machine = Math.round(
    ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) *
      os.cpus().length *
      100,
  );
  receiver = undefined;
  const servers: Record<string, ServerLoop> = {};
  for (const [name, port] of Object.entries(serverPorts)) servers[name] = await serverLoop(port);
  for (const message of triggerMessages) log(`  trigger failed: ${message}`);

  const entries = [...pending.values()].filter((entry) => entry.receivedAt !== undefined);
  const latencies = entries.map((entry) => entry.receivedAt! - entry.sentAt).sort((a, b) => a - b);
  const wall = entries.map((entry) => entry.wallLatency!).sort((a, b) => a - b);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  return {
    label,
    events,
    received,
    lost: events - received,
    duplicates,
    wrongClient,
    stray,
    triggerErrors,
    latencyMs: {
      p50: round1(percentile(latencies, 50)),
      p95: round1(percentile(latencies, 95)),
      p99: round1(percentile(latencies, 99)),
      max: round1(latencies.at(-1) ?? Number.NaN),
      mean: round1(latencies.reduce((sum, value) => sum + value, 0) / (latencies.length || 1)),
    },
    scheduleLagMaxMs: round1(scheduleLagMaxMs),
    // The histogram holds the time between ticks; the delay is what exceeds the resolution.
    clientLoopDelayMs: {
      p99: round1(Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS)),
      max: round1(Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS)),
    },
    wallClockP99Ms: round1(percentile(wall, 99)),
    seconds: round1(seconds),
    cpuPercent,
    servers,
  };
}

function publisherFor(port: number, agent: http.Agent) {
  return new Pusher({
    appId: APP_ID,
    key: KEY,
    secret: SECRET,
    host: LOOPBACK,
    port: String(port),
    useTLS: false,
    agent,
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => value.toFixed(1);

async function main(): Promise<number> {
  const loadAverage1m = os.loadavg()[0] ?? 0;
  const redis = await redisAnswers();
  if (!redis) log(`no Redis answers at ${REDIS_URL}: the cross-instance round will be skipped`);
  const env = {
    PUSHER_APP_ID: APP_ID,
    PUSHER_KEY: KEY,
    PUSHER_SECRET: SECRET,
    // Embedded mode, whatever the shell exports.
    PUSHER_HOST: '',
    PUSHER_CLUSTER: '',
    REDIS_URL: redis ? REDIS_URL : '',
  };

  log(`starting bench server A${redis ? ' and B (both on Redis)' : ''}…`);
  const starts = await Promise.allSettled(redis ? [startServer(env), startServer(env)] : [startServer(env)]);
  const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const refused = starts.find((start) => start.status === 'rejected');
  if (refused) {
    // One started, the other did not: the one that did must not outlive the run.
    await Promise.all(servers.map((server) => stopServer(server.child)));
    throw refused.reason;
  }
  const startedAt = performance.now();
  const [a, b] = servers;
  watched.A = a!.child.pid!;
  serverPorts.A = a!.port;
  if (b) {
    watched.B = b.child.pid!;
    serverPorts.B = b.port;
  }
  const onSignal = (signal: NodeJS.Signals) => {
    for (const server of servers) server.child.kill('SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let exited = false;
  for (const server of servers) server.child.once('exit', () => (exited = true));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let clients: Client[] = [];

  try {
    // The baseline once startup's garbage is gone and the resident size has settled.
    // The connection path compiled (and its code not counted as the connections' memory): open and
    // close a few batches first.
    log(
      `warming up the connection path: ${CONNECT_WARMUP.toLocaleString('en-US')} clients opened and closed…`,
    );
    const warm = await openClients(a!.port, CONNECT_WARMUP, WARMUP_CLIENT_OFFSET);
    for (const client of warm.clients) {
      client.closing = true;
      client.ws.close();
    }
    const before = await settledMemory(a!.port, startedAt + SETTLE_AFTER_START_MS);
    if (before.connections !== 0) throw new Error(`A still holds ${before.connections} warm-up connections`);
    log(`opening ${SETTINGS.connections.toLocaleString('en-US')} clients on A, ${CONNECT_BATCH} at a time…`);
    const connectStart = performance.now();
    const opened = await openClients(a!.port, SETTINGS.connections);
    clients = opened.clients;
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const failed = SETTINGS.connections - clients.length;
    for (const [why, count] of opened.failures) log(`  ${count} clients failed: ${why}`);
    const after = await settledMemory(a!.port);
    const held = after.connections ?? 0;
    log(
      `${clients.length.toLocaleString('en-US')} subscribed in ${connectSeconds.toFixed(1)} s (${failed} failed); A holds ${held.toLocaleString('en-US')}`,
    );
    const perConnection = {
      rssBytes: (after.rss - before.rss) / Math.max(1, held),
      heapUsedBytes: (after.heapUsed - before.heapUsed) / Math.max(1, held),
      // The resident size cannot grow less than the live heap did unless memory elsewhere in the
      // process (the tsx loader thread, most likely) was handed back meanwhile: then it is off.
      rssTrustworthy: after.rss - before.rss >= after.heapUsed - before.heapUsed - MB,
    };
    log(
      `memory per connection: RSS ${kb(perConnection.rssBytes)}, heapUsed ${kb(perConnection.heapUsedBytes)}`,
    );
    const rssNote = perConnection.rssTrustworthy
      ? []
      : [
          `RSS per connection not trustworthy in this run: the resident size grew ${((after.rss - before.rss) / MB).toFixed(0)} MB, less than the live heap (${((after.heapUsed - before.heapUsed) / MB).toFixed(0)} MB) — memory elsewhere in the process was handed back meanwhile; run again`,
        ];
    for (const note of rssNote) log(`  ${note}`);
    if (!clients.length) throw new Error('no client subscribed');

    const pusherA = publisherFor(a!.port, agent);
    const rounds: RoundResult[] = [];
    log(`warming up: ${WARMUP_EVENTS} events through A…`);
    await round('warm-up A', pusherA, clients, WARMUP_EVENTS, SETTINGS.rate);
    log(`one instance: ${SETTINGS.events} events at ${SETTINGS.rate}/s through A's trigger API…`);
    rounds.push(await round('one instance (A → client)', pusherA, clients, SETTINGS.events, SETTINGS.rate));
    if (b) {
      const pusherB = publisherFor(b.port, agent);
      log(`warming up: ${WARMUP_EVENTS} events through B…`);
      await round('warm-up B', pusherB, clients, WARMUP_EVENTS, SETTINGS.rate);
      log(
        `two instances: ${SETTINGS.events} events at ${SETTINGS.rate}/s through B's trigger API, via Redis to A…`,
      );
      rounds.push(
        await round(
          'two instances (B → Redis → A → client)',
          pusherB,
          clients,
          SETTINGS.events,
          SETTINGS.rate,
        ),
      );
    }
    const end = await serverMemory(a!.port);
    if (exited)
      throw new Error(`a bench server exited during the run\n${servers.map((s) => s.stderr()).join('\n')}`);

    const cpus = os.cpus();
    const machine = `Node ${process.version}, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, load average ${loadAverage1m.toFixed(2)} at start`;
    const connectionRows = [
      '| clients asked | subscribed | failed | held by A (start / end) | connect time | A RSS before → after | A heapUsed before → after | RSS / connection | heapUsed / connection |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${SETTINGS.connections.toLocaleString('en-US')} | ${clients.length.toLocaleString('en-US')} | ${failed} | ${held.toLocaleString('en-US')} / ${(end.connections ?? 0).toLocaleString('en-US')} | ${connectSeconds.toFixed(1)} s | ${(before.rss / MB).toFixed(0)} → ${(after.rss / MB).toFixed(0)} MB | ${(before.heapUsed / MB).toFixed(0)} → ${(after.heapUsed / MB).toFixed(0)} MB | ${kb(perConnection.rssBytes)}${perConnection.rssTrustworthy ? '' : ' (not trustworthy)'} | ${kb(perConnection.heapUsedBytes)} |`,
    ];
    const latencyRows = [
      '| path | events | p50 ms | p95 ms | p99 ms | max ms | lost |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rounds.map(
        (r) =>
          `| ${r.label} | ${r.events.toLocaleString('en-US')} | ${ms(r.latencyMs.p50)} | ${ms(r.latencyMs.p95)} | ${ms(r.latencyMs.p99)} | ${ms(r.latencyMs.max)} | ${r.lost} |`,
      ),
    ];
    // Where the time went: a process short of CPU or paused by its collector shows here.
    const processRows = [
      '| round | process | CPU (% of a core) | event-loop delay p99 / max ms | GC pauses: count, total / longest ms |',
      '| --- | --- | ---: | ---: | ---: |',
      ...rounds.flatMap((r) =>
        Object.entries(r.cpuPercent).map(([name, percent]) => {
          const server = r.servers[name];
          const delay = name === 'bench' ? r.clientLoopDelayMs : server?.loopDelayMs;
          const gc = server?.gc;
          const label =
            name === 'bench'
              ? 'bench (clients, publisher)'
              : name === 'machine'
                ? 'whole machine (every process, Redis and other work included)'
                : `server ${name}`;
          return `| ${r.label} | ${label} | ${percent} | ${delay ? `${ms(delay.p99)} / ${ms(delay.max)}` : 'n/a'} | ${gc ? `${gc.count}, ${ms(gc.totalMs)} / ${ms(gc.maxMs)}${gc.longestKind ? ` (${gc.longestKind})` : ''}` : 'n/a'} |`;
        }),
      ),
    ];
    const [one, two] = rounds;
    const goals = [
      `${GOALS.connections.toLocaleString('en-US')} connections held: ${end.connections! >= GOALS.connections && held >= GOALS.connections ? 'met' : 'NOT met'} (${held.toLocaleString('en-US')}, ${(end.connections ?? 0).toLocaleString('en-US')} at the end)`,
      `p99 under ${GOALS.p99OneMs} ms on one instance: ${one!.latencyMs.p99 < GOALS.p99OneMs ? 'met' : 'NOT met'} (${ms(one!.latencyMs.p99)} ms)`,
      two
        ? `p99 under ${GOALS.p99TwoMs} ms across two instances: ${two.latencyMs.p99 < GOALS.p99TwoMs ? 'met' : 'NOT met'} (${ms(two.latencyMs.p99)} ms)`
        : `p99 across two instances: not measured (no Redis at ${REDIS_URL})`,
    ];
    process.stdout.write(
      [
        '',
        'Realtime (embedded Pusher protocol 7)',
        '',
        ...connectionRows,
        '',
        ...latencyRows,
        '',
        ...processRows,
        '',
        ...goals.map((goal) => `- ${goal}`),
        ...rssNote.map((note) => `- ${note}`),
        '',
        machine,
        `${SETTINGS.events} events per round at ${SETTINGS.rate}/s after ${WARMUP_EVENTS} warm-up events; Redis ${redis ? 'on' : 'off'}`,
        `Results written to ${path.relative(process.cwd(), RESULTS_FILE)}`,
        '',
      ].join('\n'),
    );
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine,
          settings: { ...SETTINGS, warmupEvents: WARMUP_EVENTS, connectBatch: CONNECT_BATCH, redis },
          connections: {
            asked: SETTINGS.connections,
            subscribed: clients.length,
            failed,
            failures: Object.fromEntries(opened.failures),
            heldAtStart: held,
            heldAtEnd: end.connections,
            connectSeconds,
            ...clientStats,
          },
          memory: { before, after, end, perConnection },
          rounds,
          goals,
        },
        null,
        2,
      )}\n`,
    );

    const problems: string[] = [];
    if (held < SETTINGS.connections || (end.connections ?? 0) < SETTINGS.connections || failed > 0)
      problems.push(
        `connections not held: ${held} subscribed on A, ${end.connections} at the end, ${failed} failed`,
      );
    if (clientStats.closedAfterSubscribe > 0)
      problems.push(`${clientStats.closedAfterSubscribe} clients were closed`);
    for (const r of rounds) {
      if (r.lost || r.duplicates || r.wrongClient || r.triggerErrors)
        problems.push(
          `${r.label}: ${r.lost} lost, ${r.duplicates} duplicated, ${r.wrongClient} to the wrong client, ${r.triggerErrors} trigger errors`,
        );
    }
    if (problems.length) {
      log(`\nThe run failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      return 1;
    }
    return 0;
  } finally {
    for (const client of clients) {
      client.closing = true;
      client.ws.terminate();
    }
    agent.destroy();
    await Promise.all(servers.map((server) => stopServer(server.child)));
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`realtime bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
