/**
 * Profile completeness, computed on the server per role (shell §4; issue 4): names and phone for
 * everyone, the buy box for owners, buyer preferences for buyers, seller preferences for
 * originators. `/api/auth/me` reports it; the client's redirect only follows it.
 */
import { sql } from 'drizzle-orm';
import { requiredProfileParts, type ProfilePart } from '@dealclub/shared/profile';
import type { Role } from '@dealclub/shared/roles';
import { queryRows, type Db } from '../../db/client';
import { buyBoxes, buyerPreferences, sellerPreferences, type users } from '../../db/schema';
import type { ProfileFacts } from '../../plugins/auth';

type UserRow = typeof users.$inferSelect;

export function hasBasics(row: Pick<UserRow, 'firstName' | 'lastName' | 'phoneNumber'>): boolean {
  return Boolean(row.firstName.trim() && row.lastName.trim() && row.phoneNumber?.trim());
}

/**
 * What the user still has to fill, in the order the redirect asks for it (empty: complete).
 * `facts`: which parts are saved, when the caller has read them already (the auth hook of
 * `GET /api/auth/me`); otherwise one statement reads them.
 */
export async function missingProfileParts(
  db: Db,
  row: UserRow,
  roles: readonly Role[],
  facts?: ProfileFacts,
): Promise<ProfilePart[]> {
  const required = requiredProfileParts(roles);
  const saved = new Set<ProfilePart>();
  if (hasBasics(row)) saved.add('basics');
  if (facts) {
    if (facts.buyBox) saved.add('buyBox');
    if (facts.buyerPreferences) saved.add('buyerPreferences');
    if (facts.sellerPreferences) saved.add('sellerPreferences');
  } else if (required.length > 1) {
    const [found] = await queryRows<{ buy_box: boolean; buyer: boolean; seller: boolean }>(
      db,
      sql`select
        exists (select 1 from ${buyBoxes} where ${buyBoxes.userId} = ${row.id}) as buy_box,
        exists (select 1 from ${buyerPreferences} where ${buyerPreferences.userId} = ${row.id}) as buyer,
        exists (select 1 from ${sellerPreferences} where ${sellerPreferences.userId} = ${row.id}) as seller`,
    );
    if (found?.buy_box) saved.add('buyBox');
    if (found?.buyer) saved.add('buyerPreferences');
    if (found?.seller) saved.add('sellerPreferences');
  }
  return required.filter((part) => !saved.has(part));
}
