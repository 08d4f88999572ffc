/**
 * How a deal is named in a message to one person: its street only if they may see it
 * (visibility.ts), else city, state and ZIP. Every e-mail about a deal names it this way.
 */
import { streetWithUnit } from '@dealclub/shared/deals';
import type { DealRow, UserRow } from '../../db/rows';
import { seesAddress } from './visibility';

/** How a deal is named to `recipient`: the street when they may see it, else city, state and ZIP. */
export function placeFor(recipient: Pick<UserRow, 'id' | 'roles'>, deal: DealRow): string {
  const area = `${deal.city}, ${deal.state} ${deal.zipCode}`;
  const viewer = { id: recipient.id, isAdmin: recipient.roles.includes('admin') };
  if (!seesAddress(viewer, deal)) return area;
  return `${streetWithUnit(deal.streetAddress, deal.unit)}, ${area}`;
}
