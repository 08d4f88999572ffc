/**
 * The realtime client (DECISIONS.md: pusher-js), pointed at what `/api/auth/public-config` says:
 * the embedded server on the page's own host, port and protocol when host, port and TLS are null,
 * or a hosted Pusher-compatible service. pusher-js is loaded only when a connection is first needed.
 */
import { apiRequest, currentToken } from '@/lib/api-client';
import type { RealtimeClient } from './realtime-connection';

export interface RealtimeConfig {
  key: string;
  host: string | null;
  port: number | null;
  useTLS: boolean | null;
  cluster: string;
  enabled: boolean;
}

async function realtimeConfig(): Promise<RealtimeConfig | null> {
  const config = await apiRequest<{ realtime?: RealtimeConfig }>('/api/auth/public-config');
  return config.realtime?.enabled && config.realtime.key ? config.realtime : null;
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

/** Opens a connection, or answers null when realtime is switched off on the server. */
export async function openPusherClient(): Promise<RealtimeClient | null> {
  const [config, { default: Pusher }] = await Promise.all([realtimeConfig(), import('pusher-js')]);
  if (!config) return null;
  const tls = config.useTLS ?? window.location.protocol === 'https:';
  const port = config.port ?? (Number(window.location.port) || (tls ? 443 : 80));
  return new Pusher(config.key, {
    cluster: config.cluster,
    wsHost: config.host ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/api/pusher/auth',
      transport: 'ajax',
      headersProvider: authHeaders,
    },
  });
}
