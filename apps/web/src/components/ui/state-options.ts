import type { TFunction } from 'i18next';
import { US_STATES } from '@dealclub/shared/geo-rules';

/** The states for a select, by their name in the current language. */
export function stateOptions(t: TFunction) {
  return US_STATES.map((code) => ({ value: code, label: `${t(`states.${code}`)} (${code})` })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}
