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
      outboxTestPerMinute: 5,
      realtimeConnectionsPerMinute: 300,
    });
    expect(
      loadConfig({
        REDIS_URL: 'redis://127.0.0.1:6379',
        PUSHER_SECRET: 'shared',
        RATE_LIMIT_KEY_PREFIX: 'staging:rl:',
        GLOBAL_RATE_LIMIT_PER_MINUTE: '1200',
        WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE: '2',
        OUTBOX_TEST_RATE_LIMIT_PER_MINUTE: '3',
        REALTIME_CONNECTIONS_PER_MINUTE: '50',
      }).rateLimits,
    ).toEqual({
      redisUrl: 'redis://127.0.0.1:6379',
      keyPrefix: 'staging:rl:',
      globalPerMinute: 1200,
      webhookTestPerMinute: 2,
      outboxTestPerMinute: 3,
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

  describe('SMS providers (decision 030)', () => {
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15125550100',
    };
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error('the configuration was accepted');
    };

    it('keeps SMS in the mailbox when SMS_PROVIDER is unset or empty', () => {
      expect(loadConfig({}).sms).toEqual({ provider: 'mailbox' });
      expect(loadConfig({ SMS_PROVIDER: '', TWILIO_AUTH_TOKEN: 'ignored' }).sms).toEqual({
        provider: 'mailbox',
      });
    });

    it('refuses an unknown SMS_PROVIDER', () => {
      expect(problems({ SMS_PROVIDER: 'carrier-pigeon' })).toEqual([
        'SMS_PROVIDER: sns or twilio (empty: SMS is kept in the mailbox)',
      ]);
      expect(() => loadConfig({ SMS_PROVIDER: 'SNS' })).toThrow(/SMS_PROVIDER/);
    });

    it('reads Twilio, its API base defaulting to Twilio’s own, and names each missing credential', () => {
      const config = loadConfig({ ...twilio, NODE_ENV: 'production' }).sms;
      expect(config).toMatchObject({
        provider: 'twilio',
        accountSid: twilio.TWILIO_ACCOUNT_SID,
        authToken: 'token',
        from: '+15125550100',
      });
      expect(config.provider === 'twilio' && config.apiBase).toMatch(/^https:\/\/[a-z.]+$/);
      expect(
        loadConfig({ ...twilio, NODE_ENV: 'production', TWILIO_API_BASE: 'http://127.0.0.1:9/' }).sms,
      ).toMatchObject({ apiBase: 'http://127.0.0.1:9' });

      expect(problems({ ...twilio, TWILIO_AUTH_TOKEN: '', NODE_ENV: 'production' })).toEqual([
        'TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio',
      ]);
      expect(problems({ SMS_PROVIDER: 'twilio', NODE_ENV: 'production' })).toEqual([
        'TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio',
        'TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio',
        'TWILIO_FROM: required with SMS_PROVIDER=twilio',
      ]);
      expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID/);
      expect(() => loadConfig({ ...twilio, TWILIO_FROM: '512-555-0100' })).toThrow(/TWILIO_FROM/);
      expect(() => loadConfig({ ...twilio, TWILIO_API_BASE: 'not a url' })).toThrow(/TWILIO_API_BASE/);
    });

    it('reads SNS: AWS_REGION required, SNS_ENDPOINT optional, a half of an access key named', () => {
      expect(loadConfig({ SMS_PROVIDER: 'sns', AWS_REGION: 'us-east-1' }).sms).toEqual({
        provider: 'sns',
        region: 'us-east-1',
        endpoint: undefined,
      });
      expect(
        loadConfig({ SMS_PROVIDER: 'sns', AWS_REGION: 'eu-west-2', SNS_ENDPOINT: 'http://127.0.0.1:4566' })
          .sms,
      ).toEqual({ provider: 'sns', region: 'eu-west-2', endpoint: 'http://127.0.0.1:4566' });
      expect(problems({ SMS_PROVIDER: 'sns' })).toEqual(['AWS_REGION: required with SMS_PROVIDER=sns']);
      expect(problems({ SMS_PROVIDER: 'sns', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKID' })).toEqual([
        'AWS_SECRET_ACCESS_KEY: required with AWS_ACCESS_KEY_ID',
      ]);
      expect(problems({ SMS_PROVIDER: 'sns', AWS_REGION: 'us-east-1', AWS_SECRET_ACCESS_KEY: 's' })).toEqual([
        'AWS_ACCESS_KEY_ID: required with AWS_SECRET_ACCESS_KEY',
      ]);
      expect(() => loadConfig({ SMS_PROVIDER: 'sns', AWS_REGION: 'Virginia' })).toThrow(/AWS_REGION/);
    });

    it('reaches only a loopback fake of the provider when NODE_ENV is test', () => {
      expect(problems({ NODE_ENV: 'test', ...twilio })).toEqual([
        'TWILIO_API_BASE: required when NODE_ENV is test, at 127.0.0.1 (a local fake of the provider)',
      ]);
      expect(() =>
        loadConfig({ NODE_ENV: 'test', ...twilio, TWILIO_API_BASE: 'https://twilio.example.test' }),
      ).toThrow(/TWILIO_API_BASE/);
      expect(
        loadConfig({ NODE_ENV: 'test', ...twilio, TWILIO_API_BASE: 'http://127.0.0.1:9' }).sms,
      ).toMatchObject({ provider: 'twilio' });
      expect(problems({ NODE_ENV: 'test', SMS_PROVIDER: 'sns', AWS_REGION: 'us-east-1' })).toEqual([
        'SNS_ENDPOINT: required when NODE_ENV is test, at 127.0.0.1 (a local fake of the provider)',
      ]);
    });
  });
});
