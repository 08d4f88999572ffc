/**
 * Profile completeness, computed on the server per role (shell §4; issue 4): names and phone for
 * everyone, the buy box for owners, buyer preferences for buyers, seller preferences for
 * originators. `/api/auth/me` reports it; the client's redirect only follows it.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { requiredProfileParts, type ProfilePart } from '@dealclub/shared/profile';
import type { Role } from '@dealclub/shared/roles';
import { queryRows, type Db } from '../../db/client';
import { buyBoxes, buyerPreferences, sellerPreferences } from '../../db/schema';
import type { UserRow } from '../../db/rows';
import type { AuthenticatedUser } from '../identity';

/** Which profile parts a user saved. */
export interface ProfileFacts {
  buyBox: boolean;
  buyerPreferences: boolean;
  sellerPreferences: boolean;
}

/** The name routes ask the auth hook for the profile facts by (`config.authJoins`; registered by plugin.ts). */
export const PROFILE_FACTS_JOIN = 'profileFacts';

/** SQL: the {@link ProfileFacts} of `userId`, as JSON. */
export function profileFactsSql(userId: string | Placeholder): SQL<ProfileFacts> {
  return sql`json_build_object(
    'buyBox', exists (select 1 from ${buyBoxes} where ${buyBoxes.userId} = ${userId}),
    'buyerPreferences', exists (select 1 from ${buyerPreferences} where ${buyerPreferences.userId} = ${userId}),
    'sellerPreferences', exists (select 1 from ${sellerPreferences} where ${sellerPreferences.userId} = ${userId}))`;
}

/** The profile facts the auth hook read with the user, on a route that asked for them. */
export function profileFactsOf(user: AuthenticatedUser): ProfileFacts | undefined {
  return user.joined[PROFILE_FACTS_JOIN] as ProfileFacts | undefined;
}

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
  if (!facts && required.length > 1) {
    const [found] = await queryRows<{ facts: ProfileFacts }>(
      db,
      sql`select ${profileFactsSql(row.id)} as facts`,
    );
    facts = found?.facts;
  }
  if (facts?.buyBox) saved.add('buyBox');
  if (facts?.buyerPreferences) saved.add('buyerPreferences');
  if (facts?.sellerPreferences) saved.add('sellerPreferences');
  return required.filter((part) => !saved.has(part));
}
