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
