/**
 * A server process started by a bench or the fuzz suite: listens on 127.0.0.1 (a free port), stops
 * cleanly on SIGTERM, SIGINT or when its parent goes away, and tells the parent where it listens
 * (one JSON line on stdout: `port` and whatever else the parent needs).
 *
 * With `ipv6Loopback`, it also listens on ::1 (the same port when free, else another one) and hands
 * those connections to the same HTTP server: a client that opens more connections than one
 * destination's ephemeral ports allow (bench/realtime.ts) spreads them over both loopbacks. The line
 * then carries `ipv6Port`, or `ipv6Error` when ::1 could not be listened on. Never 0.0.0.0 or `::`.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

const SHUTDOWN_GRACE_MS = 5000;
const IPV6_LOOPBACK = '::1';

export interface ServeOptions {
  /** Listen on ::1 as well (bench/realtime.ts's server A). */
  ipv6Loopback?: boolean;
}

/** Listens on `host`:`port`; rejects with the listen error (EADDRINUSE, EADDRNOTAVAIL, …). */
function listenOn(server: net.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    server.once('error', fail);
    server.listen({ host, port, ipv6Only: true }, () => {
      server.off('error', fail);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/**
 * A second listener on ::1 whose connections the app's HTTP server serves as its own (requests and
 * WebSocket upgrades alike); its port, or why there is none.
 */
async function listenIpv6Loopback(
  app: FastifyInstance,
  port: number,
): Promise<{ server?: net.Server; extra: Record<string, unknown> }> {
  const tries = [port, 0];
  let lastError = '';
  for (const tryPort of tries) {
    const server = net.createServer((socket) => app.server.emit('connection', socket));
    try {
      const ipv6Port = await listenOn(server, IPV6_LOOPBACK, tryPort);
      return { server, extra: { ipv6Port } };
    } catch (error) {
      server.close();
      lastError = error instanceof Error ? error.message : String(error);
      // Only a taken port is worth another try; no ::1 at all will not change.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') break;
    }
  }
  return { extra: { ipv6Error: lastError } };
}

export async function serveToParent(
  app: FastifyInstance,
  extra: Record<string, unknown> = {},
  options: ServeOptions = {},
) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no TCP address');
  const ipv6 = options.ipv6Loopback ? await listenIpv6Loopback(app, address.port) : undefined;

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    // No new connections on ::1 either; those it has are closed with the app's (the hub's sockets).
    ipv6?.server?.close();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Started with an IPC channel: if the parent dies without killing us, the channel closes and we
  // exit rather than linger — also when it closed while we were still starting.
  if (process.send) {
    process.on('disconnect', shutdown);
    if (!process.connected) return shutdown();
  }

  process.stdout.write(`${JSON.stringify({ port: address.port, ...ipv6?.extra, ...extra })}\n`);
}
