/**
 * Conversations (DECISIONS.md Conversations and notifications): one thread per deal and buyer with
 * the deal's originator, made by the first interest, offer or message. Every message — a
 * participant's, or a marketplace event posted as a system message — moves the thread up, counts as
 * unread for the other side, refreshes (or adds) their notification and is announced to them in
 * realtime once the transaction commits. A participant's message also schedules the unread-message
 * e-mail. A blocked thread takes no new messages from its participants.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  messagePreview,
  SYSTEM_EVENT_KEYS,
  type NewMessageEvent,
  type NewThreadEvent,
  type NotificationType,
  type RealtimeEventName,
  type SystemEvent,
} from '@dealclub/shared/chat';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import { rowFromJson } from '../../db/json-rows';
import { prebuilt } from '../../db/prepared';
import { chatMessages, chatNotifications, chatThreads, deals, users } from '../../db/schema';
import { visibleTo, type Viewer } from '../deals';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { jobInsert } from '../jobs';
import { matchingBuyerPage } from '../matching';
import type { RealtimePublisher } from '../realtime';
import type { UserRow } from '../../db/rows';

export type ThreadRow = typeof chatThreads.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The unread-message e-mail (issue 7): sent when the message is still unread after this long. */
export const UNREAD_EMAIL_DELAY_MS = 5 * 60_000;
export const UNREAD_EMAIL_JOB = 'chat.unread-email';

/** A realtime event to send once the transaction that caused it has committed. */
export interface Announcement {
  userId: string;
  event: RealtimeEventName;
  data: NewMessageEvent | NewThreadEvent;
}

export async function announce(publisher: RealtimePublisher | undefined, announcements: Announcement[]) {
  if (!publisher) return;
  await Promise.all(announcements.map((a) => publisher.toUser(a.userId, a.event, a.data)));
}

/**
 * The deal's thread with `buyerId`, made if it does not exist yet; either way its row is locked for
 * the caller's transaction (a row it inserted is its own until it commits; an existing one is read
 * `for update`), so a message added next needs no lock of its own (`locked` of addMessage).
 */
export async function ensureThread(
  db: Db,
  deal: { id: string; originatorId: string },
  buyerId: string,
): Promise<{ thread: ThreadRow; created: boolean }> {
  const [created] = await db
    .insert(chatThreads)
    .values({ dealId: deal.id, buyerId, originatorId: deal.originatorId })
    .onConflictDoNothing({ target: [chatThreads.dealId, chatThreads.buyerId] })
    .returning();
  if (created) return { thread: created, created: true };
  const [existing] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.dealId, deal.id), eq(chatThreads.buyerId, buyerId)))
    .for('update');
  return { thread: existing!, created: false };
}

/** SQL: `userId` takes part in the thread row in scope (its buyer or its deal's originator). */
const takesPart = (userId: string) =>
  or(eq(chatThreads.buyerId, userId), eq(chatThreads.originatorId, userId));

/** The thread, if `userId` takes part in it; 'Conversation not found' otherwise, as if it did not exist. */
export async function participantThread(db: Db, userId: string, threadId: string, lock = false) {
  const query = db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), takesPart(userId)));
  const [thread] = lock ? await query.for('update') : await query;
  if (!thread) throw new AppError('THREAD_NOT_FOUND');
  return thread;
}

export const otherParticipant = (thread: ThreadRow, userId: string) =>
  thread.buyerId === userId ? thread.originatorId : thread.buyerId;

async function userRow(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Only conversation news is gathered into one entry; a blocked thread or a counter-offer step is its own. */
const GATHERED: readonly NotificationType[] = ['new_message', 'new_thread'];
const gathered = (type: NotificationType) => GATHERED.includes(type);

/** The recipient's unread notification of the conversation, given the newest sender and text and moved to the top. */
function refreshNotification(
  db: Db,
  recipientId: string | Placeholder,
  threadId: string | Placeholder,
  senderName: string | Placeholder,
  message: string | Placeholder,
) {
  return db
    .update(chatNotifications)
    .set({ senderName: sql`${senderName}`, message: sql`${message}`, createdAt: sql`now()` })
    .where(
      and(
        eq(chatNotifications.userId, recipientId),
        eq(chatNotifications.threadId, threadId),
        isNull(chatNotifications.readAt),
        inArray(chatNotifications.type, [...GATHERED]),
      ),
    )
    .returning({ id: chatNotifications.id });
}

/**
 * Tells `recipientId` about news in the thread: an unread notification of the thread is refreshed
 * (newest sender and text, moved to the top) rather than repeated, so a busy conversation is one
 * entry in the bell; otherwise a new one of `type`.
 */
async function notify(
  db: Db,
  recipientId: string,
  threadId: string,
  type: NotificationType,
  senderName: string,
  message: string,
) {
  if (gathered(type)) {
    const refreshed = await refreshNotification(db, recipientId, threadId, senderName, message);
    if (refreshed.length) return;
  }
  await db.insert(chatNotifications).values({ userId: recipientId, threadId, type, senderName, message });
}

/**
 * {@link notify} as data-modifying CTEs of a statement built once (the same refresh-or-add, in the
 * same round trip as the message), its values the placeholders `recipientId`, `threadId`,
 * `notificationType`, `senderName` and `text`: an unread notification of the conversation
 * refreshed, else one added; for a type not `gathered`, one added.
 */
function notifyCtes(db: Db, isGathered: boolean): SQL[] {
  const ph = sql.placeholder;
  const add = sql`insert into ${chatNotifications} (user_id, thread_id, type, sender_name, message)
    select ${ph('recipientId')}::uuid, ${ph('threadId')}::uuid, ${ph('notificationType')}::text,
      ${ph('senderName')}::text, ${ph('text')}::text`;
  if (!isGathered) return [sql`notified as (${add})`];
  const refresh = refreshNotification(db, ph('recipientId'), ph('threadId'), ph('senderName'), ph('text'));
  return [
    sql`refreshed as (${refresh.getSQL()})`,
    sql`notified as (${add} where not exists (select 1 from refreshed))`,
  ];
}

/**
 * addMessage's one statement, per shape (a participant's message schedules the unread e-mail; a
 * conversation's news refreshes its notification; the sender is the buyer or the seller): built
 * once each, run with each message's values.
 */
const messageStatements = new Map<string, ReturnType<typeof messageStatement>>();

function messageStatement(shape: { user: boolean; isGathered: boolean; senderIsBuyer: boolean }) {
  const ph = sql.placeholder;
  return prebuilt<{ message: Record<string, unknown> }, Db>('add_message', (db) => {
    const ctes = [
      sql`message as (${db
        .insert(chatMessages)
        .values({
          id: ph('id'),
          threadId: ph('threadId'),
          senderId: ph('senderId'),
          kind: ph('kind'),
          event: ph('event'),
          // Not through the column's encoder, which would write a JSON null for no parameters.
          params: sql`${ph('params')}`,
          body: ph('body'),
        })
        .returning()
        .getSQL()})`,
      // The sender has read their own thread up to their message; now() is the message's own
      // created_at (same transaction), at full precision.
      sql`touched as (${db
        .update(chatThreads)
        .set({
          lastMessageAt: sql`greatest(${chatThreads.lastMessageAt}, now())`,
          ...(shape.senderIsBuyer ? { buyerReadAt: sql`now()` } : { originatorReadAt: sql`now()` }),
        })
        .where(eq(chatThreads.id, ph('threadId')))
        .getSQL()})`,
      ...notifyCtes(db, shape.isGathered),
    ];
    if (shape.user) {
      const unread = jobInsert(db, {
        type: UNREAD_EMAIL_JOB,
        payload: ph('jobPayload'),
        runAt: ph('runAt'),
        maxAttempts: 5,
      });
      ctes.push(sql`unread as (${unread.getSQL()})`);
    }
    return sql`with ${sql.join(ctes, sql`, `)} select to_json(message) as message from message`;
  });
}

interface NewMessage {
  /** The thread; with `locked`, the row as read under the caller's row lock. */
  thread: ThreadRow;
  /** The caller already holds the thread's row lock (and read `thread` under it): not taken again. */
  locked?: boolean;
  /** The other participant's row, when the caller has read it already; read otherwise. */
  recipient?: UserRow;
  /** Whether this message made the thread (its recipient hears 'new-thread'). */
  created: boolean;
  sender: UserRow;
  kind: 'user' | 'system';
  event?: SystemEvent;
  params?: Record<string, string | number>;
  body: string;
  /** The recipient's notification type, when not the conversation's own (`new_thread` / `new_message`). */
  notification?: NotificationType;
}

/** What a message says in a notification or toast, in the recipient's language. */
export function messageText(
  language: string,
  message: Pick<MessageRow, 'kind' | 'event' | 'params' | 'body'>,
  words: (params: Record<string, string | number>) => Record<string, string> = () => ({}),
): string {
  if (message.kind === 'user' || !message.event) return message.body;
  const line = translate(language, SYSTEM_EVENT_KEYS[message.event], words(message.params ?? {}));
  return message.body ? `${line}: ${message.body}` : line;
}

/**
 * Adds a message to the thread in the caller's transaction; returns it and the announcement to
 * send after the commit. `words` fills a system message's text for the recipient's language.
 */
export async function addMessage(
  db: Db,
  input: NewMessage,
  words?: (language: string, params: Record<string, string | number>) => Record<string, string>,
): Promise<{ message: MessageRow; announcement: Announcement }> {
  const { sender } = input;
  // The thread's row lock orders its messages: `seq` and `last_message_at` follow commit order even
  // when a participant's message and a marketplace event are written at the same moment.
  const [thread] = input.locked
    ? [input.thread]
    : await db.select().from(chatThreads).where(eq(chatThreads.id, input.thread.id)).for('update');
  if (!thread) throw new AppError('THREAD_NOT_FOUND');
  const recipientId = otherParticipant(thread, sender.id);
  const recipient = input.recipient?.id === recipientId ? input.recipient : await userRow(db, recipientId);
  const senderName = personName(sender);
  const id = randomUUID();
  const draft = {
    kind: input.kind,
    event: input.event ?? null,
    params: input.params ?? null,
    body: input.body,
  };
  const text = messageText(recipient.languagePreference, draft, (params) =>
    words ? words(recipient.languagePreference, params) : {},
  );
  const type = input.notification ?? (input.created ? 'new_thread' : 'new_message');
  const senderIsBuyer = sender.id === thread.buyerId;
  const shape = { user: input.kind === 'user', isGathered: gathered(type), senderIsBuyer };
  const key = `${shape.user}|${shape.isGathered}|${shape.senderIsBuyer}`;
  let statement = messageStatements.get(key);
  if (!statement) messageStatements.set(key, (statement = messageStatement(shape)));
  // The message, the thread moved up, the notification and the e-mail's job: one round trip.
  const [row] = await statement(db, {
    id,
    threadId: thread.id,
    senderId: sender.id,
    ...draft,
    recipientId: recipient.id,
    notificationType: type,
    senderName,
    text,
    ...(shape.user && {
      jobPayload: { threadId: thread.id, messageId: id, recipientId: recipient.id },
      runAt: new Date(Date.now() + UNREAD_EMAIL_DELAY_MS),
    }),
  });
  const message = rowFromJson(chatMessages, row!.message);
  const preview = messagePreview(text);
  const announcement: Announcement = input.created
    ? {
        userId: recipient.id,
        event: 'new-thread',
        data: { message: preview, senderName, thread: { threadId: thread.id } },
      }
    : {
        userId: recipient.id,
        event: 'new-message',
        data: { senderName, message: preview, threadId: thread.id },
      };
  return { message, announcement };
}

/**
 * A participant's message (refused in a blocked thread), from `sender` (the signed-in user's row,
 * as the request's authentication read it).
 */
export async function postMessage(db: Db, sender: UserRow, threadId: string, body: string) {
  return db.transaction(async (tx) => {
    // The thread locked and the other participant's row, in one statement.
    const [row] = await tx
      .select({ thread: chatThreads, recipient: users })
      .from(chatThreads)
      .innerJoin(
        users,
        sql`${users.id} = case when ${chatThreads.buyerId} = ${sender.id} then ${chatThreads.originatorId} else ${chatThreads.buyerId} end`,
      )
      // Only a participant's thread matches: anyone else locks nothing.
      .where(and(eq(chatThreads.id, threadId), takesPart(sender.id)))
      .for('update', { of: chatThreads });
    const thread = row?.thread;
    if (!thread) throw new AppError('THREAD_NOT_FOUND');
    if (thread.blockedAt) throw new AppError('THREAD_BLOCKED');
    return addMessage(tx, {
      thread,
      locked: true,
      recipient: row.recipient,
      created: false,
      sender,
      kind: 'user',
      body,
    });
  });
}

/**
 * A buyer writes to a deal's originator: the thread is made with this first message, or the
 * message joins the existing one. The deal must be one the buyer may see. With `toBuyerId`, the
 * deal's originator writes to a buyer instead: one the deal fits (its matching buyers), so a seller
 * cannot write to every member.
 */
export async function startThread(db: Db, viewer: Viewer, dealId: string, body: string, toBuyerId?: string) {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), ne(deals.status, 'deleted'), visibleTo(viewer)));
  if (!deal) throw new AppError('LISTING_NOT_FOUND');
  const buyerId = toBuyerId ?? viewer.id;
  if (toBuyerId) {
    if (deal.originatorId !== viewer.id) throw new AppError('LISTING_NOT_FOUND');
    // During an exclusive window only the priority buyers (certified) may see the deal.
    const [matching] = await matchingBuyerPage(db, deal, {
      onlyId: toBuyerId,
      limit: 1,
      certifiedOnly: deal.status === 'exclusive',
    });
    if (!matching) throw new AppError('NOT_FOUND');
  } else if (deal.originatorId === buyerId) throw new AppError('OWN_DEAL');
  return db.transaction(async (tx) => {
    const { thread, created } = await ensureThread(tx, deal, buyerId);
    if (thread.blockedAt) throw new AppError('THREAD_BLOCKED');
    const sender = await userRow(tx, viewer.id);
    const posted = await addMessage(tx, { thread, locked: true, created, sender, kind: 'user', body });
    return { thread, ...posted };
  });
}

/** Either side blocks the thread; the other side is told (`thread_blocked`). Blocking twice is a no-op. */
export async function blockThread(db: Db, userId: string, threadId: string): Promise<ThreadRow> {
  return db.transaction(async (tx) => {
    const thread = await participantThread(tx, userId, threadId, true);
    if (thread.blockedAt) return thread;
    const [blocked] = await tx
      .update(chatThreads)
      .set({ blockedAt: sql`now()`, blockedBy: userId })
      .where(eq(chatThreads.id, threadId))
      .returning();
    const [blocker, other] = await Promise.all([
      userRow(tx, userId),
      userRow(tx, otherParticipant(thread, userId)),
    ]);
    await notify(
      tx,
      other.id,
      threadId,
      'thread_blocked',
      personName(blocker),
      translate(other.languagePreference, 'chat.notify.blocked'),
    );
    return blocked!;
  });
}

/**
 * Marks the thread read for `userId` up to the newest message they were shown (`shownId`), not up
 * to "now": a message committed while the page was being read stays unread. The thread's
 * notifications no newer than that message are marked read too. Times are compared in SQL, at the
 * database's full precision.
 */
export async function markThreadRead(db: Db, userId: string, thread: ThreadRow, shownId: string | undefined) {
  if (!shownId) return;
  const shownAt = sql`(select ${chatMessages.createdAt} from ${chatMessages} where ${chatMessages.id} = ${shownId})`;
  const column = thread.buyerId === userId ? chatThreads.buyerReadAt : chatThreads.originatorReadAt;
  const mark = sql`greatest(coalesce(${column}, '-infinity'::timestamptz), ${shownAt})`;
  await db
    .update(chatThreads)
    .set(thread.buyerId === userId ? { buyerReadAt: mark } : { originatorReadAt: mark })
    .where(eq(chatThreads.id, thread.id));
  await db
    .update(chatNotifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(chatNotifications.userId, userId),
        eq(chatNotifications.threadId, thread.id),
        isNull(chatNotifications.readAt),
        sql`${chatNotifications.createdAt} <= ${shownAt}`,
      ),
    );
}

/** Marks one of the caller's notifications read; 404 for anyone else's. */
export async function markNotificationRead(db: Db, userId: string, notificationId: string) {
  const [found] = await db
    .update(chatNotifications)
    .set({ readAt: sql`coalesce(${chatNotifications.readAt}, now())` })
    .where(and(eq(chatNotifications.id, notificationId), eq(chatNotifications.userId, userId)))
    .returning({ id: chatNotifications.id });
  if (!found) throw new AppError('NOT_FOUND');
}
