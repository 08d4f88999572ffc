/**
 * The authorisation matrix (issue 19): every route of the app × every caller of the cast, on
 * resources that belong to someone else, against the expectations of `authorization-matrix.table.ts`.
 * The routes are taken from the app as it builds, so a route added without a row fails here. Each
 * cell that refuses its caller a route taking a body is sent again with bodies that do not validate,
 * and must refuse them the same (issue 29, decision 026: who may act comes before the body).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatNotifications, chatThreads, waitlist } from './db/schema';
import { publicOrigin } from './lib/origin';
import { unsubscribeKey, unsubscribeToken } from './modules/alerts';
import { createDirectoryUser } from './modules/identity';
import { createInvitation } from './modules/invitations';
import { counterOffer, expressInterest, submitOffer } from './modules/offers';
import { createSavedSearch } from './modules/saved-searches';
import {
  CAST,
  helpArticleDraft,
  helpQaDraft,
  lessonDraft,
  MATRIX,
  roadmapItemDraft,
  type Call,
  type Fixtures,
  type MatrixRow,
  type SignedInCaller,
} from './authorization-matrix.table';
import { createTestApp } from './test/app';
import { callAs, createUser, TEST_PASSWORD, type TestUser } from './test/auth';
import { listDeal, subToDeal } from './test/deals';
import { multipartFile, multipartForm, PNG_1PX } from './test/multipart';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** `METHOD /path` of every route the app registered; HEAD twins of GET routes answer as GET. */
function routeKeys(routes: RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    for (const method of [route.method].flat()) keys.add(`${method} ${route.url}`);
  }
  // GET /prefix/ also answers /prefix, whose HEAD twin is listed on its own.
  const hasGet = (path: string) => keys.has(`GET ${path}`) || keys.has(`GET ${path}/`);
  return [...keys].filter((key) => !key.startsWith('HEAD ') || !hasGet(key.slice(5))).sort();
}

let app: FastifyInstance;
const routes: RouteOptions[] = [];
let fx: Fixtures;

beforeAll(async () => {
  // Every cell comes from one address: the per-address budgets would end the matrix, not test it.
  app = await createTestApp(
    {
      GLOBAL_RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000',
      IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
    },
    { onRoute: (route) => routes.push(route) },
  );
  await app.ready();
  fx = await buildFixtures(app);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

async function buildFixtures(app: FastifyInstance): Promise<Fixtures> {
  const db = app.database.db;
  const [buyer, seller, other, owner, admin, deact] = await Promise.all([
    createUser(app, { roles: ['buyer'] }),
    createUser(app, { roles: ['originator'] }),
    createUser(app, { roles: ['originator'] }),
    createUser(app, { roles: ['owner'] }),
    createUser(app, { roles: ['admin'] }),
    createUser(app, { roles: ['buyer'] }),
  ]);
  const users: Record<SignedInCaller, TestUser> = { buyer, seller, other, owner, admin, deact };
  const ok = async (res: Awaited<ReturnType<typeof callAs>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  // The admin deactivates the last one, through the API.
  await ok(await callAs(app, admin, 'PUT', `/api/admin/users/${deact.id}/active`, { active: false }), 200);

  const actor = (user: TestUser) => ({
    viewer: { id: user.id, isAdmin: false },
    origin: publicOrigin(app),
    realtime: app.realtime,
  });
  const inAYear = new Date(Date.now() + 200 * 24 * 3600 * 1000).toISOString().slice(0, 10);

  const uploadPhoto = async (dealId: string) => {
    const upload = multipartFile(PNG_1PX, {
      field: 'photo',
      filename: 'front.png',
      contentType: 'image/png',
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/photos`,
      headers: { ...seller.headers, ...upload.headers },
      payload: upload.payload,
    });
    return ((await ok(res, 201)) as { photo: { id: string; url: string } }).photo;
  };
  const newDeal = () => listDeal(app, seller, subToDeal());
  const newOffer = async () => {
    const deal = await newDeal();
    return submitOffer(db, actor(buyer), deal.id, {
      type: 'cash',
      purchasePrice: 300000,
      entryFee: null,
      estimatedCloseDate: inAYear,
      message: '',
      acknowledgedRisks: [],
    } as Parameters<typeof submitOffer>[3]);
  };

  // The seller's deal, with a photo and a mortgage statement; the buyer's interest, offer and thread.
  const deal = await newDeal();
  const photo = await uploadPhoto(deal.id);
  const statement = multipartFile(PDF, { filename: 'statement.pdf', contentType: 'application/pdf' });
  const verification = (
    await ok(
      await app.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/verification`,
        headers: { ...seller.headers, ...statement.headers },
        payload: statement.payload,
      }),
      201,
    )
  ).verification as { id: string };
  await ok(
    await callAs(app, buyer, 'POST', `/api/deals/${deal.id}/interest`, { message: 'Interested' }),
    201,
  );
  const offer = await ok(
    await callAs(app, buyer, 'POST', `/api/deals/${deal.id}/offers`, {
      type: 'cash',
      purchasePrice: 300000,
      estimatedCloseDate: inAYear,
    }),
    201,
  );
  const [thread] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.dealId, deal.id), eq(chatThreads.buyerId, buyer.id)));
  // The seller answers: the buyer's bell gets a notification.
  await ok(
    await callAs(app, seller, 'POST', `/api/chat/threads/${thread!.id}/messages`, { body: 'Yes!' }),
    201,
  );
  const [notification] = await db
    .select()
    .from(chatNotifications)
    .where(eq(chatNotifications.userId, buyer.id));

  const newLesson = async () =>
    (await ok(await callAs(app, admin, 'POST', '/api/admin/training/lessons', lessonDraft()), 201)) as {
      id: string;
    };
  const newHelpArticle = async () =>
    (await ok(await callAs(app, admin, 'POST', '/api/help/admin/articles', helpArticleDraft()), 201)) as {
      id: string;
    };
  const newHelpQa = async () =>
    (await ok(await callAs(app, admin, 'POST', '/api/help/admin/qa', helpQaDraft()), 201)) as { id: string };
  const newRoadmapItem = async () =>
    (await ok(await callAs(app, admin, 'POST', '/api/admin/features', roadmapItemDraft()), 201)) as {
      id: string;
    };
  const newFeedback = async () => {
    const form = multipartForm(
      { type: 'bug', comment: 'The map does not load' },
      { field: 'screenshot', bytes: PNG_1PX, filename: 'screen.png', contentType: 'image/png' },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: form.payload,
      headers: { ...form.headers, ...buyer.headers },
    });
    return (await ok(res, 201)) as { id: string };
  };
  const [entry] = await db
    .insert(waitlist)
    .values({
      firstName: 'Wait',
      lastName: 'Listed',
      email: 'waiting@example.test',
      phoneNumber: '5125550111',
    })
    .returning();

  // A closing room: the seller accepted the buyer's cash offer on a deal of their own; the buyer
  // added a document to its first milestone. `newClosingDeal` makes a fresh one for the steps that
  // end it (with the seller's proposed close date, for the answers to one).
  const newClosingDeal = async (proposeCloseDate = false) => {
    const fresh = await newDeal();
    // Made directly, as `newOffer` does: the buyer's per-minute budget of offers is not under test.
    const accepted = await submitOffer(db, actor(buyer), fresh.id, {
      type: 'cash',
      purchasePrice: 300000,
      entryFee: null,
      estimatedCloseDate: inAYear,
      message: '',
      acknowledgedRisks: [],
    } as Parameters<typeof submitOffer>[3]);
    await ok(await callAs(app, seller, 'POST', `/api/offers/${accepted.id}/accept`), 200);
    if (proposeCloseDate) {
      await ok(
        await callAs(app, seller, 'POST', `/api/deals/${fresh.id}/closing/close-date`, {
          closeDate: inAYear,
        }),
        200,
      );
    }
    return { id: fresh.id as string };
  };
  const closingDeal = await newClosingDeal();
  const closingUpload = multipartFile(PDF, { filename: 'emd.pdf', contentType: 'application/pdf' });
  const closingDocument = (
    await ok(
      await app.inject({
        method: 'POST',
        url: `/api/deals/${closingDeal.id}/closing/milestones/emd-deposited/documents`,
        headers: { ...buyer.headers, ...closingUpload.headers },
        payload: closingUpload.payload,
      }),
      201,
    )
  ).document as { id: string };

  let emails = 0;
  const png = (field = 'file') =>
    multipartFile(PNG_1PX, { field, filename: 'picture.png', contentType: 'image/png' });
  const fixtures: Fixtures = {
    users,
    deal,
    photo: { id: photo.id, file: new URL(photo.url, 'http://localhost').pathname },
    offer,
    thread: thread!,
    notification: notification!,
    verification,
    lesson: await newLesson(),
    helpArticle: await newHelpArticle(),
    helpQa: await newHelpQa(),
    roadmapItem: await newRoadmapItem(),
    feedback: await newFeedback(),
    waitlistEntry: entry!,
    unsubscribeToken: unsubscribeToken(await unsubscribeKey(db, app.secrets), buyer.id),
    realtimeAppId: app.config.realtime.appId,
    userPoolId: app.config.identity.userPoolId,
    dealInput: () => subToDeal() as unknown as Record<string, unknown>,
    closing: { dealId: closingDeal.id, documentId: closingDocument.id },
    newClosingDeal,
    newDeal,
    newDealWithPhoto: async () => {
      const fresh = await newDeal();
      return { id: fresh.id, photoId: (await uploadPhoto(fresh.id)).id };
    },
    newOffer,
    newCounteredOffer: async () => {
      const fresh = await newOffer();
      await counterOffer(db, actor(seller), fresh.id, {
        purchasePrice: 305000,
        entryFee: null,
        estimatedCloseDate: inAYear,
        message: '',
      } as Parameters<typeof counterOffer>[3]);
      return fresh;
    },
    newThread: async () => {
      const fresh = await newDeal();
      const interest = await expressInterest(db, actor(buyer), fresh.id, 'Interested');
      const [row] = await db
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.dealId, interest.dealId), eq(chatThreads.buyerId, buyer.id)));
      return row!;
    },
    newSavedSearch: () =>
      createSavedSearch(db, buyer.id, { name: 'Austin', frequency: 'daily', filters: { state: 'TX' } }),
    newUser: async () => ({
      id: await createDirectoryUser(db, {
        email: `matrix-target-${++emails}@example.test`,
        password: TEST_PASSWORD,
        roles: ['buyer'],
        firstName: 'Target',
        lastName: 'User',
        phoneNumber: '5125550123',
      }),
    }),
    newLesson,
    newHelpArticle,
    newHelpQa,
    newRoadmapItem,
    newInvitationToken: async () =>
      (await createInvitation(db, { role: 'buyer', createdBy: seller.id })).token,
    uniqueEmail: () => `matrix-${++emails}-${Date.now()}@example.test`,
    png,
    pdf: () => multipartFile(PDF, { filename: 'statement.pdf', contentType: 'application/pdf' }),
  };
  return fixtures;
}

async function run(
  row: MatrixRow,
  caller: (typeof CAST)[number],
  call: Call,
): Promise<{ status: number; body: string }> {
  const method = row.route.split(' ')[0] as InjectOptions['method'];
  const headers: Record<string, string> = { ...call.headers };
  if (caller !== 'out') headers.authorization = fx.users[caller].headers.authorization;
  const res = await app.inject({
    method,
    url: call.url,
    headers,
    ...(call.payload !== undefined ? { payload: call.payload } : {}),
    ...(call.body !== undefined ? { payload: call.body as object } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

/** The statuses that refuse a caller: whatever they send, it stays the same (decision 026). */
const REFUSALS = [401, 403, 404];
/** Requests of refused callers sent at once, beside the cells. */
const IN_FLIGHT_MAX = 16;

/** The routes that take a body (`METHOD /path`), and whether it is a multipart form. */
function bodies(routes: RouteOptions[]): Map<string, 'json' | 'multipart'> {
  const found = new Map<string, 'json' | 'multipart'>();
  for (const route of routes) {
    const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
    const kind = schema?.consumes?.includes('multipart/form-data')
      ? 'multipart'
      : schema?.body
        ? 'json'
        : null;
    if (kind) for (const method of [route.method].flat()) found.set(`${method} ${route.url}`, kind);
  }
  return found;
}

/**
 * What a refused caller sends instead of the cell's own body, on the cell's path (so fresh resources
 * are not made again): a body that does not validate — an empty one and one with a field of no
 * form, or an empty form and an empty JSON body to a multipart route.
 */
function invalidCalls(call: Call, kind: 'json' | 'multipart'): { what: string; call: Call }[] {
  const headers = { ...call.headers };
  delete headers['content-type'];
  const json = (body: unknown) => ({ what: JSON.stringify(body), call: { url: call.url, headers, body } });
  if (kind === 'multipart')
    return [{ what: 'an empty form', call: { url: call.url, ...multipartForm({}) } }, json({})];
  return [json({}), json({ __invalid: [1] })];
}

/**
 * What a caller's successful answer must never carry: another user's private data, by a mark of it
 * that shows up wherever it is served (its id, or an address only its owner typed).
 */
function privateMarks(): { what: string; mark: string; readers: SignedInCaller[] }[] {
  return [
    { what: "the buyer's conversation", mark: fx.thread.id, readers: ['buyer', 'seller'] },
    { what: "the buyer's notification", mark: fx.notification.id, readers: ['buyer'] },
    { what: "the buyer's offer", mark: fx.offer.id, readers: ['buyer', 'seller', 'admin'] },
    { what: "the seller's mortgage statement", mark: fx.verification.id, readers: ['seller', 'admin'] },
    { what: 'a waitlisted e-mail address', mark: 'waiting@example.test', readers: ['admin'] },
  ];
}

describe('the authorisation matrix', () => {
  it('has one row per route of the app, and no row for a route that does not exist', () => {
    const registered = routeKeys(routes);
    const rows = MATRIX.map((r) => r.route);
    const missing = registered.filter((key) => !rows.includes(key));
    const stale = rows.filter((key) => !registered.includes(key));
    const twice = rows.filter((key, i) => rows.indexOf(key) !== i);
    expect(
      { missing, stale, twice },
      'add a row to authorization-matrix.table.ts for each missing route (and drop stale ones)',
    ).toEqual({ missing: [], stale: [], twice: [] });
  });

  it('answers every cell as the table says', { tags: ['server'], timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    let cells = 0;
    let refusedBodies = 0;
    const inFlight: Promise<void>[] = [];
    const registered = new Set(routeKeys(routes));
    const withBody = bodies(routes);
    const marks = privateMarks();
    for (const row of MATRIX.filter((r) => registered.has(r.route))) {
      const kind = withBody.get(row.route);
      for (const [i, caller] of CAST.entries()) {
        const call = await row.call(fx);
        const { status, body } = await run(row, caller, call);
        cells += 1;
        if (status !== row.expect[i]) {
          wrong.push(
            `${row.route} as ${caller}: ${status}, expected ${row.expect[i]} — ${body.slice(0, 200)}`,
          );
        }
        // A refused caller is refused whatever they send: never a 400 that spells out the form. Sent
        // alongside the next cells (they change nothing), a few cells' worth at a time.
        if (kind && REFUSALS.includes(row.expect[i]!)) {
          const expected = row.invalidBody?.[i] ?? row.expect[i];
          for (const { what, call: invalid } of invalidCalls(call, kind)) {
            refusedBodies += 1;
            inFlight.push(
              run(row, caller, invalid).then((answer) => {
                if (answer.status === expected) return;
                wrong.push(
                  `${row.route} as ${caller} with ${what}: ${answer.status}, expected ${expected} — ${answer.body.slice(0, 200)}`,
                );
              }),
            );
          }
          if (inFlight.length >= IN_FLIGHT_MAX) await Promise.all(inFlight.splice(0));
        }
        if (status >= 200 && status < 300) {
          for (const { what, mark, readers } of marks) {
            if (body.includes(mark) && !(readers as string[]).includes(caller)) {
              wrong.push(`${row.route} as ${caller}: answers ${what}`);
            }
          }
        }
      }
    }
    await Promise.all(inFlight);
    console.info(
      `authorisation matrix: ${cells} cells (${cells / CAST.length} routes × ${CAST.length} callers), ` +
        `and ${refusedBodies} bodies that do not validate sent by refused callers`,
    );
    expect(wrong).toEqual([]);
    expect(cells).toBe(registered.size * CAST.length);
  });
});
