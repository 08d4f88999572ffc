/**
 * Realtime test helpers: an app listening on loopback, the real pusher-js (Node build) signed in as
 * a test user, and a raw WebSocket peer for what no well-behaved client sends.
 */
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import WebSocket from 'ws';
import type { TestUser } from './auth';

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * pusher-js as the web app configures it, pointed at the embedded server on `port` and authorising
 * its subscriptions at `authPort` (the same instance unless said).
 */
export function pusherClient(app: FastifyInstance, port: number, user: TestUser, authPort = port) {
  return new PusherClient(app.config.realtime.key, {
    cluster: app.config.realtime.cluster,
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${authPort}/api/pusher/auth`,
      transport: 'ajax',
      headers: { authorization: user.headers.authorization },
    },
  });
}

export function connected(client: PusherClient): Promise<string> {
  return new Promise((resolve, reject) => {
    if (client.connection.state === 'connected') return resolve(client.connection.socket_id);
    client.connection.bind('connected', () => resolve(client.connection.socket_id));
    client.connection.bind('failed', () => reject(new Error('connection failed')));
  });
}

export function subscribed(client: PusherClient, channelName: string) {
  const channel = client.subscribe(channelName);
  return new Promise<typeof channel>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel));
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`subscription refused: ${JSON.stringify(error)}`)),
    );
  });
}

/** The next `event` on `channel`, or a rejection after `ms`. */
export function nextEvent<T = unknown>(
  channel: {
    bind(event: string, cb: (data: T) => void): void;
    unbind(event: string, cb?: (data: T) => void): void;
  },
  event: string,
  ms = 5_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const handler = (data: T) => {
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A raw protocol peer: every frame it receives, and how its socket closed. */
export class RawPeer {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly ws: WebSocket;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
    });
    // A refused upgrade is an 'error' then a close (1006); the close is what tests look at.
    this.ws.on('error', () => {});
    this.closed = new Promise((resolve) =>
      this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(port: number, key: string, query = 'protocol=7&client=js&version=8.4.0') {
    const peer = new RawPeer(`ws://127.0.0.1:${port}/app/${key}?${query}`);
    return peer;
  }

  next(event: string, ms = 5_000): Promise<Frame> {
    const seen = this.frames.find((f) => f.event === event);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      this.waiters.push({
        test: (f) => f.event === event,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }

  async socketId(): Promise<string> {
    const frame = await this.next('pusher:connection_established');
    return (JSON.parse(frame.data as string) as { socket_id: string }).socket_id;
  }

  send(value: unknown) {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }
}
