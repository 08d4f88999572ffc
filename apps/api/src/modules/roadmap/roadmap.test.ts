import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminRoadmapItem, RoadmapItemInput, RoadmapList } from '@dealclub/shared/roadmap';
import { runSeeds } from '../../db/seed';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { DEMO_ROADMAP_ITEMS, demoRoadmapSeed } from './demo-roadmap';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000001';

async function roadmapApp() {
  app = await createTestApp();
  const admin = await createUser(app, { roles: ['admin'] });
  const buyer = await createUser(app, { roles: ['buyer'] });
  return { admin, buyer };
}

const item = (overrides: Partial<RoadmapItemInput> = {}): RoadmapItemInput => ({
  title: { en: 'Deal comparisons', es: 'Comparación de oportunidades' },
  description: { en: 'Four deals side by side.', es: 'Cuatro oportunidades una junto a otra.' },
  status: 'planned',
  ...overrides,
});

async function create(admin: TestUser, input: RoadmapItemInput): Promise<AdminRoadmapItem> {
  const res = await callAs(app, admin, 'POST', '/api/admin/features', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(user?: TestUser, headers: Record<string, string> = {}, query = ''): Promise<RoadmapList> {
  const res = await app.inject({
    url: `/api/features${query}`,
    headers: { ...headers, ...(user ? user.headers : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const vote = (user: TestUser, id: string) => callAs(app, user, 'POST', `/api/features/${id}/vote`);
const unvote = (user: TestUser, id: string) => callAs(app, user, 'DELETE', `/api/features/${id}/vote`);

describe('reading the roadmap', () => {
  it('is public, in the reader language, by status then position, with the list shape', async () => {
    const { admin } = await roadmapApp();
    const done = await create(admin, item({ status: 'done', title: { en: 'Shipped', es: 'Entregado' } }));
    const second = await create(admin, item({ title: { en: 'Second', es: 'Segundo' } }));
    const inProgress = await create(admin, item({ status: 'in_progress' }));
    const first = await create(admin, item({ title: { en: 'First', es: 'Primero' }, position: 0 }));

    const english = await list();
    expect(english.items.map((i) => i.id)).toEqual([first.id, second.id, inProgress.id, done.id]);
    expect(english).toMatchObject({ nextCursor: null, total: 4, language: 'en' });
    expect(english.items[0]).toMatchObject({ title: 'First', status: 'planned', votes: 0, votedByMe: false });

    const spanish = await list(undefined, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(spanish.language).toBe('es');
    expect(spanish.items.map((i) => i.title)).toEqual([
      'Primero',
      'Segundo',
      'Comparación de oportunidades',
      'Entregado',
    ]);
    expect((await list(undefined, { 'accept-language': 'es' }, '?lang=en')).items[0]!.title).toBe('First');
  });

  it('ships demo items complete in both languages', async () => {
    const { admin } = await roadmapApp();
    await runSeeds(app.database.db, [demoRoadmapSeed]);
    const items = (await callAs(app, admin, 'GET', '/api/admin/features')).json().items as AdminRoadmapItem[];
    expect(items).toHaveLength(DEMO_ROADMAP_ITEMS.length);
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['planned', 'in_progress', 'done']));
    for (const i of items) {
      expect(i.title.en && i.title.es && i.description.en && i.description.es).toBeTruthy();
      expect(i.title.es).not.toBe(i.title.en);
    }
  });
});

describe('voting', () => {
  it('counts one vote per user and item, which they can take back', async () => {
    const { admin, buyer } = await roadmapApp();
    const other = await createUser(app, { roles: ['buyer'] });
    const a = await create(admin, item());
    const b = await create(admin, item({ status: 'done' }));

    const first = await vote(buyer, a.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ votes: 1, votedByMe: true });
    // A second vote changes nothing.
    const again = await vote(buyer, a.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ votes: 1, votedByMe: true });
    expect((await vote(other, a.id)).json()).toEqual({ votes: 2, votedByMe: true });

    const mine = await list(buyer);
    expect(mine.items.find((i) => i.id === a.id)).toMatchObject({ votes: 2, votedByMe: true });
    expect(mine.items.find((i) => i.id === b.id)).toMatchObject({ votes: 0, votedByMe: false });
    const signedOut = await list();
    expect(signedOut.items.find((i) => i.id === a.id)).toMatchObject({ votes: 2, votedByMe: false });

    expect((await unvote(buyer, a.id)).statusCode).toBe(204);
    expect((await unvote(buyer, a.id)).statusCode).toBe(204);
    expect((await list(buyer)).items.find((i) => i.id === a.id)).toMatchObject({
      votes: 1,
      votedByMe: false,
    });
    expect((await callAs(app, admin, 'GET', '/api/admin/features')).json().items[0].votes).toBe(1);
  });

  it('is for signed-in users only', async () => {
    const { admin } = await roadmapApp();
    const a = await create(admin, item());
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/features/${a.id}/vote` });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTHENTICATION_REQUIRED');
    }
    expect((await list()).items[0]!.votes).toBe(0);
  });

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    const { buyer } = await roadmapApp();
    for (const res of [await vote(buyer, UNKNOWN), await unvote(buyer, UNKNOWN)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ROADMAP_ITEM_NOT_FOUND');
    }
    expect((await vote(buyer, 'not-an-id')).statusCode).toBe(400);
    expect((await unvote(buyer, 'not-an-id')).statusCode).toBe(400);
  });

  it('limits how fast one user votes', async () => {
    const { admin, buyer } = await roadmapApp();
    const a = await create(admin, item());
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((i % 2 === 0 ? await vote(buyer, a.id) : await unvote(buyer, a.id)).statusCode);
    expect(statuses.every((s) => s === 201 || s === 204)).toBe(true);
    const refused = await vote(buyer, a.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('drops the votes of a deleted item', async () => {
    const { admin, buyer } = await roadmapApp();
    const a = await create(admin, item());
    await vote(buyer, a.id);
    expect((await callAs(app, admin, 'DELETE', `/api/admin/features/${a.id}`)).statusCode).toBe(204);
    expect((await list(buyer)).items).toEqual([]);
    expect((await vote(buyer, a.id)).statusCode).toBe(404);
  });
});

describe('managing the roadmap', () => {
  it('lets an admin create, edit, move and delete items', async () => {
    const { admin } = await roadmapApp();
    const a = await create(admin, item());
    const b = await create(admin, item({ title: { en: 'Other', es: 'Otro' } }));
    expect([a.position, b.position]).toEqual([1, 2]);
    expect(a).toMatchObject({ updatedBy: admin.id, votes: 0, title: { en: 'Deal comparisons' } });

    const edited = await callAs(app, admin, 'PUT', `/api/admin/features/${a.id}`, {
      ...item({ status: 'in_progress' }),
      title: { en: '  Comparisons  ', es: 'Comparaciones' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'in_progress', position: 1, title: { en: 'Comparisons' } });

    // Swapping positions reorders them.
    await callAs(
      app,
      admin,
      'PUT',
      `/api/admin/features/${b.id}`,
      item({ status: 'in_progress', position: 0 }),
    );
    expect((await list()).items.map((i) => i.id)).toEqual([b.id, a.id]);

    expect((await callAs(app, admin, 'DELETE', `/api/admin/features/${a.id}`)).statusCode).toBe(204);
    const gone = await callAs(app, admin, 'DELETE', `/api/admin/features/${a.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('ROADMAP_ITEM_NOT_FOUND');
    expect((await callAs(app, admin, 'PUT', `/api/admin/features/${UNKNOWN}`, item())).statusCode).toBe(404);
    expect((await callAs(app, admin, 'PUT', `/api/admin/features/nope`, item())).statusCode).toBe(400);
  });

  it('refuses everyone but admins', async () => {
    const { admin, buyer } = await roadmapApp();
    const a = await create(admin, item());
    const calls = [
      ['GET', '/api/admin/features', undefined],
      ['POST', '/api/admin/features', item()],
      ['PUT', `/api/admin/features/${a.id}`, item()],
      ['DELETE', `/api/admin/features/${a.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await callAs(app, buyer, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    expect((await list()).items).toHaveLength(1);
  });

  it('needs both languages, a known status and texts within their limits', async () => {
    const { admin } = await roadmapApp();
    const bad = [
      { ...item(), title: { en: 'Only English', es: '   ' } },
      { ...item(), description: { en: '', es: 'Solo español' } },
      { ...item(), status: 'someday' },
      { ...item(), title: { en: 'x'.repeat(121), es: 'x' } },
      { ...item(), extra: true },
      { title: item().title, status: 'planned' },
    ];
    for (const body of bad) {
      const res = await callAs(app, admin, 'POST', '/api/admin/features', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await list()).total).toBe(0);
  });
});
