/**
 * Wires realtime into the app (decision 012): in embedded mode the hub on the API's HTTP server,
 * its trigger API and, with `REDIS_URL`, the Redis fan-out; in hosted mode only the publisher. The
 * channel authorisation endpoint serves both modes. `app.realtime` is what features publish with.
 */
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/rate-limit';
import { DEFAULT_HUB_OPTIONS, RealtimeHub, type HubOptions } from './hub';
import { embeddedPublisher, hostedPublisher, type RealtimePublisher } from './publisher';
import { RedisBus } from './redis-bus';
import { pusherAuthRoutes, triggerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimePublisher;
    /** The embedded server, when realtime is embedded. */
    realtimeHub: RealtimeHub | null;
  }
}

export async function registerRealtime(app: FastifyInstance, hubOptions: Partial<HubOptions> = {}) {
  const { realtime } = app.config;
  await app.register(pusherAuthRoutes);
  if (realtime.mode === 'hosted') {
    app.decorate('realtimeHub', null);
    app.decorate('realtime', hostedPublisher(realtime, app.log));
    return;
  }
  const connectionLimit = {
    name: 'realtime-connections',
    max: app.config.rateLimits.realtimeConnectionsPerMinute,
    windowMs: 60_000,
  };
  const hub = new RealtimeHub({
    ...DEFAULT_HUB_OPTIONS,
    key: realtime.key,
    secret: realtime.secret,
    log: app.log,
    // New connections per address, counted where every instance sees them (Redis with REDIS_URL).
    admit: async (request) => {
      const address = clientAddress(request, app.config.trustProxy);
      const verdict = await app.rateLimiter.check(connectionLimit, `ip:${address}`);
      return verdict.allowed ? undefined : verdict.retryAfterSec;
    },
    ...hubOptions,
  });
  hub.attach(app.server);
  if (realtime.redisUrl) {
    const log = app.log.child({ component: 'realtime-redis' });
    hub.useBus(
      await RedisBus.connect(
        realtime.redisUrl,
        (publication) => hub.deliver(publication),
        (error) => log.error({ err: error }, 'redis fan-out error'),
      ),
    );
  }
  app.decorate('realtimeHub', hub);
  app.decorate('realtime', embeddedPublisher(hub, app.log));
  await app.register(triggerRoutes(hub));
  // The HTTP server's close waits for every socket, upgraded ones too: the hub closes its sockets
  // the moment the server is told to close. (A preClose hook would do it, but its mere presence
  // delays the server's close by a tick, in which new connections are accepted and then reset.)
  const closeServer = app.server.close.bind(app.server);
  app.server.close = ((callback?: (error?: Error) => void) => {
    hub.shutdown();
    return closeServer(callback);
  }) as typeof app.server.close;
  app.addHook('onClose', async () => {
    await hub.close();
  });
}
