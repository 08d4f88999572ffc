/**
 * Why a session ended, in the words of the shell's error catalogue (§8; DECISIONS.md, "When a
 * session ends"), and where the user was: kept in `sessionStorage` (this tab, across a reload) so
 * that the sign-in page can say why the user is there and take them back afterwards.
 */
export type SessionEnd = 'expired' | 'startupExpired' | 'noToken' | 'validationFailed' | 'checkFailed';

/** The toast of each moment: a title and, where the catalogue splits the message, a description. */
export const SESSION_END_MESSAGES: Record<SessionEnd, { title: string; description?: string }> = {
  // A refresh after a 401 gave no token.
  expired: { title: 'session.expired' },
  // A stored session found expired (or revoked) at start-up.
  startupExpired: { title: 'session.errorTitle', description: 'session.startupExpired' },
  // No token could be had for a call while signed in.
  noToken: { title: 'session.authErrorTitle', description: 'session.noToken' },
  // The current-user call failed with no message of its own (the session goes on, on the token).
  validationFailed: { title: 'session.validationFailed' },
  // The start-up check itself failed.
  checkFailed: { title: 'session.checkFailed' },
};

const ENDED_KEY = 'dealclub:session-ended';
const RETURN_KEY = 'dealclub:return-to';

const isSessionEnd = (value: string | null): value is SessionEnd =>
  value !== null && Object.hasOwn(SESSION_END_MESSAGES, value);

export function rememberSessionEnd(reason: SessionEnd) {
  sessionStorage.setItem(ENDED_KEY, reason);
}

/**
 * Why the last session of this tab ended, kept: a screen reads it while it renders and forgets it
 * (`forgetSessionEnd`) once it is on screen. A render can be thrown away before it shows (a part of
 * the page still loading suspends it, and React renders it again from the start): reading and
 * forgetting in that render lost the reason (the sign-in page then said nothing).
 */
export function peekSessionEnd(): SessionEnd | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  return isSessionEnd(reason) ? reason : null;
}

export function forgetSessionEnd() {
  sessionStorage.removeItem(ENDED_KEY);
}

/** A path of this app (never another origin: `//host` or a scheme). */
const isLocalPath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/** The private page (path and query) a signed-out user was sent from, kept across a reload. */
export function rememberReturnTo(path: string) {
  if (isLocalPath(path)) sessionStorage.setItem(RETURN_KEY, path);
}

/** Where signing in leads: the router's memory, else this tab's, else home. */
export function returnTo(fromState: string | undefined): string {
  if (isLocalPath(fromState)) return fromState;
  const kept = sessionStorage.getItem(RETURN_KEY);
  return isLocalPath(kept) ? kept : '/';
}

export function forgetReturnTo() {
  sessionStorage.removeItem(RETURN_KEY);
}
