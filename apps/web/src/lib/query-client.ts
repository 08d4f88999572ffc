import { QueryClient } from '@tanstack/react-query';
import { QUERY_MAX_RETRIES, QUERY_STALE_TIME_MS } from '@dealclub/shared/constants';
import { ApiError } from './api-client';

/** Authentication failures are not retried: retrying cannot fix them (shell §9). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

/**
 * For reads whose 4xx is an answer rather than a hiccup (a deal that is missing or not this user's
 * to see): no retry on any client error; otherwise the app's rule.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return shouldRetryQuery(failureCount, error);
}

/**
 * The app's one query cache: the providers give it to the screens, and the router's prefetch
 * fills it while a screen's code loads (app/router.tsx).
 */
export const queryClient = createQueryClient();

/**
 * What a screen module may export as `prefetch`: starts the reads the screen will make, as soon as
 * the route matches and while its code still loads, so that they do not wait for the session
 * check before them. Only for signed-in reads; it must not wait for anything (fire and forget).
 */
export type ScreenPrefetch = (
  client: QueryClient,
  route: { params: Record<string, string | undefined>; url: URL },
) => void;

/** The query cache rules of shell §9: 5 min stale, 3 retries, no refetch on focus or interval. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
