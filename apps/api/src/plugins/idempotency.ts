/**
 * Idempotency keys on the create calls a retry could repeat (API.md, Conventions; issue 33;
 * decision 028). A client sends `Idempotency-Key` (the IETF draft's header) with each submission;
 * the first answer of a key is stored per user for 24 hours and answered again to a repeat, with
 * `Idempotent-Replayed: true`, so a form sent again after a lost answer or a new sign-in is not
 * created twice. A route takes a key by its config:
 *
 * - `idempotent: true`: claimed in a `preHandler` from the JSON body as received;
 * - `idempotent: 'in-handler'`: the handler claims the key with {@link answeredAgain} once it has
 *   made its own checks — a multipart form it reads itself, a refusal that depends on the body —
 *   and only then is the header looked at.
 *
 * The claim comes after the order of checks of decision 026 (plugins/access.ts): the token, the
 * roles (an `onRequest` hook), the body's validation; and a caller who may not act gets 401, 403
 * or 404 whatever key they send (or the route's own 429, as without a key, once over its budget).
 * A new key is claimed at once and the handler's own statements refuse such a caller (the refusal
 * frees the claim), so a keyed write costs no extra round trip for the route's guard; whatever else
 * the key would be answered with — a malformed key, a repeat, another body, a key in flight — is
 * first put to the guard (issue 32). It comes before the routes' own pre-handlers (their rate
 * limits), so a repeat answered again counts against no budget (the `'in-handler'` routes claim
 * after theirs, so there it does). Then, per user and key, in one statement: a key never seen (or
 * seen more than 24 hours ago) is claimed and the call runs; one seen with another method, path or body is 422
 * `IDEMPOTENCY_KEY_REUSED`; one whose first call has not been answered yet is 409
 * `IDEMPOTENCY_KEY_IN_FLIGHT` (never run twice); one answered is answered again. A 2xx answer is
 * stored as it goes out (`onSend`, before the client can see it); any other deletes the claim, so
 * the user can correct the form and send it again with the same key. Without the header, nothing
 * of this runs.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_KEY_MAX_LENGTH } from '@dealclub/shared/constants';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { prepareNamed } from '../db/prepared';
import { AppError } from '../lib/app-error';
import type { AccessGuard } from './access';
import { isPublicRoute, requireUser } from './auth';

/** The request header (lower case, as Node gives it). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The answer header of a repeat answered with the first result. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** 1 to 255 visible ASCII characters (a UUID, say). */
const BARE_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
/** The draft's own form, a structured-field string: the same characters in double quotes, no escapes. */
const QUOTED_KEY = new RegExp(`^"([\\x21\\x23-\\x5b\\x5d-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}})"$`);

/** Whether a row is younger than its 24 hours, in the database's clock (the one `created_at` uses). */
const live = sql<boolean>`${idempotencyKeys.createdAt} > now() - ${IDEMPOTENCY_KEY_HOURS} * interval '1 hour'`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` (plugins/idempotency.ts): `true` claims it from the JSON
     * body before the handler; `'in-handler'` leaves the header and the claim to the handler, after
     * its own checks (`answeredAgain`).
     */
    idempotent?: true | 'in-handler';
  }
}

/**
 * The header in a route's `schema.headers`, for the API reference; any string passes validation, as
 * the plugin answers a malformed key with its own code.
 */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .describe(
      'A key of this submission (1 to 255 visible ASCII characters, e.g. a UUID), sent again with a ' +
        'retry: the first answer is kept per user for 24 hours and answered again, with ' +
        '`Idempotent-Replayed: true`; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED, ' +
        'one whose first request is still running 409 IDEMPOTENCY_KEY_IN_FLIGHT.',
    ),
});

/** The key a header value names, or `IDEMPOTENCY_KEY_INVALID`. */
export function parseIdempotencyKey(value: string | string[]): string {
  if (typeof value === 'string') {
    if (BARE_KEY.test(value) && !value.startsWith('"')) return value;
    const quoted = QUOTED_KEY.exec(value);
    if (quoted) return quoted[1]!;
  }
  throw new AppError('IDEMPOTENCY_KEY_INVALID');
}

/**
 * JSON with every object's keys sorted, so that two bodies that differ only in the order of their
 * fields are the same request. Bodies nest at most 64 levels (plugins/json-body.ts).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the method, the concrete path (its parameters in it) and the body. */
export function requestHash(method: string, path: string, content: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(content)}`)
    .digest('hex');
}

type State =
  /** Sent with a key (the header as it came); the hash of a JSON body as received. */
  | { phase: 'sent'; key: string | string[]; hash?: string }
  /** This request holds the claim: its answer is stored, or the claim deleted. */
  | { phase: 'claimed'; userId: string; key: string }
  /** Answered again, or finished with. */
  | { phase: 'done' };

const states = new WeakMap<FastifyRequest, State>();

type Claim = { claimed: true } | { claimed: false; statusCode: number; response: string };

/**
 * The two statements every keyed write sends (the claim, and the answer stored), built and named
 * once per database handle: not rebuilt by every write, and planned once per connection.
 */
function prepareKeyStatements(db: Db) {
  const userId = sql.placeholder('userId');
  const key = sql.placeholder('key');
  return {
    claim: prepareNamed(
      'idempotency_claim',
      db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: sql.placeholder('hash') })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: {
            requestHash: sql`excluded.request_hash`,
            statusCode: null,
            response: null,
            createdAt: sql`now()`,
          },
          setWhere: sql`not (${live})`,
        })
        .returning({ key: idempotencyKeys.key }),
    ),
    store: prepareNamed(
      'idempotency_store',
      db
        .update(idempotencyKeys)
        .set({
          statusCode: sql`${sql.placeholder('statusCode')}`,
          response: sql`${sql.placeholder('response')}`,
        })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
          ),
        ),
    ),
  };
}

const keyStatements = new WeakMap<Db, ReturnType<typeof prepareKeyStatements>>();

function statementsOf(db: Db) {
  let prepared = keyStatements.get(db);
  if (!prepared) keyStatements.set(db, (prepared = prepareKeyStatements(db)));
  return prepared;
}

/**
 * Claims `key` for `userId` and `hash`: a new key, or one past its 24 hours, in one statement; else
 * what the stored row says. A claim deleted between the two statements (its first call failed) is
 * claimed again.
 */
async function claim(db: Db, userId: string, key: string, hash: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await statementsOf(db).claim.execute({ userId, key, hash });
    if (taken.length) return { claimed: true };
    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
        live,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row || !row.live) continue;
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.statusCode === null || row.response === null) throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT');
    return { claimed: false, statusCode: row.statusCode, response: row.response };
  }
  // The key came and went three times under this request: another of the user's is at work on it.
  throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT');
}

/** The route's guard (plugins/access.ts) on what the request's path names. */
async function guardRequest(request: FastifyRequest, guard: AccessGuard) {
  const params = request.params as Record<string, string>;
  await guard(requireUser(request), params.id!, params);
}

/** Claims `key` for the request's user; a claim taken is the request's to settle. */
async function claimFor(request: FastifyRequest, key: string, hash: string): Promise<Claim> {
  const userId = requireUser(request).id;
  const found = await claim(request.server.database.db, userId, key, hash);
  if (found.claimed) states.set(request, { phase: 'claimed', userId, key });
  return found;
}

/** Answers a repeat with the first answer of its key. */
function replay(request: FastifyRequest, reply: FastifyReply, found: Extract<Claim, { claimed: false }>) {
  states.set(request, { phase: 'done' });
  request.log.info({ statusCode: found.statusCode }, 'idempotent request answered again');
  // Not awaited: a reply's `then` waits for the answer to be written, which happens after the hook.
  void reply
    .code(found.statusCode)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(found.response);
}

async function claimOrReplay(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  hash: string,
): Promise<boolean> {
  const found = await claimFor(request, key, hash);
  if (found.claimed) return false;
  replay(request, reply, found);
  return true;
}

/**
 * For a route with `idempotent: 'in-handler'`, once the handler has made its checks: refuses a
 * malformed key (400), then claims the key (if one was sent) for `content`, what the handler read —
 * or, without `content`, for the JSON body as received. True when a repeat has been answered with
 * the first result (the handler then returns `reply`); false when the handler goes on.
 */
export async function answeredAgain(
  request: FastifyRequest,
  reply: FastifyReply,
  content?: unknown,
): Promise<boolean> {
  const state = states.get(request);
  if (state?.phase !== 'sent') return false;
  const key = parseIdempotencyKey(state.key);
  const path = request.url.split('?', 1)[0]!;
  const hash = content === undefined ? state.hash : requestHash(request.method, path, content);
  if (hash === undefined) throw new Error(`${request.method} ${path}: no body to bind the key to`);
  return claimOrReplay(request, reply, key, hash);
}

/** Stores a claimed request's 2xx answer; any other answer deletes the claim. */
async function settle(request: FastifyRequest, statusCode: number, payload: unknown) {
  const state = states.get(request);
  if (state?.phase !== 'claimed') return;
  states.set(request, { phase: 'done' });
  const db = request.server.database.db;
  const ours = and(
    eq(idempotencyKeys.userId, state.userId),
    eq(idempotencyKeys.key, state.key),
    isNull(idempotencyKeys.statusCode),
  );
  try {
    if (statusCode >= 200 && statusCode < 300 && typeof payload === 'string') {
      await statementsOf(db).store.execute({
        userId: state.userId,
        key: state.key,
        statusCode,
        response: payload,
      });
    } else {
      await db.delete(idempotencyKeys).where(ours);
    }
  } catch (error) {
    // The answer goes out all the same; the claim stays in flight until its 24 hours are over.
    request.log.error({ err: error }, 'idempotency key not settled');
  }
}

export function registerIdempotency(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || methods.some((m) => isPublicRoute(m, route.url)))
      throw new Error(`${methods.join(',')} ${route.url} takes no token, so it has no user to key by`);
  });

  // The body as the client sent it, before validation gives it defaults and drops what it ignores.
  app.addHook('preValidation', async (request) => {
    const mode = request.routeOptions.config.idempotent;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!mode || key === undefined) return;
    const path = request.url.split('?', 1)[0]!;
    // A multipart form has no body yet: its handler binds the key to what it reads.
    const hashed = mode === true || request.body !== undefined;
    states.set(request, {
      phase: 'sent',
      key,
      ...(hashed ? { hash: requestHash(request.method, path, request.body) } : {}),
    });
  });

  // After the access checks' pre-handler (registered before this), before the routes' own.
  app.addHook('preHandler', async (request, reply) => {
    const state = states.get(request);
    if (state?.phase !== 'sent') return;
    const { guard, idempotent } = request.routeOptions.config;
    // A new key goes straight on: the handler's own statements refuse a caller who may not act,
    // and a refusal frees the claim. Anything else the key would be answered with (a malformed
    // key, a repeat, another body, a key in flight) waits for the guard, which refuses first.
    const guarded = async <T>(answer: () => T | Promise<T>): Promise<T> => {
      try {
        return await answer();
      } catch (error) {
        if (guard) await guardRequest(request, guard);
        throw error;
      }
    };
    if (idempotent !== true) {
      if (guard) await guardRequest(request, guard);
      return;
    }
    const key = await guarded(() => parseIdempotencyKey(state.key));
    const found = await guarded(() => claimFor(request, key, state.hash!));
    if (found.claimed) return;
    if (guard) await guardRequest(request, guard);
    replay(request, reply, found);
    return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply.statusCode, payload);
    return payload;
  });
  // An answer that never went through `onSend` (a failure while sending) still frees its claim.
  app.addHook('onResponse', async (request) => {
    await settle(request, 0, undefined);
  });
}
