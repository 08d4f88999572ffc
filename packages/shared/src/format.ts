/**
 * Formats both sides show: the web app on screen, the API in e-mails. Money is whole US dollars
 * (API.md) in the reader's language.
 */
const formats = new Map<string, Intl.NumberFormat>();

/** An `Intl.NumberFormat`, built once per language and options. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.DateTimeFormat`, built once per language and options: building one costs more than
 * formatting with it, and a table of offers or messages formats a date on every row.
 */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * An instant (`2026-02-04T15:30:00Z`) as a medium date and a short time, in the reader's time zone
 * (the browser's) unless `timeZone` names one; an unreadable value as it came.
 */
export function formatMoment(value: string, language: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** Money: US dollars without cents. */
export const MONEY_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
};

/** `$1,250,000`: US dollars without cents. */
export function formatMoney(value: number, language: string): string {
  return numberFormat(language, MONEY_FORMAT).format(value);
}

/** "First Last", as a person is named to the other party. */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
