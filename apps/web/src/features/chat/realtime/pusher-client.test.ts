import { describe, expect, it } from 'vitest';
import { pusherOptions, type RealtimeConfig } from './pusher-client';

const config = (overrides: Partial<RealtimeConfig> = {}): RealtimeConfig => ({
  enabled: true,
  mode: 'embedded',
  key: 'dealclub-key',
  cluster: 'mt1',
  host: null,
  port: null,
  useTLS: null,
  ...overrides,
});

const page = { hostname: 'app.dealclub.test', port: '', protocol: 'https:' };

/** Only where the connection goes: the rest (auth endpoint, transports) is the same for all. */
const target = (options: ReturnType<typeof pusherOptions>) => ({
  cluster: options.cluster,
  wsHost: options.wsHost,
  wsPort: options.wsPort,
  wssPort: options.wssPort,
  forceTLS: options.forceTLS,
});

describe('where pusher-js connects', () => {
  it("goes to the page's own host, port and protocol for the embedded server", () => {
    expect(target(pusherOptions(config(), page))).toEqual({
      cluster: 'mt1',
      wsHost: 'app.dealclub.test',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
    });
    expect(
      target(pusherOptions(config(), { hostname: 'localhost', port: '3000', protocol: 'http:' })),
    ).toEqual({ cluster: 'mt1', wsHost: 'localhost', wsPort: 3000, wssPort: 3000, forceTLS: false });
  });

  it('leaves the host to pusher-js for Pusher by cluster, with TLS unless told otherwise', () => {
    const hosted = pusherOptions(config({ mode: 'hosted', cluster: 'us3' }), page);
    expect(target(hosted)).toEqual({
      cluster: 'us3',
      wsHost: undefined,
      wsPort: undefined,
      wssPort: undefined,
      forceTLS: true,
    });
    expect(hosted).not.toHaveProperty('wsHost');
    expect(pusherOptions(config({ mode: 'hosted', cluster: 'us3', useTLS: false }), page).forceTLS).toBe(
      false,
    );
  });

  it('goes to the configured host and port of a hosted Pusher-compatible server (soketi)', () => {
    const soketi = config({ mode: 'hosted', host: 'soketi.internal', port: 6001, useTLS: false });
    expect(target(pusherOptions(soketi, page))).toEqual({
      cluster: 'mt1',
      wsHost: 'soketi.internal',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
    });
  });

  it('keeps the channel authorisation and the WebSocket transports in every mode', () => {
    for (const mode of ['embedded', 'hosted'] as const) {
      const options = pusherOptions(config({ mode }), page);
      expect(options.channelAuthorization).toMatchObject({ endpoint: '/api/pusher/auth', transport: 'ajax' });
    }
    expect(pusherOptions(config({ mode: 'hosted' }), page).enabledTransports).toEqual(['ws', 'wss']);
  });

  it('never tries TLS on the embedded server of a plain-HTTP page, however slow the first try', () => {
    // 'wss' is pusher-js's TLS fallback, tried 2 s into a slow plain connection.
    const plain = { hostname: '127.0.0.1', port: '4173', protocol: 'http:' };
    expect(pusherOptions(config(), plain)).toMatchObject({ enabledTransports: ['ws'], forceTLS: false });
    expect(pusherOptions(config(), page)).toMatchObject({ enabledTransports: ['ws'], forceTLS: true });
  });
});
