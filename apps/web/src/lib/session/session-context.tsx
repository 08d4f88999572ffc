/**
 * The signed-in state the shell and the screens read. `AuthProvider` feeds it from the session
 * manager; tests may pass a fixed value to `SessionProvider`.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
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

/**
 * The real session: restored from storage at start, kept fresh by the manager's scheduler. A
 * change re-renders the whole app (the session check's answer shows the page), so it is applied
 * as a transition: React builds the new screen in slices and the browser stays responsive.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(sessionManager.getState);
  useEffect(() => {
    const sync = () => startTransition(() => setState(sessionManager.getState()));
    const unsubscribe = sessionManager.subscribe(sync);
    // A change between the first render and this subscription is not missed.
    sync();
    if (!started) {
      started = true;
      void sessionManager.init();
    }
    return () => {
      unsubscribe();
    };
  }, []);
  return <SessionProvider value={toSession(state)}>{children}</SessionProvider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
