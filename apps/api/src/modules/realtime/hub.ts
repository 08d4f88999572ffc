/**
 * The embedded realtime server (PROTOCOLS.md B, Pusher Channels protocol 7) on the API's own HTTP
 * server: WebSocket upgrades on `/app/<key>`, the connection handshake, ping/pong with an activity
 * timeout, private channels checked against the channel authorisation, and delivery of published
 * events to the local sockets. With a bus (Redis) every publish also reaches the other instances'
 * sockets. One sweep timer serves every connection (no timer per socket), so 10,000 connections
 * cost little more than their sockets.
 */
import type { IncomingMessage, Server } from 'node:http';
import { randomInt } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CHANNEL_NAME_PATTERN, validChannelAuth } from './signatures';

/** Close codes (PROTOCOLS.md B; Pusher's catalogue). */
export const CLOSE = {
  appNotFound: 4001,
  overQuota: 4004,
  unauthorized: 4009,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  overCapacity: 4100,
  reconnect: 4200,
  pongNotReceived: 4201,
  rateLimited: 4301,
} as const;

export interface HubOptions {
  key: string;
  secret: string;
  /** Seconds of silence after which the server pings (and tells clients, who ping first). */
  activityTimeoutSec: number;
  /** How long a pinged connection has to answer before it is closed with 4201. */
  pongTimeoutMs: number;
  /**
   * Frames a connection may send: a burst of `burst`, refilled at `perSecond`. Counted per
   * connection in this instance's memory: a connection lives on one instance only, so its count is
   * whole there; what one address may open is the shared `admit` limit.
   */
  rate: { perSecond: number; burst: number };
  /** Frames refused for the rate before the connection is closed with 4301. */
  maxRefusals: number;
  maxChannelsPerConnection: number;
  maxConnections: number;
  /** A connection that has subscribed to nothing this long is closed (4009): it only holds a slot. */
  subscribeTimeoutMs: number;
  /** Largest frame a client may send; larger ones close the socket (1009). */
  maxPayloadBytes: number;
  /** A connection whose unsent data grows past this is too slow to keep (closed with 4100). */
  maxBufferedBytes: number;
  sweepIntervalMs: number;
  /**
   * Pings sent per sweep at most: clients that connected together (after a deploy) go quiet
   * together, and are pinged over several sweeps rather than in one burst.
   */
  maxPingsPerSweep: number;
  /**
   * Asked before each upgrade: undefined lets it through; a number refuses it with 429 and that
   * `Retry-After` (the per-address limit on new connections, shared across instances).
   */
  admit?: (request: IncomingMessage) => Promise<number | undefined>;
  log?: { warn(obj: object, msg: string): void };
}

export const DEFAULT_HUB_OPTIONS: Omit<HubOptions, 'key' | 'secret'> = {
  activityTimeoutSec: 120,
  pongTimeoutMs: 30_000,
  rate: { perSecond: 10, burst: 20 },
  maxRefusals: 20,
  maxChannelsPerConnection: 10,
  maxConnections: 50_000,
  subscribeTimeoutMs: 60_000,
  maxPayloadBytes: 10 * 1024,
  maxBufferedBytes: 1024 * 1024,
  sweepIntervalMs: 5_000,
  maxPingsPerSweep: 2_000,
};

/** An event to deliver: `data` is the JSON string clients receive as is. */
export interface Publication {
  channels: string[];
  event: string;
  data: string;
  /** The socket that caused it, which does not receive it (the trigger API's `socket_id`). */
  exceptSocketId?: string;
}

export interface Bus {
  publish(publication: Publication): Promise<void>;
  close(): Promise<void>;
}

interface Connection {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  openedAt: number;
  lastSeen: number;
  pingSentAt: number;
  tokens: number;
  refilledAt: number;
  refusals: number;
}

const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });

let socketCounter = 0;
const newSocketId = () => `${randomInt(1, 1_000_000_000)}.${(socketCounter = (socketCounter + 1) % 1e15)}`;

export class RealtimeHub {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly sweeper: NodeJS.Timeout;
  private bus: Bus | undefined;
  private closed = false;

  constructor(private readonly options: HubOptions) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayloadBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs);
    this.sweeper.unref();
  }

  /** Fan-out to the other instances; events they publish arrive through {@link deliver}. */
  useBus(bus: Bus) {
    this.bus = bus;
  }

  get connectionCount() {
    return this.connections.size;
  }

  /** Takes the WebSocket upgrades of `/app/<key>` on `server`; other upgrade paths are refused. */
  attach(server: Server) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node drops its own error handler before 'upgrade': a reset here must not end the process.
      socket.on('error', () => socket.destroy());
      const target = upgradeTarget(request.url);
      if (!target || this.closed) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upgrade = () =>
        this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, target.key, target.protocol));
      if (!this.options.admit) return upgrade();
      void this.options.admit(request).then((retryAfterSec) => {
        if (socket.destroyed) return;
        if (this.closed) {
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        } else if (retryAfterSec !== undefined) {
          socket.end(
            `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${retryAfterSec}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
          );
        } else {
          upgrade();
        }
      });
    });
  }

  private open(ws: WebSocket, key: string, protocol: string | null) {
    // First of all: a socket error (a bad frame, a reset) must never be an unhandled 'error'.
    ws.on('error', () => ws.terminate());
    const refuse = (code: number, message: string) => {
      ws.send(frame('pusher:error', { code, message }));
      ws.close(code, message);
    };
    // The reason is fixed text: a close reason is at most 123 bytes, and the key is the client's.
    if (key !== this.options.key) return refuse(CLOSE.appNotFound, 'Unknown app key');
    if (protocol === null) return refuse(CLOSE.noProtocol, 'No protocol version supplied');
    if (protocol !== '7') return refuse(CLOSE.unsupportedProtocol, 'Unsupported protocol version');
    if (this.connections.size >= this.options.maxConnections)
      return refuse(CLOSE.overCapacity, 'Over capacity');

    const now = Date.now();
    const connection: Connection = {
      ws,
      socketId: newSocketId(),
      channels: new Set(),
      openedAt: now,
      lastSeen: now,
      pingSentAt: 0,
      tokens: this.options.rate.burst,
      refilledAt: now,
      refusals: 0,
    };
    this.connections.add(connection);
    ws.on('message', (data, isBinary) => this.receive(connection, data, isBinary));
    ws.on('close', () => this.drop(connection));
    ws.send(
      frame(
        'pusher:connection_established',
        JSON.stringify({ socket_id: connection.socketId, activity_timeout: this.options.activityTimeoutSec }),
      ),
    );
  }

  private drop(connection: Connection) {
    if (!this.connections.delete(connection)) return;
    for (const channel of connection.channels) this.leave(connection, channel);
  }

  private leave(connection: Connection, channel: string) {
    connection.channels.delete(channel);
    const members = this.channels.get(channel);
    members?.delete(connection);
    if (members?.size === 0) this.channels.delete(channel);
  }

  /** Token bucket per connection; true when the frame may be handled. */
  private allow(connection: Connection, now: number): boolean {
    const { perSecond, burst } = this.options.rate;
    connection.tokens = Math.min(
      burst,
      connection.tokens + ((now - connection.refilledAt) / 1000) * perSecond,
    );
    connection.refilledAt = now;
    if (connection.tokens >= 1) {
      connection.tokens -= 1;
      return true;
    }
    connection.refusals += 1;
    if (connection.refusals > this.options.maxRefusals) {
      connection.ws.close(CLOSE.rateLimited, 'Rate limit exceeded');
      this.drop(connection);
    } else {
      connection.ws.send(frame('pusher:error', { code: CLOSE.rateLimited, message: 'Rate limit exceeded' }));
    }
    return false;
  }

  private receive(connection: Connection, raw: RawData, isBinary: boolean) {
    const now = Date.now();
    connection.lastSeen = now;
    connection.pingSentAt = 0;
    if (!this.allow(connection, now)) return;
    const message = isBinary ? undefined : parse(raw);
    if (!message) {
      connection.ws.send(frame('pusher:error', { code: null, message: 'Malformed message' }));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        connection.ws.send(frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(connection, message.data);
      case 'pusher:unsubscribe': {
        const channel = field(message.data, 'channel');
        if (channel) this.leave(connection, channel);
        return;
      }
      default:
        if (message.event.startsWith('client-')) {
          connection.ws.send(
            frame('pusher:error', { code: null, message: 'Client events are not enabled on this server' }),
          );
        }
    }
  }

  private subscribe(connection: Connection, data: unknown) {
    const channel = field(data, 'channel');
    if (!channel || !CHANNEL_NAME_PATTERN.test(channel)) {
      connection.ws.send(frame('pusher:error', { code: null, message: 'Invalid channel name' }));
      return;
    }
    const refuse = (type: string, error: string, status: number) =>
      connection.ws.send(frame('pusher:subscription_error', { type, error, status }, channel));
    if (connection.channels.has(channel)) {
      connection.ws.send(frame('pusher_internal:subscription_succeeded', '{}', channel));
      return;
    }
    // Only private channels exist here: every event is for one signed-in user.
    if (!channel.startsWith('private-') || channel.startsWith('private-encrypted-'))
      return refuse('AuthError', 'Only private channels are served', 403);
    const { key, secret } = this.options;
    if (!validChannelAuth(key, secret, connection.socketId, channel, field(data, 'auth')))
      return refuse('AuthError', 'Invalid signature', 401);
    if (connection.channels.size >= this.options.maxChannelsPerConnection)
      return refuse('LimitReached', 'Too many channels on one connection', 429);
    connection.channels.add(channel);
    let members = this.channels.get(channel);
    if (!members) this.channels.set(channel, (members = new Set()));
    members.add(connection);
    connection.ws.send(frame('pusher_internal:subscription_succeeded', '{}', channel));
  }

  /** Sends to this instance's sockets only (what the bus brings from other instances). */
  deliver(publication: Publication) {
    for (const channel of publication.channels) {
      const members = this.channels.get(channel);
      if (!members) continue;
      const text = frame(publication.event, publication.data, channel);
      for (const connection of members) {
        if (connection.socketId === publication.exceptSocketId) continue;
        if (connection.ws.bufferedAmount > this.options.maxBufferedBytes) {
          connection.ws.close(CLOSE.overCapacity, 'Too slow to keep up');
          this.drop(connection);
          continue;
        }
        connection.ws.send(text);
      }
    }
  }

  /** Delivers here and, through the bus, on every other instance. */
  async publish(publication: Publication): Promise<void> {
    this.deliver(publication);
    await this.bus?.publish(publication);
  }

  /** Pings quiet connections and closes those that did not answer the last ping. */
  private sweep() {
    const now = Date.now();
    const quietMs = this.options.activityTimeoutSec * 1000;
    let pings = 0;
    for (const connection of this.connections) {
      if (connection.pingSentAt && now - connection.pingSentAt > this.options.pongTimeoutMs) {
        connection.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
        this.drop(connection);
      } else if (
        connection.channels.size === 0 &&
        now - connection.openedAt > this.options.subscribeTimeoutMs
      ) {
        connection.ws.close(CLOSE.unauthorized, 'No subscription');
        this.drop(connection);
      } else if (
        !connection.pingSentAt &&
        now - connection.lastSeen > quietMs &&
        pings < this.options.maxPingsPerSweep
      ) {
        pings += 1;
        connection.pingSentAt = now;
        connection.ws.send(frame('pusher:ping', {}));
      }
    }
  }

  /**
   * Stops taking connections and closes every socket with 4200 (clients reconnect at once, to
   * another instance behind the balancer). Synchronous, so the HTTP server stops listening right
   * after; a peer that does not answer the close is cut off a second later, because the server's
   * close waits for every socket, upgraded ones included.
   */
  shutdown() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    for (const connection of this.connections) {
      connection.ws.close(CLOSE.reconnect, 'Server shutting down');
      setTimeout(() => connection.ws.terminate(), 1_000).unref();
    }
    this.connections.clear();
    this.channels.clear();
  }

  /** Shuts down (if not yet) and releases the bus and the WebSocket server. */
  async close() {
    this.shutdown();
    await this.bus?.close();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/** The app key and protocol of an upgrade to `/app/<key>`; undefined for any other (or garbled) path. */
export function upgradeTarget(url: string | undefined): { key: string; protocol: string | null } | undefined {
  try {
    const parsed = new URL(url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(parsed.pathname);
    if (!match) return undefined;
    return { key: decodeURIComponent(match[1]!), protocol: parsed.searchParams.get('protocol') };
  } catch {
    return undefined;
  }
}

function parse(raw: RawData): { event: string; data: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(raw.toString());
    if (!value || typeof value !== 'object') return undefined;
    const { event, data } = value as { event?: unknown; data?: unknown };
    if (typeof event !== 'string' || event.length > 200) return undefined;
    return { event, data };
  } catch {
    return undefined;
  }
}

/** A string field of a frame's `data`, which clients send as an object or as a JSON string. */
function field(data: unknown, name: string): string | undefined {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const found = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return typeof found === 'string' ? found : undefined;
}
