/** Roles (core §6, shell §6). Originator, owner and admin are "seller-side". */
export const ROLES = ['buyer', 'originator', 'owner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SELLER_SIDE: readonly Role[] = ['originator', 'owner', 'admin'];
/** Who browses, makes offers and keeps buyer preferences and a buy box (core §6). */
export const BUYER_SIDE: readonly Role[] = ['buyer', 'owner', 'admin'];

export function isBuyerSide(roles: readonly string[]): boolean {
  return roles.some((r) => (BUYER_SIDE as readonly string[]).includes(r));
}

export function isSellerSide(roles: readonly string[]): boolean {
  return roles.some((r) => (SELLER_SIDE as readonly string[]).includes(r));
}

/** Whether a user must enrol in two-step sign-in before getting tokens: `MFA_REQUIRED_ROLES` (decision 027). */
export function mfaRequiredFor(userRoles: readonly string[], requiredRoles: readonly string[]): boolean {
  return userRoles.some((role) => requiredRoles.includes(role));
}

/** Group names map to roles, singular or plural (shell §6). */
const GROUP_TO_ROLE: Record<string, Role> = {
  admin: 'admin',
  admins: 'admin',
  owner: 'owner',
  owners: 'owner',
  originator: 'originator',
  originators: 'originator',
  buyer: 'buyer',
  buyers: 'buyer',
};

/** Priority of the primary role: admin, then owner, then originator, then buyer (shell §4). */
const PRIORITY: readonly Role[] = ['admin', 'owner', 'originator', 'buyer'];

/** The roles named by identity groups, highest priority first; unknown group names are ignored. */
export function rolesFromGroups(groups: readonly string[]): Role[] {
  const found = new Set(groups.map((g) => GROUP_TO_ROLE[g.toLowerCase()]).filter(Boolean));
  return PRIORITY.filter((r) => found.has(r));
}

/** The primary role for a set of groups; a user with no recognised group is a buyer. */
export function primaryRole(groups: readonly string[]): Role {
  return rolesFromGroups(groups)[0] ?? 'buyer';
}
