import type { Role } from '@dealclub/shared/roles';
import type { UserRow } from '../../plugins/auth';

/**
 * Whether the user has what the product needs before they use it (shell §4): first name, last
 * name and phone number for everyone. The profile issue adds each role's own part (buyer
 * preferences, buy box, seller preferences).
 */
export function isProfileComplete(row: UserRow, _roles: readonly Role[]): boolean {
  return Boolean(row.firstName.trim() && row.lastName.trim() && row.phoneNumber?.trim());
}
