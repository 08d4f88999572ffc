/** A signed-in session for the unit tests of any screen: Rosa Díaz, with the roles a test needs. */
import type { Role } from '@dealclub/shared/roles';
import type { Session, SessionUser } from '@/lib/session/session-context';

export function signedIn(
  roles: Role[],
  { signOut = () => {}, ...user }: Partial<SessionUser> & { signOut?: () => void } = {},
): Session {
  return {
    status: 'authenticated',
    user: {
      userId: 'u1',
      email: 'rosa@example.test',
      firstName: 'Rosa',
      lastName: 'Díaz',
      role: roles[0]!,
      roles,
      cognitoGroups: roles,
      phoneNumber: '5125550100',
      languagePreference: 'en',
      profileComplete: true,
      ...user,
    },
    signOut,
  };
}
