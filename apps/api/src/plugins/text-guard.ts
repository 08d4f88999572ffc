/**
 * PostgreSQL text cannot hold the NUL character: a string with one would fail in the database and
 * answer 500. Every JSON body, query string and path parameter is checked before validation, and a
 * NUL answers 400 on the field that carries it.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, fieldError } from '../lib/app-error';

/** The path of the first string in `value` that contains NUL, or null. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(key, [...path, key]) ?? nulPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = nulPath(request.params) ?? nulPath(request.query) ?? nulPath(request.body);
    if (found !== null) {
      throw new AppError('VALIDATION_FAILED', undefined, [fieldError(found, 'validation.invalidCharacter')]);
    }
  });
}
