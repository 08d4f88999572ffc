/**
 * Formats both sides show: the web app on screen, the API in e-mails. Money is whole US dollars
 * (API.md) in the reader's language.
 */
/**
 * The process's time zone setting where there is one (Node's `TZ`, which a new `Intl` format
 * follows as it changes); a browser's zone is the page's for its whole life.
 */
const processZone = () =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.TZ ?? '';

/**
 * `make(language, options)`, built once per language, options and time zone setting: building an
 * `Intl` format costs more than formatting with it, and a table of offers or messages formats a
 * value on every row.
 */
function onePer<Options, Format>(make: (language: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (language: string, options: Options): Format => {
    const key = `${language}|${processZone()}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(language, options);
      made.set(key, format);
    }
    return format;
  };
}

/** An `Intl.NumberFormat`, built once per language and options. */
export const numberFormat = onePer(
  (language: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options),
);

/** An `Intl.DateTimeFormat`, built once per language and options. */
export const dateFormat = onePer(
  (language: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options),
);

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
