/**
 * Constants fixed by the specification (shell document §9 and core §9). Both the web app and the
 * API read them from here so that a number is written once.
 */
export const PRODUCT_NAME = 'DealClub';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Toasts: one visible at a time, 5 s, swipe right past 50 px to dismiss, F8 focuses the region. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'] as const;

export const RECENT_PAGES_LIMIT = 10;
export const MOBILE_BREAKPOINT_PX = 768;
export const ADDRESS_TRUNCATE_LENGTH = 30;

/** Query cache (shell §9): 5 minutes stale, 3 retries except on authentication errors. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_MAX_RETRIES = 3;

/** Pagination (API.md). */
export const PAGE_LIMIT_DEFAULT = 24;
export const PAGE_LIMIT_MAX = 100;

/**
 * Idempotency keys of the create calls (API.md, Conventions): the `Idempotency-Key` header is 1 to
 * 255 visible ASCII characters, and the first result of a key is kept this many hours, per user.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * A page of a list (API.md): every list answers `items`, the opaque cursor of the next page (null on
 * the last one) and how many items the list has in all; some lists add fields of their own.
 */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** Token refresh (shell §4, §9; DECISIONS.md takes the first reading). */
export const REFRESH_BUFFER_MS = 5 * 60 * 1000;
export const MIN_REFRESH_INTERVAL_MS = 30 * 1000;
export const REFRESH_SCHEDULER_START_MS = 100;
export const FRESH_SESSION_SECONDS = 300;

/** Browser storage keys of the session (shell §3). */
export const STORAGE_KEYS = {
  idToken: 'awsCognitoIdToken',
  refreshToken: 'awsCognitoRefreshToken',
  authenticated: 'awsCognitoAuthenticated',
  userData: 'cognitoUserData',
  userDataTimestamp: 'cognitoUserDataTimestamp',
  dashboardFetchAttempt: 'dashboard_fetch_attempt',
} as const;
