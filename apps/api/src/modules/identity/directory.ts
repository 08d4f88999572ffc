/**
 * Creating users in the embedded directory from the server side (demo accounts, invitation
 * sign-up through the API, admin tools) — what AdminCreateUser does on AWS.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { identityUsers, users } from '../../db/schema';
import { hashPassword } from './passwords';

export interface NewDirectoryUser {
  email: string;
  password: string;
  roles: Role[];
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  language?: 'en' | 'es';
  status?: 'CONFIRMED' | 'UNCONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';
}

/**
 * Creates the identity and the product user together; returns the new `sub`. `passwordHash`, when
 * given, is an argon2 hash of `user.password` made before (the test suite's many users share one
 * password, hashed once), taken as it is, unchecked; else the password is hashed here.
 */
export async function createDirectoryUser(
  db: Db,
  user: NewDirectoryUser,
  passwordHash?: string,
): Promise<string> {
  const sub = randomUUID();
  const email = user.email.trim().toLowerCase();
  const attributes: Record<string, string> = {};
  if (user.firstName) attributes.given_name = user.firstName;
  if (user.lastName) attributes.family_name = user.lastName;
  if (user.phoneNumber) attributes.phone_number = user.phoneNumber;
  if (user.language) attributes.locale = user.language;
  const hashed = passwordHash ?? (await hashPassword(user.password));
  await db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({
      sub,
      username: email,
      email,
      emailVerified: (user.status ?? 'CONFIRMED') !== 'UNCONFIRMED',
      passwordHash: hashed,
      status: user.status ?? 'CONFIRMED',
      attributes,
      groups: user.roles,
    });
    await tx.insert(users).values({
      id: sub,
      email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phoneNumber: user.phoneNumber ?? null,
      roles: user.roles,
      languagePreference: user.language ?? 'en',
    });
  });
  return sub;
}
