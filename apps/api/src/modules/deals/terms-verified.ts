/**
 * What every response carrying a deal says about its verified terms (API.md trust:
 * `termsVerified: { verifiedAt, fields } | null`), from the deal row alone: no statement, no note.
 */
import type { TermsVerified, VerifiedFields } from '@dealclub/shared/verifications';
import type { deals } from '../../db/schema';

export function termsVerifiedOf(
  row: Pick<typeof deals.$inferSelect, 'termsVerifiedAt' | 'termsVerifiedFields'>,
): TermsVerified | null {
  if (!row.termsVerifiedAt) return null;
  return {
    verifiedAt: row.termsVerifiedAt.toISOString(),
    fields: (row.termsVerifiedFields ?? {}) as Partial<VerifiedFields>,
  };
}
