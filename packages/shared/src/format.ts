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

/** `$1,250,000`: US dollars without cents. */
export function formatMoney(value: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(value);
}

/** "First Last", as a person is named to the other party. */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
