import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { makeDue as makeDueAt, outboxRow } from './test-rows';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/app';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp';
import type { WorkLogger } from '../jobs';
import { claimPendingMessages, deliverPendingMessages } from './deliver';
import { enqueueMessage, type OutgoingMessage } from './enqueue-message';
import { createMailTransport, mailboxTransport, smtpTransport, type MailTransport } from './transports';

let database: TestDatabase | undefined;
let smtp: FakeSmtpServer | undefined;
let transport: MailTransport | undefined;
afterEach(async () => {
  transport?.close?.();
  await smtp?.close();
  await database?.close();
  database = smtp = transport = undefined;
});

const FROM = 'DealClub <no-reply@dealclub.local>';

const email = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  channel: 'email',
  recipient: 'ada@example.test',
  subject: 'Your verification code',
  body: 'Your code is 123456.\nIt expires in 24 hours.',
  template: 'confirm_signup',
  ...overrides,
});

async function fresh(): Promise<Db> {
  database = await createTestDatabase();
  return database.db;
}

const message = (id: string) => outboxRow(database!.db, id);
const makeDue = (id: string) => makeDueAt(database!.db, id);

describe('deliverPendingMessages through SMTP', () => {
  it('sends e-mail with nodemailer to the SMTP server and marks it sent', async () => {
    const db = await fresh();
    smtp = await startFakeSmtpServer();
    transport = smtpTransport(smtp.url, FROM);
    const id = await enqueueMessage(db, email());

    expect(await deliverPendingMessages(db, transport, 10)).toEqual({
      claimed: 1,
      sent: 1,
      kept: 0,
      retried: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@dealclub.local');
    expect(mail.to).toEqual(['ada@example.test']);
    expect(mail.headers.to).toBe('ada@example.test');
    expect(mail.headers.from).toBe(FROM);
    expect(mail.headers.subject).toBe('Your verification code');
    expect(mail.headers['content-type']).toMatch(/^text\/plain/);
    expect(mail.body.replace(/\r\n/g, '\n').trim()).toBe('Your code is 123456.\nIt expires in 24 hours.');

    const row = await message(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Sent once: nothing left to do.
    expect((await deliverPendingMessages(db, transport, 10)).claimed).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends in order of creation, at most `limit` per call', async () => {
    const db = await fresh();
    smtp = await startFakeSmtpServer();
    transport = smtpTransport(smtp.url, FROM);
    const start = Date.now() - 60_000;
    await db.insert(outbox).values(
      [3, 1, 2].map((n) => ({
        ...email({ recipient: `r${n}@example.test` }),
        createdAt: new Date(start + n),
      })),
    );
    expect((await deliverPendingMessages(db, transport, 2)).sent).toBe(2);
    expect((await deliverPendingMessages(db, transport, 2)).sent).toBe(1);
    expect(smtp.received.map((m) => m.to[0])).toEqual([
      'r1@example.test',
      'r2@example.test',
      'r3@example.test',
    ]);
  });

  it('retries after a temporary refusal (451) and sends once the server accepts', async () => {
    const db = await fresh();
    smtp = await startFakeSmtpServer({ refuse: { stage: 'RCPT', reply: '451 4.3.0 Try again later' } });
    transport = smtpTransport(smtp.url, FROM);
    const id = await enqueueMessage(db, email());

    expect(await deliverPendingMessages(db, transport, 10)).toMatchObject({ claimed: 1, retried: 1 });
    let row = await message(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    // Backing off: not due again yet.
    expect((await deliverPendingMessages(db, transport, 10)).claimed).toBe(0);

    smtp.options.refuse = undefined;
    await makeDue(id);
    expect(await deliverPendingMessages(db, transport, 10)).toMatchObject({ claimed: 1, sent: 1 });
    row = await message(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.headers.subject)).toEqual(['Your verification code']);
  });

  it('marks a message failed after the last attempt (554 on DATA)', async () => {
    const db = await fresh();
    smtp = await startFakeSmtpServer({ refuse: { stage: 'DATA', reply: '554 5.7.1 Message rejected' } });
    transport = smtpTransport(smtp.url, FROM);
    const id = await enqueueMessage(db, email());
    const options = { maxAttempts: 3 };

    for (const attempt of [1, 2]) {
      expect(await deliverPendingMessages(db, transport, 10, options)).toMatchObject({ retried: 1 });
      expect(await message(id)).toMatchObject({ status: 'pending', attempts: attempt });
      await makeDue(id);
    }
    expect(await deliverPendingMessages(db, transport, 10, options)).toMatchObject({ failed: 1 });
    const row = await message(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.lastError).toMatch(/554/);
    await makeDue(id);
    expect((await deliverPendingMessages(db, transport, 10, options)).claimed).toBe(0);
    expect(smtp.received).toHaveLength(0);
    // The server saw three complete attempts.
    expect(smtp.commands.filter((c) => c === 'DATA')).toHaveLength(3);
  });

  it('records a connection failure (nobody listening) as a failed attempt', async () => {
    const db = await fresh();
    smtp = await startFakeSmtpServer();
    const url = smtp.url;
    await smtp.close();
    smtp = undefined;
    transport = smtpTransport(url, FROM);
    const id = await enqueueMessage(db, email());
    expect(await deliverPendingMessages(db, transport, 10)).toMatchObject({ retried: 1 });
    expect((await message(id)).lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('deliverPendingMessages without SMTP', () => {
  it('keeps e-mail and SMS in the mailbox and logs e-mail in development', async () => {
    const db = await fresh();
    const logged: { obj: object; msg: string }[] = [];
    const logger: WorkLogger = {
      info: (obj, msg) => void logged.push({ obj, msg }),
      warn: () => {},
      error: () => {},
    };
    const mailbox = createMailTransport(
      { env: 'development', mail: { smtpUrl: undefined, from: FROM } },
      logger,
    );
    const mail = await enqueueMessage(db, email());
    const sms = await enqueueMessage(db, {
      channel: 'sms',
      recipient: '+15125550199',
      subject: '',
      body: 'Code 123456',
      template: 'sms_code',
    });

    expect(await deliverPendingMessages(db, mailbox, 10)).toEqual({
      claimed: 2,
      sent: 0,
      kept: 2,
      retried: 0,
      failed: 0,
    });
    expect(await message(mail)).toMatchObject({ status: 'kept', sentAt: null, lastError: null });
    expect(await message(sms)).toMatchObject({ status: 'kept', sentAt: null });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.obj).toEqual({ to: 'ada@example.test', subject: 'Your verification code' });
    expect((await deliverPendingMessages(db, mailbox, 10)).claimed).toBe(0);
  });

  it('logs nothing outside development', async () => {
    const logged: unknown[] = [];
    const logger: WorkLogger = { info: (o) => void logged.push(o), warn: () => {}, error: () => {} };
    const kept = createMailTransport({ env: 'production', mail: { smtpUrl: undefined, from: FROM } }, logger);
    expect(kept.keepsMessages).toBe(true);
    await kept.send({ to: 'a@example.test', subject: 's', text: 't' });
    expect(logged).toEqual([]);
    expect(mailboxTransport().keepsMessages).toBe(true);
  });
});

describe('claimPendingMessages', () => {
  it('never hands the same message to two concurrent claims', { tags: ['server'] }, async () => {
    const db = await fresh();
    const ids = [];
    for (let i = 0; i < 12; i++)
      ids.push(await enqueueMessage(db, email({ recipient: `c${i}@example.test` })));
    const batches = await Promise.all(Array.from({ length: 4 }, () => claimPendingMessages(db, 5)));
    const claimed = batches.flat().map((m) => m.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const rest = (await claimPendingMessages(db, 20)).map((m) => m.id);
    expect([...claimed, ...rest].sort()).toEqual([...ids].sort());
    const rows = await db.select().from(outbox);
    expect(rows.every((r) => r.status === 'sending' && r.attempts === 1)).toBe(true);
  });

  it('takes over a message left sending by a crashed instance once its lease expired', async () => {
    const db = await fresh();
    const id = await enqueueMessage(db, email());
    await claimPendingMessages(db, 10); // claimed, then the instance dies
    expect(await claimPendingMessages(db, 10)).toEqual([]);
    await db
      .update(outbox)
      .set({ sentAt: sql`now() - interval '1 hour'` })
      .where(eq(outbox.id, id));
    const [again] = await claimPendingMessages(db, 10);
    expect(again).toMatchObject({ id, status: 'sending', attempts: 2 });
  });
});

describe('SMS quiet hours', () => {
  /** A fixed-offset zone whose wall clock now reads `night` (21:00–07:59) or not. */
  function zoneWhere(night: boolean): string {
    for (let offset = -12; offset <= 14; offset++) {
      // Etc/GMT signs are inverted: Etc/GMT-3 is three hours ahead of UTC.
      const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(
          new Date(),
        ),
      );
      // A margin of an hour, so the clock cannot turn between here and the claim.
      if (night ? hour >= 21 || hour < 7 : hour >= 8 && hour < 20) return zone;
    }
    throw new Error('no zone found');
  }

  it('never sends an alert SMS at night where its recipient is, not even a retry', async () => {
    const db = await fresh();
    const sms = (zone: string, recipient: string): OutgoingMessage => ({
      channel: 'sms',
      recipient,
      subject: 'New deal',
      body: 'A deal fits your preferences.',
      template: 'deal_alert',
      quietZone: zone,
    });
    const day = await enqueueMessage(db, sms(zoneWhere(false), '+15550000001'));
    const night = await enqueueMessage(db, sms(zoneWhere(true), '+15550000002'));
    // A first attempt failed hours ago (by day there); its retry is due now, at night there.
    const retry = await enqueueMessage(db, sms(zoneWhere(true), '+15550000003'));
    await db
      .update(outbox)
      .set({ attempts: 1, sentAt: sql`now() - interval '6 hours'`, lastError: 'provider unavailable' })
      .where(eq(outbox.id, retry));
    const claimed = (await claimPendingMessages(db, 10)).map((m) => m.id);
    expect(claimed).toEqual([day]);
    expect(await message(night)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await message(retry)).toMatchObject({ status: 'pending', attempts: 1 });
    // Come morning there, both go.
    await db
      .update(outbox)
      .set({ quietZone: zoneWhere(false) })
      .where(sql`${outbox.id} in (${night}, ${retry})`);
    expect((await claimPendingMessages(db, 10)).map((m) => m.id).sort()).toEqual([night, retry].sort());
  });
});

describe('background delivery in the server', () => {
  it('delivers queued e-mail by itself and stops when the app closes', async () => {
    smtp = await startFakeSmtpServer();
    database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Club <club@example.test>' }),
      database,
      startWorkers: true,
    });
    try {
      expect(app.config.mail).toEqual({ smtpUrl: smtp.url, from: 'Club <club@example.test>' });
      await app.ready();
      await enqueueMessage(app.database.db, email({ subject: 'Welcome to DealClub' }));
      await expect.poll(() => smtp!.received.length, { timeout: 10_000, interval: 50 }).toBe(1);
      expect(smtp.received[0]!.headers.subject).toBe('Welcome to DealClub');
      expect(smtp.received[0]!.from).toBe('club@example.test');
    } finally {
      await app.close();
      // The app owned the database and closed it.
      database = undefined;
    }
  });

  it('reads SMTP_URL and MAIL_FROM from the environment', () => {
    expect(testConfig().mail).toEqual({ smtpUrl: undefined, from: FROM });
    expect(testConfig({ SMTP_URL: '', MAIL_FROM: '' }).mail).toEqual({ smtpUrl: undefined, from: FROM });
    expect(() => testConfig({ SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL/);
  });
});
