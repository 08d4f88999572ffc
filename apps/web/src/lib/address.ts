/**
 * A deal's address as the screens word it, from the same pieces everywhere (a deal card, a deal's
 * page, a conversation): the street (with its unit: `streetWithUnit` of `@dealclub/shared/deals`),
 * cut at 30 characters in a list, or 'Address undisclosed' when the reader may not see it; and the
 * place, "Austin, TX 78701".
 */
import type { TFunction } from 'i18next';
import { streetWithUnit, truncateAddress } from '@dealclub/shared/deal-rules';

export interface Place {
  city: string;
  state: string;
  zipCode: string;
}

/** "Austin, TX 78701". */
export function placeOf(t: TFunction, { city, state, zipCode }: Place): string {
  return t('dealCommon.place', { city, state, zipCode });
}

/**
 * The first line of an address: the street (null when hidden from the reader) cut at 30 characters
 * for a list, whole with `full`; or 'Address undisclosed'.
 */
export function streetLine(t: TFunction, street: string | null, { full = false } = {}): string {
  if (!street) return t('dealCommon.addressUndisclosed');
  return full ? street : truncateAddress(street);
}

/** A deal's address as the API gives it to this reader: no street when it is hidden from them. */
export interface DealAddress extends Place {
  streetAddress?: string;
  unit?: string | null;
  addressHidden: boolean;
}

/** Street and unit, or null when the address is hidden from this viewer. */
export function streetOf(deal: DealAddress): string | null {
  if (deal.addressHidden || !deal.streetAddress) return null;
  return streetWithUnit(deal.streetAddress, deal.unit);
}

/** The first line of an address on a deal's own page: street and unit in full, or 'Address undisclosed'. */
export function fullAddress(t: TFunction, deal: DealAddress): string {
  return streetLine(t, streetOf(deal), { full: true });
}

/** The first line of an address in a list: the street cut at 30 characters, or 'Address undisclosed'. */
export function cardAddress(t: TFunction, deal: DealAddress): string {
  return streetLine(t, streetOf(deal));
}
