/**
 * The signed-in state the shell and the screens read. `AuthProvider` feeds it from the session
 * manager; tests may pass a fixed value to `SessionProvider`.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { sessionManager, type CurrentUser, type SessionState } from './session-manager';

export type SessionUser = CurrentUser;

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: CurrentUser; signOut: () => void };

const SIGNED_OUT: Session = { status: 'unauthenticated', user: null };

const SessionContext = createContext<Session>(SIGNED_OUT);

export function SessionProvider({ value = SIGNED_OUT, children }: { value?: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function toSession(state: SessionState): Session {
  return state.status === 'authenticated'
    ? { status: 'authenticated', user: state.user, signOut: () => void sessionManager.signOut() }
    : state;
}

let started = false;

/** The real session: restored from storage at start, kept fresh by the manager's scheduler. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(sessionManager.subscribe, sessionManager.getState);
  useEffect(() => {
    if (!started) {
      started = true;
      void sessionManager.init();
    }
  }, []);
  return <SessionProvider value={toSession(state)}>{children}</SessionProvider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
