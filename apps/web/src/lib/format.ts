/**
 * Number formats of the screens: money is whole US dollars (API.md), shown in the reader's
 * language; rates are percents. Dates are `@/lib/dates`.
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
