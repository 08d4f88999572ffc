/**
 * The SMS providers at the wire level (issue 30, decision 030): the outbox delivers through Amazon
 * SNS and Twilio against local fakes of their HTTP APIs on 127.0.0.1 — the request's shape, its
 * SigV4 signature or basic auth, a 4xx failing the message at once with the provider's code kept, a
 * 5xx or a timeout retried with backoff, quiet hours on every retry, and never a second send for
 * one outbox row, even when its sender dies mid-send. No traffic leaves loopback.
 */
import { SNSClient } from '@aws-sdk/client-sns';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { makeDue as makeDueAt, outboxRow } from './test-rows';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/app';
import {
  FAKE_AWS,
  FAKE_TWILIO,
  snsError,
  startFakeSns,
  startFakeTwilio,
  twilioError,
  verifySigV4,
  type FakeProvider,
} from '../../test/fake-sms';
import { claimPendingMessages, deliverPendingMessages, OUTCOME_UNKNOWN } from './deliver';
import { enqueueMessage, type OutgoingMessage } from './enqueue-message';
import {
  createSmsTransport,
  mailboxTransport,
  SMS_TIMEOUT_MS,
  smsDeliveryLine,
  snsTransport,
  twilioTransport,
  type SmsTransport,
} from './transports';

let database: TestDatabase | undefined;
let fake: FakeProvider | undefined;
let sms: SmsTransport | undefined;
afterEach(async () => {
  sms?.close?.();
  await fake?.close();
  await database?.close();
  database = fake = sms = undefined;
});

const mail = mailboxTransport();
/**
 * How long a transport waits in a test that makes the provider hang: short, so that the attempt
 * fails quickly. Every other test waits as the product does (`SMS_TIMEOUT_MS`): a fake that
 * answers must not be taken for one that hangs on a loaded machine (CI once saw 10 of 12 SMS
 * sent, two attempts cut off at 300 ms while four instances delivered at once).
 */
const HANG_TIMEOUT_MS = 300;

async function fresh(): Promise<Db> {
  database = await createTestDatabase();
  return database.db;
}

const text = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  channel: 'sms',
  // Stored as users' numbers are: the 10 digits.
  recipient: '5125550199',
  subject: 'New deal',
  body: 'A deal fits your preferences: http://localhost:3000/deals/1',
  template: 'deal_alert',
  ...overrides,
});

const row = (id: string) => outboxRow(database!.db, id);
const makeDue = (id: string) => makeDueAt(database!.db, id);

async function withSns(timeoutMs = SMS_TIMEOUT_MS) {
  const sns = await startFakeSns();
  fake = sns;
  sms = snsTransport(
    { region: 'us-east-1' },
    {
      timeoutMs,
      client: new SNSClient({
        region: 'us-east-1',
        endpoint: sns.url,
        maxAttempts: 1,
        credentials: FAKE_AWS,
      }),
    },
  );
  return { sns, transport: sms };
}

async function withTwilio(timeoutMs = SMS_TIMEOUT_MS) {
  const twilio = await startFakeTwilio();
  fake = twilio;
  sms = twilioTransport({ ...FAKE_TWILIO, apiBase: twilio.url }, { timeoutMs });
  return { twilio, transport: sms };
}

describe('Amazon SNS', () => {
  it('publishes to the number in E.164, SigV4-signed, and keeps the MessageId', async () => {
    const db = await fresh();
    const { sns, transport } = await withSns();
    const id = await enqueueMessage(db, text());

    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({
      claimed: 1,
      sent: 1,
    });
    expect(sns.received).toHaveLength(1);
    const request = sns.received[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(verifySigV4(request, FAKE_AWS.secretAccessKey)).toEqual({
      valid: true,
      accessKeyId: FAKE_AWS.accessKeyId,
      region: 'us-east-1',
      service: 'sns',
    });
    expect(request.form).toEqual({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: '+15125550199',
      Message: 'A deal fits your preferences: http://localhost:3000/deals/1',
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
    });
    const sent = await row(id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: sns.messageIds[0],
      providerCode: null,
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect((await deliverPendingMessages(db, mail, 10, { sms: transport })).claimed).toBe(0);
    expect(sns.received).toHaveLength(1);
  });

  it('fails a message SNS refuses (4xx) at once, keeping its code', async () => {
    const db = await fresh();
    const { sns, transport } = await withSns();
    sns.script.push(
      snsError(400, 'InvalidParameter', 'Invalid parameter: PhoneNumber Reason: +15125550199 is not valid'),
    );
    const id = await enqueueMessage(db, text());

    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({
      claimed: 1,
      failed: 1,
      retried: 0,
    });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, providerCode: 'InvalidParameter' });
    expect(failed.lastError).toMatch(/is not valid/);
    await makeDue(id);
    expect((await deliverPendingMessages(db, mail, 10, { sms: transport })).claimed).toBe(0);
    expect(sns.received).toHaveLength(1);
  });

  it('refuses a bad signature as SNS does: a 403, final', async () => {
    const db = await fresh();
    const sns = await startFakeSns();
    fake = sns;
    sms = snsTransport(
      { region: 'us-east-1' },
      {
        client: new SNSClient({
          region: 'us-east-1',
          endpoint: sns.url,
          maxAttempts: 1,
          credentials: { accessKeyId: FAKE_AWS.accessKeyId, secretAccessKey: 'not-the-secret' },
        }),
      },
    );
    const id = await enqueueMessage(db, text());
    expect(await deliverPendingMessages(db, mail, 10, { sms })).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', providerCode: 'SignatureDoesNotMatch' });
  });

  it('retries a 5xx with backoff, and a throttled 429, then sends once', async () => {
    const db = await fresh();
    const { sns, transport } = await withSns();
    sns.script.push(
      snsError(500, 'InternalError', 'Internal error'),
      snsError(429, 'Throttled', 'Rate exceeded'),
    );
    const id = await enqueueMessage(db, text());

    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ retried: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, providerCode: 'InternalError' });
    // Backing off: not due again yet.
    expect((await deliverPendingMessages(db, mail, 10, { sms: transport })).claimed).toBe(0);

    await makeDue(id);
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ retried: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2, providerCode: 'Throttled' });

    await makeDue(id);
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      providerMessageId: sns.messageIds[0],
    });
    expect(sns.received).toHaveLength(3);
    expect(sns.messageIds).toHaveLength(1);
  });

  it('retries when SNS does not answer in time', async () => {
    const db = await fresh();
    const { sns, transport } = await withSns(HANG_TIMEOUT_MS);
    sns.script.push('hang');
    const id = await enqueueMessage(db, text());

    const started = Date.now();
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ retried: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const timedOut = await row(id);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, providerCode: 'TIMEOUT' });

    await makeDue(id);
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('is what SMS_PROVIDER=sns makes, with the SDK’s usual credentials, at SNS_ENDPOINT', async () => {
    const db = await fresh();
    const sns = await startFakeSns();
    fake = sns;
    const config = testConfig({ SMS_PROVIDER: 'sns', AWS_REGION: 'us-west-2', SNS_ENDPOINT: sns.url });
    expect(config.sms).toEqual({ provider: 'sns', region: 'us-west-2', endpoint: sns.url });
    expect(smsDeliveryLine(config.sms)).toBe(`sent through Amazon SNS (us-west-2, at ${sns.url})`);
    // The SDK's default chain: the environment's keys come first.
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = FAKE_AWS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = FAKE_AWS.secretAccessKey;
    try {
      sms = createSmsTransport(config);
      expect(sms.provider).toBe('sns');
      await enqueueMessage(db, text());
      expect(await deliverPendingMessages(db, mail, 10, { sms })).toMatchObject({ sent: 1 });
    } finally {
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      else process.env.AWS_ACCESS_KEY_ID = saved.id;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    }
    expect(verifySigV4(sns.received[0]!, FAKE_AWS.secretAccessKey)).toMatchObject({
      valid: true,
      region: 'us-west-2',
    });
  });
});

describe('Twilio', () => {
  it('posts To, From and Body form-encoded with basic auth, and keeps the SID', async () => {
    const db = await fresh();
    const { twilio, transport } = await withTwilio();
    const id = await enqueueMessage(db, text());

    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ sent: 1 });
    expect(twilio.received).toHaveLength(1);
    const request = twilio.received[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`,
    );
    expect(request.form).toEqual({
      To: '+15125550199',
      From: FAKE_TWILIO.from,
      Body: 'A deal fits your preferences: http://localhost:3000/deals/1',
    });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: twilio.sids[0] });
  });

  it('fails a message Twilio refuses (4xx) at once, keeping its code', async () => {
    const db = await fresh();
    const { twilio, transport } = await withTwilio();
    twilio.script.push(twilioError(400, 21211, "The 'To' number +15125550199 is not a valid phone number."));
    const id = await enqueueMessage(db, text());

    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, providerCode: '21211' });
    expect(failed.lastError).toBe("The 'To' number +15125550199 is not a valid phone number.");
    await makeDue(id);
    expect((await deliverPendingMessages(db, mail, 10, { sms: transport })).claimed).toBe(0);
    expect(twilio.received).toHaveLength(1);
  });

  it('fails at once on wrong credentials (401, code 20003)', async () => {
    const db = await fresh();
    const twilio = await startFakeTwilio();
    fake = twilio;
    sms = twilioTransport({ ...FAKE_TWILIO, authToken: 'wrong', apiBase: twilio.url });
    const id = await enqueueMessage(db, text());
    expect(await deliverPendingMessages(db, mail, 10, { sms })).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', providerCode: '20003' });
  });

  it('retries a 5xx (even one without JSON) and a timeout, then sends once', async () => {
    const db = await fresh();
    const { twilio, transport } = await withTwilio(HANG_TIMEOUT_MS);
    twilio.script.push({ status: 503, body: 'Service Unavailable', contentType: 'text/plain' }, 'hang');
    const id = await enqueueMessage(db, text());

    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ retried: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, providerCode: 'HTTP_503' });
    await makeDue(id);
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ retried: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2, providerCode: 'TIMEOUT' });
    await makeDue(id);
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, providerMessageId: twilio.sids[0] });
    expect(twilio.sids).toHaveLength(1);
  });

  it('marks a message failed after the last attempt of retried 5xx', async () => {
    const db = await fresh();
    const { twilio, transport } = await withTwilio();
    for (let i = 0; i < 3; i++) twilio.script.push(twilioError(500, 20500, 'Internal Server Error'));
    const id = await enqueueMessage(db, text());
    const options = { sms: transport, maxAttempts: 3 };
    for (const attempt of [1, 2]) {
      expect(await deliverPendingMessages(db, mail, 10, options)).toMatchObject({ retried: 1 });
      expect(await row(id)).toMatchObject({ status: 'pending', attempts: attempt });
      await makeDue(id);
    }
    expect(await deliverPendingMessages(db, mail, 10, options)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, providerCode: '20500' });
  });

  it('is what SMS_PROVIDER=twilio makes, at TWILIO_API_BASE', async () => {
    const db = await fresh();
    const twilio = await startFakeTwilio();
    fake = twilio;
    const config = testConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_BASE: `${twilio.url}/`,
    });
    expect(config.sms).toEqual({ provider: 'twilio', ...FAKE_TWILIO, apiBase: twilio.url });
    expect(smsDeliveryLine(config.sms)).toBe(`sent through Twilio from ${FAKE_TWILIO.from}`);
    sms = createSmsTransport(config);
    await enqueueMessage(db, text());
    expect(await deliverPendingMessages(db, mail, 10, { sms })).toMatchObject({ sent: 1 });
    expect(twilio.received).toHaveLength(1);
  });
});

describe('SMS through a provider', () => {
  it('refuses a number that is not a US phone before asking the provider', async () => {
    const db = await fresh();
    const { twilio, transport } = await withTwilio();
    const id = await enqueueMessage(db, text({ recipient: '+44 20 7946 0958' }));
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', providerCode: 'INVALID_RECIPIENT' });
    expect(twilio.received).toHaveLength(0);
  });

  it('keeps quiet hours on every retry', { tags: ['server'] }, async () => {
    /** A fixed-offset zone whose wall clock now reads night (21:00–07:59) or day. */
    const zoneWhere = (night: boolean): string => {
      for (let offset = -12; offset <= 14; offset++) {
        const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
        const hour = Number(
          new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(
            new Date(),
          ),
        );
        if (night ? hour >= 21 || hour < 7 : hour >= 8 && hour < 20) return zone;
      }
      throw new Error('no zone found');
    };
    const db = await fresh();
    const { sns, transport } = await withSns();
    sns.script.push(snsError(503, 'ServiceUnavailable', 'Service is unavailable'));
    const id = await enqueueMessage(db, text({ quietZone: zoneWhere(false) }));
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ retried: 1 });

    // Its retry falls due at night where the buyer is: it waits.
    await db
      .update(outbox)
      .set({ quietZone: zoneWhere(true) })
      .where(eq(outbox.id, id));
    await makeDue(id);
    expect((await deliverPendingMessages(db, mail, 10, { sms: transport })).claimed).toBe(0);
    expect(sns.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });

    // Come morning there, it goes.
    await db
      .update(outbox)
      .set({ quietZone: zoneWhere(false) })
      .where(eq(outbox.id, id));
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({ sent: 1 });
    expect(sns.received).toHaveLength(2);
  });

  it(
    'commits the claim before the provider is asked, and never sends again after a sender died mid-send',
    { tags: ['server'] },
    async () => {
      const db = await fresh();
      // The first sender's request is held while another instance runs twice: a timeout of its own
      // that no loaded machine reaches (at 300 ms, a CI run's held send timed out, not answered late).
      const { twilio, transport } = await withTwilio(60_000);
      const id = await enqueueMessage(db, text());

      // The first sender: when the provider gets the message, the row is already `sending` with its
      // attempt counted, committed (read here on the same database, outside its transaction).
      const seen: unknown[] = [];
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      twilio.onRequest = async () => {
        const current = await row(id);
        seen.push({ status: current.status, attempts: current.attempts });
        await held;
      };
      const first = deliverPendingMessages(db, mail, 10, { sms: transport });
      await expect.poll(() => twilio.received.length, { timeout: 5_000, interval: 20 }).toBe(1);
      await expect.poll(() => seen.length, { timeout: 5_000, interval: 20 }).toBe(1);
      expect(seen).toEqual([{ status: 'sending', attempts: 1 }]);

      // The first sender dies there (its lease runs out): another instance does not send it again.
      twilio.onRequest = undefined;
      await db
        .update(outbox)
        .set({ sentAt: sql`now() - interval '1 hour'` })
        .where(eq(outbox.id, id));
      expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({
        claimed: 0,
        failed: 1,
      });
      const abandoned = await row(id);
      expect(abandoned).toMatchObject({ status: 'failed', attempts: 1, providerCode: OUTCOME_UNKNOWN });
      expect(abandoned.lastError).toMatch(/not sent again/);
      await makeDue(id);
      expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({
        claimed: 0,
        failed: 0,
      });
      expect(twilio.received).toHaveLength(1);

      // Had it only hung, its late answer changes nothing: the row was settled by the other instance.
      release();
      expect(await first).toMatchObject({ claimed: 1, sent: 1 });
      expect(await row(id)).toMatchObject({ status: 'failed', providerCode: OUTCOME_UNKNOWN });
      expect(twilio.received).toHaveLength(1);
    },
  );

  it(
    'sends each SMS exactly once when several instances deliver at the same time',
    { tags: ['server'] },
    async () => {
      const db = await fresh();
      const { twilio, transport } = await withTwilio();
      const numbers = Array.from({ length: 12 }, (_, i) => `51255501${String(i).padStart(2, '0')}`);
      for (const recipient of numbers) await enqueueMessage(db, text({ recipient }));
      // Two more left `sending` by a stopped instance: failed once, by one of them, never sent.
      const stopped = [await enqueueMessage(db, text({ recipient: '5125550198' }))];
      stopped.push(await enqueueMessage(db, text({ recipient: '5125550197' })));
      await db
        .update(outbox)
        .set({ status: 'sending', attempts: 1, sentAt: sql`now() - interval '1 hour'` })
        .where(sql`${outbox.id} in (${stopped[0]}, ${stopped[1]})`);

      const results = await Promise.all(
        Array.from({ length: 4 }, () => deliverPendingMessages(db, mail, 5, { sms: transport })),
      );
      const rest = await deliverPendingMessages(db, mail, 20, { sms: transport });
      expect(results.reduce((n, r) => n + r.sent, rest.sent)).toBe(12);
      expect(results.reduce((n, r) => n + r.failed, rest.failed)).toBe(2);
      expect(twilio.received.map((r) => r.form.To).sort()).toEqual(numbers.map((n) => `+1${n}`).sort());
      for (const id of stopped)
        expect(await row(id)).toMatchObject({ status: 'failed', providerCode: OUTCOME_UNKNOWN });
    },
  );

  it('without a provider, a kept SMS left sending is simply kept again (nothing was sent)', async () => {
    const db = await fresh();
    const id = await enqueueMessage(db, text());
    await claimPendingMessages(db, 10); // claimed, then the instance dies
    await db
      .update(outbox)
      .set({ sentAt: sql`now() - interval '1 hour'` })
      .where(eq(outbox.id, id));
    expect(await deliverPendingMessages(db, mail, 10)).toMatchObject({ claimed: 1, kept: 1 });
    expect(await row(id)).toMatchObject({ status: 'kept', attempts: 2 });
    expect(smsDeliveryLine(testConfig().sms)).toMatch(
      /^kept in the mailbox, not sent \(SMS_PROVIDER is not set\)/,
    );
  });

  it('takes a stopped sender’s e-mail over as before (at least once) while SMS goes through a provider', async () => {
    const db = await fresh();
    const { transport } = await withTwilio();
    const email = await enqueueMessage(db, {
      channel: 'email',
      recipient: 'ada@example.test',
      subject: 's',
      body: 'b',
      template: 't',
    });
    await claimPendingMessages(db, 10);
    await db
      .update(outbox)
      .set({ sentAt: sql`now() - interval '1 hour'` })
      .where(eq(outbox.id, email));
    expect(await deliverPendingMessages(db, mail, 10, { sms: transport })).toMatchObject({
      claimed: 1,
      kept: 1,
    });
    expect(await row(email)).toMatchObject({ status: 'kept', attempts: 2 });
  });
});
