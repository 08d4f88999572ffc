import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminFeedback } from '@dealclub/shared/feedback';
import { helpArticleDraft, lessonDraft, roadmapItemDraft } from '../../authorization-matrix.table';
import { adminAudit, feedback, outbox, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { cashDeal, listDeal } from '../../test/deals';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { multipartForm, PNG_1PX, pngOfSize } from '../../test/multipart';
import { runSeeds } from '../../db/seed';
import { DEMO_FEEDBACK, demoFeedbackSeed } from './demo-feedback';
import { newHumanCheck } from './human-check';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function feedbackApp() {
  app = await createTestApp();
  const admin = await createUser(app, { roles: ['admin'] });
  const buyer = await createUser(app, { roles: ['buyer'] });
  return { admin, buyer };
}

type Screenshot = { bytes: Uint8Array; contentType?: string; filename?: string };

function send(user: TestUser | null, fields: Record<string, string>, screenshot?: Screenshot) {
  const form = multipartForm(
    fields,
    screenshot
      ? {
          field: 'screenshot',
          bytes: screenshot.bytes,
          contentType: screenshot.contentType ?? 'image/png',
          filename: screenshot.filename ?? 'screen.png',
        }
      : undefined,
  );
  return app.inject({
    method: 'POST',
    url: '/api/feedback',
    payload: form.payload,
    headers: { ...form.headers, ...(user ? user.headers : {}) },
  });
}

/** The proof the ALTCHA widget sends: base64 JSON of the challenge and its solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function proof(): Promise<string> {
  const res = await app.inject({ url: '/api/auth/public-feedback/challenge' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return solve(res.json());
}

const sendPublic = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/public-feedback', payload: body, headers });

describe('the widget (POST /api/feedback)', () => {
  it('records a bug with its screenshot and the page it was sent from; admins read the screenshot', async () => {
    const { admin, buyer } = await feedbackApp();
    const res = await send(
      buyer,
      { type: 'bug', comment: '  The map does not load.  ', page: '/deals?state=TX' },
      { bytes: PNG_1PX },
    );
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<AdminFeedback>();
    expect(item).toMatchObject({
      type: 'bug',
      comment: 'The map does not load.',
      page: '/deals?state=TX',
      source: 'widget',
      status: 'open',
      userId: buyer.id,
      senderEmail: buyer.email,
    });
    expect(item.screenshotUrl).toBe(`/api/admin/feedback/${item.id}/screenshot`);

    const shot = await callAs(app, admin, 'GET', item.screenshotUrl!);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    expect(shot.headers['cache-control']).toBe('no-store');
    expect(shot.rawPayload.equals(PNG_1PX)).toBe(true);

    // Only admins: the sender and a signed-out caller do not get it, nor does /files/ serve it.
    expect((await callAs(app, buyer, 'GET', item.screenshotUrl!)).statusCode).toBe(403);
    expect((await app.inject({ url: item.screenshotUrl! })).statusCode).toBe(401);
    const [stored] = await app.database.db.select().from(feedback).where(eq(feedback.id, item.id));
    expect(stored!.screenshotKey).toMatch(/^feedback\/.+\.png$/);
    expect((await app.inject({ url: `/files/${stored!.screenshotKey}` })).statusCode).toBe(404);
  });

  it('takes an idea and a question without a screenshot', async () => {
    const { buyer } = await feedbackApp();
    for (const type of ['idea', 'question']) {
      const res = await send(buyer, { type, comment: 'Could saved searches be shared?' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ type, screenshotUrl: null, page: null });
    }
  });

  it('files the signed-in /feedback and /owners-feedback forms under their source, with type other', async () => {
    const { buyer } = await feedbackApp();
    const page = await send(buyer, { type: 'other', comment: 'Hello', source: 'page', page: '/deals' });
    expect(page.statusCode, page.body).toBe(201);
    expect(page.json()).toMatchObject({ type: 'other', source: 'page', page: '/feedback', userId: buyer.id });
    const owners = await send(buyer, { type: 'idea', comment: 'More owners tools', source: 'owners' });
    expect(owners.statusCode, owners.body).toBe(201);
    expect(owners.json()).toMatchObject({ source: 'owners', page: '/owners-feedback' });
    const bad = await send(buyer, { type: 'idea', comment: 'Hi', source: 'elsewhere' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses each rule with the spec copy and a stable code', async () => {
    const { buyer } = await feedbackApp();
    const refused = async (
      fields: Record<string, string>,
      screenshot: Screenshot | undefined,
      status: number,
      code: string,
      message: string,
    ) => {
      const res = await send(buyer, fields, screenshot);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code, message });
    };
    const required = 'Type and comment are required.';
    await refused({ comment: 'No type' }, undefined, 400, 'FEEDBACK_FIELDS_REQUIRED', required);
    await refused({ type: 'bug', comment: '' }, undefined, 400, 'FEEDBACK_FIELDS_REQUIRED', required);
    await refused({ type: 'bug', comment: '   \n\t ' }, undefined, 400, 'FEEDBACK_FIELDS_REQUIRED', required);
    // `other` is the public page's type, not the widget's.
    await refused(
      { type: 'other', comment: 'Hello' },
      undefined,
      400,
      'FEEDBACK_TYPE_INVALID',
      expect.any(String),
    );
    await refused(
      { type: 'praise', comment: 'Hello' },
      undefined,
      400,
      'FEEDBACK_TYPE_INVALID',
      expect.any(String),
    );
    await refused(
      { type: 'idea', comment: 'x'.repeat(501) },
      undefined,
      400,
      'FEEDBACK_COMMENT_TOO_LONG',
      expect.any(String),
    );
    await refused(
      { type: 'idea', comment: 'With a picture' },
      { bytes: PNG_1PX },
      400,
      'FEEDBACK_SCREENSHOT_BUG_ONLY',
      expect.any(String),
    );
    await refused(
      { type: 'bug', comment: 'Not a picture' },
      { bytes: Buffer.from('%PDF-1.7 this is not an image'), contentType: 'image/png' },
      415,
      'FEEDBACK_SCREENSHOT_TYPE',
      'Please select an image file.',
    );
    await refused(
      { type: 'bug', comment: 'Too big' },
      { bytes: pngOfSize(10 * 1024 * 1024 + 1) },
      413,
      'FEEDBACK_SCREENSHOT_TOO_LARGE',
      'Please select an image smaller than 10MB.',
    );
    // Exactly 500 characters after trimming is fine, and so is exactly 10 MB.
    expect((await send(buyer, { type: 'idea', comment: ` ${'é'.repeat(500)} ` })).statusCode).toBe(201);
    expect(
      (await send(buyer, { type: 'bug', comment: 'Big' }, { bytes: pngOfSize(10 * 1024 * 1024) })).statusCode,
    ).toBe(201);
  });

  it('is for signed-in users only', async () => {
    await feedbackApp();
    const res = await send(null, { type: 'idea', comment: 'Hello' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTHENTICATION_REQUIRED');
  });
});

describe('the public form (POST /api/auth/public-feedback)', () => {
  it('takes feedback with a solved human check, once', async () => {
    const { admin } = await feedbackApp();
    const answer = await proof();
    const body = {
      type: 'other',
      comment: 'Love the owners club.',
      email: 'Visitor@Example.com',
      proof: answer,
    };
    const res = await sendPublic({ ...body, source: 'owners' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'other', status: 'open' });

    const item = (
      await callAs(app, admin, 'GET', `/api/admin/feedback/${res.json().id}`)
    ).json<AdminFeedback>();
    expect(item).toMatchObject({
      source: 'owners',
      page: '/owners-feedback',
      senderEmail: 'Visitor@Example.com',
      senderName: null,
      userId: null,
    });

    const replay = await sendPublic(body);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('HUMAN_CHECK_USED');
  });

  it('refuses a missing, forged or expired proof and a bad e-mail', async () => {
    await feedbackApp();
    const base = { type: 'idea', comment: 'Dark mode please' };
    expect((await sendPublic(base)).json().code).toBe('HUMAN_CHECK_FAILED');
    expect((await sendPublic({ ...base, proof: 'not base64 json' })).json().code).toBe('HUMAN_CHECK_FAILED');

    // A challenge signed with another key.
    const { createChallenge } = await import('altcha-lib');
    const forged = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 100,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'not-the-installation-key',
    });
    const res = await sendPublic({ ...base, proof: await solve(forged) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('HUMAN_CHECK_FAILED');

    // Ours, solved, but past its expiry.
    const expired = await newHumanCheck(app.database.db, app.secrets, -1_000);
    const late = await sendPublic({ ...base, proof: await solve(expired) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'HUMAN_CHECK_EXPIRED',
      message: 'The human check has expired. Please verify again.',
    });

    const answer = await proof();
    const bad = await sendPublic({ ...base, email: 'not-an-address', proof: answer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('FEEDBACK_EMAIL_INVALID');
    // The proof was not spent on the refused e-mail; without one, it is taken.
    expect((await sendPublic({ ...base, email: '', proof: answer })).statusCode).toBe(201);

    const empty = await sendPublic({ type: 'idea', comment: '  ', proof: await proof() });
    expect(empty.json()).toMatchObject({
      code: 'FEEDBACK_FIELDS_REQUIRED',
      message: 'Type and comment are required.',
    });
  });

  it('is rate limited per address', async () => {
    await feedbackApp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await sendPublic({ type: 'idea', comment: '' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('admin handling', () => {
  it('lists with filters, pages, and is the admins only', async () => {
    const { admin, buyer } = await feedbackApp();
    await send(buyer, { type: 'bug', comment: 'Broken' }, { bytes: PNG_1PX });
    await send(buyer, { type: 'idea', comment: 'Idea' });
    await sendPublic({ type: 'question', comment: 'How?', proof: await proof() });

    const list = async (query: string) => {
      const res = await callAs(app, admin, 'GET', `/api/admin/feedback${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: AdminFeedback[]; nextCursor: string | null; total: number }>();
    };
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.comment)).toEqual(['How?', 'Idea', 'Broken']);
    expect(all.items[1]!.senderName).toBe(all.items[2]!.senderName);
    expect(all.items[1]!.senderName).toMatch(/^Test User/);
    expect((await list('?type=bug')).items.map((i) => i.comment)).toEqual(['Broken']);
    expect((await list('?source=page')).items.map((i) => i.comment)).toEqual(['How?']);
    expect((await list('?source=widget&type=idea')).total).toBe(1);
    expect((await list('?status=resolved')).total).toBe(0);
    const first = await list('?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.comment)).toEqual(['Broken']);
    expect(second.nextCursor).toBeNull();

    expect((await callAs(app, admin, 'GET', '/api/admin/feedback?status=closed')).statusCode).toBe(400);
    expect((await callAs(app, buyer, 'GET', '/api/admin/feedback')).statusCode).toBe(403);
    const id = all.items[0]!.id;
    expect((await callAs(app, buyer, 'GET', `/api/admin/feedback/${id}`)).statusCode).toBe(403);
    expect(
      (await callAs(app, buyer, 'PUT', `/api/admin/feedback/${id}`, { status: 'resolved' })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/admin/feedback' })).statusCode).toBe(401);
  });

  it('resolving e-mails the sender once, in their language, and is audited with the admin as actor', async () => {
    const { admin, buyer } = await feedbackApp();
    await app.database.db.update(users).set({ languagePreference: 'es' }).where(eq(users.id, buyer.id));
    const item = (await send(buyer, { type: 'bug', comment: 'El mapa no carga' })).json<AdminFeedback>();

    const progress = await callAs(app, admin, 'PUT', `/api/admin/feedback/${item.id}`, {
      status: 'in_progress',
    });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({ status: 'in_progress', resolvedAt: null });
    const mails = () => app.database.db.select().from(outbox).where(eq(outbox.template, 'feedback_resolved'));
    expect(await mails()).toHaveLength(0);

    const resolved = await callAs(app, admin, 'PUT', `/api/admin/feedback/${item.id}`, {
      status: 'resolved',
      note: 'Arreglado en la versión de hoy.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      statusNote: 'Arreglado en la versión de hoy.',
      resolvedBy: admin.id,
    });
    // Saving it resolved again does not write again.
    await callAs(app, admin, 'PUT', `/api/admin/feedback/${item.id}`, { status: 'resolved' });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', recipient: buyer.email });
    expect(sent[0]!.subject).toBe('Hemos resuelto tu comentario en DealClub');
    expect(sent[0]!.body).toContain('El mapa no carga');
    expect(sent[0]!.body).toContain('Arreglado en la versión de hoy.');

    const audit = await app.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, item.id));
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.actorId === admin.id && a.action === 'feedback.status')).toBe(true);
    expect(audit.map((a) => a.details?.to).sort()).toEqual(['in_progress', 'resolved', 'resolved']);

    const log = await callAs(app, admin, 'GET', '/api/admin/audit?limit=2');
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ total: 3 });
    expect(log.json().items).toHaveLength(2);
    expect((await callAs(app, buyer, 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });

  it('resolving public feedback without an address sends nothing; unknown ids are 404', async () => {
    const { admin } = await feedbackApp();
    const { id } = (await sendPublic({ type: 'idea', comment: 'Anonymous', proof: await proof() })).json();
    expect(
      (await callAs(app, admin, 'PUT', `/api/admin/feedback/${id}`, { status: 'resolved' })).statusCode,
    ).toBe(200);
    expect(
      await app.database.db.select().from(outbox).where(eq(outbox.template, 'feedback_resolved')),
    ).toHaveLength(0);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await callAs(app, admin, 'PUT', `/api/admin/feedback/${unknown}`, { status: 'open' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FEEDBACK_NOT_FOUND');
    expect((await callAs(app, admin, 'GET', `/api/admin/feedback/${id}/screenshot`)).statusCode).toBe(404);
  });
});

describe('the admin audit', () => {
  it('records help, roadmap, training and user changes with the admin as actor', async () => {
    const { admin, buyer } = await feedbackApp();
    const article = await callAs(app, admin, 'POST', '/api/help/admin/articles', helpArticleDraft());
    expect(article.statusCode, article.body).toBe(201);
    const item = await callAs(app, admin, 'POST', '/api/admin/features', roadmapItemDraft());
    expect(item.statusCode, item.body).toBe(201);
    const removed = await callAs(app, admin, 'DELETE', `/api/admin/features/${item.json().id}`);
    expect(removed.statusCode).toBe(204);
    const roles = await callAs(app, admin, 'PUT', `/api/admin/users/${buyer.id}/roles`, {
      roles: ['buyer', 'originator'],
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const lesson = await callAs(app, admin, 'POST', '/api/admin/training/lessons', lessonDraft());
    expect(lesson.statusCode, lesson.body).toBe(201);

    const rows = await app.database.db.select().from(adminAudit);
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
    expect(rows.map((r) => `${r.action} ${r.targetId}`).sort()).toEqual(
      [
        `help.article.create ${article.json().id}`,
        `roadmap.create ${item.json().id}`,
        `roadmap.delete ${item.json().id}`,
        `user.roles ${buyer.id}`,
        `training.lesson.create ${lesson.json().id}`,
      ].sort(),
    );
  });
});

describe('the audit of moderation', () => {
  it("records an admin's exports, edit and deletion of a deal they did not list, never the originator's own", async () => {
    const { admin } = await feedbackApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const deal = await listDeal(app, seller, cashDeal());
    // The originator's own export and edit are not admin actions.
    expect((await callAs(app, seller, 'GET', `/api/deals/${deal.id}/offers.csv`)).statusCode).toBe(200);
    expect((await callAs(app, seller, 'PUT', `/api/deals/${deal.id}`, cashDeal())).statusCode).toBe(200);
    expect(await app.database.db.select().from(adminAudit)).toEqual([]);

    for (const [method, url, body] of [
      ['GET', `/api/deals/${deal.id}/offers.csv?status=all`, undefined],
      ['GET', `/api/deals/${deal.id}/interests.csv`, undefined],
      ['PUT', `/api/deals/${deal.id}`, cashDeal({ purchasePrice: 201_000 })],
      ['DELETE', `/api/deals/${deal.id}`, undefined],
    ] as const) {
      const res = await callAs(app, admin, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    }
    const rows = await app.database.db.select().from(adminAudit);
    expect(
      rows.every((r) => r.actorId === admin.id && r.targetType === 'deal' && r.targetId === deal.id),
    ).toBe(true);
    expect(rows.map((r) => r.action).sort()).toEqual(
      ['deal.delete', 'deal.interests.export', 'deal.offers.export', 'deal.update'].sort(),
    );
    expect(rows.find((r) => r.action === 'deal.offers.export')?.details).toEqual({ status: 'all' });
  });
});

describe('the demo feedback', () => {
  it('gives the admin tab items of each source, from the demo senders, once', async () => {
    const { admin } = await feedbackApp();
    for (const email of ['buyer@demo.test', 'hybrid@demo.test', 'seller@demo.test']) {
      await createUser(app, { email });
    }
    await runSeeds(app.database.db, [demoFeedbackSeed]);
    await runSeeds(app.database.db, [demoFeedbackSeed]);
    const res = await callAs(app, admin, 'GET', '/api/admin/feedback?limit=100');
    const items = res.json<{ items: AdminFeedback[] }>().items;
    expect(items).toHaveLength(DEMO_FEEDBACK.length);
    expect(new Set(items.map((i) => i.source))).toEqual(new Set(['widget', 'page', 'owners']));
    expect(items.filter((i) => i.source === 'widget').every((i) => i.userId && i.page)).toBe(true);
  });
});
