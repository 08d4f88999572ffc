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
import { afterRow, decodeCursor, encodeCursor } from '../../lib/cursor';
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

async function summaries(
  db: Db,
  viewerId: string,
  where: SQL | undefined,
  limit: number,
): Promise<ThreadSummary[]> {
  const rows = await db
    .select({
      thread: chatThreads,
      deal: deals,
      other: { id: other.id, firstName: other.firstName, lastName: other.lastName },
      lastId: sql<
        string | null
      >`(select m.id from ${chatMessages} m where m.thread_id = ${chatThreads.id} order by m.seq desc limit 1)`,
      unread: unreadCountSql(viewerId),
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
  return rows.map((row): ThreadSummary => ({
    threadId: row.thread.id,
    deal: dealInfoFor(viewerId, row.deal),
    otherParty: { ...row.other, side: row.thread.buyerId === viewerId ? 'seller' : 'buyer' },
    lastMessage: (row.lastId && last.get(row.lastId)) || null,
    unreadCount: Number(row.unread),
    blocked: row.thread.blockedAt !== null,
    blockedByMe: row.thread.blockedBy === viewerId,
    createdAt: row.thread.createdAt.toISOString(),
    lastMessageAt: row.thread.lastMessageAt.toISOString(),
  }));
}

export async function threadSummary(db: Db, viewerId: string, thread: ThreadRow): Promise<ThreadSummary> {
  const [summary] = await summaries(db, viewerId, and(eq(chatThreads.id, thread.id)), 1);
  return summary!;
}

/** `GET /api/chat/threads`: the viewer's threads, most recent activity first. */
export async function threadList(db: Db, viewerId: string, cursor: string | undefined) {
  const lastId = decodeCursor(cursor);
  const page = await summaries(
    db,
    viewerId,
    and(
      or(eq(chatThreads.buyerId, viewerId), eq(chatThreads.originatorId, viewerId)),
      afterRow(chatThreads, chatThreads.lastMessageAt, chatThreads.id, lastId),
    ),
    THREADS_PAGE_SIZE + 1,
  );
  const more = page.length > THREADS_PAGE_SIZE;
  const threads = page.slice(0, THREADS_PAGE_SIZE);
  return { threads, nextCursor: more ? encodeCursor({ id: threads.at(-1)!.threadId }) : null };
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
      .innerJoin(chatThreads, eq(chatThreads.id, chatNotifications.threadId))
      .innerJoin(deals, eq(deals.id, chatThreads.dealId))
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
