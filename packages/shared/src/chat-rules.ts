/**
 * Conversations, notifications and realtime without schemas (shell §2–§4, §9; DECISIONS.md
 * Conversations and notifications): the shapes the chat calls answer with, the realtime events,
 * the shell's constants and wording helpers. Kept apart from the message schemas (`chat.ts`) so
 * that the shell (the bell, the realtime toasts) does not load zod.
 */
import type { ListPage } from './constants';
import { MESSAGE_MAX_LENGTH } from './offer-rules';

export { MESSAGE_MAX_LENGTH };

/** Shell §9: notification polling for buyers and for seller-side users. */
export const NOTIFICATION_POLL_BUYER_MS = 15_000;
export const NOTIFICATION_POLL_SELLER_MS = 60_000;
/** Shell §4, §9: the realtime connection closes after 15 minutes without use, checked every 60 s. */
export const REALTIME_INACTIVITY_MS = 15 * 60_000;
export const REALTIME_INACTIVITY_CHECK_MS = 60_000;
/** Shell §9: toast preview length, badge cap, dropdown height. */
export const MESSAGE_PREVIEW_LENGTH = 50;
export const NOTIFICATION_BADGE_CAP = 99;
export const NOTIFICATION_LIST_MAX_HEIGHT_PX = 400;
/** Messages per page of a conversation; older ones load on scroll. */
export const MESSAGES_PAGE_SIZE = 30;
/** Conversations per page of the list; more load with "Load more conversations". */
export const THREADS_PAGE_SIZE = 30;
/** The unread notifications the bell's dropdown lists (the badge counts them all). */
export const NOTIFICATIONS_SHOWN = 50;

/**
 * `new_message` and `new_thread` gather a conversation's news into one entry; the others are one entry
 * each: a blocked thread, and the steps of a counter-offer (DECISIONS.md, Trust on creative terms),
 * which must not be folded into a chat message the reader may skim past.
 */
export const NOTIFICATION_TYPES = [
  'new_message',
  'new_thread',
  'thread_blocked',
  'offer_countered',
  'counter_accepted',
  'counter_declined',
  'deal_match',
  'closing',
  'deal_update',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Marketplace events posted into a conversation as system messages (DECISIONS.md). */
export const SYSTEM_EVENTS = [
  'interest',
  'offer',
  'offer_accepted',
  'offer_countered',
  'counter_accepted',
  'counter_declined',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];
/** The locale key that words each system event (API notifications and the screens alike). */
export const SYSTEM_EVENT_KEYS: Record<SystemEvent, string> = {
  interest: 'chat.system.interest',
  offer: 'chat.system.offer',
  offer_accepted: 'chat.system.offerAccepted',
  offer_countered: 'chat.system.offerCountered',
  counter_accepted: 'chat.system.counterAccepted',
  counter_declined: 'chat.system.counterDeclined',
};

/**
 * The realtime events on a user's private channel: shell §3's two, and `deal-match` (DECISIONS.md,
 * Matching and alerts: push is the in-app notification and its realtime event).
 */
export const REALTIME_EVENTS = ['new-message', 'new-thread', 'deal-match', 'closing-updated'] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

/** `deal-match`: a deal that fits the buyer; the toast names it and opens `/deals/{dealId}`. */
export interface DealMatchEvent {
  dealId: string;
  /** Where the deal is, as the buyer may see it (city, state and ZIP unless the address is shown). */
  place: string;
  score: number;
}

/** `closing-updated`: a step in a closing room the user is a member of; an open room reloads. */
export interface ClosingUpdatedEvent {
  dealId: string;
  /** The room the step was taken in (absent when a status change by hand ended the deal's room). */
  roomId?: string;
  event: string;
}

/** The private channel of one user (PROTOCOLS.md B): only that user may subscribe. */
export function userChannel(userId: string): string {
  return `private-user-${userId}`;
}

/**
 * The deal a conversation or notification is about, as its reader may see it: `address` is null
 * when the street is hidden from them (shell §2: 'Address undisclosed' plus city, state, zip).
 */
export interface DealInfo {
  dealId: string;
  address: string | null;
  hideAddress: boolean;
  city: string;
  state: string;
  zip: string;
}

export interface ChatParty {
  id: string;
  firstName: string;
  lastName: string;
  /** The other party's side in this conversation. */
  side: 'buyer' | 'seller';
}

/**
 * A message: `user` messages carry the sender's text in `body`; `system` messages carry the
 * marketplace event, its `params` (offer type and amount, close date) and the buyer's note in `body`.
 */
export interface ChatMessage {
  id: string;
  threadId: string;
  kind: 'user' | 'system';
  event: SystemEvent | null;
  params: Record<string, string | number> | null;
  senderId: string | null;
  senderName: string;
  body: string;
  createdAt: string;
}

export interface ThreadSummary {
  threadId: string;
  deal: DealInfo;
  otherParty: ChatParty;
  lastMessage: ChatMessage | null;
  unreadCount: number;
  blocked: boolean;
  /** Whether the reader blocked it (else the other party did). */
  blockedByMe: boolean;
  createdAt: string;
  lastMessageAt: string;
}

/** `GET /api/chat/threads[?cursor=&limit=]`: most recent activity first. */
export type ThreadList = ListPage<ThreadSummary>;

/**
 * `GET /api/chat/threads/{id}/messages[?cursor=&limit=]`: the conversation and its messages, newest
 * first; `nextCursor` pages to older ones, `total` counts them all.
 */
export interface MessagePage extends ListPage<ChatMessage> {
  thread: ThreadSummary;
}

/** Shell §3: a notification; the dropdown lists those without `readAt`. */
export interface ChatNotification {
  notificationId: string;
  /** The conversation it opens; null for `deal_match`, which opens the deal (DECISIONS.md). */
  threadId: string | null;
  type: NotificationType;
  senderName: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  dealInfo: DealInfo;
}

/**
 * `GET /api/chat/notifications[?cursor=&limit=]`: the unread ones, newest first; `total` and
 * `unreadCount` both count every unread one (the badge reads `unreadCount`).
 */
export interface NotificationList extends ListPage<ChatNotification> {
  unreadCount: number;
}

/** Shell §3: the realtime events' payloads. */
export interface NewMessageEvent {
  senderName: string;
  message: string;
  threadId: string;
}
export interface NewThreadEvent {
  message: string;
  senderName: string;
  thread: { threadId: string };
}

/** Shell §9: the first 50 characters, with an ellipsis when the message is longer. */
export function messagePreview(message: string): string {
  // By characters (code points), so an emoji is never cut in half.
  const characters = Array.from(message);
  return characters.length <= MESSAGE_PREVIEW_LENGTH
    ? message
    : `${characters.slice(0, MESSAGE_PREVIEW_LENGTH).join('')}…`;
}

/** Shell §2: the badge shows the unread count capped at '99+'. */
export function badgeCount(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

/**
 * Core §9 relative time: 'just now' up to 5 seconds, then seconds, minutes, hours, days (under 30),
 * months (under 12), years. Returns the unit and count; the caller words it in its language.
 */
export function relativeTime(
  from: Date | string,
  now: Date = new Date(),
): { unit: 'now' | 'seconds' | 'minutes' | 'hours' | 'days' | 'months' | 'years'; count: number } {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 1000));
  if (seconds <= 5) return { unit: 'now', count: 0 };
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  const days = Math.floor(hours / 24);
  if (days < 30) return { unit: 'days', count: days };
  const months = Math.floor(days / 30);
  if (months < 12) return { unit: 'months', count: months };
  // 360–364 days are 12 months by the month step, and a year here (never "0 years").
  return { unit: 'years', count: Math.max(1, Math.floor(days / 365)) };
}

/**
 * Where a notification leads: a deal match and a counter-offer to the deal page (where the match is
 * explained and the counter answered), a counter's answer to the seller's offers table, news of a
 * closing room to the room; anything else to its conversation.
 */
export function notificationPath(
  notification: Pick<ChatNotification, 'type' | 'threadId' | 'dealInfo'>,
): string {
  const deal = `/deals/${encodeURIComponent(notification.dealInfo.dealId)}`;
  if (notification.type === 'closing') return `${deal}/closing`;
  if (notification.type === 'offer_countered' || notification.type === 'deal_match' || !notification.threadId)
    return deal;
  if (notification.type === 'counter_accepted' || notification.type === 'counter_declined')
    return `${deal}/offers`;
  return `/chat/${encodeURIComponent(notification.threadId)}`;
}
