/**
 * The error model of API.md: every failure answers `{ code, message, errors? }`. Validation errors
 * are 400 with one entry per field; Fastify's own 4xx (bad JSON, wrong content type, body too large)
 * get stable codes; anything unexpected is logged with its stack and answered 500 with the generic
 * message, so no stack trace, SQL text or internal detail reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage } from '@dealclub/shared/error-messages';
import { type ErrorBody, type ErrorCode, type FieldError } from '@dealclub/shared/errors';
import { AppError } from '../lib/app-error';
import { translate } from '../lib/i18n';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'AUTHENTICATION_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function body(code: ErrorCode, message = errorMessage(code), errors?: FieldError[]): ErrorBody {
  return errors ? { code, message, errors } : { code, message };
}

/** `/zipCode` or `/items/0/name` → `zipCode`, `items.0.name`. */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').join('.');
}

/** Shared schemas carry locale keys as messages (`auth.validation.email`); the API speaks English. */
function englishMessage(message: string): string {
  if (!/^[a-z]\w*(\.\w+)+$/.test(message)) return message;
  try {
    return translate('en', message);
  } catch {
    return message;
  }
}

export function sendError(reply: FastifyReply, status: number, payload: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

/**
 * Fastify's refusals before a route is found (a URL that does not decode, a path parameter over its
 * length): the same model, `400 BAD_REQUEST`, not Fastify's own body. Passed as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') {
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, body('INTERNAL'));
  }
  request.log.info({ err: { code: error.code, message: error.message } }, 'request rejected');
  return sendError(reply, 400, body('BAD_REQUEST'));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const payload = body(error.code, error.message, error.errors);
      return sendError(reply, error.statusCode, {
        ...payload,
        ...(error.details ? { details: error.details } : {}),
        ...(error.open ? { open: error.open } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v): FieldError => {
        const path = fieldPath(v.instancePath);
        const message = v.message ?? 'Invalid value';
        const english = englishMessage(message);
        // A locale key as message: the client shows the same key in the user's language.
        return english === message ? { path, message } : { path, message: english, key: message };
      });
      return sendError(reply, 400, body('VALIDATION_FAILED', undefined, errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const isJsonSyntax =
        error instanceof SyntaxError ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      const code = status === 400 && isJsonSyntax ? 'INVALID_JSON' : (STATUS_CODES[status] ?? 'BAD_REQUEST');
      request.log.info({ err: { code: error.code, message: error.message } }, 'request rejected');
      return sendError(reply, status, body(code));
    }
    request.log.error({ err: error }, 'request failed');
    if (status === 503) return sendError(reply, 503, body('SERVICE_UNAVAILABLE'));
    return sendError(reply, 500, body('INTERNAL'));
  });
}
