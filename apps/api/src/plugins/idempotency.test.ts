/**
 * Idempotency keys on the create calls a retry could repeat (API.md, Conventions; issue 33;
 * decision 028), through the real app on a real database: the first answer of a key is answered
 * again to a repeat, per user, for 24 hours; another body is 422; a request still running is 409;
 * a failed request frees its key; the order of checks of decision 026 holds with a key.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { isoDay } from '@dealclub/shared/offers';
import { chatMessages, deals, feedback, idempotencyKeys, interests, offers, outbox } from '../db/schema';
import { createTestApp } from '../test/app';
import { createUser, signIn, type TestUser } from '../test/auth';
import { cashDeal, listDeal } from '../test/deals';
import { multipartForm, PNG_1PX } from '../test/multipart';
import { REPLAYED_HEADER, requestHash } from './idempotency';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const inDays = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
const cashOffer = (price: number) => ({
  type: 'cash',
  purchasePrice: price,
  estimatedCloseDate: inDays(30),
  message: 'Cash, no contingencies.',
});

/** The rows every create call may write: a repeat answered again changes none of them. */
const TABLES = { deals, offers, interests, chatMessages, feedback, outbox } as const;
type Table = keyof typeof TABLES;

async function count(table: Table) {
  const [row] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(TABLES[table]);
  return Number(row!.n);
}
async function counts() {
  const out: Partial<Record<Table, number>> = {};
  for (const table of Object.keys(TABLES) as Table[]) out[table] = await count(table);
  return out;
}

interface World {
  seller: TestUser;
  seller2: TestUser;
  buyer: TestUser;
  buyer2: TestUser;
  dealId: string;
  threadId: string;
  /** buyer2's own conversation with the seller. */
  thread2Id: string;
}

async function world(): Promise<World> {
  app = await createTestApp();
  const [seller, seller2, buyer, buyer2] = await Promise.all([
    createUser(app, { roles: ['originator'] }),
    createUser(app, { roles: ['originator'] }),
    createUser(app, { roles: ['buyer'] }),
    createUser(app, { roles: ['buyer'] }),
  ]);
  const deal = await listDeal(app, seller);
  const thread = async (user: TestUser) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/threads',
      headers: user.headers,
      payload: { dealId: deal.id, body: 'Is the roof new?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { thread: { threadId: string } }).thread.threadId;
  };
  return {
    seller,
    seller2,
    buyer,
    buyer2,
    dealId: deal.id,
    threadId: await thread(buyer),
    thread2Id: await thread(buyer2),
  };
}

/** Fields of a multipart form, or a JSON body. */
type Body = Record<string, unknown>;

interface Route {
  name: string;
  /** Who sends it, and who else may send it too (keys are per user). */
  user: (w: World) => TestUser;
  other: (w: World) => TestUser;
  path: (w: World) => string;
  /** Valid bodies, each different from the others (`n` picks one). */
  body: (n: number, w: World) => Body;
  /** A body the route refuses with 400. */
  bad: (w: World) => Body;
  /** The table one call adds a row to. */
  table: Table;
  multipart?: boolean;
  /**
   * A caller who may not act on `path`, what they get (`invalid`: with a body that does not validate,
   * where the body decides who may act), and a call of their own that used the same key first.
   */
  stranger?: (w: World) => {
    user: TestUser;
    status: number;
    code: string;
    invalid?: number;
    own: { path: string; body: Body };
  };
}

const ROUTES: Route[] = [
  {
    name: 'POST /api/deals',
    user: (w) => w.seller,
    other: (w) => w.seller2,
    path: () => '/api/deals',
    body: (n) => cashDeal({ streetAddress: `${9000 + n} Idempotent Way` }),
    bad: () => ({ ...cashDeal(), zipCode: '123' }),
    table: 'deals',
    // A buyer's key never gets past the roles: 403 whatever the key.
    stranger: (w) => ({
      user: w.buyer2,
      status: 403,
      code: 'FORBIDDEN',
      own: { path: `/api/deals/${w.dealId}/offers`, body: cashOffer(300000) },
    }),
  },
  {
    name: 'POST /api/deals/:id/offers',
    user: (w) => w.buyer,
    other: (w) => w.buyer2,
    path: (w) => `/api/deals/${w.dealId}/offers`,
    body: (n) => cashOffer(440000 + n),
    bad: () => ({ type: 'cash', purchasePrice: 440000 }),
    table: 'offers',
    stranger: (w) => ({
      user: w.buyer2,
      status: 404,
      code: 'LISTING_NOT_FOUND',
      own: { path: `/api/deals/${w.dealId}/offers`, body: cashOffer(300000) },
    }),
  },
  {
    name: 'POST /api/deals/:id/interest',
    user: (w) => w.buyer,
    other: (w) => w.buyer2,
    path: (w) => `/api/deals/${w.dealId}/interest`,
    body: (n) => ({ message: `Interested, take ${n}.` }),
    bad: () => ({ message: '' }),
    table: 'interests',
    stranger: (w) => ({
      user: w.buyer2,
      status: 404,
      code: 'LISTING_NOT_FOUND',
      own: { path: `/api/deals/${w.dealId}/interest`, body: { message: 'Mine.' } },
    }),
  },
  {
    name: 'POST /api/chat/threads/:id/messages',
    user: (w) => w.buyer,
    // The other participant of the same conversation.
    other: (w) => w.seller,
    path: (w) => `/api/chat/threads/${w.threadId}/messages`,
    body: (n) => ({ body: `When can I see it? (${n})` }),
    bad: () => ({ body: '' }),
    table: 'chatMessages',
    // Another buyer, not in the conversation: it does not exist for them.
    stranger: (w) => ({
      user: w.buyer2,
      status: 404,
      code: 'THREAD_NOT_FOUND',
      own: { path: `/api/chat/threads/${w.thread2Id}/messages`, body: { body: 'Mine.' } },
    }),
  },
  {
    name: 'POST /api/chat/threads',
    user: (w) => w.buyer,
    other: (w) => w.buyer2,
    path: () => '/api/chat/threads',
    body: (n, w) => ({ dealId: w.dealId, body: `Is the roof new? (${n})` }),
    bad: (w) => ({ dealId: w.dealId, body: '' }),
    table: 'chatMessages',
    // A seller writing as a buyer: who may write is the body's to say, so its form's 400 comes
    // first (decision 026), then the role's 403 whatever the key.
    stranger: (w) => ({
      user: w.seller2,
      status: 403,
      code: 'FORBIDDEN',
      invalid: 400,
      own: { path: '/api/deals', body: cashDeal() },
    }),
  },
  {
    name: 'POST /api/feedback',
    user: (w) => w.buyer,
    other: (w) => w.buyer2,
    path: () => '/api/feedback',
    body: (n) => ({ type: 'idea', comment: `Dark mode, please (${n}).`, page: '/deals' }),
    bad: () => ({ type: 'idea' }),
    table: 'feedback',
    multipart: true,
  },
];

/** A route's call as `user`, with `key` as the `Idempotency-Key` when given. */
function call(
  route: Route,
  user: TestUser,
  path: string,
  body: Body,
  key?: string | string[],
): Promise<LightMyRequestResponse> {
  const keyHeader = key === undefined ? {} : { 'idempotency-key': key };
  if (route.multipart) {
    const form = multipartForm(body as Record<string, string>);
    return app.inject({
      method: 'POST',
      url: path,
      payload: form.payload,
      headers: { ...form.headers, ...user.headers, ...keyHeader },
    });
  }
  return app.inject({ method: 'POST', url: path, payload: body, headers: { ...user.headers, ...keyHeader } });
}

/** What the key is bound to, as the plugin computes it (for a claim written by hand). */
function hashOf(route: Route, path: string, body: Body) {
  return requestHash('POST', path, route.multipart ? { fields: body, screenshot: null } : body);
}

const keyRow = async (userId: string, key: string) =>
  (
    await app.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];

describe.each(ROUTES)('$name with an Idempotency-Key', { tags: ['server'] }, (route) => {
  it('answers a repeat with the first result — same status, same body, once — also after a new sign-in', async () => {
    const w = await world();
    const user = route.user(w);
    const path = route.path(w);
    const key = randomUUID();
    const before = await count(route.table);

    const first = await call(route, user, path, route.body(1, w), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const written = await counts();
    expect(written[route.table]).toBe(before + 1);

    const again = await call(route, user, path, route.body(1, w), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    // The same fields in another order are the same request.
    if (!route.multipart) {
      const reordered = Object.fromEntries(Object.entries(route.body(1, w)).reverse());
      const third = await call(route, user, path, reordered, key);
      expect(third.statusCode).toBe(201);
      expect(third.body).toBe(first.body);
    }

    // The session ends and the user signs in again: the same user, the same key, the same result.
    const tokens = await signIn(app, user.email, user.password);
    const resent = await call(
      route,
      { ...user, headers: { authorization: `Bearer ${tokens.idToken}` } },
      path,
      route.body(1, w),
      key,
    );
    expect(resent.statusCode).toBe(201);
    expect(resent.body).toBe(first.body);
    expect(resent.headers['idempotent-replayed']).toBe('true');

    // Nothing was written again: no row, no e-mail, no event in a conversation.
    expect(await counts()).toEqual(written);
    expect(await keyRow(user.id, key)).toMatchObject({ statusCode: 201, response: first.body });
  });

  it('refuses the key with another body, or on another call, with 422 and creates nothing', async () => {
    const w = await world();
    const user = route.user(w);
    const path = route.path(w);
    const key = randomUUID();
    expect((await call(route, user, path, route.body(1, w), key)).statusCode).toBe(201);
    const written = await counts();

    const other = await call(route, user, path, route.body(2, w), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This request was already sent with different details. Reload the page and send it again.',
    });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    // The same key on another create call (feedback anyone sends; a message both participants).
    const elsewhere = ROUTES.find(
      (r) => r.table === (route.table === 'feedback' ? 'chatMessages' : 'feedback'),
    )!;
    const moved = await call(elsewhere, user, elsewhere.path(w), elsewhere.body(1, w), key);
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await counts()).toEqual(written);

    // The first result is still the key's.
    expect((await call(route, user, path, route.body(1, w), key)).headers['idempotent-replayed']).toBe(
      'true',
    );
  });

  it("keeps each user's keys apart: another user's same key is a request of its own", async () => {
    const w = await world();
    const key = randomUUID();
    const before = await count(route.table);
    const mine = await call(route, route.user(w), route.path(w), route.body(1, w), key);
    expect(mine.statusCode).toBe(201);
    const theirs = await call(route, route.other(w), route.path(w), route.body(2, w), key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body).not.toBe(mine.body);
    expect(await count(route.table)).toBe(before + 2);
  });

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const w = await world();
    const before = await counts();
    for (const key of [
      '',
      ' ',
      'a'.repeat(256),
      'two words',
      'tab\there',
      'bell\u0007',
      'clé',
      '"',
      '""',
      '"a"b"',
    ]) {
      const res = await call(route, route.user(w), route.path(w), route.body(1, w), key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: 'The Idempotency-Key header must be 1 to 255 visible characters.',
      });
    }
    // Sent twice, the header is one value of two keys: refused too.
    const twice = await call(route, route.user(w), route.path(w), route.body(1, w), ['k1', 'k2']);
    expect(twice.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    // 255 visible characters pass; the draft's quoted form names the same key as the bare one.
    const longest = '~'.repeat(255);
    expect((await call(route, route.user(w), route.path(w), route.body(1, w), longest)).statusCode).toBe(201);
    const quoted = await call(route, route.user(w), route.path(w), route.body(2, w), 'key-7');
    const bare = await call(route, route.user(w), route.path(w), route.body(2, w), '"key-7"');
    expect(quoted.statusCode).toBe(201);
    expect(bare.headers['idempotent-replayed']).toBe('true');
    expect(bare.body).toBe(quoted.body);
  });

  it('frees the key of a request that failed: the corrected form goes through with the same key', async () => {
    const w = await world();
    const key = randomUUID();
    const before = await count(route.table);
    const failed = await call(route, route.user(w), route.path(w), route.bad(w), key);
    expect(failed.statusCode).toBe(400);
    expect(await keyRow(route.user(w).id, key)).toBeUndefined();
    const fixed = await call(route, route.user(w), route.path(w), route.body(1, w), key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(route.table)).toBe(before + 1);
  });

  it('answers 409 while the first request of the key is still running, and never runs it twice', async () => {
    const w = await world();
    const user = route.user(w);
    const path = route.path(w);
    const key = randomUUID();
    await app.database.db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key, requestHash: hashOf(route, path, route.body(1, w)) });
    const before = await counts();
    const res = await call(route, user, path, route.body(1, w), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_IN_FLIGHT',
      message: 'This request is still being processed. Wait a moment, then check before sending it again.',
    });
    // Another body under the running key is still the key reused.
    expect((await call(route, user, path, route.body(2, w), key)).statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    expect(await keyRow(user.id, key)).toMatchObject({ statusCode: null });
  });

  it('does not answer a key older than 24 hours again: the request runs anew', async () => {
    const w = await world();
    const user = route.user(w);
    const path = route.path(w);
    const key = randomUUID();
    const first = await call(route, user, path, route.body(1, w), key);
    expect(first.statusCode).toBe(201);
    await app.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(idempotencyKeys.key, key));
    const before = await count(route.table);
    // Another body is no reuse of an expired key either.
    const again = await call(route, user, path, route.body(3, w), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).not.toBe(first.body);
    expect(await count(route.table)).toBe(route.table === 'interests' ? before : before + 1);
    expect(await keyRow(user.id, key)).toMatchObject({ statusCode: 201, response: again.body });
  });

  it('answers 401 to a key sent signed out, whatever the key', async () => {
    const w = await world();
    for (const key of [randomUUID(), 'not a key']) {
      const res = await app.inject({
        method: 'POST',
        url: route.path(w),
        payload: route.body(1, w),
        headers: { 'idempotency-key': key },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    }
  });

  it.runIf(route.stranger)(
    'answers a caller who may not act 401, 403 or 404 whatever key they send',
    async () => {
      const w = await world();
      const stranger = route.stranger!(w);
      const ownCall = (key: string) =>
        app.inject({
          method: 'POST',
          url: stranger.own.path,
          headers: { ...stranger.user.headers, 'idempotency-key': key },
          payload: stranger.own.body,
        });
      const key = randomUUID();
      // The key is the stranger's own already, from a request of theirs with another body.
      const own = await ownCall(key);
      expect(own.statusCode, own.body).toBe(201);
      const path =
        stranger.status === 404 && stranger.code === 'LISTING_NOT_FOUND' ? path404(route, w) : route.path(w);
      for (const sent of [key, 'not a key', '']) {
        const res = await call(route, stranger.user, path, route.body(1, w), sent);
        expect(res.statusCode, `${JSON.stringify(sent)}: ${res.body}`).toBe(stranger.status);
        expect(res.json()).toMatchObject({ code: stranger.code });
        // An invalid body too: still the refusal, not the form's 400.
        const invalid = await call(route, stranger.user, path, route.bad(w), sent);
        expect(invalid.statusCode).toBe(stranger.invalid ?? stranger.status);
      }
      // A new key refused by the handler (the path's guard: 404) is not kept: the stranger's own
      // call with it then goes through. (A 403 is the roles', before any key is looked at.)
      if (stranger.status !== 404) return;
      const fresh = randomUUID();
      const refused = await call(route, stranger.user, path, route.body(2, w), fresh);
      expect(refused.statusCode).toBe(stranger.status);
      const next = await ownCall(fresh);
      expect(next.statusCode, next.body).toBe(201);
      expect(next.headers[REPLAYED_HEADER]).toBeUndefined();
    },
  );
});

/** The route's path on a deal that does not exist (a stranger's deal, as far as anyone can tell). */
function path404(route: Route, w: World) {
  return route.path(w).replace(w.dealId, randomUUID());
}

describe('idempotency keys', () => {
  it('change nothing when no key is sent: a repeat is a new request, as before', async () => {
    const w = await world();
    const chat = ROUTES.find((r) => r.table === 'chatMessages')!;
    const before = await count('chatMessages');
    for (let i = 0; i < 2; i++) {
      const res = await call(chat, w.buyer, chat.path(w), chat.body(1, w));
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await count('chatMessages')).toBe(before + 2);
    expect(await app.database.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('do not count a repeat answered again against the rate limit', async () => {
    const w = await world();
    const offersRoute = ROUTES.find((r) => r.table === 'offers')!;
    const key = randomUUID();
    // More than the budget of offers and interests (20 a minute, modules/offers/routes).
    for (let i = 0; i < 25; i++) {
      const res = await call(offersRoute, w.buyer, offersRoute.path(w), offersRoute.body(1, w), key);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(201);
    }
    // One request counted: the budget still takes new ones.
    const next = await call(offersRoute, w.buyer, offersRoute.path(w), offersRoute.body(2, w), randomUUID());
    expect(next.statusCode).toBe(201);
  });

  it('let a feedback screenshot decide the request as much as its fields', async () => {
    const w = await world();
    const png = PNG_1PX;
    const send = (bytes: Uint8Array, key: string) => {
      const form = multipartForm(
        { type: 'bug', comment: 'The map is blank.' },
        { field: 'screenshot', bytes, contentType: 'image/png', filename: 'screen.png' },
      );
      return app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: form.payload,
        headers: { ...form.headers, ...w.buyer.headers, 'idempotency-key': key },
      });
    };
    const key = randomUUID();
    const first = await send(png, key);
    expect(first.statusCode, first.body).toBe(201);
    // A new boundary, the same form: answered again.
    const again = await send(png, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // Another image under the same key: reused.
    const other = Buffer.concat([png, Buffer.from([0])]);
    expect((await send(other, key)).statusCode).toBe(422);
    expect(await count('feedback')).toBe(1);
  });

  it('keep the answer as it was before compression, and compress a repeat like the first', async () => {
    const w = await world();
    const key = randomUUID();
    const send = (encoding?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/deals',
        payload: cashDeal({ streetAddress: '1 Compressed Ct' }),
        headers: {
          ...w.seller.headers,
          'idempotency-key': key,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    const first = await send('br, gzip');
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(first.rawPayload).toString();
    expect(JSON.parse(json)).toMatchObject({ streetAddress: '1 Compressed Ct' });
    const again = await send('br');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(json);
    const plain = await send();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
  });

  it('are declared in the API reference on the create calls', async () => {
    app = await createTestApp();
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const keyed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(keyed.sort()).toEqual([
      'POST /api/chat/threads',
      'POST /api/chat/threads/{id}/messages',
      'POST /api/deals',
      'POST /api/deals/{id}/interest',
      'POST /api/deals/{id}/offers',
      'POST /api/feedback',
    ]);
  });

  it(
    'let exactly one of many concurrent sends of one key run; the others are told it is still running, or get its result',
    { tags: ['server'] },
    async () => {
      const w = await world();
      const chat = ROUTES.find((r) => r.table === 'chatMessages')!;
      const key = randomUUID();
      const before = await count('chatMessages');
      const results = await Promise.all(
        Array.from({ length: 12 }, () => call(chat, w.buyer, chat.path(w), chat.body(1, w), key)),
      );
      const created = results.filter((r) => r.statusCode === 201);
      expect(created.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      for (const res of created) expect(res.body).toBe(created[0]!.body);
      for (const res of results.filter((r) => r.statusCode !== 201)) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
      }
      expect(await count('chatMessages')).toBe(before + 1);
    },
  );
});
