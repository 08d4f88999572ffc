/**
 * Verified terms (DECISIONS.md, Trust on creative terms; API.md trust): the originator of a
 * subject-to or hybrid deal uploads the mortgage statement of the existing loan; an admin compares
 * it with the deal's loan fields and approves or rejects it with a note. The rules both the web app
 * and the API apply: which deals, which files, which fields, how long a verification holds.
 */
import type { DealValues } from './deals';

/** Purchase types whose deal carries an existing loan a mortgage statement can prove. */
export const VERIFIABLE_PURCHASE_TYPES = ['SubTo', 'Hybrid'] as const;

/**
 * The loan fields a mortgage statement confirms: the existing loan's type, rate, balance, maturity
 * and monthly payment. Changing any of them clears the badge (the entry fee and the seller
 * financing are not on the lender's statement).
 */
export const VERIFIED_LOAN_FIELDS = [
  'loanType',
  'interestRate',
  'loanBalance',
  'loanMaturityDate',
  'piti',
] as const satisfies readonly (keyof DealValues)[];
export type VerifiedLoanField = (typeof VERIFIED_LOAN_FIELDS)[number];
export type VerifiedFields = Record<VerifiedLoanField, string | number | null>;

/** The statement: PDF, JPEG or PNG (by its bytes), at most 10 MB. */
export const STATEMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** What the file picker offers. */
export const STATEMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** An approval holds this long; then the badge lapses. */
export const VERIFICATION_VALID_DAYS = 90;
export const VERIFICATION_VALID_MS = VERIFICATION_VALID_DAYS * 24 * 60 * 60 * 1000;
export const VERIFICATION_NOTE_MAX_LENGTH = 1000;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'lapsed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_DECISIONS = ['approved', 'rejected'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];
/** Why an approved (or pending) verification stopped counting. */
export const LAPSED_REASONS = ['edited', 'expired', 'superseded'] as const;
export type LapsedReason = (typeof LAPSED_REASONS)[number];

/** What every response carrying a deal says about its terms: null unless verified now. */
export interface TermsVerified {
  verifiedAt: string;
  fields: Partial<VerifiedFields>;
}

/** The latest verification of a deal, as its originator and admins see it. */
export interface Verification {
  id: string;
  dealId: string;
  status: VerificationStatus;
  note: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  fields: Partial<VerifiedFields>;
  createdAt: string;
  decidedAt: string | null;
  expiresAt: string | null;
  lapsedReason: LapsedReason | null;
  lapsedAt: string | null;
}

export function isVerifiable(deal: { category: string; purchaseType: string | null | undefined }): boolean {
  return (
    deal.category === 'creative' &&
    (VERIFIABLE_PURCHASE_TYPES as readonly string[]).includes(deal.purchaseType ?? '')
  );
}

/** The verified fields of a deal's terms, each present (null when the deal has no value). */
export function verifiedFieldsOf(terms: Partial<Record<VerifiedLoanField, unknown>>): VerifiedFields {
  return Object.fromEntries(
    VERIFIED_LOAN_FIELDS.map((field) => {
      const value = terms[field];
      return [field, typeof value === 'string' || typeof value === 'number' ? value : null];
    }),
  ) as VerifiedFields;
}

/** The verified fields whose value differs between two sets of terms. */
export function changedVerifiedFields(
  before: Partial<Record<VerifiedLoanField, unknown>>,
  after: Partial<Record<VerifiedLoanField, unknown>>,
): VerifiedLoanField[] {
  const a = verifiedFieldsOf(before);
  const b = verifiedFieldsOf(after);
  return VERIFIED_LOAN_FIELDS.filter((field) => a[field] !== b[field]);
}

/** The type of a statement by its first bytes (a PDF, JPEG or PNG signature), whatever its name says. */
export function sniffStatementType(bytes: Uint8Array): StatementType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

/**
 * Why a chosen file cannot be sent, as the error code the server would answer, or null: the web
 * app checks the size and the bytes before uploading, with the server's own messages.
 */
export function statementProblem(
  size: number,
  firstBytes: Uint8Array,
): 'FILE_REQUIRED' | 'STATEMENT_TOO_LARGE' | 'STATEMENT_TYPE_UNSUPPORTED' | null {
  if (size === 0) return 'FILE_REQUIRED';
  if (size > MAX_STATEMENT_BYTES) return 'STATEMENT_TOO_LARGE';
  if (!sniffStatementType(firstBytes)) return 'STATEMENT_TYPE_UNSUPPORTED';
  return null;
}
