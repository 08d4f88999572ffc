/**
 * A client process of the realtime benchmark: bench/realtime.ts forks a few of these (each holds at
 * most ~15,000 sockets, under the 20,000 open files one process may have) and drives them over the
 * IPC channel. Each opens the WebSocket clients it is told to (`ws`, 127.0.0.1 or ::1 only),
 * `pusher:connection_established` → `pusher:subscribe` to the client's own `private-user-…` channel,
 * signed with the secret (`channelAuth`) → `pusher_internal:subscription_succeeded`, answers pings,
 * and reports every event a client receives with its receive time on the wall clock
 * (`performance.timeOrigin + performance.now()`, sub-millisecond, the same clock for every process on
 * the machine: the bench stamps the publish time the same way). It exits when told to, or when the
 * bench goes away (the IPC channel closes).
 */
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { channelAuth } from '../src/modules/realtime/signatures';

/** The only hosts a client may connect to. */
const LOOPBACK_HOSTS = ['127.0.0.1', '::1'];
const EVENT = 'bench-event';
const CONNECT_TIMEOUT_MS = 15_000;
/** The resolution of the event-loop delay histograms, here and in bench/realtime.ts. */
export const LOOP_RESOLUTION_MS = 10;

/**
 * An event-loop delay in ms (to 0.1) from a reading of a {@link LOOP_RESOLUTION_MS} histogram: it
 * holds the time between ticks, the delay is what exceeds the resolution.
 */
export const loopDelayMs = (nanoseconds: number) =>
  Math.round(Math.max(0, nanoseconds / 1e6 - LOOP_RESOLUTION_MS) * 10) / 10;

/** Client `index`'s own channel: it subscribes to it, the bench triggers events on it. */
export const channelOf = (index: number) => `private-user-bench-${index}`;

/** Wall-clock milliseconds with sub-millisecond precision: the clock every bench process stamps with. */
export const wallNow = () => performance.timeOrigin + performance.now();

export interface Destination {
  host: string;
  port: number;
}

/** What the clients of a worker saw outside the events themselves. */
export interface ClientStats {
  closedAfterSubscribe: number;
  pingsAnswered: number;
  unexpected: number;
}

export type ToWorker =
  /** A clock reading: answered at once with this process's wall clock. */
  | { type: 'clock'; t0: number }
  /**
   * Open clients `first` … `first + count - 1`, `batch` at a time; client `i` connects to
   * `destinations[i % destinations.length]`. With `closeAfter`, close them again (the warm-up).
   */
  | {
      type: 'open';
      id: number;
      first: number;
      count: number;
      batch: number;
      destinations: Destination[];
      key: string;
      secret: string;
      closeAfter: boolean;
    }
  /** A measured round starts: the event-loop delay is watched from now. */
  | { type: 'round-start' }
  /** The round ended: answered (after every event reported before it) with the delay and the stats. */
  | { type: 'round-end'; id: number }
  | { type: 'exit' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'clock'; t0: number; t1: number }
  /** More clients subscribed (this many since the last progress). */
  | { type: 'progress'; subscribed: number }
  | { type: 'opened'; id: number; subscribed: number[]; failures: Record<string, number> }
  | { type: 'event'; index: number; receivedAtWall: number; data: string }
  | {
      type: 'round-end';
      id: number;
      loopDelayMs: { p99: number; max: number };
      stats: ClientStats;
    };

function send(message: FromWorker) {
  process.send?.(message);
}

interface Client {
  index: number;
  ws: WebSocket;
  /** Closed by the bench itself (not counted as a lost client). */
  closing?: boolean;
}

const clients = new Map<number, Client>();
const stats: ClientStats = { closedAfterSubscribe: 0, pingsAnswered: 0, unexpected: 0 };
let loop: IntervalHistogram | undefined;

function urlOf({ host, port }: Destination, key: string): string {
  if (!LOOPBACK_HOSTS.includes(host) || !Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new Error(`a bench client may only connect to loopback, not ${host}:${port}`);
  const authority = host.includes(':') ? `[${host}]` : host;
  return `ws://${authority}:${port}/app/${encodeURIComponent(key)}?protocol=7&client=js&version=8.4.0`;
}

/** Connects one client and subscribes it to its channel; resolves with it, or rejects with why. */
function openClient(url: string, index: number, key: string, secret: string): Promise<Client> {
  const channel = channelOf(index);
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const client: Client = { index, ws };
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
      if (subscribed) stats.closedAfterSubscribe += 1;
      else fail(`closed with ${code}`);
    });
    ws.on('message', (raw) => {
      // First of all: the receive time, before any parsing.
      const receivedAtWall = wallNow();
      const message = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: unknown };
      if (message.event === EVENT) {
        send({ type: 'event', index, receivedAtWall, data: message.data as string });
      } else if (message.event === 'pusher:connection_established') {
        const { socket_id: socketId } = JSON.parse(message.data as string) as { socket_id: string };
        ws.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel, auth: channelAuth(key, secret, socketId, channel) },
          }),
        );
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        subscribed = true;
        clearTimeout(timer);
        resolve(client);
      } else if (message.event === 'pusher:ping') {
        // A quiet client is pinged after the activity timeout; answering keeps it, as pusher-js would.
        stats.pingsAnswered += 1;
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      } else if (message.event !== 'pusher:pong') {
        if (!subscribed) fail(`${message.event}: ${JSON.stringify(message.data)}`);
        else stats.unexpected += 1;
      }
    });
  });
}

async function open(request: Extract<ToWorker, { type: 'open' }>) {
  const { first, count, batch, destinations, key, secret } = request;
  const urls = destinations.map((destination) => urlOf(destination, key));
  const opened: Client[] = [];
  const failures: Record<string, number> = {};
  for (let start = 0; start < count; start += batch) {
    const outcomes = await Promise.allSettled(
      Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
        const index = first + start + i;
        return openClient(urls[index % urls.length]!, index, key, secret);
      }),
    );
    let subscribed = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') {
        opened.push(outcome.value);
        clients.set(outcome.value.index, outcome.value);
        subscribed += 1;
      } else {
        const why = (outcome.reason as Error).message;
        failures[why] = (failures[why] ?? 0) + 1;
      }
    }
    send({ type: 'progress', subscribed });
  }
  if (request.closeAfter) {
    for (const client of opened) {
      client.closing = true;
      client.ws.close();
      clients.delete(client.index);
    }
  }
  send({ type: 'opened', id: request.id, subscribed: opened.map((client) => client.index), failures });
}

function exit() {
  for (const client of clients.values()) {
    client.closing = true;
    client.ws.terminate();
  }
  process.exit(0);
}

/** Drives this process as a client process: only when it was started as one, not when imported. */
function runWorker() {
  process.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'clock':
        send({ type: 'clock', t0: message.t0, t1: wallNow() });
        break;
      case 'open':
        open(message).catch((error: unknown) => {
          process.stderr.write(`client worker failed: ${error instanceof Error ? error.message : error}\n`);
          process.exit(1);
        });
        break;
      case 'round-start':
        loop?.disable();
        loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
        loop.enable();
        break;
      case 'round-end': {
        loop?.disable();
        send({
          type: 'round-end',
          id: message.id,
          loopDelayMs: { p99: loopDelayMs(loop?.percentile(99) ?? 0), max: loopDelayMs(loop?.max ?? 0) },
          stats: { ...stats },
        });
        loop = undefined;
        break;
      }
      case 'exit':
        exit();
    }
  });
  // The bench went away without telling: nothing left to report to.
  process.on('disconnect', exit);
  send({ type: 'ready' });
}

// bench/realtime.ts imports the helpers above: only the process started on this file is a client process.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runWorker();
