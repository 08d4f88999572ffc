/**
 * The realtime client (DECISIONS.md: pusher-js), pointed at what `/api/auth/public-config` says:
 * - embedded: our server on the page's own host, port and protocol (host, port and TLS are null);
 * - hosted by cluster (Pusher; host null): the cluster's own host, TLS unless told otherwise;
 * - hosted with a host (soketi): that host and port.
 * pusher-js is loaded only when a connection is first needed.
 */
import type { Options } from 'pusher-js';
import { fetchPublicConfig, type PublicConfig } from '@/lib/public-config';
import { currentToken } from '@/lib/api-client';
import type { RealtimeClient } from './realtime-connection';

export type RealtimeConfig = PublicConfig['realtime'];

/** What of the page's location an embedded connection goes to. */
export type PageLocation = Pick<Location, 'hostname' | 'port' | 'protocol'>;

async function realtimeConfig(): Promise<RealtimeConfig | null> {
  const { realtime } = await fetchPublicConfig();
  return realtime.enabled && realtime.key ? realtime : null;
}

/** Shell §8: a missing token is only logged; the server then refuses the channel (logged too). */
function authHeaders(): Record<string, string> {
  const token = currentToken();
  if (!token) {
    console.warn('No auth token available');
    return {};
  }
  return { Authorization: `Bearer ${token}` };
}

/** Where and how pusher-js connects, for a realtime config and the page it runs on. */
export function pusherOptions(config: RealtimeConfig, page: PageLocation): Options {
  const options: Options = {
    cluster: config.cluster,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/api/pusher/auth',
      transport: 'ajax',
      headersProvider: authHeaders,
    },
  };
  if (config.mode === 'hosted') {
    // By cluster (no host): no wsHost nor ports, so pusher-js goes to the cluster's own host.
    options.forceTLS = config.useTLS ?? true;
    if (config.host !== null) {
      options.wsHost = config.host;
      if (config.port !== null) options.wsPort = options.wssPort = config.port;
    }
    return options;
  }
  // Embedded: whatever is null is the page's own. One transport, 'ws', which speaks TLS exactly when
  // forceTLS says so: without TLS, pusher-js would otherwise try 'wss' on the same plain port once
  // 'ws' had taken 2 s to open (a busy server), and log a failed TLS connection.
  const tls = config.useTLS ?? page.protocol === 'https:';
  const port = config.port ?? (Number(page.port) || (tls ? 443 : 80));
  return {
    ...options,
    enabledTransports: ['ws'],
    wsHost: config.host ?? page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
  };
}

/** Opens a connection, or answers null when realtime is switched off on the server. */
export async function openPusherClient(): Promise<RealtimeClient | null> {
  const [config, { default: Pusher }] = await Promise.all([realtimeConfig(), import('pusher-js')]);
  if (!config) return null;
  return new Pusher(config.key, pusherOptions(config, window.location));
}
