/**
 * The loan fields a mortgage statement verifies, as the screens show them (the seller's section and
 * the admin's review), and the check of a chosen statement before it is sent: the server's own rules
 * (`@dealclub/shared/verifications`), so the messages are the same on both sides.
 */
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@dealclub/shared/errors';
import { statementProblem, type VerifiedLoanField } from '@dealclub/shared/verifications';
import { formatDay } from './dates';
import { formatMoney, formatRate } from './format';

/** One field's value in the reader's language; '—' when the deal has none. */
export function formatVerifiedField(
  t: TFunction,
  field: VerifiedLoanField,
  value: string | number | null | undefined,
  language: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field) {
    case 'loanType':
      return t(`dealCommon.loanType.${value}`, { defaultValue: String(value) });
    case 'interestRate':
      return formatRate(Number(value), language);
    case 'loanMaturityDate':
      return formatDay(String(value), language);
    default:
      return formatMoney(Number(value), language);
  }
}

function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/** Why the chosen file would be refused (the server's error code), or null when it may be sent. */
export async function checkStatement(file: File): Promise<ErrorCode | null> {
  if (file.size === 0) return 'FILE_REQUIRED';
  return statementProblem(file.size, file.size > 0 ? await firstBytes(file, 8) : new Uint8Array());
}
