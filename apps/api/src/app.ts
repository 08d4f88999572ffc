/**
 * Builds the Fastify application: external plugins first (security headers, docs), then the app's
 * own plugins (errors), then the routes of each module, then the web app. Tests build one app per
 * test on a fresh database and drive it with `app.inject` or a real socket.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accessRoutes } from './modules/access/routes';
import { adminRoutes } from './modules/admin/routes';
import { registerAnalytics } from './modules/analytics/plugin';
import { analyticsRoutes } from './modules/analytics/routes';
import { alertRoutes } from './modules/alerts/routes';
import { authRoutes } from './modules/auth/routes';
import { chatRoutes } from './modules/chat/routes';
import { configRoutes } from './modules/config/routes';
import { dealRoutes } from './modules/deals/routes';
import { fileRoutes } from './modules/files/routes';
import { geoRoutes } from './modules/geo/routes';
import { healthRoutes } from './modules/health/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { helpRoutes } from './modules/help/routes';
import { roadmapRoutes } from './modules/roadmap/routes';
import { profileRoutes } from './modules/profile/routes';
import { registerProfileFacts } from './modules/profile/plugin';
import { registerMatchProfile } from './modules/matching/plugin';
import { mfaAdminFor, registerMfaJoin, type MfaAdmin } from './modules/identity';
import { identityRoutes } from './modules/identity/routes';
import { startBackgroundWork, type BackgroundWork } from './background';
import { closingRoutes } from './modules/closing/routes';
import { offerRoutes } from './modules/offers/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { pushRoutes } from './modules/push/routes';
import type { HubOptions } from './modules/realtime';
import { registerRealtime } from './modules/realtime/plugin';
import { savedSearchRoutes } from './modules/saved-searches/routes';
import { trainingRoutes } from './modules/training/routes';
import { verificationRoutes } from './modules/verifications/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { registerAccessChecks } from './plugins/access';
import { registerAuth } from './plugins/auth';
import { registerIdempotency } from './plugins/idempotency';
import { clientErrorHandler } from './plugins/client-error';
import { registerCompression } from './plugins/compression';
import { registerApiDocs } from './plugins/docs';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerJsonBody } from './plugins/json-body';
import { registerMetrics } from './plugins/metrics';
import { registerRateLimits } from './plugins/rate-limit';
import { genReqId } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security';
import { registerShutdownRefusal } from './plugins/shutdown';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web';
import { S3Storage } from './lib/s3-storage';
import { openSecretBox, type SecretBox } from './lib/secret-box';
import { LocalDiskStorage, type FileStorage } from './lib/storage';

/** The configured file storage: an S3-compatible bucket when `S3_BUCKET` is set, else local disk. */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.filesDir);
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    storage: FileStorage;
    /** Seals and opens stored secrets (decision 018). */
    secrets: SecretBox;
    /** Two-step sign-in as the identity provider keeps it; none while sign-in is misconfigured. */
    mfaAdmin: MfaAdmin | undefined;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Owned by the app from now on: closed when the app closes. */
  database: Database;
  /** Run the background work (outbox delivery, jobs) while the app is up; the server does, tests not. */
  startWorkers?: boolean;
  /** Where uploads go; local disk under `config.filesDir` unless given. */
  storage?: FileStorage;
  /** Stored secrets' keys; opened from `config.secrets` (made under DATA_DIR if need be) unless given. */
  secrets?: SecretBox;
  /** Two-step sign-in's provider side; the configured provider's unless given (a fake pool's, in tests). */
  mfaAdmin?: MfaAdmin;
  /** The embedded realtime server's timings and limits (tests shorten them). */
  realtimeHub?: Partial<HubOptions>;
  /** `GET /metrics` and the request-duration hook; on unless false (the bench's baseline). */
  metrics?: boolean;
  /** Told of every route as it is added (the authorisation matrix test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({
  config,
  database,
  startWorkers = false,
  storage,
  secrets,
  mfaAdmin,
  realtimeHub,
  metrics = true,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
    },
    genReqId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Keep-alive sockets that are idle are closed at shutdown; busy ones finish their request.
    forceCloseConnections: 'idle',
    // Requests that arrive while closing are answered by `registerShutdownRefusal`, in the error model.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', storage ?? createStorage(config));
  app.decorate('secrets', secrets ?? openSecretBox(config.secrets, config.env));
  app.decorate(
    'mfaAdmin',
    mfaAdmin ??
      mfaAdminFor(config.identity, database.db, (err) =>
        app.log.warn({ err }, 'the user pool did not say whether MFA is on'),
      ),
  );
  app.addHook('onClose', async () => {
    await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerApiDocs(app, config.version);
  registerErrorHandling(app);
  registerShutdownRefusal(app);
  registerJsonBody(app);
  registerTextGuard(app);
  await registerRateLimits(app);
  await registerAuth(app);
  // The roles and guards routes declare: after the token, before the body (decision 026).
  registerAccessChecks(app);
  // Idempotency keys of the create calls: after those checks, before the routes' rate limits.
  registerIdempotency(app);
  // What routes may have the auth hook read with the user, registered by the modules that own it.
  registerMatchProfile(app);
  registerProfileFacts(app);
  registerMfaJoin(app);
  await registerRealtime(app, realtimeHub);
  registerMetrics(app, { enabled: metrics });
  // Deal views and buyer analytics, which the deal page and the profile reach (modules/analytics).
  registerAnalytics(app);

  if (config.identity.mode === 'embedded') await identityRoutes(app);
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(accessRoutes);
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(profileRoutes);
  await app.register(webhookRoutes);
  await app.register(geoRoutes);
  await app.register(dealRoutes);
  await app.register(verificationRoutes);
  await app.register(offerRoutes);
  await app.register(closingRoutes);
  await app.register(chatRoutes);
  await app.register(trainingRoutes);
  await app.register(helpRoutes);
  await app.register(roadmapRoutes);
  await app.register(feedbackRoutes);
  await app.register(fileRoutes);
  await app.register(adminRoutes);
  await app.register(outboxRoutes);
  await app.register(alertRoutes);
  await app.register(savedSearchRoutes);
  await app.register(pushRoutes);
  await app.register(analyticsRoutes);

  await registerWebApp(app, config.webDistDir);

  if (startWorkers) {
    // onClose hooks run last-added first: the work stops before the database closes.
    let background: BackgroundWork | undefined;
    app.addHook('onReady', async () => {
      background = startBackgroundWork(app);
    });
    app.addHook('onClose', async () => {
      await background?.stop();
    });
  }
  return app;
}
