/**
 * Form rules of sign-in and password reset (shell §5), shared by the screens and their tests.
 * Messages are locale keys; the screens translate them.
 */
import { z } from 'zod';

export const emailField = z.string().trim().toLowerCase().email('auth.validation.email');

/** A code the identity provider sent by e-mail (a new account's, an e-mail change's): six digits. */
export const emailCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'auth.validation.code');

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(6, 'auth.validation.passwordMin6'),
});

export const newPasswordSchema = z
  .object({
    password: z.string().min(8, 'auth.validation.passwordMin8'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth.validation.passwordsMatch' });

export const resetPasswordSchema = z
  .object({
    email: emailField,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'auth.validation.code'),
    password: z.string().min(8, 'auth.validation.passwordMin8'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth.validation.passwordsMatch' });
