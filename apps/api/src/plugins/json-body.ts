/**
 * JSON bodies (issue 19): no body of ours nests deeper than a few levels, and code that walks a
 * parsed body (the NUL guard, validation, serialisers, PostgreSQL's jsonb) may recurse once per level.
 * So the depth is checked on the raw text, in one loop without recursion, before the text is parsed:
 * deeper than `MAX_JSON_DEPTH` answers 400 `JSON_TOO_DEEP`. Parsing is Fastify's own (secure-json-parse,
 * which refuses `__proto__` and `constructor.prototype` keys: 400 `INVALID_JSON`). The embedded
 * Cognito and Pusher endpoints parse their bodies with the same checks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** Objects and arrays inside one another: far more than any body of the API holds (a few levels). */
export const MAX_JSON_DEPTH = 64;

/** Whether `text`, read as JSON, opens more than `limit` objects or arrays inside one another. */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;
export type JsonParser = (request: FastifyRequest, text: string, done: Done) => void;

/**
 * Fastify's JSON parser behind the depth check; errors as Fastify's (empty or invalid body) or
 * `JSON_TOO_DEEP`, for the scope's error handler to answer in its protocol.
 */
export function checkedJsonParser(app: FastifyInstance): JsonParser {
  const parse = app.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  return (request, text, done) => {
    if (jsonTooDeep(text)) return done(new AppError('JSON_TOO_DEEP'));
    parse(request, text, done);
  };
}

/** `application/json` for every route: the depth check, then Fastify's parser. */
export function registerJsonBody(app: FastifyInstance) {
  const parser = checkedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parser(request, body as string, done),
  );
}
