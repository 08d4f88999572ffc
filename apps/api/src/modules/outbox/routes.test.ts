import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxTestResult } from '@dealclub/shared/outbox';
import { outbox } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp';
import {
  FAKE_AWS,
  FAKE_TWILIO,
  startFakeSns,
  startFakeTwilio,
  twilioError,
  verifySigV4,
  type FakeProvider,
} from '../../test/fake-sms';
import { deliverPendingMessages } from './deliver';
import { mailboxTransport } from './transports';

let app: FastifyInstance;
let fake: FakeProvider | undefined;
let smtp: FakeSmtpServer | undefined;
afterEach(async () => {
  await app?.close();
  await fake?.close();
  await smtp?.close();
  fake = smtp = undefined;
  vi.unstubAllEnvs();
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
      providerCode: null,
      providerMessageId: null,
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

describe('POST /api/admin/outbox/test', () => {
  const sendTest = (headers: Record<string, string>, body: unknown) =>
    app.inject({ method: 'POST', url: '/api/admin/outbox/test', headers, payload: body as object });

  it(
    'keeps the test message in the mailbox without a provider, and lists it',
    { tags: ['server'] },
    async () => {
      app = await createTestApp();
      const admin = await createUser(app, { roles: ['admin'] });

      const sms = await sendTest(admin.headers, { channel: 'sms', to: '(512) 555-0199' });
      expect(sms.statusCode).toBe(200);
      expect(sms.headers['cache-control']).toBe('no-store');
      expect(sms.json()).toEqual({
        channel: 'sms',
        to: '+15125550199',
        provider: 'mailbox',
        status: 'kept',
        outboxId: expect.any(String),
        providerMessageId: null,
        providerCode: null,
        message: null,
      });
      const email = (await sendTest(admin.headers, { channel: 'email', to: ' ada@example.test ' })).json();
      expect(email).toMatchObject({
        channel: 'email',
        to: 'ada@example.test',
        provider: 'mailbox',
        status: 'kept',
      });

      const listed = (await app.inject({ url: '/api/admin/outbox', headers: admin.headers })).json() as Page;
      expect(listed.items).toEqual([
        expect.objectContaining({
          id: (email as OutboxTestResult).outboxId,
          recipient: 'ada@example.test',
          template: 'outbox_test',
          status: 'kept',
          subject: 'DealClub test message',
        }),
        expect.objectContaining({
          id: (sms.json() as OutboxTestResult).outboxId,
          channel: 'sms',
          recipient: '5125550199',
          template: 'outbox_test',
          status: 'kept',
        }),
      ]);
      // Settled: the worker has nothing to do.
      expect((await deliverPendingMessages(app.database.db, mailboxTransport(), 10)).claimed).toBe(0);
    },
  );

  it('sends through SNS at once and answers its MessageId', async () => {
    const sns = await startFakeSns();
    fake = sns;
    // The SDK's usual credentials: here the environment's.
    vi.stubEnv('AWS_ACCESS_KEY_ID', FAKE_AWS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', FAKE_AWS.secretAccessKey);
    app = await createTestApp({ SMS_PROVIDER: 'sns', AWS_REGION: 'us-east-1', SNS_ENDPOINT: sns.url });
    const admin = await createUser(app, { roles: ['admin'] });

    const res = await sendTest(admin.headers, { channel: 'sms', to: '512-555-0199' });
    expect(res.json()).toEqual({
      channel: 'sms',
      to: '+15125550199',
      provider: 'sns',
      status: 'sent',
      outboxId: expect.any(String),
      providerMessageId: sns.messageIds[0],
      providerCode: null,
      message: null,
    });
    expect(sns.received).toHaveLength(1);
    expect(sns.received[0]!.form).toMatchObject({
      Action: 'Publish',
      PhoneNumber: '+15125550199',
      Message: 'This is a test message from DealClub. If you received it, delivery works.',
    });
    expect(verifySigV4(sns.received[0]!, FAKE_AWS.secretAccessKey).valid).toBe(true);
    const [row] = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, (res.json() as OutboxTestResult).outboxId));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: sns.messageIds[0] });
  });

  it('answers Twilio’s refusal with its code and words, in the admin’s language', async () => {
    const twilio = await startFakeTwilio();
    fake = twilio;
    twilio.script.push(twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'));
    app = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_BASE: twilio.url,
    });
    const admin = await createUser(app, { roles: ['admin'], language: 'es' });

    const res = await sendTest(admin.headers, { channel: 'sms', to: '5125550199' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'twilio',
      status: 'failed',
      providerMessageId: null,
      providerCode: '21610',
      message: 'Attempt to send to unsubscribed recipient',
    });
    expect(twilio.received[0]!.form).toEqual({
      To: '+15125550199',
      From: FAKE_TWILIO.from,
      Body: 'Este es un mensaje de prueba de DealClub. Si lo recibiste, el envío funciona.',
    });
    // One attempt, not retried: the row is failed with the code.
    const [row] = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, (res.json() as OutboxTestResult).outboxId));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, providerCode: '21610' });

    // E-mail still goes by its own transport (no SMTP here: kept).
    expect(
      (await sendTest(admin.headers, { channel: 'email', to: 'ada@example.test' })).json(),
    ).toMatchObject({
      provider: 'mailbox',
      status: 'kept',
    });
    expect(twilio.received).toHaveLength(1);
  });

  it('sends e-mail through SMTP and answers the Message-ID', async () => {
    smtp = await startFakeSmtpServer();
    app = await createTestApp({ SMTP_URL: smtp.url });
    const admin = await createUser(app, { roles: ['admin'] });
    const res = await sendTest(admin.headers, { channel: 'email', to: 'ada@example.test' });
    expect(res.json()).toMatchObject({
      channel: 'email',
      to: 'ada@example.test',
      provider: 'smtp',
      status: 'sent',
      providerMessageId: expect.stringMatching(/^<.+>$/),
    });
    expect(smtp.received.map((m) => m.to)).toEqual([['ada@example.test']]);
    expect(smtp.received[0]!.headers.subject).toBe('DealClub test message');

    smtp.options.refuse = { stage: 'RCPT', reply: '550 5.1.1 No such user' };
    expect(
      (await sendTest(admin.headers, { channel: 'email', to: 'nobody@example.test' })).json(),
    ).toMatchObject({
      provider: 'smtp',
      status: 'failed',
      providerCode: '550',
      message: expect.stringContaining('No such user'),
    });
  });

  it('validates the channel and the recipient: an e-mail address or a US phone number', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    for (const body of [
      {},
      { channel: 'sms' },
      { channel: 'fax', to: '5125550199' },
      { channel: 'sms', to: 'ada@example.test' },
      { channel: 'sms', to: '+44 20 7946 0958' },
      { channel: 'email', to: '5125550199' },
      { channel: 'email', to: '' },
      { channel: 'email', to: `${'a'.repeat(250)}@example.test` },
    ]) {
      const res = await sendTest(admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // The field's message is a locale key the form shows in the admin's language.
    const phone = (await sendTest(admin.headers, { channel: 'sms', to: '123' })).json() as {
      errors: { path: string; key?: string }[];
    };
    expect(phone.errors).toEqual([
      expect.objectContaining({ path: 'to', key: 'outboxAdmin.validation.phone' }),
    ]);
    const email = (await sendTest(admin.headers, { channel: 'email', to: 'ada' })).json() as typeof phone;
    expect(email.errors).toEqual([
      expect.objectContaining({ path: 'to', key: 'outboxAdmin.validation.email' }),
    ]);
    expect(await app.database.db.select().from(outbox)).toEqual([]);
  });

  it('refuses everyone but admins, before reading the body', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const owner = await createUser(app, { roles: ['owner'] });
    expect((await sendTest({}, { channel: 'sms', to: '5125550199' })).statusCode).toBe(401);
    for (const user of [buyer, owner]) {
      for (const body of [{ channel: 'sms', to: '5125550199' }, {}]) {
        const res = await sendTest(user.headers, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect(await app.database.db.select().from(outbox)).toEqual([]);
  });

  it('is rate-limited per admin', async () => {
    app = await createTestApp({ OUTBOX_TEST_RATE_LIMIT_PER_MINUTE: '2' });
    const admin = await createUser(app, { roles: ['admin'] });
    const other = await createUser(app, { roles: ['admin'] });
    const body = { channel: 'email', to: 'ada@example.test' };
    expect((await sendTest(admin.headers, body)).statusCode).toBe(200);
    expect((await sendTest(admin.headers, body)).statusCode).toBe(200);
    const limited = await sendTest(admin.headers, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendTest(other.headers, body)).statusCode).toBe(200);
    expect(await app.database.db.select().from(outbox)).toHaveLength(3);
  });
});
