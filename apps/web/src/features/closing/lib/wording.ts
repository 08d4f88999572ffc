/**
 * How the closing room words its data in the reader's language: a milestone's title (product
 * content of the shared package, so it follows a change of language without a new read), the party
 * responsible, a document's size, and each step of the room's timeline (`CLOSING_EVENTS`).
 */
import type { TFunction } from 'i18next';
import {
  milestoneDefinition,
  milestoneTitle,
  type ClosingParty,
  type ClosingRole,
  type ClosingTimelineEntry,
} from '@dealclub/shared/closing';
import { formatDay } from '@/lib/dates';
import { formatNumber } from '@/lib/format';

/** The milestone's title in `language`; the server's own title for a key this bundle does not know. */
export function titleOf(milestone: { key: string; title?: string }, language: string): string {
  return milestoneDefinition(milestone.key)
    ? milestoneTitle(milestone.key, language)
    : (milestone.title ?? milestone.key);
}

/** "Buyer", "Seller", "Buyer and seller"; "Buyer (you)" when the reader is that party. */
export function partyText(t: TFunction, party: ClosingParty, role: ClosingRole): string {
  const text = t(`closing.room.milestones.parties.${party}`);
  const yours = party === role || (party === 'both' && role !== 'admin');
  return yours ? t('closing.room.milestones.yours', { party: text }) : text;
}

/** "840 KB", "2.4 MB". */
export function sizeText(t: TFunction, bytes: number, language: string): string {
  const kb = bytes / 1024;
  if (kb < 1024)
    return t('closing.room.documents.sizeKb', { size: formatNumber(Math.max(1, Math.round(kb)), language) });
  return t('closing.room.documents.sizeMb', {
    size: formatNumber(Math.round((kb / 1024) * 10) / 10, language),
  });
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** What a step of the timeline did, as one sentence (who did it is shown beside it). */
export function timelineText(t: TFunction, entry: ClosingTimelineEntry, language: string): string {
  const { detail } = entry;
  const day = (value: unknown) => (value ? formatDay(String(value), language) : '');
  const milestone = text(detail.key) ? titleOf({ key: text(detail.key) }, language) : '';
  const base = 'closing.room.timeline.events';
  switch (entry.event) {
    case 'opened':
      return t(`${base}.opened`, { date: day(detail.closeDate) });
    case 'ticked':
    case 'unticked':
      return t(`${base}.${entry.event}`, { milestone });
    case 'document_uploaded':
      return t(`${base}.document_uploaded`, { name: text(detail.name), milestone });
    case 'close_date_proposed':
    case 'close_date_declined':
      return t(`${base}.${entry.event}`, { date: day(detail.closeDate) });
    case 'close_date_accepted':
      return t(`${base}.close_date_accepted`, {
        date: day(detail.closeDate),
        previous: day(detail.previous),
      });
    case 'backups_set': {
      const count = Number(detail.count ?? 0);
      return count > 0 ? t(`${base}.backups_set`, { count }) : t(`${base}.backups_cleared`);
    }
    case 'fell_through':
    case 'withdrawn':
    case 'backup_promoted':
      return t(`${base}.${entry.event}`, { reason: text(detail.reason) });
    case 'closed':
      return t(`${base}.closed`, { count: Number(detail.days ?? 0) });
    case 'ended':
      return t(`${base}.ended`, {
        status: t(`dealCommon.status.${text(detail.status)}`, { defaultValue: text(detail.status) }),
      });
    default:
      // A step this bundle does not know yet (a newer server): its name rather than nothing.
      return text(entry.event);
  }
}

/** The note a tick or an untick carried, if any. */
export function timelineNote(entry: ClosingTimelineEntry): string | null {
  if (entry.event !== 'ticked' && entry.event !== 'unticked') return null;
  return text(entry.detail.note).trim() || null;
}
