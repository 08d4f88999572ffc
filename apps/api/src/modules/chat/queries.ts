/**
 * The chat reads: a user's threads (newest activity first, keyset cursor), a thread's messages
 * (newest first, older pages by `seq`), and the unread notifications of the bell. Deal lines follow
 * the address rule: a hidden street is given to the originator and the accepted buyer only.
 */
import { aliasedTable, and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChatMessage, ChatNotification, DealInfo, ThreadSummary } from '@dealclub/shared/chat';
import { MESSAGES_PAGE_SIZE } from '@dealclub/shared/chat';
import { streetWithUnit } from '@dealclub/shared/deals';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import { chatMessages, chatNotifications, chatThreads, deals, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { seesAddress } from '../deals/visibility';
import type { MessageRow, ThreadRow } from './service';

type DealRow = typeof deals.$inferSelect;
type Person = { id: string; firstName: string; lastName: string };

export const NOTIFICATIONS_SHOWN = 50;
const THREADS_PAGE_SIZE = 30;

export function dealInfoFor(viewerId: string, deal: DealRow): DealInfo {
  const street = streetWithUnit(deal.streetAddress, deal.unit);
  return {
    dealId: deal.id,
    address: seesAddress({ id: viewerId, isAdmin: false }, deal) ? street : null,
    hideAddress: deal.hideAddress,
    city: deal.city,
    state: deal.state,
    zip: deal.zipCode,
  };
}

export function messageOf(row: MessageRow, sender: Person | undefined): ChatMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    kind: row.kind,
    event: row.event ?? null,
    params: row.params ?? null,
    senderId: row.senderId,
    senderName: sender ? personName(sender) : '',
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

const other = aliasedTable(users, 'other_party');

/** SQL: the messages of the thread in scope the viewer has not read (not their own). */
function unreadCountSql(viewerId: string) {
  return sql<number>`(select count(*)::int from ${chatMessages} m where m.thread_id = ${chatThreads.id}
    and m.sender_id is distinct from ${viewerId}
    and m.created_at > coalesce(case when ${chatThreads.buyerId} = ${viewerId} then ${chatThreads.buyerReadAt} else ${chatThreads.originatorReadAt} end, '-infinity'::timestamptz))`;
}

/** The columns of a message's sender that its name needs. */
const senderColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** Messages by id, with their senders' names. */
async function messagesById(db: Db, ids: string[]): Promise<Map<string, ChatMessage>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      message: chatMessages,
      sender: senderColumns,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(inArray(chatMessages.id, ids));
  return new Map(rows.map((row) => [row.message.id, messageOf(row.message, row.sender ?? undefined)]));
}

async function summaries(db: Db, viewerId: string, where: SQL | undefined, limit: number) {
  return (await summaryRows(db, viewerId, where, limit)).map((row) => row.summary);
}

/** Thread summaries with each thread's place in the list (its time as text, full precision). */
async function summaryRows(
  db: Db,
  viewerId: string,
  where: SQL | undefined,
  limit: number,
): Promise<{ summary: ThreadSummary; position: string }[]> {
  const rows = await db
    .select({
      thread: chatThreads,
      deal: deals,
      other: { id: other.id, firstName: other.firstName, lastName: other.lastName },
      lastId: sql<
        string | null
      >`(select m.id from ${chatMessages} m where m.thread_id = ${chatThreads.id} order by m.seq desc limit 1)`,
      unread: unreadCountSql(viewerId),
      position: sql<string>`${chatThreads.lastMessageAt}::text`,
    })
    .from(chatThreads)
    .innerJoin(deals, eq(deals.id, chatThreads.dealId))
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${chatThreads.buyerId} = ${viewerId} then ${chatThreads.originatorId} else ${chatThreads.buyerId} end`,
      ),
    )
    .where(where)
    .orderBy(desc(chatThreads.lastMessageAt), desc(chatThreads.id))
    .limit(limit);
  const last = await messagesById(
    db,
    rows.flatMap((row) => (row.lastId ? [row.lastId] : [])),
  );
  return rows.map((row) => ({
    position: row.position,
    summary: {
      threadId: row.thread.id,
      deal: dealInfoFor(viewerId, row.deal),
      otherParty: { ...row.other, side: row.thread.buyerId === viewerId ? 'seller' : 'buyer' },
      lastMessage: (row.lastId && last.get(row.lastId)) || null,
      unreadCount: Number(row.unread),
      blocked: row.thread.blockedAt !== null,
      blockedByMe: row.thread.blockedBy === viewerId,
      createdAt: row.thread.createdAt.toISOString(),
      lastMessageAt: row.thread.lastMessageAt.toISOString(),
    } satisfies ThreadSummary,
  }));
}

export async function threadSummary(db: Db, viewerId: string, thread: ThreadRow): Promise<ThreadSummary> {
  const [summary] = await summaries(db, viewerId, and(eq(chatThreads.id, thread.id)), 1);
  return summary!;
}

/**
 * The list cursor holds the last thread's place (time and id) as it was on the page, not its id
 * alone: a thread that moves up between two pages would otherwise restart the next page from its
 * new place.
 */
const encodeThreadCursor = (position: string, id: string) =>
  Buffer.from(`t:${position}|${id}`).toString('base64url');
const THREAD_CURSOR =
  /^t:(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
function decodeThreadCursor(cursor: string | undefined): { position: string; id: string } | undefined {
  if (!cursor) return undefined;
  const match = THREAD_CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_REQUEST');
  return { position: match[1]!, id: match[2]! };
}

/** `GET /api/chat/threads`: the viewer's threads, most recent activity first. */
export async function threadList(db: Db, viewerId: string, cursor: string | undefined) {
  const after = decodeThreadCursor(cursor);
  const rows = await summaryRows(
    db,
    viewerId,
    and(
      or(eq(chatThreads.buyerId, viewerId), eq(chatThreads.originatorId, viewerId)),
      after
        ? sql`(${chatThreads.lastMessageAt}, ${chatThreads.id}) < (${after.position}::timestamptz, ${after.id}::uuid)`
        : undefined,
    ),
    THREADS_PAGE_SIZE + 1,
  );
  const more = rows.length > THREADS_PAGE_SIZE;
  const page = rows.slice(0, THREADS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    threads: page.map((row) => row.summary),
    nextCursor: more && last ? encodeThreadCursor(last.position, last.summary.threadId) : null,
  };
}

const encodeSeq = (seq: number) => Buffer.from(`s:${seq}`).toString('base64url');
function decodeSeq(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const match = /^s:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_REQUEST');
  return Number(match[1]);
}

/** A page of the thread's messages, newest first; the cursor continues with older ones. */
export async function messagePage(db: Db, thread: ThreadRow, cursor: string | undefined) {
  const before = decodeSeq(cursor);
  const rows = await db
    .select({
      message: chatMessages,
      sender: senderColumns,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(
      and(
        eq(chatMessages.threadId, thread.id),
        before === undefined ? undefined : lt(chatMessages.seq, before),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  return {
    messages: page.map((row) => messageOf(row.message, row.sender ?? undefined)),
    nextCursor: more ? encodeSeq(page.at(-1)!.message.seq) : null,
  };
}

/** The bell: the viewer's unread notifications, newest first, and how many are unread. */
export async function unreadNotifications(db: Db, viewerId: string) {
  const unread = and(eq(chatNotifications.userId, viewerId), isNull(chatNotifications.readAt));
  const [rows, [count]] = await Promise.all([
    db
      .select({ notification: chatNotifications, deal: deals })
      .from(chatNotifications)
      .leftJoin(chatThreads, eq(chatThreads.id, chatNotifications.threadId))
      // A thread's notification names the thread's deal; a `deal_match` names its deal directly.
      .innerJoin(deals, eq(deals.id, sql`coalesce(${chatNotifications.dealId}, ${chatThreads.dealId})`))
      .where(unread)
      .orderBy(desc(chatNotifications.createdAt), desc(chatNotifications.id))
      .limit(NOTIFICATIONS_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatNotifications)
      .where(unread),
  ]);
  return {
    notifications: rows.map(({ notification: n, deal }): ChatNotification => ({
      notificationId: n.id,
      threadId: n.threadId,
      type: n.type,
      senderName: n.senderName,
      message: n.message,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
      dealInfo: dealInfoFor(viewerId, deal),
    })),
    unreadCount: Number(count?.n ?? 0),
  };
}
