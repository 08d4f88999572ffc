import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { newSecretKeyText } from './lib/secret-box';

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.features.enableWebinarBanner).toBe(false);
  });

  it('does not seed demo data on a server database unless asked', () => {
    const server = { DATABASE_URL: 'postgres://localhost/app', SECRETS_KEY: newSecretKeyText() };
    expect(loadConfig(server).seedDemo).toBe(false);
    expect(loadConfig({ ...server, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('requires two-step sign-in of admins and owners in production, of nobody in demo mode, unless set', () => {
    const server = { DATABASE_URL: 'postgres://localhost/app', SECRETS_KEY: newSecretKeyText() };
    const required = (env: NodeJS.ProcessEnv) => loadConfig(env).identity.mfaRequiredRoles;
    expect(required({ ...server, NODE_ENV: 'production' })).toEqual(['admin', 'owner']);
    expect(required({ NODE_ENV: 'production' })).toEqual([]);
    expect(required({ ...server, NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual([]);
    expect(required({ ...server })).toEqual([]);
    expect(required({ NODE_ENV: 'production', MFA_REQUIRED_ROLES: 'admin, originator' })).toEqual([
      'admin',
      'originator',
    ]);
    // Empty is unset (a copied .env.example); `none` turns the production default off.
    expect(required({ ...server, NODE_ENV: 'production', MFA_REQUIRED_ROLES: '' })).toEqual([
      'admin',
      'owner',
    ]);
    expect(required({ ...server, NODE_ENV: 'production', MFA_REQUIRED_ROLES: 'none' })).toEqual([]);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'admin,root' })).toThrow(/MFA_REQUIRED_ROLES/);
  });

  it('lists every problem in one readable message', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(message).toContain('LOG_LEVEL');
  });

  it('needs a registration page when the webinar banner is on', () => {
    expect(() => loadConfig({ ENABLE_WEBINAR_BANNER: 'true' })).toThrow(/WEBINAR_URL/);
  });

  it('reads the rate limits, counted in Redis when REDIS_URL is set', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      redisUrl: undefined,
      keyPrefix: 'dealclub:ratelimit:',
      globalPerMinute: 600,
      webhookTestPerMinute: 5,
      realtimeConnectionsPerMinute: 300,
    });
    expect(
      loadConfig({
        REDIS_URL: 'redis://127.0.0.1:6379',
        PUSHER_SECRET: 'shared',
        RATE_LIMIT_KEY_PREFIX: 'staging:rl:',
        GLOBAL_RATE_LIMIT_PER_MINUTE: '1200',
        WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE: '2',
        REALTIME_CONNECTIONS_PER_MINUTE: '50',
      }).rateLimits,
    ).toEqual({
      redisUrl: 'redis://127.0.0.1:6379',
      keyPrefix: 'staging:rl:',
      globalPerMinute: 1200,
      webhookTestPerMinute: 2,
      realtimeConnectionsPerMinute: 50,
    });
    expect(() => loadConfig({ GLOBAL_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/GLOBAL_RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_KEY_PREFIX: 'has space' })).toThrow(/RATE_LIMIT_KEY_PREFIX/);
  });

  it('allows webhooks to loopback in tests only, and http:// outside production', () => {
    for (const NODE_ENV of ['development', 'production', undefined]) {
      expect(() => loadConfig({ NODE_ENV, WEBHOOK_ALLOW_LOOPBACK: 'true' }), NODE_ENV).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV, WEBHOOK_ALLOW_LOOPBACK: 'true' })).toThrow(
        'WEBHOOK_ALLOW_LOOPBACK: allowed only when NODE_ENV is test',
      );
    }
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhooks).toEqual({
      allowHttp: true,
      allowLoopback: true,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).webhooks).toEqual({
      allowHttp: false,
      allowLoopback: false,
    });
    expect(loadConfig({}).webhooks).toEqual({ allowHttp: true, allowLoopback: false });
  });

  it('serves realtime itself unless Pusher or soketi is configured, which then needs all its keys', () => {
    expect(loadConfig({}).realtime).toMatchObject({
      mode: 'embedded',
      appId: 'dealclub',
      key: 'dealclub-key',
    });
    const hosted = loadConfig({
      PUSHER_APP_ID: '42',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
      PUSHER_HOST: 'soketi.internal',
      PUSHER_PORT: '6001',
      PUSHER_USE_TLS: 'false',
    }).realtime;
    expect(hosted).toMatchObject({ mode: 'hosted', host: 'soketi.internal', port: 6001, useTLS: false });
    expect(() => loadConfig({ PUSHER_CLUSTER: 'us3', PUSHER_KEY: 'k' })).toThrow(
      /PUSHER_APP_ID.*\n.*PUSHER_SECRET/s,
    );
  });

  it('needs a shared realtime secret for several production instances, and a redis:// URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /PUSHER_SECRET/,
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/PUSHER_SECRET/);
    // A lone instance makes its own secret at start (development too): the fixed one is for tests.
    for (const env of ['production', 'development'] as const) {
      const one = loadConfig({ NODE_ENV: env }).realtime.secret;
      expect(one).toMatch(/^[0-9a-f]{64}$/);
      expect(loadConfig({ NODE_ENV: env }).realtime.secret).not.toBe(one);
    }
    expect(loadConfig({ NODE_ENV: 'test' }).realtime.secret).toBe(
      loadConfig({ NODE_ENV: 'test' }).realtime.secret,
    );
  });
});
