/**
 * Dates as the screens show them, in the reader's language: calendar days (a deal's terms, an
 * offer's close date) without a time zone shift, and moments (an event, a message) in the reader's
 * time zone.
 */
import { dateFormat } from '@dealclub/shared/format';

/** A `YYYY-MM-DD` day (or an ISO instant) as a medium date; an unreadable value as it came. */
export function formatDay(value: string, language: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** An instant as a medium date and a short time in the reader's time zone (shared with the server). */
export { formatMoment } from '@dealclub/shared/format';
