import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  attachmentName,
  isNotFound,
  isPublicPath,
  setAuthHandlers,
  withQuery,
} from './api-client';
import { shouldRetryQuery } from './query-client';

describe('withQuery', () => {
  it('repeats arrays and skips null and undefined', () => {
    expect(
      withQuery('/api/deals', { tags: ['a', 'b'], state: 'TX', city: null, zip: undefined, limit: 24 }),
    ).toBe('/api/deals?tags=a&tags=b&state=TX&limit=24');
    expect(withQuery('/api/deals?sort=newest', { q: 'pool' })).toBe('/api/deals?sort=newest&q=pool');
    expect(withQuery('/api/deals', { q: null })).toBe('/api/deals');
  });
});

describe('attachmentName', () => {
  it('reads the file name of a Content-Disposition header, the encoded one first', () => {
    expect(attachmentName('attachment; filename="offers-12-oak.csv"')).toBe('offers-12-oak.csv');
    expect(attachmentName('attachment; filename="a.csv"; filename*=UTF-8\'\'ofertas%20%C3%B1.csv')).toBe(
      'ofertas ñ.csv',
    );
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});

describe('isNotFound', () => {
  it('is a 404, a 400 (an id that cannot be one) or LISTING_NOT_FOUND, never another failure', () => {
    const body = (code: string) => ({ code, message: code });
    expect(isNotFound(new ApiError(404, 'Not Found', body('THREAD_NOT_FOUND')))).toBe(true);
    expect(isNotFound(new ApiError(400, 'Bad Request', body('VALIDATION_FAILED')))).toBe(true);
    expect(isNotFound(new ApiError(410, 'Gone', body('LISTING_NOT_FOUND')))).toBe(true);
    expect(isNotFound(new ApiError(500, 'Internal Server Error', body('INTERNAL')))).toBe(false);
    expect(isNotFound(new ApiError(403, 'Forbidden', null))).toBe(false);
    expect(isNotFound(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('isPublicPath', () => {
  it('knows the public calls of the spec', () => {
    expect(isPublicPath('/api/auth/public-config')).toBe(true);
    expect(isPublicPath('/api/health')).toBe(true);
    expect(isPublicPath('/api/analytics/zip-analytics/78701')).toBe(true);
    expect(isPublicPath('/api/help/articles')).toBe(true);
    expect(isPublicPath('/api/auth/me')).toBe(false);
  });

  it('keeps the help admin calls private, reading included', () => {
    expect(isPublicPath('/api/help/admin/articles')).toBe(false);
    expect(isPublicPath('/api/help/admin/qa/00000000-0000-4000-8000-000000000001')).toBe(false);
  });

  it('reads the roadmap signed out but keeps its votes and admin calls private', () => {
    expect(isPublicPath('/api/features')).toBe(true);
    expect(isPublicPath('/api/features?lang=es')).toBe(true);
    expect(isPublicPath('/api/features/00000000-0000-4000-8000-000000000001/vote')).toBe(false);
    expect(isPublicPath('/api/admin/features')).toBe(false);
  });
});

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthHandlers(null);
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends JSON with an empty x-api-key, the bearer token and credentials', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    setAuthHandlers({ getToken: () => 'id-token', refresh: async () => null });
    await apiRequest('/api/auth/update-language', { method: 'POST', data: { languagePreference: 'es' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['x-api-key']).toBe('');
    expect(headers.authorization).toBe('Bearer id-token');
    expect(headers['content-type']).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"languagePreference":"es"}');
  });

  const authorizationOf = (fetchMock: ReturnType<typeof vi.fn>, call = 0) => {
    const [, init] = fetchMock.mock.calls[call] as unknown as [string, RequestInit];
    return (init.headers as Record<string, string>).authorization;
  };

  it('sends the token to the help centre when signed in, so that a reader votes as themselves', async () => {
    const fetchMock = vi.fn(async () => json(200, { myVote: true }));
    vi.stubGlobal('fetch', fetchMock);
    setAuthHandlers({ getToken: () => 'id-token', refresh: async () => null });
    await apiRequest('/api/help/articles/making-an-offer/helpful', {
      method: 'POST',
      data: { helpful: true },
    });
    await apiRequest('/api/help/admin/articles');
    await apiRequest('/api/health');
    expect(authorizationOf(fetchMock, 0)).toBe('Bearer id-token');
    expect(authorizationOf(fetchMock, 1)).toBe('Bearer id-token');
    expect(authorizationOf(fetchMock, 2)).toBeUndefined();
  });

  it('reads the help centre signed out, without a token and without a refresh', async () => {
    const fetchMock = vi.fn(async () => json(200, { items: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/help/articles', { query: { q: 'oferta', lang: 'es' } });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/help/articles?q=oferta&lang=es');
    expect(authorizationOf(fetchMock)).toBeUndefined();
  });

  it('refreshes the token once on 401 and retries with the new one', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(401, { code: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' }),
      )
      .mockResolvedValueOnce(json(200, { userId: 'u1' }));
    vi.stubGlobal('fetch', fetchMock);
    const refresh = vi.fn(async () => 'fresh-token');
    setAuthHandlers({ getToken: () => 'stale-token', refresh });
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ userId: 'u1' });
    expect(refresh).toHaveBeenCalledTimes(1);
    const [, retry] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((retry.headers as Record<string, string>).authorization).toBe('Bearer fresh-token');
  });

  it('raises an ApiError with status, status text, body and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { code: 'NOT_FOUND', message: 'Not found' })),
    );
    const error = await apiRequest('/api/nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
});

describe('shouldRetryQuery', () => {
  it('retries up to 3 times, never on authentication errors', () => {
    expect(shouldRetryQuery(0, new Error('network'))).toBe(true);
    expect(shouldRetryQuery(3, new Error('network'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'Unauthorized', null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(403, 'Forbidden', null))).toBe(false);
    expect(shouldRetryQuery(1, new ApiError(500, 'Server Error', null))).toBe(true);
  });
});
