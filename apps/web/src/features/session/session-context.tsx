/**
 * The signed-in state the shell reads: whether someone is signed in, and who. The identity issue
 * fills it from the Cognito session and `/api/auth/me`; until then everyone is signed out.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@dealclub/shared/roles';

export interface SessionUser {
  userId: string;
  firstName: string;
  lastName: string;
  role: Role;
  roles: Role[];
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: SessionUser; signOut: () => void };

const SIGNED_OUT: Session = { status: 'unauthenticated', user: null };

const SessionContext = createContext<Session>(SIGNED_OUT);

export function SessionProvider({ value = SIGNED_OUT, children }: { value?: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
