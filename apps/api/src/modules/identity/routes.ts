/**
 * The embedded identity provider's HTTP surface (PROTOCOLS.md A): `POST /cognito/` with the action
 * in `X-Amz-Target`, CORS preflight for the browser client, and the JWKS. Only mounted when no AWS
 * user pool is configured. Every action is rate limited per client address, through the shared
 * limiter (Redis with `REDIS_URL`), so the budget holds across instances.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Limit } from '../../lib/rate-limit';
import { AppError } from '../../lib/app-error';
import { SecretKeyUnavailableError } from '../../lib/secret-box';
import { checkedJsonParser } from '../../plugins/json-body';
import { runAction } from './actions';
import { identityContext } from './context';
import { CognitoError } from './cognito-error';
import { IdentityKeysUnavailableError, publishedKeys } from './keys';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, cache-control, authorization',
  'access-control-max-age': '600',
};

function sendCognitoError(reply: FastifyReply, error: { type: string; message: string }, status = 400) {
  return reply
    .status(status)
    .headers(CORS_HEADERS)
    .header('x-amzn-errortype', `${error.type}:`)
    .type('application/x-amz-json-1.1')
    .send(JSON.stringify({ __type: error.type, message: error.message }));
}

function actionOf(request: FastifyRequest): string {
  const target = request.headers['x-amz-target'];
  return typeof target === 'string' && target.startsWith(TARGET_PREFIX)
    ? target.slice(TARGET_PREFIX.length)
    : '';
}

export async function identityRoutes(app: FastifyInstance) {
  const { identity } = app.config;
  const ctx = identityContext(app);

  await app.register(async (scope) => {
    // The app's JSON checks (depth, prototype keys), answered in the Cognito protocol.
    const parseJson = checkedJsonParser(scope);
    scope.addContentTypeParser(
      ['application/x-amz-json-1.1', 'application/x-amz-json-1.0'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (request, body, done) => {
        if (body === '') return done(null, {});
        parseJson(request, body as string, (error, value) => {
          if (!error) return done(null, value);
          const message =
            error instanceof AppError && error.code === 'JSON_TOO_DEEP'
              ? 'The request body nests too deeply.'
              : 'The request body is not valid JSON.';
          done(new CognitoError('InvalidParameterException', message), undefined);
        });
      },
    );
    const limit: Limit = { name: 'identity', max: identity.rateLimitPerMinute, windowMs: 60_000 };
    const actionLimit = async (request: FastifyRequest, reply: FastifyReply) => {
      // Each action its own budget; the name is the client's text, so its length is bounded.
      const key = `ip:${request.ip}:${actionOf(request).slice(0, 64)}`;
      const verdict = await app.rateLimiter.check(limit, key);
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfterSec));
      // The client library reads a Cognito error; answer in its protocol, not ours.
      throw new CognitoError('TooManyRequestsException', 'Rate exceeded');
    };
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof CognitoError) return sendCognitoError(reply, error);
      // The signing key does not open with this instance's secrets keys: AWS's own 503 (one of its
      // common errors), never an InternalErrorException; GET /api/health answers 503 meanwhile.
      // A user's sealed authenticator secret that this instance's keys do not open (another
      // instance sealed it with a newer key during a rotation): the same 503.
      if (error instanceof SecretKeyUnavailableError) {
        request.log.error({ keyId: error.keyId }, 'identity action failed: a stored secret does not open');
        return sendCognitoError(reply, { type: 'ServiceUnavailable', message: error.message }, 503);
      }
      if (error instanceof IdentityKeysUnavailableError) {
        request.log.error({ kid: error.kid, problem: error.problem }, 'identity action failed: signing key');
        return sendCognitoError(reply, { type: 'ServiceUnavailable', message: error.message }, 503);
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500) {
        return sendCognitoError(
          reply,
          new CognitoError('InvalidParameterException', 'The request is not valid.'),
        );
      }
      request.log.error({ err: error }, 'identity action failed');
      return reply
        .status(500)
        .headers(CORS_HEADERS)
        .type('application/x-amz-json-1.1')
        .send(JSON.stringify({ __type: 'InternalErrorException', message: 'Internal error' }));
    });

    scope.options('/cognito/', async (_request, reply) => reply.status(204).headers(CORS_HEADERS).send());
    scope.post('/cognito/', { onRequest: actionLimit }, async (request, reply) => {
      const action = actionOf(request);
      if (!action) throw new CognitoError('UnknownOperationException', 'Missing X-Amz-Target');
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new CognitoError('InvalidParameterException', 'The request body must be a JSON object.');
      }
      const result = await runAction(ctx, action, body as Record<string, unknown>);
      return reply
        .status(200)
        .headers(CORS_HEADERS)
        .header('cache-control', 'no-store')
        .type('application/x-amz-json-1.1')
        .send(JSON.stringify(result ?? {}));
    });
    scope.get(`/cognito/${identity.userPoolId}/.well-known/jwks.json`, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300').headers(CORS_HEADERS);
      return { keys: await publishedKeys(app.database.db) };
    });
  });
}
