/**
 * The profile-completion redirect (shell §4) and the Profile tab's form (core §2, §5).
 */
import { z } from 'zod';
import { phoneField } from './access';
import type { Role } from './roles';

/** Pages a signed-in user with an incomplete profile may still open. */
export const PROFILE_EXEMPT_PREFIXES = [
  '/auth',
  '/profile',
  '/verify',
  '/unauthorized',
  '/signup',
  '/reset-password',
  '/terms',
  '/privacy',
  '/accessibility',
  '/feedback',
  '/owners-feedback',
] as const;

export type ProfileTab =
  | 'profile'
  | 'preferences'
  | 'buyer-preferences'
  | 'seller-preferences'
  | 'buybox'
  | 'company'
  | 'integrations';

export interface ProfileState {
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  roles: readonly Role[];
  profileComplete: boolean;
}

export function isExemptFromProfileRedirect(pathname: string): boolean {
  return PROFILE_EXEMPT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}`));
}

/** Whether to send this user to `/profile` before they use `pathname` (admins never). */
export function needsProfileRedirect(pathname: string, user: ProfileState): boolean {
  if (user.roles.includes('admin') || user.profileComplete) return false;
  return !isExemptFromProfileRedirect(pathname);
}

/**
 * The tab to complete first: profile when a name or the phone is missing (and always for admins);
 * otherwise owner → buy box, buyer (with or without originator) → preferences, originator only →
 * seller preferences.
 */
export function profileTabFor(user: ProfileState): ProfileTab {
  const missingBasics = !user.firstName.trim() || !user.lastName.trim() || !user.phoneNumber?.trim();
  if (missingBasics || user.roles.includes('admin')) return 'profile';
  if (user.roles.includes('owner')) return 'buybox';
  if (user.roles.includes('buyer')) return 'preferences';
  if (user.roles.includes('originator')) return 'seller-preferences';
  return 'profile';
}

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(80, message);

export const profileSchema = z.object({
  firstName: name('access.validation.firstName'),
  lastName: name('access.validation.lastName'),
  phoneNumber: phoneField,
});
export type ProfileInput = z.input<typeof profileSchema>;
