/**
 * The password reset's and the e-mail verification's schemas as form resolvers: a chunk of their
 * own, loaded when a form is first focused or checked (lib/lazy-resolver.ts), not with the screen.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailCodeField, emailField, resetPasswordSchema } from '@dealclub/shared/auth';

export const resetRequestResolver = zodResolver(z.object({ email: emailField }));
export const resetConfirmResolver = zodResolver(resetPasswordSchema);
export const verifyResolver = zodResolver(z.object({ email: emailField, code: emailCodeField }));
