/** What the profile tabs do after a save (the completion redirect's next step). */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { profileTabFor } from '@dealclub/shared/profile-rules';
import { sessionManager } from '@/lib/session/session-manager';

/**
 * After a tab is saved: re-read the user, and when the profile is now complete send them back to
 * the page the completion redirect took them from; when another part is missing (a buyer-and-seller
 * after buyer preferences), open that part's tab.
 */
export function useAfterProfileSave() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  return useCallback(async () => {
    await sessionManager.reloadUser();
    const state = sessionManager.getState();
    if (state.status !== 'authenticated') return;
    const from = (location.state as { from?: string } | null)?.from;
    if (!state.user.profileComplete) {
      const next = profileTabFor(state.user);
      if (next !== params.get('tab')) navigate(`/profile?tab=${next}`, { state: location.state });
    } else if (from) {
      navigate(from, { replace: true });
    }
  }, [location.state, navigate, params]);
}
