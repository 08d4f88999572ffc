/**
 * The member hint (`MEMBER_HINT_COOKIE`, @dealclub/shared/prerendered): a cookie kept while someone
 * is signed in on this browser, so that a document the server writes (the public ZIP page) leaves
 * out what a member is not shown, as the app does. A hint only: it grants nothing.
 */
import { MEMBER_HINT_COOKIE } from '@dealclub/shared/prerendered';

/** As long as a refresh token lives (30 days); written again each time a session is confirmed. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function hasMemberHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${MEMBER_HINT_COOKIE}=1`);
}

export function setMemberHint(member: boolean) {
  // Written again while signed in (its age starts over); removed only if it is there.
  if (typeof document === 'undefined' || (!member && !hasMemberHint())) return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = member
    ? `${MEMBER_HINT_COOKIE}=1; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax${secure}`
    : `${MEMBER_HINT_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}
