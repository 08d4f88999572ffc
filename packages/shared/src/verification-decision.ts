/**
 * An admin's decision on a mortgage statement (API.md trust: `PUT /api/admin/verifications/{id}`):
 * approve, or reject with a note the seller sees. One schema for the admin's form and the API.
 * Apart from `verifications.ts` so that the screens which only show the badge do not load zod.
 */
import { z } from 'zod';
import { VERIFICATION_DECISIONS, VERIFICATION_NOTE_MAX_LENGTH } from './verifications';

export const verificationDecisionSchema = z
  .object({
    decision: z.enum(VERIFICATION_DECISIONS, { error: 'verification.validation.decision' }),
    note: z
      .string({ error: 'verification.validation.noteTooLong' })
      .trim()
      .max(VERIFICATION_NOTE_MAX_LENGTH, 'verification.validation.noteTooLong')
      .default(''),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision === 'rejected' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'verification.validation.noteRequired' });
    }
  });
export type VerificationDecisionInput = z.input<typeof verificationDecisionSchema>;
