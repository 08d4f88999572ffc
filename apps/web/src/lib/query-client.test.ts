import { describe, expect, it } from 'vitest';
import { QUERY_MAX_RETRIES } from '@dealclub/shared/constants';
import { ApiError } from './api-client';
import { retryUnlessClientError, shouldRetryQuery } from './query-client';

const failure = (status: number) => new ApiError(status, 'x', { code: 'INTERNAL', message: 'x' });

describe('query retries', () => {
  it('retries a server error or a network failure up to the limit, never a failed sign-in', () => {
    expect(shouldRetryQuery(0, failure(500))).toBe(true);
    expect(shouldRetryQuery(QUERY_MAX_RETRIES, new Error('offline'))).toBe(false);
    expect(shouldRetryQuery(0, failure(401))).toBe(false);
  });

  it('takes any client error as the answer, and otherwise retries as the app does', () => {
    expect(retryUnlessClientError(0, failure(404))).toBe(false);
    expect(retryUnlessClientError(0, failure(400))).toBe(false);
    expect(retryUnlessClientError(0, failure(503))).toBe(true);
    expect(retryUnlessClientError(0, new Error('offline'))).toBe(true);
    expect(retryUnlessClientError(QUERY_MAX_RETRIES, failure(503))).toBe(false);
  });
});
