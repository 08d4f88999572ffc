/**
 * Who may invite whom, without schemas, so that the owners' screen does not load zod for it (the
 * schemas are in access.ts, which re-exports this).
 */
import { ROLES, type Role } from './roles';

/** Which roles each role may invite people to (DECISIONS.md: a role they may grant). */
export function grantableRoles(roles: readonly Role[]): Role[] {
  if (roles.includes('admin')) return [...ROLES];
  if (roles.includes('owner')) return ['buyer', 'originator', 'owner'];
  if (roles.includes('originator')) return ['buyer', 'originator'];
  return [];
}
