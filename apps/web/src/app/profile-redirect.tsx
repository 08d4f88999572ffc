import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { needsProfileRedirect, profileTabFor } from '@dealclub/shared/profile-rules';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '@/lib/session/session-context';

/**
 * The profile-completion redirect (shell §4): a signed-in non-admin whose profile is incomplete
 * goes to `/profile` on the tab to complete first, with the spec's toast, from any page but the
 * exempt ones. Not applied to the fallback user, whose profile the server could not tell.
 */
export function ProfileCompletionRedirect({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const session = useSession();
  const redirect =
    session.status === 'authenticated' &&
    !session.user.validationFailed &&
    needsProfileRedirect(pathname, session.user);

  useEffect(() => {
    if (redirect) toast({ title: t('profile.completeTitle'), description: t('profile.completeMessage') });
  }, [redirect, pathname, t]);

  // The page they wanted: once the profile is complete, the last save takes them back there.
  if (redirect) {
    return (
      <Navigate
        to={`/profile?tab=${profileTabFor(session.user)}`}
        replace
        state={{ from: pathname + search }}
      />
    );
  }
  return children;
}
