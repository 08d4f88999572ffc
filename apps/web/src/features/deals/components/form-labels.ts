/**
 * The labels of the deal enums (purchase types, property types, tags, statuses…) live in the
 * shared `dealCommon.*` locale namespace; this is the one place that knows its key names.
 */
import type { TFunction } from 'i18next';
import type { Option } from '@/components/ui/choice-fields';

export const LABEL_GROUPS = {
  category: 'category',
  purchaseType: 'purchaseType',
  propertyType: 'propertyType',
  solar: 'solar',
  parking: 'parking',
  restriction: 'restriction',
  financing: 'financing',
  loanType: 'loanType',
  deedTransferType: 'deedTransferType',
  lotSizeUnit: 'lotSizeUnit',
  petType: 'petType',
  tag: 'tag',
  status: 'status',
} as const;

export type LabelGroup = keyof typeof LABEL_GROUPS;

export function labelOf(t: TFunction, group: LabelGroup, value: string): string {
  return t(`dealCommon.${LABEL_GROUPS[group]}.${value}`);
}

export function optionsOf(t: TFunction, group: LabelGroup, values: readonly string[]): Option[] {
  return values.map((value) => ({ value, label: labelOf(t, group, value) }));
}
