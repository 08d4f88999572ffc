/**
 * A page whose document the server writes with its content (decision 034: the public ZIP page)
 * carries the answer it was written from, as JSON in a script element of this id, for the web app
 * to seed its query with: the server writes it (apps/api/src/plugins/zip-page.ts), the app reads it
 * (apps/web/src/lib/prerendered.ts).
 */
export const PRERENDERED_ELEMENT_ID = 'prerendered-query';

export interface PrerenderedQuery {
  /** The query the answer is the data of. */
  queryKey: unknown[];
  /** The texts' section the screen needs (apps/web/src/lib/locale-sections.ts). */
  section: string;
  data: unknown;
}

/** The query key of a ZIP's public analytics (`GET /api/analytics/zip-analytics/{zipCode}`). */
export const zipAnalyticsQueryKey = (zipCode: string) => ['analytics', 'zip', zipCode];

/**
 * A cookie the web app keeps while someone is signed in on the browser (`1`), removed at sign-out.
 * It is a hint for the documents the server writes, never a credential: the session is the token
 * the app sends. The public ZIP page's document leaves out its sign-up box for a member, as the
 * app does, so that the box does not show and then vanish (decision 034).
 */
export const MEMBER_HINT_COOKIE = 'member';
