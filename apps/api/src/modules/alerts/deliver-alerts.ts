/**
 * Delivery of due deal alerts (DECISIONS.md, Matching and alerts), run every ~20 s by the
 * background work of every instance:
 *
 * - at once (real time, and priority buyers of an exclusive deal): each alert in the bell (the
 *   `deal_match` notification) with its realtime `deal-match` event (the toast), whatever the
 *   channels, as issue 13 asks of every matching buyer on real time; then on the buyer's channels:
 *   Web Push when they chose push, e-mail (unless they turned alert e-mails off) and SMS (held
 *   through quiet hours) through the outbox;
 * - daily and weekly: one digest per buyer with every due deal, best match first; buyers are read a
 *   page at a time, never all at once.
 *
 * Alerts are claimed with FOR UPDATE SKIP LOCKED and marked sent in the transaction that writes
 * their notifications and messages, so each goes out once however many instances run. Realtime and
 * Web Push follow the commit (best effort). An alert whose deal left the market is skipped; one that
 * is not visible to its buyer yet (an exclusive deal, not a priority alert) waits.
 */
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { DealMatchEvent } from '@dealclub/shared/chat';
import { matchDeal, type MatchProfile } from '@dealclub/shared/matching';
import type { PushPayload } from '@dealclub/shared/push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  buyBoxes,
  buyerPreferences,
  chatNotifications,
  dealAlerts,
  deals,
  outbox,
  savedSearches,
  users,
} from '../../db/schema';
import { translate } from '../../lib/i18n';
import type { SecretBox } from '../../lib/secret-box';
import type { WorkLogger } from '../jobs';
import { matchDealOfRow, matchProfileFrom } from '../matching';
import { placeFor } from '../deals';
import { smsSendAfter, timeZoneOf, type OutgoingMessage } from '../outbox';
import type { RealtimePublisher } from '../realtime';
import {
  alertEmail,
  alertMoney,
  dealKind,
  digestEmail,
  unsubscribeHeaders,
  type AlertItem,
} from './alert-email';
import { AT_ONCE, DIGESTED } from './schedule';
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';
import { sendWebPush } from './web-push';
import type { DealRow, UserRow } from '../../db/rows';

type AlertRow = typeof dealAlerts.$inferSelect;
type NewNotification = typeof chatNotifications.$inferInsert;

export interface AlertDeliveryDeps {
  config: Config;
  /** Opens the sealed signing key the unsubscribe links derive from (decision 018). */
  secrets: SecretBox;
  /** The app's realtime publisher; none in tests that do not look at realtime. */
  publisher?: RealtimePublisher;
  webPush?: (db: Db, config: Config, userId: string, payload: PushPayload) => Promise<void>;
  logger?: WorkLogger;
}

export interface DeliveryRun {
  now?: Date;
  /** At-once alerts claimed per batch. */
  batch?: number;
  /** Digest buyers per page. */
  page?: number;
}

export interface AlertDeliveryResult {
  /** At-once alerts claimed (sent or skipped). */
  atOnce: number;
  /** Buyers who got a digest (on any channel). */
  digests: number;
  /** Digest alerts claimed. */
  digested: number;
}

export const ALERT_BATCH = 200;
export const DIGEST_PAGE = 200;

/** What goes out after the commit: the realtime event and, for buyers who chose push, Web Push. */
interface AfterCommit {
  userId: string;
  event: DealMatchEvent;
  push: PushPayload | null;
}

/** What one claim of alerts writes: messages, bell notifications, and what follows the commit. */
class Outgoing {
  readonly messages: OutgoingMessage[] = [];
  readonly notifications: NewNotification[] = [];
  readonly afterCommit: AfterCommit[] = [];
  readonly sent: string[] = [];
  readonly skipped: string[] = [];

  async write(tx: Db, now: Date) {
    if (this.messages.length) await tx.insert(outbox).values(this.messages);
    if (this.notifications.length) await tx.insert(chatNotifications).values(this.notifications);
    if (this.sent.length) {
      await tx
        .update(dealAlerts)
        .set({ status: 'sent', sentAt: now })
        .where(inArray(dealAlerts.id, this.sent));
    }
    if (this.skipped.length) {
      await tx
        .update(dealAlerts)
        .set({ status: 'skipped', sentAt: now })
        .where(inArray(dealAlerts.id, this.skipped));
    }
  }
}

interface Context {
  users: Map<string, UserRow>;
  deals: Map<string, DealRow>;
  profiles: Map<string, MatchProfile | null>;
  /** The buyer's own state (preferences, else buy box): their quiet hours. */
  states: Map<string, string>;
  searchNames: Map<string, string>;
}

/** Everything the alerts need, read in one query per table. */
async function contextOf(db: Db, alerts: AlertRow[]): Promise<Context> {
  const userIds = [...new Set(alerts.map((a) => a.userId))];
  const dealIds = [...new Set(alerts.map((a) => a.dealId))];
  const searchIds = [
    ...new Set(alerts.map((a) => a.savedSearchId).filter((id): id is string => Boolean(id))),
  ];
  // One after the other: inside a transaction they share one connection.
  const userRows = await db.select().from(users).where(inArray(users.id, userIds));
  const dealRows = await db.select().from(deals).where(inArray(deals.id, dealIds));
  const prefRows = await db.select().from(buyerPreferences).where(inArray(buyerPreferences.userId, userIds));
  const boxRows = await db.select().from(buyBoxes).where(inArray(buyBoxes.userId, userIds));
  const searchRows = searchIds.length
    ? await db
        .select({ id: savedSearches.id, name: savedSearches.name })
        .from(savedSearches)
        .where(inArray(savedSearches.id, searchIds))
    : [];
  const prefs = new Map(prefRows.map((p) => [p.userId, p]));
  const boxes = new Map(boxRows.map((b) => [b.userId, b]));
  const states = new Map<string, string>();
  for (const id of userIds) {
    const state = prefs.get(id)?.state ?? boxes.get(id)?.state;
    if (state) states.set(id, state);
  }
  return {
    users: new Map(userRows.map((u) => [u.id, u])),
    deals: new Map(dealRows.map((d) => [d.id, d])),
    profiles: new Map(userIds.map((id) => [id, matchProfileFrom(prefs.get(id), boxes.get(id))])),
    states,
    searchNames: new Map(searchRows.map((s) => [s.id, s.name])),
  };
}

function itemOf(alert: AlertRow, deal: DealRow, context: Context): AlertItem {
  const profile = context.profiles.get(alert.userId) ?? null;
  return {
    deal,
    score: alert.score,
    match: profile ? matchDeal(matchDealOfRow(deal), profile) : null,
    savedSearchName: alert.savedSearchId ? (context.searchNames.get(alert.savedSearchId) ?? null) : null,
    priority: alert.frequency === 'priority',
  };
}

/**
 * The item, when the deal still fits the buyer as it is now: a digest may go out days after the
 * alert, and the buyer may have changed their limits or the seller the deal. A saved search's alert
 * stands on the search, which is checked when the deal is listed.
 */
function fitting(alert: AlertRow, item: AlertItem): AlertItem | null {
  return alert.savedSearchId || item.match?.matches ? item : null;
}

interface Channels {
  push: boolean;
  email: boolean;
  sms: boolean;
}

/** The channels an alert goes out on: the buyer's, less alert e-mail once they unsubscribed. */
function channelsOf(user: UserRow): Channels {
  return {
    push: user.notificationChannels.includes('push'),
    email: user.notificationChannels.includes('email') && user.alertEmails,
    sms: user.notificationChannels.includes('sms') && Boolean(user.phoneNumber),
  };
}

const dealUrl = (config: Config, dealId: string) => `${config.origin}/deals/${dealId}`;

function bellNotification(user: UserRow, item: AlertItem): NewNotification {
  const language = user.languagePreference;
  return {
    userId: user.id,
    threadId: null,
    dealId: item.deal.id,
    type: 'deal_match',
    // Not the place: a street stored here would outlive the seller hiding the address (the bell
    // shows the deal's place live, from `dealInfo`).
    senderName: translate(language, 'alerts.senderName'),
    message: translate(language, 'alerts.notificationMessage', {
      score: String(item.score),
      kind: dealKind(language, item.deal),
      price: alertMoney(item.deal.purchasePrice, language),
    }),
  };
}

function matchEvent(user: UserRow, item: AlertItem): DealMatchEvent {
  return { dealId: item.deal.id, place: placeFor(user, item.deal), score: item.score };
}

/** What every alert of one delivery run needs: where it is written, the settings, the key, the time. */
interface AlertRun {
  out: Outgoing;
  deps: AlertDeliveryDeps;
  /** The key of the one-click unsubscribe links. */
  key: Buffer;
  now: Date;
}

/** The buyer an alert goes to, and the state whose night holds their SMS. */
interface Recipient {
  user: UserRow;
  state: string;
}

/** One alert or digest on each of the buyer's channels, its toast led by its best match. */
interface AlertMessage {
  best: AlertItem;
  template: string;
  push: { title: string; body: string };
  email: (links: { origin: string; unsubscribeUrl: string }) => {
    subject: string;
    text: string;
    html: string;
  };
  sms: { subject: string; body: string };
}

function sendAlert(run: AlertRun, to: Recipient, message: AlertMessage): void {
  const channels = channelsOf(to.user);
  const { best } = message;
  // The toast for every buyer alerted; the browser's own notification for push.
  run.out.afterCommit.push({
    userId: to.user.id,
    event: matchEvent(to.user, best),
    push: channels.push ? { ...message.push, url: `/deals/${best.deal.id}` } : null,
  });
  if (channels.email) queueEmail(run, to.user, message.template, message.email);
  if (channels.sms) queueSms(run, to, message.template, message.sms);
}

/** The at-once alert of one deal, on each of the buyer's channels. */
function alertOnce(run: AlertRun, to: Recipient, item: AlertItem): void {
  const { user } = to;
  const language = user.languagePreference;
  const place = placeFor(user, item.deal);
  const score = String(item.score);
  run.out.notifications.push(bellNotification(user, item));
  sendAlert(run, to, {
    best: item,
    template: item.priority ? 'deal_alert_priority' : 'deal_alert',
    push: {
      title: translate(language, 'alerts.pushTitle'),
      body: translate(language, 'alerts.pushBody', { place, score }),
    },
    email: (links) => alertEmail(user, item, links),
    sms: {
      subject: translate(language, 'alerts.pushTitle'),
      body: translate(language, 'alerts.sms', { place, score, link: dealUrl(run.deps.config, item.deal.id) }),
    },
  });
}

/** One buyer's digest: every due deal in one e-mail, one SMS and one push, best match first. */
function digestOnce(run: AlertRun, to: Recipient, items: AlertItem[], kind: 'daily' | 'weekly'): void {
  const { user } = to;
  const language = user.languagePreference;
  const best = items[0]!;
  const count = String(items.length);
  const plural = items.length === 1 ? 'one' : 'other';
  const place = placeFor(user, best.deal);
  const title = translate(language, `alerts.pushDigestTitle_${plural}`, { count });
  for (const item of items) run.out.notifications.push(bellNotification(user, item));
  sendAlert(run, to, {
    best,
    template: kind === 'daily' ? 'deal_digest_daily' : 'deal_digest_weekly',
    push: { title, body: translate(language, 'alerts.pushBody', { place, score: String(best.score) }) },
    email: (links) => digestEmail(user, items, kind, links),
    sms: {
      subject: title,
      body: translate(language, `alerts.smsDigest_${plural}`, {
        count,
        place,
        link: dealUrl(run.deps.config, best.deal.id),
      }),
    },
  });
}

/** An alert e-mail through the outbox, with its one-click unsubscribe link and headers. */
function queueEmail(run: AlertRun, user: UserRow, template: string, write: AlertMessage['email']) {
  const { origin } = run.deps.config;
  const url = unsubscribeUrl(origin, unsubscribeToken(run.key, user.id));
  const mail = write({ origin, unsubscribeUrl: url });
  run.out.messages.push({
    channel: 'email',
    recipient: user.email,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
    headers: unsubscribeHeaders(url),
    template,
  });
}

/** An alert SMS through the outbox, held through the quiet hours of the buyer's state. */
function queueSms(run: AlertRun, { user, state }: Recipient, template: string, text: AlertMessage['sms']) {
  run.out.messages.push({
    channel: 'sms',
    recipient: user.phoneNumber!,
    ...text,
    template,
    sendAfter: smsSendAfter(state, run.now) ?? undefined,
    // A retry after a failed attempt is held through the night as well (outbox/deliver.ts).
    quietZone: timeZoneOf(state),
  });
}

/** Alerts whose deal left the market (pending, sold, canceled, deleted) are not sent. */
async function skipOffMarket(db: Db, now: Date) {
  await db.execute(sql`update deal_alerts a set status = 'skipped', sent_at = ${now.toISOString()}::timestamptz
    from deals d
    where d.id = a.deal_id and a.status = 'pending' and a.due_at <= ${now.toISOString()}::timestamptz
      and d.status not in ('active', 'exclusive')`);
}

async function publishAfterCommit(db: Db, deps: AlertDeliveryDeps, items: AfterCommit[]) {
  const webPush =
    deps.webPush ??
    ((db: Db, config: Config, userId: string, payload: PushPayload) =>
      sendWebPush(db, config, userId, payload, { logger: deps.logger }));
  await Promise.all(
    items.map(async (item) => {
      try {
        await deps.publisher?.toUser(item.userId, 'deal-match', item.event);
      } catch (error) {
        deps.logger?.warn({ err: error, userId: item.userId }, 'deal alert realtime event failed');
      }
      try {
        if (item.push) await webPush(db, deps.config, item.userId, item.push);
      } catch (error) {
        deps.logger?.warn({ err: error, userId: item.userId }, 'deal alert push failed');
      }
    }),
  );
}

/** Claims up to `batch` due at-once alerts and sends them; returns how many were claimed. */
export async function deliverAtOnceAlerts(
  db: Db,
  deps: AlertDeliveryDeps,
  run: DeliveryRun = {},
): Promise<number> {
  const now = run.now ?? new Date();
  const key = await unsubscribeKey(db, deps.secrets);
  const out = new Outgoing();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ alert: dealAlerts })
      .from(dealAlerts)
      .innerJoin(deals, eq(deals.id, dealAlerts.dealId))
      .where(
        and(
          eq(dealAlerts.status, 'pending'),
          lte(dealAlerts.dueAt, now),
          inArray(dealAlerts.frequency, [...AT_ONCE]),
          or(
            eq(deals.status, 'active'),
            and(eq(deals.status, 'exclusive'), eq(dealAlerts.frequency, 'priority')),
          ),
        ),
      )
      .orderBy(asc(dealAlerts.dueAt), asc(dealAlerts.id))
      .limit(run.batch ?? ALERT_BATCH)
      .for('update', { of: dealAlerts, skipLocked: true });
    if (!due.length) return 0;
    const alerts = due.map((d) => d.alert);
    const context = await contextOf(tx, alerts);
    for (const alert of alerts) {
      const user = context.users.get(alert.userId);
      const deal = context.deals.get(alert.dealId);
      const item = deal && fitting(alert, itemOf(alert, deal, context));
      const state = context.states.get(alert.userId) ?? deal?.state ?? '';
      if (user?.isActive && item) {
        alertOnce({ out, deps, key, now }, { user, state }, item);
        out.sent.push(alert.id);
      } else out.skipped.push(alert.id);
    }
    await out.write(tx, now);
    return alerts.length;
  });
  await publishAfterCommit(db, deps, out.afterCommit);
  return claimed;
}

const digestDue = (now: Date) =>
  and(
    eq(dealAlerts.status, 'pending'),
    lte(dealAlerts.dueAt, now),
    inArray(dealAlerts.frequency, [...DIGESTED]),
    eq(deals.status, 'active'),
  );

/** The digests of one page of buyers; returns [buyers who got one, alerts claimed]. */
async function digestPage(db: Db, deps: AlertDeliveryDeps, buyerIds: string[], key: Buffer, now: Date) {
  const out = new Outgoing();
  const result = await db.transaction(async (tx) => {
    // A buyer's digest is one instance's: it takes the buyer first, then every due alert of theirs,
    // so two instances on the same page never split one buyer's deals into two e-mails.
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, buyerIds))
      .for('no key update', { skipLocked: true });
    if (!taken.length) return [0, 0] as const;
    const due = await tx
      .select({ alert: dealAlerts })
      .from(dealAlerts)
      .innerJoin(deals, eq(deals.id, dealAlerts.dealId))
      .where(
        and(
          inArray(
            dealAlerts.userId,
            taken.map((t) => t.id),
          ),
          digestDue(now),
        ),
      )
      .for('update', { of: dealAlerts, skipLocked: true });
    if (!due.length) return [0, 0] as const;
    const alerts = due.map((d) => d.alert);
    const context = await contextOf(tx, alerts);
    const byBuyer = new Map<string, AlertRow[]>();
    for (const alert of alerts) byBuyer.set(alert.userId, [...(byBuyer.get(alert.userId) ?? []), alert]);
    let buyers = 0;
    for (const [userId, own] of byBuyer) {
      const user = context.users.get(userId);
      const items = own
        .map(
          (alert) =>
            context.deals.get(alert.dealId) &&
            fitting(alert, itemOf(alert, context.deals.get(alert.dealId)!, context)),
        )
        .filter((item): item is AlertItem => Boolean(item))
        .sort((a, b) => b.score - a.score || b.deal.createdAt.getTime() - a.deal.createdAt.getTime());
      // A weekly summary when every deal in it is weekly; a buyer with a daily saved search gets a daily one.
      const kind = own.every((a) => a.frequency === 'weekly') ? 'weekly' : 'daily';
      const state = context.states.get(userId) ?? items[0]?.deal.state ?? '';
      const went = Boolean(user?.isActive && items.length);
      if (went) {
        digestOnce({ out, deps, key, now }, { user: user!, state }, items, kind);
        buyers += 1;
      }
      for (const alert of own) (went ? out.sent : out.skipped).push(alert.id);
    }
    await out.write(tx, now);
    return [buyers, alerts.length] as const;
  });
  await publishAfterCommit(db, deps, out.afterCommit);
  return result;
}

/**
 * Every due digest, a page of buyers at a time (keyset on the buyer id): memory stays flat in the
 * number of buyers. Instances running at once skip each other's claimed rows.
 */
export async function deliverDigests(
  db: Db,
  deps: AlertDeliveryDeps,
  run: DeliveryRun = {},
): Promise<{ digests: number; digested: number }> {
  const now = run.now ?? new Date();
  const pageSize = run.page ?? DIGEST_PAGE;
  const key = await unsubscribeKey(db, deps.secrets);
  let after: string | undefined;
  let digests = 0;
  let digested = 0;
  for (;;) {
    const page = await db
      .selectDistinct({ userId: dealAlerts.userId })
      .from(dealAlerts)
      .innerJoin(deals, eq(deals.id, dealAlerts.dealId))
      .where(and(digestDue(now), after ? gt(dealAlerts.userId, after) : undefined))
      .orderBy(asc(dealAlerts.userId))
      .limit(pageSize);
    if (!page.length) break;
    const [buyers, alerts] = await digestPage(
      db,
      deps,
      page.map((p) => p.userId),
      key,
      now,
    );
    digests += buyers;
    digested += alerts;
    if (page.length < pageSize) break;
    after = page.at(-1)!.userId;
  }
  return { digests, digested };
}

/** One run of the delivery task: the alerts due now, at once and in digests. */
export async function deliverDueAlerts(
  db: Db,
  deps: AlertDeliveryDeps,
  run: DeliveryRun = {},
): Promise<AlertDeliveryResult> {
  const now = run.now ?? new Date();
  await skipOffMarket(db, now);
  const atOnce = await deliverAtOnceAlerts(db, deps, { ...run, now });
  const { digests, digested } = await deliverDigests(db, deps, { ...run, now });
  return { atOnce, digests, digested };
}
