/**
 * The chat reads: a user's threads (newest activity first, keyset cursor), a thread's messages
 * (newest first, older pages by `seq`), and the unread notifications of the bell (newest first,
 * keyset cursor). Each answers API.md's page `{ items, nextCursor, total }`. Deal lines follow the
 * address rule: a hidden street is given to the originator and the accepted buyer only.
 */
import { aliasedTable, and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  ChatMessage,
  ChatNotification,
  DealInfo,
  MessagePage,
  NotificationList,
  ThreadList,
  ThreadSummary,
} from '@dealclub/shared/chat';
import { streetWithUnit } from '@dealclub/shared/deals';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import { chatMessages, chatNotifications, chatThreads, deals, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { seesAddress } from '../deals';
import type { MessageRow, ThreadRow } from './service';
import type { DealRow } from '../../db/rows';

type Person = { id: string; firstName: string; lastName: string };

/** A page request of a list: the opaque cursor it answered before, and how many items. */
export interface PageRequest {
  cursor?: string | undefined;
  limit: number;
}

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
export async function threadList(
  db: Db,
  viewerId: string,
  { cursor, limit }: PageRequest,
): Promise<ThreadList> {
  const after = decodeThreadCursor(cursor);
  const mine = or(eq(chatThreads.buyerId, viewerId), eq(chatThreads.originatorId, viewerId));
  const [rows, [counted]] = await Promise.all([
    summaryRows(
      db,
      viewerId,
      and(
        mine,
        after
          ? sql`(${chatThreads.lastMessageAt}, ${chatThreads.id}) < (${after.position}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
      limit + 1,
    ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatThreads)
      .where(mine),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => row.summary),
    nextCursor: rows.length > limit && last ? encodeThreadCursor(last.position, last.summary.threadId) : null,
    total: Number(counted?.n ?? 0),
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
export async function messagePage(
  db: Db,
  thread: ThreadRow,
  { cursor, limit }: PageRequest,
): Promise<Omit<MessagePage, 'thread'>> {
  const before = decodeSeq(cursor);
  const [rows, [counted]] = await Promise.all([
    db
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
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.threadId, thread.id)),
  ]);
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => messageOf(row.message, row.sender ?? undefined)),
    nextCursor: rows.length > limit ? encodeSeq(page.at(-1)!.message.seq) : null,
    total: Number(counted?.n ?? 0),
  };
}

/**
 * The bell: the viewer's unread notifications, newest first, a page at a time, and how many are
 * unread. The cursor is the last notification's id; the next page starts below its time, read in
 * SQL from the viewer's own row (another user's id pages nothing).
 */
export async function unreadNotifications(
  db: Db,
  viewerId: string,
  { cursor, limit }: PageRequest,
): Promise<NotificationList> {
  const unread = and(eq(chatNotifications.userId, viewerId), isNull(chatNotifications.readAt));
  const lastId = decodeCursor(cursor);
  const after = lastId
    ? sql`(${chatNotifications.createdAt}, ${chatNotifications.id}) < ((select n.created_at from chat_notifications n where n.id = ${lastId} and n.user_id = ${viewerId}), ${lastId}::uuid)`
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ notification: chatNotifications, deal: deals })
      .from(chatNotifications)
      .leftJoin(chatThreads, eq(chatThreads.id, chatNotifications.threadId))
      // A thread's notification names the thread's deal; a `deal_match` names its deal directly.
      .innerJoin(deals, eq(deals.id, sql`coalesce(${chatNotifications.dealId}, ${chatThreads.dealId})`))
      .where(and(unread, after))
      .orderBy(desc(chatNotifications.createdAt), desc(chatNotifications.id))
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatNotifications)
      .where(unread),
  ]);
  const page = rows.slice(0, limit);
  const unreadCount = Number(count?.n ?? 0);
  return {
    items: page.map(({ notification: n, deal }): ChatNotification => ({
      notificationId: n.id,
      threadId: n.threadId,
      type: n.type,
      senderName: n.senderName,
      message: n.message,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
      dealInfo: dealInfoFor(viewerId, deal),
    })),
    nextCursor: rows.length > limit ? encodeCursor({ id: page.at(-1)!.notification.id }) : null,
    total: unreadCount,
    unreadCount,
  };
}
