import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageFallback } from '@/components/layout/page-fallback';
import { useSession, type SessionUser } from './session-context';
import { rememberReturnTo } from './session-end';

/**
 * The guard of a signed-in user's page: the spinner while the session is restored, a visitor sent
 * to sign in and brought back afterwards (to `from`, by default the page itself with its query),
 * else the page for the signed-in user.
 */
export function RequireSession({
  from,
  children,
}: {
  /** Where signing in brings the visitor back; the current path and query by default. */
  from?: string;
  children: (user: SessionUser) => ReactNode;
}) {
  const session = useSession();
  // The page of a session that has just been confirmed is built in the background (React yields
  // to the browser between its parts), so a slow phone stays responsive; the spinner stays until
  // it is ready.
  const shown = useDeferredValue(session);
  if (session.status === 'loading') return <PageFallback />;
  if (session.status !== 'authenticated') return <SignInRedirect from={from} />;
  if (shown.status !== 'authenticated') return <PageFallback />;
  return children(shown.user);
}

/**
 * To the sign-in page, which leads back here afterwards: to this page with its query (or to `from`
 * when it names another page), kept in this tab too so that a reload of the sign-in page still
 * leads back.
 */
export function SignInRedirect({ from }: { from?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const back = from && from !== location.pathname ? from : here;
  rememberReturnTo(back);
  return <Navigate to="/auth" replace state={{ from: back }} />;
}
