/**
 * Who sees which deal (DECISIONS.md Deals, People and access):
 * - deleted deals: only their originator and admins;
 * - exclusive deals: their originator, admins, and priority buyers — certified buyers whose buy box
 *   or buyer preferences match the deal (the matching rules, in SQL: matching/match-sql.ts), the
 *   very buyers its alert fan-out alerts first;
 * - the street address of a deal with `hideAddress`: only its originator, admins and the buyer whose
 *   offer was accepted. Everyone else gets no address at all.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import type { AuthenticatedUser } from '../identity';
import { buyBoxes, buyerPreferences, deals, users } from '../../db/schema';
import { buyBoxAdmits, dealColumns, preferencesAdmit } from '../matching';

export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** In a prepared statement the viewer's id is a placeholder. */
type ViewerRef = { id: string | Placeholder; isAdmin: boolean };

export const viewerOf = (user: AuthenticatedUser): Viewer => ({
  id: user.id,
  isAdmin: user.roles.includes('admin'),
});

/**
 * SQL: the viewer is a priority buyer for the deal row in scope: certified, and their preferences or
 * buy box admit the deal (every hard limit, as the fan-out checks it).
 */
export function isPriorityBuyer(viewer: ViewerRef): SQL {
  return sql`(exists (select 1 from ${users} pu where pu.id = ${viewer.id} and pu.certified_buyer) and (
    exists (select 1 from ${buyBoxes} bb where bb.user_id = ${viewer.id} and ${buyBoxAdmits(dealColumns, 'bb')})
    or exists (select 1 from ${buyerPreferences} bp where bp.user_id = ${viewer.id}
      and ${preferencesAdmit(dealColumns, 'bp')})))`;
}

/** SQL: the deal row in scope is on the market (sold and canceled ones leave the browse list). */
export const ON_THE_MARKET = sql`${deals.status} in ('exclusive', 'active', 'pending')`;

/** SQL: the deal row in scope is visible to the viewer in lists and on its page. */
export function visibleTo(viewer: ViewerRef): SQL {
  if (viewer.isAdmin) return sql`true`;
  return sql`(${deals.originatorId} = ${viewer.id} or (${deals.status} <> 'deleted' and (${deals.status} <> 'exclusive' or ${isPriorityBuyer(viewer)})))`;
}

/**
 * Whether the user reads a deal that {@link visibleTo} lets through: the seller side that is not the
 * buyer side reads only its own deals (core §6); for them anyone else's deal is not there (404).
 */
export function readsDeal(user: AuthenticatedUser, deal: { originatorId: string }): boolean {
  return (
    user.roles.includes('admin') ||
    deal.originatorId === user.id ||
    user.roles.some((r) => (BUYER_SIDE as readonly string[]).includes(r))
  );
}

/** Whether the viewer manages the deal: its originator, or an admin as moderator. */
export function managesDeal(viewer: Viewer, deal: { originatorId: string }): boolean {
  return viewer.isAdmin || deal.originatorId === viewer.id;
}

/** Whether the viewer may see the street address of this deal. */
export function seesAddress(
  viewer: Viewer,
  deal: { originatorId: string; hideAddress: boolean; acceptedBuyerId: string | null },
): boolean {
  return !deal.hideAddress || managesDeal(viewer, deal) || deal.acceptedBuyerId === viewer.id;
}

/** SQL: the viewer may see the street address of the deal row in scope (as {@link seesAddress}). */
export function seesAddressSql(viewer: ViewerRef): SQL {
  if (viewer.isAdmin) return sql`true`;
  return sql`(not ${deals.hideAddress} or ${deals.originatorId} = ${viewer.id} or ${deals.acceptedBuyerId} = ${viewer.id})`;
}
