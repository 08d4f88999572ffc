import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '@dealclub/shared/push';
import type { Db } from '../../db/client';
import { chatNotifications, dealAlerts, jobs, outbox, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { listDeal, renoSubTo } from '../../test/deals';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp';
import { endExclusivity, ALERT_FAN_OUT_JOB } from '../deals';
import { JobWorker } from '../jobs';
import {
  claimPendingMessages,
  deliverPendingMessages,
  enqueueMessage,
  smsSendAfter,
  smtpTransport,
} from '../outbox';
import { deliverDueAlerts, type AlertDeliveryDeps } from './deliver-alerts';
import { alertFanOutHandler, fanOutAlerts } from './fan-out-alerts';
import { nextDigestAt, nextWeeklyAt } from './schedule';

let app: FastifyInstance;
let smtp: FakeSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  await app?.close();
});

const db = (): Db => app.database.db;

/** Wednesday 11 March 2026, 10:00 UTC (03:00 in Reno): before the 14:00 UTC digest hour. */
const WEDNESDAY = new Date('2026-03-11T10:00:00Z');
/** 18:00 UTC: 11:00 in Reno, outside SMS quiet hours. */
const DAYTIME = new Date('2026-03-11T18:00:00Z');

interface BuyerOptions {
  frequency?: 'realtime' | 'daily' | 'weekly';
  channels?: ('email' | 'sms' | 'push')[];
  language?: 'en' | 'es';
  certified?: boolean;
  /** Buyer preferences; default: Reno, up to $2,500 a month. null: none. */
  preferences?: Record<string, unknown> | null;
  /** Default: a buyer; owners and admins are on the buyer side too. */
  roles?: ('buyer' | 'owner' | 'admin')[];
}

async function createBuyer(options: BuyerOptions = {}): Promise<TestUser> {
  const buyer = await createUser(app, { roles: options.roles ?? ['buyer'] });
  const prefs = await callAs(app, buyer, 'PUT', '/api/profile/preferences', {
    languagePreference: options.language ?? 'en',
    notificationChannels: options.channels ?? ['email', 'push'],
    searchFrequency: options.frequency ?? 'realtime',
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  if (options.preferences !== null) {
    const res = await callAs(app, buyer, 'PUT', '/api/profile/buyer-preferences', {
      useCase: 'investment',
      state: 'NV',
      city: 'Reno',
      zipCodes: [],
      maxMonthlyPayment: 2500,
      ...options.preferences,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (options.certified) await db().update(users).set({ certifiedBuyer: true }).where(eq(users.id, buyer.id));
  return buyer;
}

interface Sent {
  events: { userId: string; event: string; data: Record<string, unknown> }[];
  pushes: { userId: string; payload: PushPayload }[];
}

let sent: Sent;
function deps(): AlertDeliveryDeps {
  return {
    config: app.config,
    secrets: app.secrets,
    publisher: {
      toUser: async (userId, event, data) => {
        sent.events.push({ userId, event, data: data as Record<string, unknown> });
      },
    },
    webPush: async (_db, _config, userId, payload) => {
      sent.pushes.push({ userId, payload });
    },
  };
}

async function setup() {
  app = await createTestApp();
  sent = { events: [], pushes: [] };
  return createUser(app, { roles: ['originator'] });
}

/** Runs the due jobs (the fan-outs of listed deals) as the background worker would, at `now`. */
function runJobs(now = WEDNESDAY) {
  const worker = new JobWorker(db()).register(
    ALERT_FAN_OUT_JOB,
    alertFanOutHandler(db(), app.config, () => now),
  );
  return worker.runOnce();
}

const deliver = (now: Date) => deliverDueAlerts(db(), deps(), { now });

const alertsOf = (userId: string) => db().select().from(dealAlerts).where(eq(dealAlerts.userId, userId));
const mailTo = (user: TestUser) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, user.email), eq(outbox.channel, 'email')));
const smsTo = (phone: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')));
const bellOf = (user: TestUser) =>
  db().select().from(chatNotifications).where(eq(chatNotifications.userId, user.id));

describe('real-time alerts', () => {
  it('alert every matching buyer once, on their channels, and nobody else', async () => {
    const seller = await setup();
    const matching = await createBuyer();
    const elsewhere = await createBuyer({ preferences: { state: 'TX', city: 'Austin' } });
    const tooDear = await createBuyer({ preferences: { maxMonthlyPayment: 2000 } });
    const noPreferences = await createBuyer({ preferences: null });
    const deal = await listDeal(app, seller, renoSubTo());

    // The listing enqueued its fan-out job in the same transaction.
    const queued = await db().select().from(jobs).where(eq(jobs.type, ALERT_FAN_OUT_JOB));
    expect(queued.map((j) => j.payload)).toEqual([{ dealId: deal.id }]);
    expect((await runJobs()).completed).toBe(1);

    expect(await alertsOf(matching.id)).toEqual([
      expect.objectContaining({
        dealId: deal.id,
        frequency: 'realtime',
        status: 'pending',
        score: 100,
        dueAt: WEDNESDAY,
      }),
    ]);
    for (const other of [elsewhere, tooDear, noPreferences, seller])
      expect(await alertsOf(other.id)).toEqual([]);

    expect(await deliver(DAYTIME)).toEqual({ atOnce: 1, digests: 0, digested: 0 });
    expect((await alertsOf(matching.id))[0]).toMatchObject({ status: 'sent', sentAt: DAYTIME });

    // Push: the bell's deal_match (no thread; it opens the deal), the realtime event and Web Push.
    const bell = (await callAs(app, matching, 'GET', '/api/chat/notifications')).json();
    expect(bell.unreadCount).toBe(1);
    expect(bell.items[0]).toMatchObject({
      type: 'deal_match',
      threadId: null,
      senderName: 'DealClub',
      message: '100% match · Subject-to · $450,000',
      dealInfo: { dealId: deal.id, address: deal.streetAddress, city: 'Reno' },
    });
    expect(sent.events).toEqual([
      {
        userId: matching.id,
        event: 'deal-match',
        data: { dealId: deal.id, place: `${deal.streetAddress}, Reno, NV 89501`, score: 100 },
      },
    ]);
    expect(sent.pushes).toEqual([
      {
        userId: matching.id,
        payload: {
          title: 'New deal for you',
          body: expect.stringContaining('100% match'),
          url: `/deals/${deal.id}`,
        },
      },
    ]);

    // E-mail: text and HTML, the reasons with both numbers, the deal math, the link, unsubscribe.
    const [mail] = await mailTo(matching);
    expect(mail).toMatchObject({ template: 'deal_alert', subject: expect.stringContaining('(100% match)') });
    expect(mail!.body).toContain('✓ Total monthly payment $2,272 — your maximum $2,500');
    expect(mail!.body).toContain('✓ Reno, NV 89501 — you look in Reno, NV');
    expect(mail!.body).toContain('Cash to close: $12,000');
    expect(mail!.body).toContain('Total monthly payment: $2,272');
    expect(mail!.body).toContain(`${app.config.origin}/deals/${deal.id}`);
    expect(mail!.html).toContain('Total monthly payment $2,272 — your maximum $2,500');
    expect(mail!.html).toContain(`href="${app.config.origin}/deals/${deal.id}"`);
    const unsubscribe = mail!.headers!['List-Unsubscribe']!;
    expect(unsubscribe).toMatch(/^<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\?token=[^>]+>$/);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.body).toContain(unsubscribe.slice(1, -1));

    // Once per deal: the job again, and delivery again, change nothing.
    await fanOutAlerts(db(), deal.id, { now: DAYTIME, digestHour: 14 });
    expect(await deliver(DAYTIME)).toEqual({ atOnce: 0, digests: 0, digested: 0 });
    expect(await alertsOf(matching.id)).toHaveLength(1);
    expect(await mailTo(matching)).toHaveLength(1);
    expect(await bellOf(matching)).toHaveLength(1);
    for (const other of [elsewhere, tooDear, noPreferences]) {
      expect(await mailTo(other)).toEqual([]);
      expect(await bellOf(other)).toEqual([]);
    }
  });

  it('follow each channel: the bell for all, SMS only with the SMS channel, no e-mail once unsubscribed', async () => {
    const seller = await setup();
    const smsOnly = await createBuyer({ channels: ['sms'] });
    const silent = await createBuyer({ channels: [] });
    const unsubscribed = await createBuyer({ channels: ['email', 'push', 'sms'] });
    await db().update(users).set({ alertEmails: false }).where(eq(users.id, unsubscribed.id));
    const deal = await listDeal(app, seller, renoSubTo({ hideAddress: true }));
    await fanOutAlerts(db(), deal.id, { now: DAYTIME, digestHour: 14 });
    await deliver(DAYTIME);

    const [sms] = await db().select().from(outbox).where(eq(outbox.channel, 'sms'));
    expect(await db().select().from(outbox).where(eq(outbox.channel, 'sms'))).toHaveLength(2);
    expect(sms).toMatchObject({ recipient: '5125550199', template: 'deal_alert', sendAfter: null });
    // The address is hidden: the SMS names the place only.
    expect(sms!.body).toBe(
      `DealClub: a new deal for you in Reno, NV 89501, 100% match. ${app.config.origin}/deals/${deal.id}`,
    );
    expect(await mailTo(smsOnly)).toEqual([]);
    // The bell and the toast reach every buyer alerted (issue 13); Web Push only those who chose push.
    expect(await bellOf(smsOnly)).toHaveLength(1);

    expect(await alertsOf(silent.id)).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect(await mailTo(silent)).toEqual([]);
    expect(await bellOf(silent)).toHaveLength(1);

    // Alert e-mails off: no e-mail, but the bell and SMS still come.
    expect(await mailTo(unsubscribed)).toEqual([]);
    expect(await bellOf(unsubscribed)).toHaveLength(1);
    // The bell keeps no place of its own: it shows the deal's, as the buyer may see it, when read.
    expect((await bellOf(unsubscribed))[0]!.senderName).toBe('DealClub');
    expect(new Set(sent.events.map((e) => e.userId))).toEqual(
      new Set([smsOnly.id, silent.id, unsubscribed.id]),
    );
    expect(sent.pushes.map((p) => p.userId)).toEqual([unsubscribed.id]);
  });

  it('write the e-mail in the buyer language, and hide a hidden address', async () => {
    const seller = await setup();
    const spanish = await createBuyer({ language: 'es', channels: ['email'] });
    const deal = await listDeal(app, seller, renoSubTo({ hideAddress: true }));
    await fanOutAlerts(db(), deal.id, { now: DAYTIME, digestHour: 14 });
    await deliver(DAYTIME);

    const [mail] = await mailTo(spanish);
    expect(mail!.subject).toBe('Nueva oportunidad para ti: Reno, NV 89501 (100% de coincidencia)');
    expect(mail!.body).toContain('Pago mensual total $2,272 — su máximo $2,500');
    expect(mail!.body).toContain('Efectivo para cerrar: $12,000');
    expect(mail!.body).toContain('Pago mensual total: $2,272');
    expect(mail!.body).toContain('Ver la oportunidad');
    expect(mail!.body).toContain('Darte de baja de los correos de alertas');
    expect(mail!.html).toContain('lang="es"');
    expect(mail!.body).not.toContain(deal.streetAddress as string);
    expect(mail!.html).not.toContain(deal.streetAddress as string);
  });
});

describe('digests', () => {
  it(
    'send the daily digest at the digest hour and the weekly summary on Monday, best match first',
    { tags: ['server'] },
    async () => {
      const seller = await setup();
      const daily = await createBuyer({ frequency: 'daily', channels: ['email', 'push'] });
      const weekly = await createBuyer({ frequency: 'weekly', channels: ['email'] });
      const realtime = await createBuyer({ frequency: 'realtime', channels: ['email'] });
      const nothingMatched = await createBuyer({ frequency: 'daily', preferences: { city: 'Las Vegas' } });
      const first = await listDeal(app, seller, renoSubTo());
      const second = await listDeal(app, seller, renoSubTo({ piti: 1900 }));
      // The job runs at 10:00 UTC on Wednesday.
      expect((await runJobs(WEDNESDAY)).completed).toBe(2);

      const dailyAt = new Date('2026-03-11T14:00:00Z');
      const mondayAt = new Date('2026-03-16T14:00:00Z');
      expect(nextDigestAt(WEDNESDAY, 14)).toEqual(dailyAt);
      expect(nextWeeklyAt(WEDNESDAY, 14)).toEqual(mondayAt);
      expect((await alertsOf(daily.id)).map((a) => [a.frequency, a.dueAt])).toEqual([
        ['daily', dailyAt],
        ['daily', dailyAt],
      ]);
      expect((await alertsOf(weekly.id)).map((a) => a.dueAt)).toEqual([mondayAt, mondayAt]);
      expect((await alertsOf(realtime.id)).map((a) => a.dueAt)).toEqual([WEDNESDAY, WEDNESDAY]);
      // A lower score for the first deal (as a saved search that only partly fits would give).
      await db()
        .update(dealAlerts)
        .set({ score: 80 })
        .where(and(eq(dealAlerts.userId, daily.id), eq(dealAlerts.dealId, first.id)));

      // Before the digest hour only the real-time alerts go.
      expect(await deliver(new Date('2026-03-11T13:59:00Z'))).toEqual({ atOnce: 2, digests: 0, digested: 0 });
      expect(await mailTo(realtime)).toHaveLength(2);
      expect(await mailTo(daily)).toEqual([]);

      expect(await deliver(dailyAt)).toEqual({ atOnce: 0, digests: 1, digested: 2 });
      const [digest] = await mailTo(daily);
      expect(digest).toMatchObject({
        template: 'deal_digest_daily',
        subject: 'Your daily DealClub digest: 2 new deals for you',
        headers: expect.objectContaining({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
      });
      // Best match first.
      expect(digest!.body.indexOf(`/deals/${second.id}`)).toBeLessThan(
        digest!.body.indexOf(`/deals/${first.id}`),
      );
      expect(digest!.body).toContain('100% match');
      expect(digest!.body).toContain('80% match');
      expect(digest!.html).toContain('Total monthly payment $2,072 — your maximum $2,500');
      // Each deal in the bell, one toast for the digest, and (push) one browser notification.
      expect(await bellOf(daily)).toHaveLength(2);
      expect(await bellOf(realtime)).toHaveLength(2);
      expect(sent.events.filter((e) => e.userId !== realtime.id)).toEqual([
        expect.objectContaining({ userId: daily.id, data: expect.objectContaining({ dealId: second.id }) }),
      ]);
      expect(sent.pushes).toEqual([
        {
          userId: daily.id,
          payload: expect.objectContaining({ title: '2 new deals for you', url: `/deals/${second.id}` }),
        },
      ]);
      // No digest when nothing matched; the weekly buyers wait for Monday.
      expect(await mailTo(nothingMatched)).toEqual([]);
      expect(await mailTo(weekly)).toEqual([]);

      // The next day's run has nothing for the daily buyer: no empty digest.
      expect(await deliver(new Date('2026-03-12T14:00:00Z'))).toEqual({ atOnce: 0, digests: 0, digested: 0 });
      expect(await mailTo(daily)).toHaveLength(1);

      expect(await deliver(mondayAt)).toEqual({ atOnce: 0, digests: 1, digested: 2 });
      const [summary] = await mailTo(weekly);
      expect(summary!.subject).toBe('Your weekly DealClub summary: 2 new deals for you');
      expect(await mailTo(daily)).toHaveLength(1);
    },
  );

  it('alert saved searches at their own frequency, never a buyer the preferences already alerted', async () => {
    const seller = await setup();
    const searcher = await createBuyer({ preferences: null, frequency: 'realtime', channels: ['email'] });
    const both = await createBuyer({ frequency: 'realtime', channels: ['email'] });
    for (const [buyer, frequency] of [
      [searcher, 'daily'],
      [both, 'weekly'],
    ] as const) {
      const res = await callAs(app, buyer, 'POST', '/api/saved-searches', {
        name: 'Reno deals',
        frequency,
        filters: { state: 'NV', city: 'Reno' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const deal = await listDeal(app, seller, renoSubTo());
    await runJobs(WEDNESDAY);
    expect(await alertsOf(searcher.id)).toEqual([
      expect.objectContaining({ dealId: deal.id, frequency: 'daily', savedSearchId: expect.any(String) }),
    ]);
    expect(await alertsOf(both.id)).toEqual([
      expect.objectContaining({ frequency: 'realtime', savedSearchId: null }),
    ]);

    await deliver(new Date('2026-03-11T14:00:00Z'));
    const [digest] = await mailTo(searcher);
    expect(digest!.body).toContain('It matches your saved search "Reno deals".');
    expect(await mailTo(both)).toHaveLength(1);
  });

  it("bring a weekly buyer's alert forward when their saved search wants it in real time", async () => {
    const seller = await setup();
    const weekly = await createBuyer({ frequency: 'weekly', channels: ['email'] });
    const res = await callAs(app, weekly, 'POST', '/api/saved-searches', {
      name: 'Reno now',
      frequency: 'realtime',
      filters: { state: 'NV' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = await listDeal(app, seller, renoSubTo());
    expect(await fanOutAlerts(db(), deal.id, { now: WEDNESDAY, digestHour: 14 })).toBe(1);
    expect(await alertsOf(weekly.id)).toEqual([
      expect.objectContaining({ frequency: 'realtime', dueAt: WEDNESDAY, savedSearchId: res.json().id }),
    ]);
    // The job again (a retry): nothing new, nothing moved, still one alert.
    expect(await fanOutAlerts(db(), deal.id, { now: DAYTIME, digestHour: 14 })).toBe(0);
    expect(await alertsOf(weekly.id)).toEqual([expect.objectContaining({ dueAt: WEDNESDAY })]);
  });

  it('stream the buyers a page at a time, one digest each', async () => {
    const seller = await setup();
    const buyers = [];
    for (let i = 0; i < 5; i++) buyers.push(await createBuyer({ frequency: 'daily', channels: ['email'] }));
    const deal = await listDeal(app, seller, renoSubTo());
    await fanOutAlerts(db(), deal.id, { now: WEDNESDAY, digestHour: 14 });
    const result = await deliverDueAlerts(db(), deps(), { now: new Date('2026-03-11T14:00:00Z'), page: 2 });
    expect(result).toEqual({ atOnce: 0, digests: 5, digested: 5 });
    for (const buyer of buyers) expect(await mailTo(buyer)).toHaveLength(1);
  });
});

describe('SMS quiet hours', () => {
  it('hold an SMS written between 21:00 and 08:00 in the state until 08:00 there', async () => {
    const seller = await setup();
    const buyer = await createBuyer({ channels: ['sms'] });
    const deal = await listDeal(app, seller, renoSubTo());
    // 05:30 UTC is 22:30 in Reno (PDT since 8 March): held until 08:00 PDT, 15:00 UTC.
    const lateEvening = new Date('2026-03-11T05:30:00Z');
    await fanOutAlerts(db(), deal.id, { now: lateEvening, digestHour: 14 });
    await deliver(lateEvening);
    const [sms] = await smsTo('5125550199');
    expect(sms!.sendAfter).toEqual(new Date('2026-03-11T15:00:00Z'));
    expect(await alertsOf(buyer.id)).toEqual([expect.objectContaining({ status: 'sent' })]);

    expect(smsSendAfter('NV', new Date('2026-03-11T14:59:00Z'))).toEqual(new Date('2026-03-11T15:00:00Z'));
    expect(smsSendAfter('NV', new Date('2026-03-11T15:00:00Z'))).toBeNull();
    expect(smsSendAfter('NV', new Date('2026-03-12T03:59:00Z'))).toBeNull(); // 20:59 PDT
    expect(smsSendAfter('NV', new Date('2026-03-12T04:00:00Z'))).toEqual(new Date('2026-03-12T15:00:00Z'));
    // Winter (PST) and another zone.
    expect(smsSendAfter('NV', new Date('2026-01-10T06:00:00Z'))).toEqual(new Date('2026-01-10T16:00:00Z'));
    expect(smsSendAfter('NY', new Date('2026-01-10T02:30:00Z'))).toEqual(new Date('2026-01-10T13:00:00Z'));
  });

  it('the outbox keeps a held message until its time', async () => {
    await setup();
    const held = await enqueueMessage(db(), {
      channel: 'sms',
      recipient: '5125550199',
      subject: 's',
      body: 'held',
      template: 'deal_alert',
      sendAfter: new Date(Date.now() + 3_600_000),
    });
    const due = await enqueueMessage(db(), {
      channel: 'sms',
      recipient: '5125550199',
      subject: 's',
      body: 'due',
      template: 'deal_alert',
      sendAfter: new Date(Date.now() - 1000),
    });
    expect((await claimPendingMessages(db(), 10)).map((m) => m.id)).toEqual([due]);
    await db()
      .update(outbox)
      .set({ sendAfter: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, held));
    expect((await claimPendingMessages(db(), 10)).map((m) => m.id)).toEqual([held]);
  });
});

describe('first right of refusal', () => {
  it('alerts only the priority buyers at once, then every other matching buyer when the window ends', async () => {
    const seller = await setup();
    // Certified and matching: a priority buyer, alerted at once although they chose the daily digest.
    const priority = await createBuyer({ certified: true, frequency: 'daily' });
    const certifiedElsewhere = await createBuyer({ certified: true, preferences: { city: 'Las Vegas' } });
    const notCertified = await createBuyer();
    // Certified, in Reno, but over their payment limit: not a priority buyer (the looser rule said yes).
    const overLimit = await createBuyer({ certified: true, preferences: { maxMonthlyPayment: 2000 } });
    const deal = await listDeal(app, seller, renoSubTo({ exclusive: true }));
    expect(deal.status).toBe('exclusive');
    expect(deal.priorityBuyers).toBe(1);
    const matches = (await callAs(app, seller, 'GET', `/api/deals/${deal.id}/matches`)).json();
    expect(matches).toMatchObject({ count: 2, certifiedCount: 1 });

    await runJobs(WEDNESDAY);
    expect(await alertsOf(priority.id)).toEqual([
      expect.objectContaining({ frequency: 'priority', dueAt: WEDNESDAY, status: 'pending' }),
    ]);
    for (const other of [certifiedElsewhere, notCertified, overLimit])
      expect(await alertsOf(other.id)).toEqual([]);
    // Exactly the alerted priority buyers see the deal.
    expect((await callAs(app, priority, 'GET', `/api/deals/${deal.id}`)).statusCode).toBe(200);
    for (const other of [notCertified, overLimit]) {
      expect((await callAs(app, other, 'GET', `/api/deals/${deal.id}`)).statusCode).toBe(404);
    }
    expect((await callAs(app, seller, 'GET', `/api/deals/${deal.id}`)).json().priorityBuyers).toBe(1);

    await deliver(WEDNESDAY);
    const [first] = await mailTo(priority);
    expect(first).toMatchObject({
      template: 'deal_alert_priority',
      subject: expect.stringContaining('Certified Buyers'),
    });
    expect(first!.body).toContain('you see it before the other buyers');

    // The window ends (the background sweep): active, and the others are alerted by their frequency.
    expect(await endExclusivity(db(), new Date(Date.now() + 49 * 3_600_000))).toBe(1);
    const later = new Date('2026-03-11T11:00:00Z');
    await runJobs(later);
    expect(await alertsOf(notCertified.id)).toEqual([
      expect.objectContaining({ frequency: 'realtime', dueAt: later, status: 'pending' }),
    ]);
    expect(await alertsOf(priority.id)).toHaveLength(1);
    expect(await alertsOf(overLimit.id)).toEqual([]);
    await deliver(later);
    expect(await mailTo(notCertified)).toHaveLength(1);
    expect(await mailTo(priority)).toHaveLength(1);
    expect((await callAs(app, notCertified, 'GET', `/api/deals/${deal.id}`)).statusCode).toBe(200);
  });

  it('alerts the others when the originator gives the window up', async () => {
    const seller = await setup();
    const buyer = await createBuyer();
    const deal = await listDeal(app, seller, renoSubTo({ exclusive: true }));
    await runJobs();
    expect(await alertsOf(buyer.id)).toEqual([]);
    const res = await callAs(app, seller, 'PUT', `/api/deals/${deal.id}/status`, {
      status: 'active',
      throughPlatform: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
    expect(await alertsOf(buyer.id)).toEqual([expect.objectContaining({ frequency: 'realtime' })]);
  });

  it('skips the alerts of a deal that left the market before they went out', async () => {
    const seller = await setup();
    const buyer = await createBuyer({ frequency: 'daily' });
    const deal = await listDeal(app, seller, renoSubTo());
    await runJobs();
    await callAs(app, seller, 'PUT', `/api/deals/${deal.id}/status`, {
      status: 'canceled',
      reason: 'Sold elsewhere',
      throughPlatform: false,
    });
    await deliver(new Date('2026-03-11T14:00:00Z'));
    expect(await alertsOf(buyer.id)).toEqual([expect.objectContaining({ status: 'skipped' })]);
    expect(await mailTo(buyer)).toEqual([]);
  });
});

describe('once per deal', () => {
  it('holds under a retried job and two workers at once', { tags: ['server'] }, async () => {
    const seller = await setup();
    const buyers = [await createBuyer(), await createBuyer(), await createBuyer({ frequency: 'daily' })];
    const deal = await listDeal(app, seller, renoSubTo());
    // A retry of the same fan-out, queued beside the first.
    await db()
      .insert(jobs)
      .values({ type: ALERT_FAN_OUT_JOB, payload: { dealId: deal.id } });
    const workers = [1, 2].map(() =>
      new JobWorker(db(), { batchSize: 1 }).register(
        ALERT_FAN_OUT_JOB,
        alertFanOutHandler(db(), app.config, () => WEDNESDAY),
      ),
    );
    const results = await Promise.all(workers.map((w) => w.runOnce()));
    expect(results.reduce((n, r) => n + r.completed, 0)).toBe(2);
    await Promise.all([
      fanOutAlerts(db(), deal.id, { now: WEDNESDAY, digestHour: 14 }),
      fanOutAlerts(db(), deal.id, { now: WEDNESDAY, digestHour: 14 }),
    ]);
    for (const buyer of buyers) expect(await alertsOf(buyer.id)).toHaveLength(1);

    const runs = await Promise.all([
      deliver(new Date('2026-03-11T14:00:00Z')),
      deliver(new Date('2026-03-11T14:00:00Z')),
    ]);
    expect(runs.reduce((n, r) => n + r.atOnce, 0)).toBe(2);
    expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(1);
    for (const buyer of buyers) {
      expect(await mailTo(buyer)).toHaveLength(1);
      expect(await bellOf(buyer)).toHaveLength(1);
    }
  });
});

describe('one-click unsubscribe', () => {
  async function alertMail() {
    const seller = await setup();
    const buyer = await createBuyer();
    const deal = await listDeal(app, seller, renoSubTo());
    await fanOutAlerts(db(), deal.id, { now: DAYTIME, digestHour: 14 });
    await deliver(DAYTIME);
    const [mail] = await mailTo(buyer);
    const url = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    return { buyer, seller, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
  }

  const alertEmailsOf = async (user: TestUser) =>
    (await db().select({ on: users.alertEmails }).from(users).where(eq(users.id, user.id)))[0]!.on;

  it('turns alert e-mails off with the signed link, without signing in, and keeps the other channels', async () => {
    const { buyer, seller, path } = await alertMail();
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('You are unsubscribed');
    expect(await alertEmailsOf(buyer)).toBe(false);
    // Again: still fine.
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    const next = await listDeal(app, seller, renoSubTo());
    await fanOutAlerts(db(), next.id, { now: DAYTIME, digestHour: 14 });
    await deliver(DAYTIME);
    expect(await mailTo(buyer)).toHaveLength(1);
    expect(await bellOf(buyer)).toHaveLength(2);
  });

  it('takes the one-click POST of a mail client (RFC 8058)', async () => {
    const { buyer, path } = await alertMail();
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect(await alertEmailsOf(buyer)).toBe(false);
  });

  it('refuses a forged or malformed token with a coded 400', async () => {
    const { buyer, token } = await alertMail();
    const [userId, signature] = token.split('.');
    const other = await createUser(app);
    const forged = [
      `${other.id}.${signature}`,
      `${userId}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      `${userId}.`,
      userId!,
      'not-a-token',
      '',
      `${token}.extra`,
      'x'.repeat(5000),
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({
          method,
          url: `/api/alerts/unsubscribe?token=${encodeURIComponent(bad)}`,
        });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
      }
    }
    for (const url of ['/api/alerts/unsubscribe', `/api/alerts/unsubscribe?token=${token}&token=${token}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
    }
    expect(await alertEmailsOf(buyer)).toBe(true);
    expect(await alertEmailsOf(other)).toBe(true);
  });

  it('sends the HTML part and the List-Unsubscribe headers over SMTP', async () => {
    const { buyer } = await alertMail();
    smtp = await startFakeSmtpServer();
    const transport = smtpTransport(smtp.url, app.config.mail.from);
    try {
      await deliverPendingMessages(db(), transport, 10);
    } finally {
      transport.close?.();
    }
    const mail = smtp.received.find((m) => m.to.includes(buyer.email))!;
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\?token=/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.body).toContain('text/html');
    expect(mail.body).toContain('text/plain');
  });
});

describe('what still fits when the alert goes out', () => {
  it('alerts owners and admins too: they buy on the same terms (the buyer side)', async () => {
    const seller = await setup();
    const owner = await createBuyer({ roles: ['owner'] });
    const admin = await createBuyer({ roles: ['admin'] });
    const deal = await listDeal(app, seller, renoSubTo());
    await fanOutAlerts(db(), deal.id, { now: DAYTIME, digestHour: 14 });
    expect(await alertsOf(owner.id)).toEqual([expect.objectContaining({ dealId: deal.id })]);
    expect(await alertsOf(admin.id)).toEqual([expect.objectContaining({ dealId: deal.id })]);
  });

  it('skips a digest alert whose deal no longer fits the limits the buyer has since set', async () => {
    const seller = await setup();
    const daily = await createBuyer({ frequency: 'daily', channels: ['email'] });
    const deal = await listDeal(app, seller, renoSubTo());
    await fanOutAlerts(db(), deal.id, { now: WEDNESDAY, digestHour: 14 });
    // Before the digest, the buyer lowers their monthly maximum below the deal's $2,272.
    const res = await callAs(app, daily, 'PUT', '/api/profile/buyer-preferences', {
      useCase: 'investment',
      state: 'NV',
      city: 'Reno',
      zipCodes: [],
      maxMonthlyPayment: 2000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await deliver(new Date('2026-03-11T14:00:00Z'))).toEqual({ atOnce: 0, digests: 0, digested: 1 });
    expect(await mailTo(daily)).toEqual([]);
    expect(await alertsOf(daily.id)).toEqual([expect.objectContaining({ status: 'skipped' })]);
  });
});
