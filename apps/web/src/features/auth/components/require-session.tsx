import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageFallback } from '@/components/layout/page-fallback';
import { useSession, type SessionUser } from '@/features/auth/session-context';

/** The conversation pages are the signed-in user's own: a visitor signs in and comes back. */
export function RequireSession({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageFallback />;
  if (session.status !== 'authenticated') {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children(session.user);
}
