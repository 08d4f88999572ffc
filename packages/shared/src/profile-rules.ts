/**
 * The profile-completion redirect (shell §4): which parts a role must complete, which pages stay
 * open meanwhile and which tab to send the user to. No schema, so the shell does not load zod.
 */
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

/**
 * The tabs of `/profile` and their `?tab=` values. The redirect's values are the shell's (§4):
 * `profile`, `buybox`, `preferences` (a buyer's preferences: the Buyer preferences tab) and
 * `seller-preferences`; the Preferences tab (language, notifications, search frequency) is
 * `settings` (decision 008).
 */
export const PROFILE_TABS = [
  'profile',
  'settings',
  'preferences',
  'seller-preferences',
  'buybox',
  'company',
  'integrations',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}

/** What a complete profile needs (core §2; issue 4): names and phone, and each role's own part. */
export const PROFILE_PARTS = ['basics', 'buyBox', 'buyerPreferences', 'sellerPreferences'] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

/** The parts a user with these roles must fill: basics for all, then one per role. */
export function requiredProfileParts(roles: readonly Role[]): ProfilePart[] {
  const parts: ProfilePart[] = ['basics'];
  if (roles.includes('owner')) parts.push('buyBox');
  if (roles.includes('buyer')) parts.push('buyerPreferences');
  if (roles.includes('originator')) parts.push('sellerPreferences');
  return parts;
}

export interface ProfileState {
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  roles: readonly Role[];
  profileComplete: boolean;
  /** The server's list of what is still missing, in the order the user is sent to fill it. */
  missingProfileParts?: readonly ProfilePart[];
}

export function isExemptFromProfileRedirect(pathname: string): boolean {
  return PROFILE_EXEMPT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}`));
}

/** Whether to send this user to `/profile` before they use `pathname` (admins never). */
export function needsProfileRedirect(pathname: string, user: ProfileState): boolean {
  if (user.roles.includes('admin') || user.profileComplete) return false;
  return !isExemptFromProfileRedirect(pathname);
}

const PART_TABS: Record<ProfilePart, ProfileTab> = {
  basics: 'profile',
  buyBox: 'buybox',
  buyerPreferences: 'preferences',
  sellerPreferences: 'seller-preferences',
};

/**
 * The tab to open (shell §4): profile when a name or the phone is missing (and always for admins);
 * otherwise owner → buy box, buyer (with or without originator) → preferences, originator only →
 * seller preferences. When the server says which part is still missing, that part's tab wins, so a
 * hybrid user who saved buyer preferences is sent on to seller preferences.
 */
export function profileTabFor(user: ProfileState): ProfileTab {
  const missingBasics = !user.firstName.trim() || !user.lastName.trim() || !user.phoneNumber?.trim();
  if (missingBasics || user.roles.includes('admin')) return 'profile';
  const missing = user.missingProfileParts?.find((part) => part !== 'basics');
  if (missing) return PART_TABS[missing];
  if (user.roles.includes('owner')) return 'buybox';
  if (user.roles.includes('buyer')) return 'preferences';
  if (user.roles.includes('originator')) return 'seller-preferences';
  return 'profile';
}
