import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { deliverPendingMessages } from './deliver';
import { mailboxTransport } from './transports';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

interface Page {
  items: { id: string; recipient: string; subject: string; template: string; status: string }[];
  nextCursor: string | null;
  total: number;
}

/** Five messages, oldest first, a second apart. */
async function seedMessages() {
  const messages = [
    { recipient: 'Ada@Example.test', template: 'confirm_signup', subject: 'one' },
    { recipient: 'bob@example.test', template: 'invitation', subject: 'two' },
    { recipient: 'ada.lovelace@other.test', template: 'invitation', subject: 'three' },
    { recipient: 'carol@example.test', template: 'forgot_password', subject: 'four' },
    { recipient: 'ADA@example.test', template: 'forgot_password', subject: 'five' },
  ];
  const start = Date.now() - 60_000;
  await app.database.db.insert(outbox).values(
    messages.map((m, i) => ({
      channel: 'email',
      body: `Body of ${m.subject}`,
      createdAt: new Date(start + i * 1000),
      ...m,
    })),
  );
}

const list = async (query: string, headers: Record<string, string>) => {
  const res = await app.inject({ url: `/api/admin/outbox${query}`, headers });
  return { status: res.statusCode, body: res.json() as Page & { code?: string } };
};

describe('GET /api/admin/outbox', () => {
  it('shows admins every message, newest first, with its delivery state', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await seedMessages();
    await deliverPendingMessages(app.database.db, mailboxTransport(), 1);

    const res = await app.inject({ url: '/api/admin/outbox', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as Page;
    expect(page.total).toBe(5);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((m) => m.subject)).toEqual(['five', 'four', 'three', 'two', 'one']);
    expect(page.items.at(-1)).toEqual({
      id: expect.any(String),
      channel: 'email',
      recipient: 'Ada@Example.test',
      subject: 'one',
      body: 'Body of one',
      template: 'confirm_signup',
      status: 'kept',
      attempts: 1,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentAt: null,
    });
    expect(page.items[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('pages with an opaque cursor', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await seedMessages();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin.headers);
      expect(status).toBe(200);
      expect(body.total).toBe(5);
      seen.push(...body.items.map((m) => m.subject));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['five', 'four', 'three', 'two', 'one']);
  });

  it('pages correctly through messages created in one transaction (same timestamp)', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await app.database.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await tx.insert(outbox).values({
          channel: 'email',
          recipient: `same${i}@example.test`,
          subject: `s${i}`,
          body: '',
          template: 'batch',
        });
      }
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin.headers);
      seen.push(...body.items.map((m) => m.subject));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['s0', 's1', 's2', 's3', 's4']);
  });

  it('filters by recipient (part, any case) and by template', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await seedMessages();

    const ada = await list('?recipient=ada', admin.headers);
    expect(ada.body.items.map((m) => m.subject)).toEqual(['five', 'three', 'one']);
    expect(ada.body.total).toBe(3);

    const exampleAda = await list('?recipient=ADA%40EXAMPLE', admin.headers);
    expect(exampleAda.body.items.map((m) => m.subject)).toEqual(['five', 'one']);

    const invitations = await list('?template=invitation', admin.headers);
    expect(invitations.body.items.map((m) => m.subject)).toEqual(['three', 'two']);

    const both = await list('?template=forgot_password&recipient=ada', admin.headers);
    expect(both.body).toMatchObject({ total: 1, nextCursor: null });
    expect(both.body.items.map((m) => m.subject)).toEqual(['five']);

    // Wildcards are plain characters here.
    expect((await list('?recipient=%25', admin.headers)).body.total).toBe(0);
    expect((await list('?recipient=_', admin.headers)).body.total).toBe(0);
    expect((await list('?template=nope', admin.headers)).body).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('pages through filtered results', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await seedMessages();
    const first = await list('?recipient=ada&limit=2', admin.headers);
    expect(first.body.items.map((m) => m.subject)).toEqual(['five', 'three']);
    const second = await list(`?recipient=ada&limit=2&cursor=${first.body.nextCursor}`, admin.headers);
    expect(second.body.items.map((m) => m.subject)).toEqual(['one']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('refuses everyone but admins', async () => {
    app = await createTestApp();
    await seedMessages();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const owner = await createUser(app, { roles: ['owner'] });

    expect((await app.inject('/api/admin/outbox')).statusCode).toBe(401);
    expect((await app.inject('/api/admin/outbox')).json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    for (const user of [buyer, owner]) {
      const res = await app.inject({ url: '/api/admin/outbox', headers: user.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('validates the limit and the cursor', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await seedMessages();
    expect((await list('', admin.headers)).body.items).toHaveLength(5);
    expect((await list('?limit=101', admin.headers)).status).toBe(400);
    expect((await list('?limit=0', admin.headers)).status).toBe(400);
    expect((await list('?cursor=not-a-cursor', admin.headers)).status).toBe(400);
    // A deleted row's cursor ends the list rather than failing.
    const [row] = await app.database.db.select({ id: outbox.id }).from(outbox).limit(1);
    await app.database.db.delete(outbox).where(eq(outbox.id, row!.id));
    const gone = Buffer.from(row!.id).toString('base64url');
    expect((await list(`?cursor=${gone}`, admin.headers)).body.items).toEqual([]);
  });

  it('pages 24 by default and up to 100', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    await app.database.db.insert(outbox).values(
      Array.from({ length: 30 }, (_, i) => ({
        channel: 'email',
        recipient: `bulk${i}@example.test`,
        subject: `bulk ${i}`,
        body: '',
        template: 'bulk',
      })),
    );
    const first = await list('', admin.headers);
    expect(first.body.items).toHaveLength(24);
    expect(first.body.total).toBe(30);
    expect(first.body.nextCursor).not.toBeNull();
    expect((await list('?limit=100', admin.headers)).body.items).toHaveLength(30);
  });
});
