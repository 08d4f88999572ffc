/**
 * The API's whole configuration, read once from the environment at start-up. Anything invalid stops
 * the process with one readable message listing every problem (see `.env.example` for meanings).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { S3Settings } from './lib/s3-storage';
import { KEY_FILE_NAME, parseSecretKey, type SecretsSettings } from './lib/secret-box';
import { z } from 'zod';
import { ROLES, type Role } from '@dealclub/shared/roles';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An AWS region's name: us-east-1, eu-west-2, ap-southeast-1, … */
const AWS_REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** Where SMS goes (decision 030); unset, it is kept in the mailbox. */
export const SMS_PROVIDERS = ['sns', 'twilio'] as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./.data'),
  FILES_DIR: optionalString,
  PRIVATE_FILES_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  BUYER_MAP_ZIP_DETAIL_MAX: z.coerce.number().int().min(0).max(100_000).default(1000),
  SEED_DEMO: z.enum(['true', 'false', '']).optional(),
  WEB_DIST_DIR: optionalString,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: bool(false),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'at least 16 characters').optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  ENABLE_WEBINAR_BANNER: bool(false),
  WEBINAR_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COGNITO_USER_POOL_ID: optionalString,
  COGNITO_CLIENT_ID: optionalString,
  COGNITO_REGION: z
    .string()
    .regex(AWS_REGION_PATTERN, 'an AWS region such as us-east-2')
    .default('us-east-2'),
  COGNITO_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  IDENTITY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Comma-separated roles whose users must use two-step sign-in (decision 027); `none` for none.
   * Empty is unset, as for the other settings (a copied .env.example changes nothing).
   */
  MFA_REQUIRED_ROLES: z
    .string()
    .optional()
    .transform((text) =>
      !text?.trim()
        ? undefined
        : text.trim() === 'none'
          ? []
          : text
              .split(',')
              .map((role) => role.trim())
              .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES), { error: `each of ${ROLES.join(', ')}, or none` }).optional()),
  USER_CAPACITY: z.coerce.number().int().min(1).default(1000),
  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  GLOBAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  OUTBOX_TEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  REALTIME_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only (at most 64)')
    .default('dealclub:ratelimit:'),
  INVITATION_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: optionalString.transform((v) => v ?? ''),
  EXCLUSIVITY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(48),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString.transform((v) => v ?? 'DealClub <no-reply@dealclub.local>'),
  SMS_PROVIDER: optionalString.pipe(
    z.enum(SMS_PROVIDERS, { error: 'sns or twilio (empty: SMS is kept in the mailbox)' }).optional(),
  ),
  AWS_REGION: optionalString.pipe(
    z.string().regex(AWS_REGION_PATTERN, 'an AWS region such as us-east-1').optional(),
  ),
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  SNS_ENDPOINT: optionalString.pipe(z.url().optional()),
  TWILIO_ACCOUNT_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'AC and 32 hexadecimal digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|\d{5,6})$/, 'a phone number in E.164 (+15125550100) or a short code')
      .optional(),
  ),
  TWILIO_API_BASE: optionalString.pipe(z.url().optional()),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(14),
  CLOSING_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  CLOSING_REMINDERS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  WEBHOOK_ALLOW_LOOPBACK: bool(false),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  PUSHER_APP_ID: optionalString,
  PUSHER_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[\w-]{1,100}$/, 'letters, digits, - and _ only')
      .optional(),
  ),
  PUSHER_SECRET: optionalString,
  PUSHER_HOST: optionalString,
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUSHER_CLUSTER: optionalString,
  PUSHER_USE_TLS: bool(true),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  PUSH_ALLOW_INSECURE_LOOPBACK: bool(false),
  SECRETS_KEY: optionalString,
  SECRETS_KEY_PREVIOUS: optionalString,
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
});

/** Pool id rule of the spec (shell §5) and of the Cognito client library. */
export const USER_POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;
const EMBEDDED_POOL_ID = 'us-east-2_DealClubLocal';
const EMBEDDED_CLIENT_ID = 'dealclublocalwebclient0001';

export interface IdentityConfig {
  /**
   * `embedded`: our own Cognito-compatible provider at /cognito/. `aws`: a real user pool.
   * `misconfigured`: AWS ids were given but are missing or malformed; sign-in is disabled.
   */
  mode: 'embedded' | 'aws' | 'misconfigured';
  userPoolId: string;
  clientId: string;
  region: string;
  /** The `iss` of the pool's tokens. */
  issuer: string;
  /** AWS mode: the user-pool API (default AWS's own for the region; a compatible service if set). */
  endpoint: string;
  rateLimitPerMinute: number;
  /**
   * Roles that must use two-step sign-in: `MFA_REQUIRED_ROLES`, else admin and owner in
   * production, none in demo mode. Embedded mode only; a real pool's MFA is set on the pool.
   */
  mfaRequiredRoles: Role[];
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string | undefined;
  /**
   * Where links in e-mails and webhook payloads point: `PUBLIC_URL`, else http://localhost:PORT.
   * Never the request's Host header, which whoever sends the request chooses.
   */
  origin: string;
  logLevel: string;
  dataDir: string;
  /** Where uploaded files (logos, pictures, photos) are kept; `<dataDir>/files` by default. */
  filesDir: string;
  /**
   * Where private files (mortgage statements) are kept: never under `filesDir`, never served by
   * `/files`; `<dataDir>/private` by default.
   */
  privateFilesDir: string;
  /** An S3-compatible bucket instead of `filesDir`. */
  s3: S3Settings | undefined;
  /** PostgreSQL server; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /**
   * A buyer map naming more ZIP codes than this arrives as regions (the ZIPs sharing their first
   * three digits), each region's ZIPs asked for when it is opened (`?region=`).
   */
  buyerMapZipDetailMax: number;
  /** Demo accounts and deals: on by default with the embedded database, off with a server. */
  seedDemo: boolean;
  webDistDir: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /**
   * `GET /metrics` answers loopback without it; anyone else must send `Authorization: Bearer <token>`.
   * Unset: loopback only.
   */
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  features: { enableWebinarBanner: boolean; webinarUrl: string | undefined };
  identity: IdentityConfig;
  access: {
    /** Active users the club takes; request access joins the waitlist beyond it. */
    userCapacity: number;
    /** Invitations created per batch when the caller does not say. */
    invitationBatchSize: number;
    /** Requests a minute per client address to the public forms (request access, sign-up). */
    publicFormRateLimitPerMinute: number;
  };
  deals: {
    /** First right of refusal: how long a new exclusive deal is shown to priority buyers only. */
    exclusivityHours: number;
  };
  mail: {
    /** SMTP server for the outbox; when absent e-mail is kept in the admin mailbox. */
    smtpUrl: string | undefined;
    from: string;
  };
  /** Where SMS goes (decision 030). */
  sms: SmsConfig;
  alerts: {
    /** The hour (UTC, 0–23) daily digests go out, and weekly summaries on Mondays. */
    digestHour: number;
  };
  /** The closing room's milestone reminders (DECISIONS.md, The closing room). */
  closing: {
    /** The hour (0–23) in each member's time zone from which a day's reminders go out: 9. */
    reminderHour: number;
    /** How often the reminders due are looked for. */
    remindersIntervalMs: number;
  };
  /** The offer webhook's address policy (decision 011). */
  webhooks: {
    /** `http:` URLs besides `https:`: development and test only. */
    allowHttp: boolean;
    /** Deliveries to 127.0.0.1 and ::1 (the tests' receivers); refused outside NODE_ENV=test. */
    allowLoopback: boolean;
  };
  realtime: RealtimeConfig;
  push: PushConfig;
  /** Secrets at rest (decision 018): the keys that seal stored webhook secrets. */
  secrets: SecretsSettings;
  /** How long settled rows are kept before the hourly prune deletes them (never unsettled ones). */
  retention: {
    /** Delivered or failed webhook deliveries (the integrations tab's log). */
    webhookDeliveryDays: number;
    /** Sent, kept or failed outbox messages (the admin mailbox). */
    outboxDays: number;
    /** Finished background jobs. */
    jobDays: number;
  };
  rateLimits: RateLimitConfig;
  version: string;
}

/**
 * The limits every instance shares (docs/architecture.md, Rate limits): counted in Redis when
 * `REDIS_URL` is set, in this instance's memory otherwise. Each is a budget a minute.
 */
export interface RateLimitConfig {
  redisUrl: string | undefined;
  /** Starts every counter's Redis key: deployments (or test runs) sharing one Redis keep apart. */
  keyPrefix: string;
  /** Requests to /api/* per client address (not /api/health). */
  globalPerMinute: number;
  /** 'Send test event' (the offer webhook's) per user. */
  webhookTestPerMinute: number;
  /** The admin Outbox's 'Send a test message' per admin. */
  outboxTestPerMinute: number;
  /** New realtime (WebSocket) connections per client address. */
  realtimeConnectionsPerMinute: number;
}

/**
 * SMS delivery (decision 030): `mailbox` keeps every SMS in the admin mailbox (no `SMS_PROVIDER`);
 * `sns` publishes through Amazon SNS with the SDK's usual credentials; `twilio` posts to Twilio's
 * Messages API. `endpoint` / `apiBase` point the provider elsewhere (the tests' loopback fakes).
 */
export type SmsConfig =
  | { provider: 'mailbox' }
  | { provider: 'sns'; region: string; endpoint: string | undefined }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };

/**
 * Twilio's public API: the default of `TWILIO_API_BASE` (its one mention in the project), never
 * reached by the tests, which must name a loopback fake (smsConfig).
 */
const TWILIO_DEFAULT_API_BASE = 'https://api.twilio.com';

/** Web Push (DECISIONS.md, Matching and alerts: push): off unless the VAPID keys are set. */
export interface PushConfig {
  /** The application server's key pair (base64url, as `npx web-push generate-vapid-keys` prints). */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /**
   * Endpoints at `http://127.0.0.1` or `http://[::1]` besides https ones: the tests' fake push
   * service; refused in production.
   */
  allowInsecureLoopback: boolean;
}

/**
 * Realtime (PROTOCOLS.md B, decision 012). `embedded`: our Pusher-protocol server on the API's own
 * port; `hosted`: Pusher Channels or soketi, where the server publishes with the `pusher` SDK and
 * browsers connect. `redisUrl` fans embedded events out across instances.
 */
export interface RealtimeConfig {
  mode: 'embedded' | 'hosted';
  appId: string;
  key: string;
  secret: string;
  /** Hosted: the service's host and port (null: Pusher's own for the cluster). */
  host: string | null;
  port: number | null;
  cluster: string;
  useTLS: boolean;
  redisUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The `.env` file of the working directory, when there is one, into `process.env` (variables already
 * set win): the server and every CLI (`db:backup`, `secrets:rotate`, …) read the same settings.
 */
export function loadDotEnv(): void {
  const file = path.resolve('.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const seedDemo = e.SEED_DEMO === undefined || e.SEED_DEMO === '' ? !e.DATABASE_URL : e.SEED_DEMO === 'true';
  if (e.ENABLE_WEBINAR_BANNER && !e.WEBINAR_URL) {
    throw new ConfigError(['WEBINAR_URL: required when ENABLE_WEBINAR_BANNER is true']);
  }
  // Loopback is the one internal address a test receiver can listen on; nowhere else may a
  // setting open the webhook to this machine's own services.
  if (e.WEBHOOK_ALLOW_LOOPBACK && e.NODE_ENV !== 'test') {
    throw new ConfigError(['WEBHOOK_ALLOW_LOOPBACK: allowed only when NODE_ENV is test']);
  }
  const origin = e.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    origin,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    privateFilesDir: path.resolve(e.PRIVATE_FILES_DIR ?? path.join(e.DATA_DIR, 'private')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    buyerMapZipDetailMax: e.BUYER_MAP_ZIP_DETAIL_MAX,
    seedDemo,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    features: { enableWebinarBanner: e.ENABLE_WEBINAR_BANNER, webinarUrl: e.WEBINAR_URL },
    identity: identityConfig(
      e.COGNITO_USER_POOL_ID,
      e.COGNITO_CLIENT_ID,
      e.COGNITO_REGION,
      origin,
      e.IDENTITY_RATE_LIMIT_PER_MINUTE,
      e.COGNITO_ENDPOINT,
      e.MFA_REQUIRED_ROLES ?? (e.NODE_ENV === 'production' && !seedDemo ? ['admin', 'owner'] : []),
    ),
    access: {
      userCapacity: e.USER_CAPACITY,
      invitationBatchSize: e.INVITATION_BATCH_SIZE,
      publicFormRateLimitPerMinute: e.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE,
    },
    deals: { exclusivityHours: e.EXCLUSIVITY_HOURS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: smsConfig(e),
    alerts: { digestHour: e.DIGEST_HOUR },
    closing: {
      reminderHour: e.CLOSING_REMINDER_HOUR,
      remindersIntervalMs: e.CLOSING_REMINDERS_INTERVAL_SECONDS * 1000,
    },
    webhooks: { allowHttp: e.NODE_ENV !== 'production', allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK },
    realtime: realtimeConfig(e),
    push: pushConfig(e),
    secrets: secretsConfig(e),
    retention: {
      webhookDeliveryDays: e.WEBHOOK_DELIVERY_RETENTION_DAYS,
      outboxDays: e.OUTBOX_RETENTION_DAYS,
      jobDays: e.JOB_RETENTION_DAYS,
    },
    rateLimits: {
      redisUrl: e.REDIS_URL,
      keyPrefix: e.RATE_LIMIT_KEY_PREFIX,
      globalPerMinute: e.GLOBAL_RATE_LIMIT_PER_MINUTE,
      webhookTestPerMinute: e.WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE,
      outboxTestPerMinute: e.OUTBOX_TEST_RATE_LIMIT_PER_MINUTE,
      realtimeConnectionsPerMinute: e.REALTIME_CONNECTIONS_PER_MINUTE,
    },
    version: readVersion(),
  };
}

/** The problem of a server database without `SECRETS_KEY`: what to set, and how to make a key. */
const SECRETS_KEY_REQUIRED = `SECRETS_KEY: required with DATABASE_URL, the same on every instance (the key file under DATA_DIR is for the embedded database only); make one with: openssl rand -base64 32 (or: node -p "require('node:crypto').randomBytes(32).toString('base64')")`;

function secretsConfig(e: z.infer<typeof EnvSchema>): SecretsSettings {
  const problems: string[] = [];
  const keys: Buffer[] = [];
  const current = e.SECRETS_KEY ? parseSecretKey(e.SECRETS_KEY) : undefined;
  if (e.SECRETS_KEY && !current)
    problems.push('SECRETS_KEY: must be 32 bytes in base64 (openssl rand -base64 32)');
  if (current) keys.push(current);
  const previous = (e.SECRETS_KEY_PREVIOUS ?? '').split(',').filter((text) => text.trim());
  if (previous.length && !e.SECRETS_KEY) problems.push('SECRETS_KEY_PREVIOUS: only with SECRETS_KEY');
  for (const [index, text] of previous.entries()) {
    const key = parseSecretKey(text);
    if (key) keys.push(key);
    else problems.push(`SECRETS_KEY_PREVIOUS: key ${index + 1} is not 32 bytes in base64`);
  }
  // Every instance on a shared database, and every restart, must seal and open with the same key,
  // in every mode: a key file belongs to one data directory, and the secrets it sealed would not
  // open from another (sign-in would fail on a server that started cleanly). The key file is the
  // embedded database's alone, beside its data.
  if (!e.SECRETS_KEY && e.DATABASE_URL) problems.push(SECRETS_KEY_REQUIRED);
  if (problems.length) throw new ConfigError(problems);
  return { keys, keyFile: path.resolve(e.DATA_DIR, KEY_FILE_NAME) };
}

/** Is `url` on this machine's loopback (127.0.0.1, ::1, localhost)? */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === '[::1]' || host === 'localhost';
}

function smsConfig(e: z.infer<typeof EnvSchema>): SmsConfig {
  if (!e.SMS_PROVIDER) return { provider: 'mailbox' };
  const problems: string[] = [];
  const required = (name: string, value: string | undefined) => {
    if (!value) problems.push(`${name}: required with SMS_PROVIDER=${e.SMS_PROVIDER}`);
  };
  // Tests never reach a real provider: with NODE_ENV=test the provider must be a loopback fake.
  const loopbackInTests = (name: string, value: string | undefined) => {
    if (e.NODE_ENV === 'test' && (!value || !isLoopbackUrl(value)))
      problems.push(`${name}: required when NODE_ENV is test, at 127.0.0.1 (a local fake of the provider)`);
  };
  if (e.SMS_PROVIDER === 'sns') {
    required('AWS_REGION', e.AWS_REGION);
    // The SDK's usual credentials (environment, profile, role) are looked up when it first sends;
    // a key id without its secret, or the reverse, is a mistake that can be named now.
    if (e.AWS_ACCESS_KEY_ID && !e.AWS_SECRET_ACCESS_KEY)
      problems.push('AWS_SECRET_ACCESS_KEY: required with AWS_ACCESS_KEY_ID');
    if (e.AWS_SECRET_ACCESS_KEY && !e.AWS_ACCESS_KEY_ID)
      problems.push('AWS_ACCESS_KEY_ID: required with AWS_SECRET_ACCESS_KEY');
    loopbackInTests('SNS_ENDPOINT', e.SNS_ENDPOINT);
    if (problems.length) throw new ConfigError(problems);
    return { provider: 'sns', region: e.AWS_REGION!, endpoint: e.SNS_ENDPOINT };
  }
  required('TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID);
  required('TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN);
  required('TWILIO_FROM', e.TWILIO_FROM);
  loopbackInTests('TWILIO_API_BASE', e.TWILIO_API_BASE);
  if (problems.length) throw new ConfigError(problems);
  return {
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM!,
    apiBase: (e.TWILIO_API_BASE ?? TWILIO_DEFAULT_API_BASE).replace(/\/+$/, ''),
  };
}

function pushConfig(e: z.infer<typeof EnvSchema>): PushConfig {
  if (e.PUSH_ALLOW_INSECURE_LOOPBACK && e.NODE_ENV === 'production') {
    throw new ConfigError(['PUSH_ALLOW_INSECURE_LOOPBACK: not allowed when NODE_ENV is production']);
  }
  const allowInsecureLoopback = e.PUSH_ALLOW_INSECURE_LOOPBACK;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  if (!publicKey && !privateKey && !subject) return { vapid: undefined, allowInsecureLoopback };
  const problems: string[] = [];
  const publicBytes = base64urlBytes(publicKey);
  const privateBytes = base64urlBytes(privateKey);
  if (publicBytes?.length !== 65 || publicBytes[0] !== 4) {
    problems.push('VAPID_PUBLIC_KEY: required with the other VAPID settings; 65 bytes in base64url');
  }
  if (privateBytes?.length !== 32) {
    problems.push('VAPID_PRIVATE_KEY: required with the other VAPID settings; 32 bytes in base64url');
  }
  if (!subject || !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(subject)) {
    problems.push('VAPID_SUBJECT: required with the VAPID keys; a mailto: address or an https: URL');
  }
  if (!problems.length && publicBytes && privateBytes) {
    const pair = createECDH('prime256v1');
    try {
      pair.setPrivateKey(privateBytes);
      if (!pair.getPublicKey().equals(publicBytes))
        problems.push('VAPID_PUBLIC_KEY: not the private key’s pair');
    } catch {
      problems.push('VAPID_PRIVATE_KEY: not a P-256 private key');
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    vapid: { publicKey: publicKey!, privateKey: privateKey!, subject: subject! },
    allowInsecureLoopback,
  };
}

/** Unpadded base64url (what web-push and browsers use) decoded, or undefined. */
function base64urlBytes(text: string | undefined): Buffer | undefined {
  return text && /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : undefined;
}

const TEST_REALTIME_SECRET = 'dealclub-test-realtime-secret';

function realtimeConfig(e: z.infer<typeof EnvSchema>): RealtimeConfig {
  const hosted = Boolean(e.PUSHER_HOST || e.PUSHER_CLUSTER);
  if (hosted) {
    const missing = (['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const).filter((name) => !e[name]);
    if (missing.length)
      throw new ConfigError(missing.map((name) => `${name}: required with PUSHER_HOST or PUSHER_CLUSTER`));
  }
  // Every instance must sign and check channel authorisations with the same secret; one instance
  // alone may make its own at start (clients authorise again when they reconnect).
  if (!hosted && !e.PUSHER_SECRET && e.NODE_ENV !== 'test' && e.REDIS_URL) {
    throw new ConfigError(['PUSHER_SECRET: required when REDIS_URL is set (every instance must share it)']);
  }
  // The fixed secret is for tests only: a deployment that forgot NODE_ENV must not sign with a
  // secret anyone can read here.
  const secret =
    e.PUSHER_SECRET ?? (e.NODE_ENV === 'test' ? TEST_REALTIME_SECRET : randomBytes(32).toString('hex'));
  return {
    mode: hosted ? 'hosted' : 'embedded',
    appId: e.PUSHER_APP_ID ?? 'dealclub',
    key: e.PUSHER_KEY ?? 'dealclub-key',
    secret,
    host: e.PUSHER_HOST ?? null,
    port: e.PUSHER_PORT ?? null,
    cluster: e.PUSHER_CLUSTER ?? 'us3',
    useTLS: e.PUSHER_USE_TLS,
    redisUrl: e.REDIS_URL,
  };
}

function identityConfig(
  poolId: string | undefined,
  clientId: string | undefined,
  region: string,
  origin: string,
  rateLimitPerMinute: number,
  endpoint: string | undefined,
  mfaRequiredRoles: Role[],
): IdentityConfig {
  if (!poolId && !clientId) {
    return {
      mode: 'embedded',
      userPoolId: EMBEDDED_POOL_ID,
      clientId: EMBEDDED_CLIENT_ID,
      region,
      issuer: `${origin}/cognito/${EMBEDDED_POOL_ID}`,
      endpoint: `${origin}/cognito/`,
      rateLimitPerMinute,
      mfaRequiredRoles,
    };
  }
  const valid = Boolean(poolId && clientId && poolId.length <= 55 && USER_POOL_ID_PATTERN.test(poolId));
  return {
    mode: valid ? 'aws' : 'misconfigured',
    userPoolId: poolId ?? '',
    clientId: clientId ?? '',
    region,
    issuer: `https://cognito-idp.${region}.amazonaws.com/${poolId ?? ''}`,
    endpoint: endpoint ?? `https://cognito-idp.${region}.amazonaws.com/`,
    rateLimitPerMinute,
    mfaRequiredRoles,
  };
}

function readVersion(): string {
  try {
    // The version of the whole product is the root package's.
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}
