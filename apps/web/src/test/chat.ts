/**
 * Factories of the conversations' data for unit tests (the list, a conversation, the bell, a deal
 * page's "Message the seller"). The reader is Rosa Díaz (`u1`, `signedIn` of `@/test/session`), a
 * buyer writing to Sam Seller about 12 Oak Street.
 */
import type {
  ChatMessage,
  ChatNotification,
  DealInfo,
  MessagePage,
  NotificationList,
  ThreadList,
  ThreadSummary,
} from '@dealclub/shared/chat-rules';

export const THREAD_ID = 't1';
export const DEAL_ID = '11111111-1111-4111-8111-111111111111';

export function createDealInfo(overrides: Partial<DealInfo> = {}): DealInfo {
  return {
    dealId: DEAL_ID,
    address: '12 Oak Street',
    hideAddress: false,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    ...overrides,
  };
}

export function createNotification(overrides: Partial<ChatNotification> = {}): ChatNotification {
  return {
    notificationId: 'n1',
    threadId: THREAD_ID,
    type: 'new_message',
    senderName: 'Sam Seller',
    message: 'Is Saturday good for a visit?',
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    readAt: null,
    dealInfo: createDealInfo(),
    ...overrides,
  };
}

let messageSeq = 0;

export function createMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  messageSeq += 1;
  return {
    id: `m${messageSeq}`,
    threadId: THREAD_ID,
    kind: 'user',
    event: null,
    params: null,
    senderId: 'u2',
    senderName: 'Sam Seller',
    body: `Message ${messageSeq}`,
    createdAt: '2026-02-03T10:00:00.000Z',
    ...overrides,
  };
}

export function createThread(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    threadId: THREAD_ID,
    deal: createDealInfo(),
    otherParty: { id: 'u2', firstName: 'Sam', lastName: 'Seller', side: 'seller' },
    lastMessage: null,
    unreadCount: 0,
    blocked: false,
    blockedByMe: false,
    createdAt: '2026-02-01T10:00:00.000Z',
    lastMessageAt: '2026-02-03T10:00:00.000Z',
    ...overrides,
  };
}

/** A page of a conversation's messages (API.md's list shape); `total` counts its items unless given. */
export function createMessagePage(overrides: Partial<MessagePage> = {}): MessagePage {
  const items = overrides.items ?? [];
  return { thread: createThread(), items, nextCursor: null, total: items.length, ...overrides };
}

/** A page of the conversations list. */
export function createThreadList(
  items: ThreadSummary[] = [],
  overrides: Partial<ThreadList> = {},
): ThreadList {
  return { items, nextCursor: null, total: items.length, ...overrides };
}

/** The bell's answer: a page of unread notifications and how many are unread in all. */
export function createNotificationList(
  items: ChatNotification[] = [],
  unreadCount = items.length,
): NotificationList {
  return { items, nextCursor: null, total: unreadCount, unreadCount };
}
