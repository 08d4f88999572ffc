/**
 * A server process started by a bench or the fuzz suite: listens on 127.0.0.1 (a free port), stops
 * cleanly on SIGTERM, SIGINT or when its parent goes away, and tells the parent where it listens
 * (one JSON line on stdout: `port` and whatever else the parent needs).
 */
import type { FastifyInstance } from 'fastify';

const SHUTDOWN_GRACE_MS = 5000;

export async function serveToParent(app: FastifyInstance, extra: Record<string, unknown> = {}) {
  await app.listen({ host: '127.0.0.1', port: 0 });

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Started with an IPC channel: if the parent dies without killing us, the channel closes and we
  // exit rather than linger.
  if (process.send) process.on('disconnect', shutdown);

  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port, ...extra })}\n`);
}
