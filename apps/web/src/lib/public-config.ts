/**
 * `GET /api/auth/public-config`: where the identity client and the realtime client connect. Read
 * by the Cognito client (on sign-in, refresh and the like) and by the realtime connection.
 */
import { apiRequest } from '@/lib/api-client';

export interface PublicConfig {
  mode: 'embedded' | 'aws' | 'misconfigured';
  configured: boolean;
  userPoolId: string;
  clientId: string;
  region: string;
  endpoint: string | null;
  /** Roles that must use two-step sign-in (the profile keeps it on for them). */
  mfaRequiredRoles: string[];
  /** Where pusher-js connects (the conversations feature's realtime client). */
  realtime: {
    enabled: boolean;
    /** embedded: our server, on the page's own host, port and protocol (host, port, TLS null);
     * hosted: Pusher by cluster (host null) or a Pusher-compatible server such as soketi. */
    mode: 'embedded' | 'hosted';
    key: string;
    cluster: string;
    host: string | null;
    port: number | null;
    useTLS: boolean | null;
  };
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/auth/public-config');
}
