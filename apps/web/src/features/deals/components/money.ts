/**
 * Number formats of the deal screens: money is whole US dollars (API.md), shown in the reader's
 * language; rates are percents; dates of terms are calendar days (no time zone shift); events
 * (submitted, status changed) are moments in the reader's time zone.
 */

import { numberFormat } from '@dealclub/shared/format';

// Money is formatted the same way in e-mails, so it lives in the shared package.
export { formatMoney } from '@dealclub/shared/format';

/** `$500K`, `$1.5M`: the budget caps of the browse filter. */
export function formatCompactMoney(value: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(value);
}

/** `4.25%`: an interest rate given in percent. */
export function formatRate(value: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 3 }).format(value / 100);
}

/** `1,500`: a plain count (square feet, years). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A `YYYY-MM-DD` day (or an ISO instant) as a medium date. */
export function formatDay(value: string, language: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    ...(day ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** An instant (`2026-02-04T15:30:00Z`) as a medium date and a short time in the reader's time zone. */
export function formatMoment(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
