/**
 * Request access, invitation sign-up and invitations (core §3, §5; shell §5; DECISIONS.md People
 * and access): one schema per form, used by the screen and by the API. Messages are locale keys.
 */
import { z } from 'zod';
import { normalizePhone } from './phone';
import { ROLES } from './roles';

export { grantableRoles } from './access-rules';

export const phoneField = z
  .string({ error: 'access.validation.phone' })
  .trim()
  .transform((v, ctx) => {
    const digits = normalizePhone(v);
    if (!digits) {
      ctx.addIssue({ code: 'custom', message: 'access.validation.phone' });
      return z.NEVER;
    }
    return digits;
  });

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(80, message);

export const requestAccessSchema = z.object({
  firstName: name('access.validation.firstName'),
  lastName: name('access.validation.lastName'),
  email: z.string({ error: 'auth.validation.email' }).trim().toLowerCase().email('auth.validation.email'),
  phone: phoneField,
});
export type RequestAccessInput = z.input<typeof requestAccessSchema>;

/** Buyer sign-up also asks for upper- and lower-case letters, a number and a symbol (shell §5). */
export const strongPassword = z
  .string({ error: 'auth.validation.passwordMin8' })
  .min(8, 'auth.validation.passwordMin8')
  .regex(/[a-z]/, 'access.validation.passwordLower')
  .regex(/[A-Z]/, 'access.validation.passwordUpper')
  .regex(/\d/, 'access.validation.passwordNumber')
  .regex(/[^A-Za-z0-9\s]/, 'access.validation.passwordSymbol');

export const invitationSignUpSchema = z.object({
  email: z.string({ error: 'auth.validation.email' }).trim().toLowerCase().email('auth.validation.email'),
  password: strongPassword,
  firstName: name('access.validation.firstName'),
  lastName: name('access.validation.lastName'),
  invitationToken: z
    .string({ error: 'access.validation.invitationToken' })
    .trim()
    .min(1, 'access.validation.invitationToken')
    .max(200),
});

export const signUpFormSchema = invitationSignUpSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth.validation.passwordsMatch' });

export const INVITATION_BATCH_MAX = 100;

export const createInvitationsSchema = z.object({
  role: z.enum(ROLES),
  count: z.number().int().min(1).max(INVITATION_BATCH_MAX).optional(),
});

export type InvitationStatus = 'pending' | 'used' | 'expired';

export function invitationStatus(
  inv: { usedAt: Date | string | null; expiresAt: Date | string },
  now = new Date(),
) {
  if (inv.usedAt) return 'used' as const;
  return new Date(inv.expiresAt) <= now ? ('expired' as const) : ('pending' as const);
}
