/**
 * How the conversations feature words its data in the reader's language: relative times (core §9),
 * the property line of a notification or conversation (shell §2), and the marketplace events posted
 * into a conversation as system messages.
 */
import type { TFunction } from 'i18next';
import {
  relativeTime,
  SYSTEM_EVENT_KEYS,
  type ChatMessage,
  type DealInfo,
} from '@dealclub/shared/chat-rules';
import { formatMoney } from '@dealclub/shared/format';
import { placeOf, streetLine } from '@/lib/address';
import { formatDay } from '@/lib/dates';

/** "just now", "5 minutes ago", "hace 2 días". */
export function relativeTimeText(t: TFunction, from: Date | string, now: Date = new Date()): string {
  const { unit, count } = relativeTime(from, now);
  return unit === 'now' ? t('chat.time.now') : t(`chat.time.${unit}`, { count });
}

/**
 * The deal of a notification or conversation (shell §2), worded as the deal screens word it: its
 * street (with the unit, as the API gives it) cut at 30 characters, or — when the street is hidden
 * from the reader or undisclosed — 'Address undisclosed, Austin, TX 78701'. `full` (a conversation's
 * own header) keeps the whole street and adds the place.
 */
export function dealLine(t: TFunction, deal: DealInfo, { full = false } = {}): string {
  const street = deal.hideAddress ? null : deal.address;
  const line = streetLine(t, street, { full });
  return full || !street
    ? `${line}, ${placeOf(t, { city: deal.city, state: deal.state, zipCode: deal.zip })}`
    : line;
}

/** The sentence of a system message ("Made a cash offer: $380,000, closing Mar 1, 2026"). */
export function systemText(t: TFunction, message: Pick<ChatMessage, 'event' | 'params'>, language: string) {
  if (message.event === 'interest' || !message.event) return t('chat.system.interest');
  const params = message.params ?? {};
  const type = params.type === 'creative' ? 'creative' : 'cash';
  const amount = Number(params.amount);
  return t(SYSTEM_EVENT_KEYS[message.event], {
    type: t(`chat.offerType.${type}`),
    amount: Number.isFinite(amount) ? formatMoney(amount, language) : '',
    closeDate: formatDay(String(params.closeDate ?? ''), language),
  });
}

/** A message as one line of the conversations list: system events worded, one's own marked "You:". */
export function previewText(t: TFunction, message: ChatMessage, myId: string, language: string): string {
  const text =
    message.kind === 'system'
      ? [systemText(t, message, language), message.body].filter(Boolean).join(' · ')
      : message.body;
  const line = text.replace(/\s+/g, ' ').trim();
  return message.senderId === myId && message.kind === 'user' ? t('chat.list.you', { message: line }) : line;
}
