/**
 * The client session of shell §4 (Auth session, Token refresh), §7 (`GET /api/auth/me`, the
 * helper's refresh-and-retry on 401) and §9 (refresh constants), pinned with only the true edges
 * stubbed: the Cognito calls, `fetch`, the clock and `window.location.assign`.
 */
import { act, renderHook } from '@testing-library/react';
import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToast, useToasts } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { readDraft, writeDraft } from '@/lib/drafts';
import type * as CognitoModule from './cognito';
import { authenticate, cognitoUser, completeNewPassword, refreshSession, sendTotpCode } from './cognito';
import { NotConfiguredError } from './cognito-errors';
import { SessionManager, type CurrentUser } from './session-manager';
import { peekSessionEnd } from './session-end';
import { i18n } from '@/lib/i18n';

vi.mock('./cognito', async () => {
  const actual = await vi.importActual<typeof CognitoModule>('./cognito');
  return {
    ...actual,
    getUserPool: vi.fn(),
    cognitoUser: vi.fn(),
    authenticate: vi.fn(),
    refreshSession: vi.fn(),
    completeNewPassword: vi.fn(),
    sendTotpCode: vi.fn(),
  };
});

// ---------------------------------------------------------------------------------------------
// helpers

const NOW = new Date('2030-01-01T00:00:00.000Z');
const EMAIL = 'pat@example.com';
const AUTH_KEY = /cognito|aws/i;

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned test JWT; the client decodes but never verifies it. */
function makeJwt(
  options: { sub?: string; email?: string; secondsLeft?: number; groups?: string[] } = {},
): string {
  const { sub = 'user-1', email = EMAIL, secondsLeft = 3600, groups = ['buyers'] } = options;
  const iat = Math.floor(Date.now() / 1000);
  return [
    b64url({ alg: 'RS256', typ: 'JWT' }),
    b64url({ sub, email, exp: iat + secondsLeft, iat, 'cognito:groups': groups }),
    'dummy-signature',
  ].join('.');
}

function fakeSession(idToken: string, refreshToken = 'refresh-token-new'): CognitoUserSession {
  return {
    getIdToken: () => ({ getJwtToken: () => idToken }),
    getRefreshToken: () => ({ getToken: () => refreshToken }),
  } as unknown as CognitoUserSession;
}

function fakeCognitoUser(username: string): CognitoUser {
  return {
    getUsername: () => username,
    signOut: vi.fn((done?: () => void) => done?.()),
  } as unknown as CognitoUser;
}

function cognitoError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, name: code });
}

const meBody = (overrides: Record<string, unknown> = {}) => ({
  userId: 'user-1',
  email: EMAIL,
  role: 'owner',
  roles: ['owner', 'buyer'],
  cognitoGroups: ['owners', 'buyers'],
  firstName: 'Pat',
  lastName: 'Lee',
  phoneNumber: '+15125550100',
  languagePreference: 'en',
  profileComplete: true,
  ...overrides,
});

const pathOf = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost').pathname;

type Reply = { status: number; body?: unknown } | 'network-error';

/**
 * Stubs `fetch` by path. Each path has a queue of replies consumed in order; the last one repeats.
 * `/api/auth/public-config` answers a configured pool unless a test says otherwise.
 */
function stubFetch(routes: Record<string, Reply[]>) {
  const queues: Record<string, Reply[]> = {
    '/api/auth/public-config': [
      {
        status: 200,
        body: {
          mode: 'embedded',
          configured: true,
          userPoolId: 'us-east-2_Test',
          clientId: 'client123',
          region: 'us-east-2',
          endpoint: '/cognito',
          realtime: {
            enabled: true,
            mode: 'embedded',
            key: 'dealclub-key',
            cluster: 'mt1',
            host: null,
            port: null,
            useTLS: null,
          },
        },
      },
    ],
    ...Object.fromEntries(Object.entries(routes).map(([path, replies]) => [path, [...replies]])),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = pathOf(input);
    const queue = queues[path] ?? [];
    const reply = queue.length > 1 ? queue.shift() : queue[0];
    if (!reply) throw new Error(`Unexpected fetch of ${path}`);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => pathOf(input) === path);
}

function bearerOf(call: [RequestInfo | URL, RequestInit?] | undefined): string | undefined {
  return (call?.[1]?.headers as Record<string, string> | undefined)?.authorization;
}

function storeSession(
  idToken: string,
  options: { refreshToken?: string | null; authenticated?: boolean; cachedUser?: CurrentUser } = {},
) {
  localStorage.setItem('awsCognitoIdToken', idToken);
  const refreshToken = options.refreshToken === undefined ? 'refresh-token-old' : options.refreshToken;
  if (refreshToken) localStorage.setItem('awsCognitoRefreshToken', refreshToken);
  if (options.authenticated) localStorage.setItem('awsCognitoAuthenticated', 'true');
  if (options.cachedUser) {
    localStorage.setItem('cognitoUserData', JSON.stringify(options.cachedUser));
    localStorage.setItem('cognitoUserDataTimestamp', String(Date.now() - 60_000));
  }
}

function authKeys(): string[] {
  return Object.keys(localStorage).filter((key) => AUTH_KEY.test(key));
}

function currentToasts() {
  const { result, unmount } = renderHook(() => useToasts());
  const toasts = result.current;
  unmount();
  return toasts;
}

function clearToasts() {
  const toasts = currentToasts();
  act(() => {
    for (const t of toasts) removeToast(t.id);
  });
  expect(currentToasts()).toEqual([]);
}

/** Records the window events the session dispatches. */
function captureEvents(...names: string[]) {
  const seen: Array<{ type: string; detail: unknown }> = [];
  for (const name of names) {
    const listener = (event: Event) => seen.push({ type: name, detail: (event as CustomEvent).detail });
    window.addEventListener(name, listener);
    disposers.push(() => window.removeEventListener(name, listener));
  }
  return seen;
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets pending promise chains (fetch bodies, mocked Cognito calls) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function signedIn(manager: SessionManager, idToken = makeJwt()) {
  vi.mocked(authenticate).mockResolvedValueOnce({
    kind: 'success',
    session: fakeSession(idToken, 'refresh-token-1'),
  });
  await expect(manager.signIn(EMAIL, 'Secret123!')).resolves.toEqual({ status: 'signedIn' });
  return idToken;
}

// ---------------------------------------------------------------------------------------------
// set-up

let assign: ReturnType<typeof vi.fn>;
const disposers: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  for (const mock of [cognitoUser, authenticate, refreshSession, completeNewPassword, sendTotpCode]) {
    vi.mocked(mock).mockReset();
  }
  vi.mocked(cognitoUser).mockImplementation(async (username: string) => fakeCognitoUser(username));
  vi.mocked(refreshSession).mockImplementation(async () => fakeSession(makeJwt({ secondsLeft: 3600 })));

  // Managers of earlier tests must not hear this test's visibility changes.
  const realAdd = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    if (listener) disposers.push(() => document.removeEventListener(type, listener, options));
    realAdd(type, listener, options);
  });

  // jsdom does not navigate: the full navigation of sign-out goes to this spy.
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    assign,
    origin: 'http://localhost:3000',
    href: 'http://localhost:3000/dashboard',
    pathname: '/dashboard',
  } as unknown as Location);
});

afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

// ---------------------------------------------------------------------------------------------
// start-up

describe('SessionManager start-up (shell §4 Auth session)', () => {
  it.each([
    // Decodable header and payload with a future expiry, but not exactly three parts.
    ['two parts', () => makeJwt().split('.').slice(0, 2).join('.')],
    ['four parts', () => `${makeJwt()}.extra`],
    ['no dots', () => 'not-a-jwt'],
  ])('removes a stored ID token with %s and ends unauthenticated', async (_label, corrupt) => {
    localStorage.setItem('awsCognitoIdToken', corrupt());
    const fetchMock = stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    expect(manager.getState().status).toBe('loading');

    await manager.init();

    expect(localStorage.getItem('awsCognitoIdToken')).toBeNull();
    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(0);
  });

  it('restores the session with the server’s role and roles when /api/auth/me answers 200', async () => {
    const token = makeJwt({ groups: ['buyers'] });
    storeSession(token, { authenticated: true });
    const fetchMock = stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    const notified = vi.fn();
    manager.subscribe(notified);

    await manager.init();

    const state = manager.getState();
    expect(state.status).toBe('authenticated');
    expect(state.user).toMatchObject({ userId: 'user-1', email: EMAIL, firstName: 'Pat', role: 'owner' });
    expect([...state.user!.roles].sort()).toEqual(['buyer', 'owner']);
    expect(state.user!.validationFailed).toBeFalsy();
    expect(notified).toHaveBeenCalled();
    const meCalls = callsTo(fetchMock, '/api/auth/me');
    expect(meCalls).toHaveLength(1);
    expect(bearerOf(meCalls[0])).toBe(`Bearer ${token}`);
    expect(JSON.parse(localStorage.getItem('cognitoUserData')!)).toMatchObject({ role: 'owner' });
  });

  it('refreshes an expired ID token first and validates the new one', async () => {
    storeSession(makeJwt({ secondsLeft: -10 }), { authenticated: true });
    const fetchMock = stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const next = makeJwt({ secondsLeft: 3600 });
    vi.mocked(refreshSession).mockResolvedValueOnce(fakeSession(next));
    const manager = new SessionManager();

    await manager.init();

    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(cognitoUser)).toHaveBeenCalledWith(EMAIL);
    expect(bearerOf(callsTo(fetchMock, '/api/auth/me')[0])).toBe(`Bearer ${next}`);
    expect(manager.getState().status).toBe('authenticated');
  });

  it('accepts profileCompleted as the spelling of profileComplete', async () => {
    storeSession(makeJwt());
    const { profileComplete: _dropped, ...rest } = meBody();
    stubFetch({ '/api/auth/me': [{ status: 200, body: { ...rest, profileCompleted: true } }] });
    const manager = new SessionManager();

    await manager.init();

    expect(manager.getState().user?.profileComplete).toBe(true);
  });

  it('clears the session and every token when /api/auth/me answers 401', async () => {
    storeSession(makeJwt(), {
      authenticated: true,
      cachedUser: { ...meBody(), authProvider: 'cognito' } as CurrentUser,
    });
    stubFetch({ '/api/auth/me': [{ status: 401, body: { message: 'Authentication required' } }] });
    const manager = new SessionManager();

    document.cookie = 'member=1; path=/';
    await manager.init();

    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(authKeys()).toEqual([]);
    // A session that no longer holds is no member's: the hint goes with it.
    expect(document.cookie).not.toContain('member=1');
  });

  it('clears the session and shows the deactivation notice when /api/auth/me answers 403', async () => {
    clearToasts();
    storeSession(makeJwt(), {
      authenticated: true,
      cachedUser: { ...meBody(), authProvider: 'cognito' } as CurrentUser,
    });
    stubFetch({ '/api/auth/me': [{ status: 403, body: { message: 'Account deactivated' } }] });
    const manager = new SessionManager();

    await manager.init();

    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(authKeys()).toEqual([]);
    const toasts = currentToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      title: 'Account Deactivated',
      description: 'Your account has been deactivated. Please contact support for assistance.',
      variant: 'destructive',
    });
  });

  it('stays signed in with the cached user when the check fails and the authenticated flag is cached', async () => {
    const cached = { ...meBody({ firstName: 'Cached' }), authProvider: 'cognito' } as CurrentUser;
    storeSession(makeJwt(), { authenticated: true, cachedUser: cached });
    stubFetch({ '/api/auth/me': ['network-error'] });
    const manager = new SessionManager();

    await manager.init();

    expect(manager.getState()).toEqual({ status: 'authenticated', user: cached });
    expect(localStorage.getItem('awsCognitoIdToken')).not.toBeNull();
  });

  it.each([
    [['buyers', 'originators', 'owners', 'admin'], 'admin'],
    [['buyers', 'originators', 'owners'], 'owner'],
    [['buyer', 'originator'], 'originator'],
    [['buyers'], 'buyer'],
    [[], 'buyer'],
  ])('without cached data falls back to the token user (groups %j → role %s)', async (groups, role) => {
    const token = makeJwt({ sub: 'sub-42', email: 'fallback@example.com', groups });
    storeSession(token, { authenticated: true });
    const fetchMock = stubFetch({ '/api/auth/me': ['network-error'] });
    const manager = new SessionManager();

    await manager.init();

    const state = manager.getState();
    expect(state.status).toBe('authenticated');
    expect(state.user).toMatchObject({
      userId: 'sub-42',
      email: 'fallback@example.com',
      firstName: '',
      lastName: '',
      role,
      authProvider: 'cognito',
      validationFailed: true,
    });
    // One retry of the current-user call (shell §7).
    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// sign-in

describe('SessionManager sign-in', () => {
  it('stores the tokens, the flag and the cached user when the server validates', async () => {
    const fetchMock = stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    const token = makeJwt();

    await signedIn(manager, token);

    expect(vi.mocked(cognitoUser)).toHaveBeenCalledWith(EMAIL);
    expect(localStorage.getItem('awsCognitoIdToken')).toBe(token);
    expect(localStorage.getItem('awsCognitoRefreshToken')).toBe('refresh-token-1');
    expect(localStorage.getItem('awsCognitoAuthenticated')).toBe('true');
    expect(JSON.parse(localStorage.getItem('cognitoUserData')!)).toMatchObject({
      userId: 'user-1',
      role: 'owner',
    });
    expect(localStorage.getItem('cognitoUserDataTimestamp')).toBe(String(NOW.getTime()));
    expect(manager.getState()).toMatchObject({ status: 'authenticated', user: { role: 'owner' } });
    expect(bearerOf(callsTo(fetchMock, '/api/auth/me')[0])).toBe(`Bearer ${token}`);
  });

  it('continues with the fallback user when validation fails twice (500)', async () => {
    const fetchMock = stubFetch({ '/api/auth/me': [{ status: 500, body: { message: 'Server error' } }] });
    const manager = new SessionManager();

    await signedIn(manager, makeJwt({ groups: ['originators'] }));

    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(2);
    expect(manager.getState()).toMatchObject({
      status: 'authenticated',
      user: { userId: 'user-1', role: 'originator', validationFailed: true, authProvider: 'cognito' },
    });
    expect(localStorage.getItem('awsCognitoAuthenticated')).toBe('true');
  });

  it('is refused with the deactivation notice when /api/auth/me answers 403', async () => {
    clearToasts();
    stubFetch({ '/api/auth/me': [{ status: 403, body: { message: 'Account deactivated' } }] });
    const manager = new SessionManager();
    vi.mocked(authenticate).mockResolvedValueOnce({ kind: 'success', session: fakeSession(makeJwt()) });

    await expect(manager.signIn(EMAIL, 'Secret123!')).rejects.toMatchObject({ status: 403 });

    expect(manager.getState().status).toBe('unauthenticated');
    expect(authKeys()).toEqual([]);
    expect(currentToasts()[0]).toMatchObject({ title: 'Account Deactivated' });
  });

  it('reports a required password reset and stores nothing', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    vi.mocked(authenticate).mockRejectedValueOnce(
      cognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
    );

    await expect(manager.signIn(EMAIL, 'Secret123!')).resolves.toEqual({ status: 'resetRequired' });

    expect(manager.getState().status).not.toBe('authenticated');
    expect(authKeys()).toEqual([]);
  });

  it('passes other directory errors on without signing in', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    vi.mocked(authenticate).mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );

    await expect(manager.signIn(EMAIL, 'wrong-password')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    expect(authKeys()).toEqual([]);
  });

  it('is refused when the identity provider is not configured', async () => {
    stubFetch({});
    const manager = new SessionManager();
    vi.mocked(cognitoUser).mockRejectedValueOnce(new NotConfiguredError());

    await expect(manager.signIn(EMAIL, 'Secret123!')).rejects.toThrow(
      'AWS Cognito is not properly configured',
    );
    expect(authKeys()).toEqual([]);
  });

  it('asks for a new password, then completes the challenge and signs in', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    const challenged = fakeCognitoUser(EMAIL);
    vi.mocked(authenticate).mockResolvedValueOnce({ kind: 'newPasswordRequired', user: challenged });

    await expect(manager.signIn(EMAIL, 'Temp123!')).resolves.toEqual({ status: 'newPasswordRequired' });
    expect(manager.getState().status).not.toBe('authenticated');
    expect(localStorage.getItem('awsCognitoIdToken')).toBeNull();

    const token = makeJwt();
    vi.mocked(completeNewPassword).mockResolvedValueOnce({
      kind: 'success',
      session: fakeSession(token, 'refresh-token-1'),
    });
    await manager.completeNewPasswordChallenge('NewSecret123!');

    expect(vi.mocked(completeNewPassword)).toHaveBeenCalledWith(challenged, 'NewSecret123!');
    expect(manager.getState()).toMatchObject({ status: 'authenticated', user: { userId: 'user-1' } });
    expect(localStorage.getItem('awsCognitoIdToken')).toBe(token);
    expect(localStorage.getItem('awsCognitoAuthenticated')).toBe('true');
  });

  it('asks for the authenticator code after the password, and signs in only with it', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    const challenged = fakeCognitoUser(EMAIL);
    vi.mocked(authenticate).mockResolvedValueOnce({ kind: 'totpRequired', user: challenged });

    await expect(manager.signIn(EMAIL, 'Secret123!')).resolves.toEqual({ status: 'totpRequired' });
    expect(manager.getState().status).not.toBe('authenticated');
    expect(localStorage.getItem('awsCognitoIdToken')).toBeNull();

    // A wrong code leaves the challenge to answer again.
    vi.mocked(sendTotpCode).mockRejectedValueOnce(
      Object.assign(new Error('Invalid code received for user'), { code: 'CodeMismatchException' }),
    );
    await expect(manager.submitTotpCode('000000')).rejects.toThrow('Invalid code');
    const token = makeJwt();
    vi.mocked(sendTotpCode).mockResolvedValueOnce(fakeSession(token, 'refresh-token-1'));
    await manager.submitTotpCode('123456');

    expect(vi.mocked(sendTotpCode)).toHaveBeenLastCalledWith(challenged, '123456');
    expect(manager.getState()).toMatchObject({ status: 'authenticated' });
    expect(localStorage.getItem('awsCognitoIdToken')).toBe(token);
  });

  it('refuses to complete a new-password challenge that was never started', async () => {
    stubFetch({});
    const manager = new SessionManager();

    await expect(manager.completeNewPasswordChallenge('NewSecret123!')).rejects.toThrow(
      'No email found for sign-in completion',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// token refresh

describe('SessionManager token refresh (shell §4 Token refresh, §9)', () => {
  async function restored(secondsLeft: number, options: { refreshToken?: string | null } = {}) {
    const token = makeJwt({ secondsLeft });
    storeSession(token, { authenticated: true, refreshToken: options.refreshToken });
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    await manager.init();
    expect(manager.getState().status).toBe('authenticated');
    return { manager, token };
  }

  it('first schedules 100 ms after start and never sooner than 30 s from then', async () => {
    await restored(60);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(100);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
  });

  it('schedules the refresh 5 minutes before the ID token expires, then again for the new token', async () => {
    await restored(600);

    await vi.advanceTimersByTimeAsync(299_999);
    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledWith(expect.anything(), 'refresh-token-old');

    // The new token lives 3600 s: the next refresh is 3300 s later.
    await vi.advanceTimersByTimeAsync(3_299_000);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(2);
  });

  it('stores the new tokens and dispatches tokenRefreshed with the token', async () => {
    const { manager, token } = await restored(3600);
    const events = captureEvents('tokenRefreshed', 'tokenExpired', 'refreshTokenExpired');
    const next = makeJwt({ secondsLeft: 7200 });
    vi.mocked(refreshSession).mockResolvedValueOnce(fakeSession(next, 'refresh-token-2'));

    await expect(manager.refresh({ force: true })).resolves.toBe(next);

    expect(next).not.toBe(token);
    expect(events).toEqual([{ type: 'tokenRefreshed', detail: { token: next } }]);
    expect(localStorage.getItem('awsCognitoIdToken')).toBe(next);
    expect(localStorage.getItem('awsCognitoRefreshToken')).toBe('refresh-token-2');
    expect(manager.getState().status).toBe('authenticated');
  });

  it('shares one in-flight attempt between concurrent forced refreshes', async () => {
    const { manager } = await restored(3600);
    let resolve!: (session: CognitoUserSession) => void;
    vi.mocked(refreshSession).mockImplementationOnce(
      () => new Promise<CognitoUserSession>((r) => (resolve = r)),
    );

    const first = manager.refresh({ force: true });
    const second = manager.refresh({ force: true });
    await settle();
    const next = makeJwt({ secondsLeft: 7200 });
    resolve(fakeSession(next));

    await expect(Promise.all([first, second])).resolves.toEqual([next, next]);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);

    // Once settled, a new forced refresh is a new attempt.
    await manager.refresh({ force: true });
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(2);
  });

  it('skips an automatic refresh within 30 s of the last one, but not a forced one', async () => {
    const { manager } = await restored(100);
    vi.mocked(refreshSession).mockImplementation(async () => fakeSession(makeJwt({ secondsLeft: 100 })));

    await manager.refresh({ force: true });
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
    const current = localStorage.getItem('awsCognitoIdToken');

    await vi.advanceTimersByTimeAsync(29_000);
    await expect(manager.refresh()).resolves.toBe(current);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);

    await manager.refresh({ force: true });
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(2);
  });

  it('refreshes automatically again once 30 s have passed', async () => {
    const { manager } = await restored(100);
    vi.mocked(refreshSession).mockImplementation(async () => fakeSession(makeJwt({ secondsLeft: 100 })));
    await manager.refresh({ force: true });

    await vi.advanceTimersByTimeAsync(30_000);
    await manager.refresh();

    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(2);
  });

  it('treats a session with more than 300 s left as fresh unless forced', async () => {
    const { manager, token } = await restored(301);

    await expect(manager.refresh()).resolves.toBe(token);
    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();

    await manager.refresh({ force: true });
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
  });

  it('refreshes automatically when 300 s or less are left', async () => {
    const { manager } = await restored(299);

    await manager.refresh();

    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
  });

  it('dispatches tokenExpired and ends the session when there is no refresh token', async () => {
    const { manager } = await restored(3600, { refreshToken: null });
    const events = captureEvents('tokenRefreshed', 'tokenExpired', 'refreshTokenExpired');

    await expect(manager.refresh({ force: true })).resolves.toBeNull();

    expect(events.map((e) => e.type)).toEqual(['tokenExpired']);
    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();
    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(authKeys()).toEqual([]);
  });

  it('dispatches tokenExpired and ends the session when the refresh gives no token back', async () => {
    const { manager } = await restored(3600);
    const events = captureEvents('tokenRefreshed', 'tokenExpired', 'refreshTokenExpired');
    vi.mocked(refreshSession).mockResolvedValueOnce(fakeSession(''));

    await expect(manager.refresh({ force: true })).resolves.toBeNull();

    expect(events.map((e) => e.type)).toEqual(['tokenExpired']);
    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(authKeys()).toEqual([]);
  });

  it.each(['Refresh Token has expired', 'Invalid Refresh Token'])(
    'dispatches refreshTokenExpired and clears all auth data on NotAuthorizedException “%s”',
    async (message) => {
      const { manager } = await restored(3600);
      const events = captureEvents('tokenRefreshed', 'tokenExpired', 'refreshTokenExpired');
      vi.mocked(refreshSession).mockRejectedValueOnce(cognitoError('NotAuthorizedException', message));

      await expect(manager.refresh({ force: true })).resolves.toBeNull();

      expect(events.map((e) => e.type)).toEqual(['refreshTokenExpired']);
      expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
      expect(authKeys()).toEqual([]);
    },
  );

  it('clears the auth state and stored tokens when the refresh fails for another reason', async () => {
    const { manager } = await restored(3600);
    const events = captureEvents('tokenRefreshed', 'tokenExpired', 'refreshTokenExpired');
    vi.mocked(refreshSession).mockRejectedValueOnce(new Error('Network error'));

    await expect(manager.refresh({ force: true })).resolves.toBeNull();

    expect(events).toEqual([]);
    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(authKeys()).toEqual([]);
  });

  it('stops scheduling after a failed refresh', async () => {
    await restored(60);
    vi.mocked(refreshSession).mockRejectedValue(new Error('Network error'));

    await vi.advanceTimersByTimeAsync(30_100);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
  });

  it('checks the session when the page becomes visible again', async () => {
    await restored(200);

    setVisibility('hidden');
    await settle();
    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();

    setVisibility('visible');
    await settle();
    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a fresh session when the page becomes visible', async () => {
    await restored(3600);

    setVisibility('visible');
    await settle();

    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------------------------------------
// api-client integration

describe('SessionManager with the API helper (shell §7 General helper behaviour)', () => {
  it('on 401 forces one refresh and retries once with the new token', async () => {
    const fetchMock = stubFetch({
      '/api/auth/me': [{ status: 200, body: meBody() }],
      '/api/deals': [
        { status: 401, body: { code: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } },
        { status: 200, body: { items: [] } },
      ],
    });
    const manager = new SessionManager();
    const oldToken = await signedIn(manager);
    // Sign-in was just now: the 30 s interval does not hold back the forced refresh of a 401.
    const next = makeJwt({ secondsLeft: 7200, sub: 'user-1' });
    vi.mocked(refreshSession).mockResolvedValueOnce(fakeSession(next));

    await expect(apiRequest('/api/deals')).resolves.toEqual({ items: [] });

    expect(vi.mocked(refreshSession)).toHaveBeenCalledTimes(1);
    const dealCalls = callsTo(fetchMock, '/api/deals');
    expect(dealCalls).toHaveLength(2);
    expect(bearerOf(dealCalls[0])).toBe(`Bearer ${oldToken}`);
    expect(bearerOf(dealCalls[1])).toBe(`Bearer ${next}`);
    expect(localStorage.getItem('awsCognitoIdToken')).toBe(next);
  });
});

// ---------------------------------------------------------------------------------------------
// when a session ends (DECISIONS.md, "When a session ends"; shell §8)

describe('SessionManager when a session ends', () => {
  /** The toasts shown, as title and description. */
  const shown = () => currentToasts().map((t) => [t.title, t.description ?? null]);

  /** Signed in; the next call of the deals is answered 401, as after a sign-out elsewhere. */
  async function signedInUntilADealsCall() {
    stubFetch({
      '/api/auth/me': [{ status: 200, body: meBody() }],
      '/api/deals': [
        { status: 401, body: { code: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } },
      ],
    });
    const manager = new SessionManager();
    await signedIn(manager);
    return manager;
  }

  it("says 'Authentication session expired' when a call's 401 and the refresh give no token", async () => {
    const manager = await signedInUntilADealsCall();
    clearToasts();
    vi.mocked(refreshSession).mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'),
    );

    await expect(apiRequest('/api/deals')).rejects.toMatchObject({ status: 401 });

    expect(manager.getState().status).toBe('unauthenticated');
    expect(shown()).toEqual([['Authentication session expired. Please sign in again.', null]]);
    expect(peekSessionEnd()).toBe('expired');
  });

  it("keeps what the user typed when the session ends on its own, and drops it at the user's own sign-out", async () => {
    const manager = await signedInUntilADealsCall();
    const mine = { userId: 'user-1', form: 'deal-new' };
    const theirs = { userId: 'user-2', form: 'deal-new' };
    writeDraft(mine, { values: { streetAddress: '12 Oak Street' }, files: [] });
    writeDraft(theirs, { values: { streetAddress: '9 Elm Road' }, files: [] });
    vi.mocked(refreshSession).mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'),
    );

    await expect(apiRequest('/api/deals')).rejects.toMatchObject({ status: 401 });
    expect(manager.getState().status).toBe('unauthenticated');
    expect(readDraft(mine)?.values).toEqual({ streetAddress: '12 Oak Street' });

    await signedIn(manager);
    await manager.signOut();
    expect(readDraft(mine)).toBeNull();
    // Another user of the browser keeps theirs until they sign out.
    expect(readDraft(theirs)?.values).toEqual({ streetAddress: '9 Elm Road' });
  });

  it("says 'Session Error' when the stored session is found expired at start-up (es)", async () => {
    await i18n.changeLanguage('es');
    try {
      clearToasts();
      storeSession(makeJwt({ secondsLeft: -10 }), { authenticated: true });
      stubFetch({});
      vi.mocked(refreshSession).mockRejectedValueOnce(
        cognitoError('NotAuthorizedException', 'Invalid Refresh Token'),
      );
      const manager = new SessionManager();

      await manager.init();

      expect(manager.getState().status).toBe('unauthenticated');
      expect(shown()).toEqual([
        ['Error de sesión', 'Tu sesión de autenticación venció. Inicia sesión de nuevo.'],
      ]);
      expect(peekSessionEnd()).toBe('startupExpired');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("says 'Session Error' when the stored session was revoked (the start-up check answers 401)", async () => {
    clearToasts();
    storeSession(makeJwt(), { authenticated: true });
    stubFetch({ '/api/auth/me': [{ status: 401, body: { message: 'Authentication required' } }] });
    vi.mocked(refreshSession).mockRejectedValue(
      cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'),
    );
    const manager = new SessionManager();

    await manager.init();

    expect(shown()).toContainEqual([
      'Session Error',
      'Your authentication session has expired. Please sign in again.',
    ]);
  });

  it("says 'Authentication Error' when a call finds no token while signed in", async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }], '/api/deals': [{ status: 401 }] });
    const manager = new SessionManager();
    await signedIn(manager);
    clearToasts();
    // Another tab signed out: the tokens are gone from the shared storage.
    localStorage.removeItem('awsCognitoIdToken');
    localStorage.removeItem('awsCognitoRefreshToken');

    await expect(apiRequest('/api/deals')).rejects.toMatchObject({ status: 401 });

    expect(manager.getState().status).toBe('unauthenticated');
    expect(shown()[0]).toEqual([
      'Authentication Error',
      'Unable to get authentication token. Please try logging in again.',
    ]);
    expect(peekSessionEnd()).toBe('noToken');
  });

  it("says 'Failed to validate AWS Cognito token' when the current-user call fails on its own, and goes on", async () => {
    clearToasts();
    storeSession(makeJwt(), { authenticated: false });
    stubFetch({ '/api/auth/me': [{ status: 500 }] });
    const manager = new SessionManager();

    await manager.init();

    expect(manager.getState()).toMatchObject({ status: 'authenticated', user: { validationFailed: true } });
    expect(shown()).toEqual([['Failed to validate AWS Cognito token', null]]);
    // The session goes on: the sign-in page has nothing to say.
    expect(peekSessionEnd()).toBeNull();
  });

  it("says 'Failed to check authentication status' when the start-up check itself fails", async () => {
    clearToasts();
    // A token with no subject (nothing to fall back on) and a server that cannot be reached.
    const exp = Math.floor(Date.now() / 1000) + 3600;
    storeSession([b64url({ alg: 'RS256' }), b64url({ email: EMAIL, exp }), 'sig'].join('.'));
    stubFetch({ '/api/auth/me': ['network-error'] });
    const manager = new SessionManager();

    await manager.init();

    expect(manager.getState().status).toBe('unauthenticated');
    expect(shown()).toContainEqual(['Failed to check authentication status', null]);
  });
});

// ---------------------------------------------------------------------------------------------
// sign-out

describe('SessionManager sign-out', () => {
  function fillStorage() {
    localStorage.setItem('CognitoIdentityServiceProvider.client123.pat@example.com.idToken', 'x');
    localStorage.setItem('CognitoIdentityServiceProvider.client123.pat@example.com.refreshToken', 'y');
    localStorage.setItem('CognitoIdentityServiceProvider.client123.LastAuthUser', EMAIL);
    localStorage.setItem('aws.cognito.signin.user.admin', 'z');
    localStorage.setItem('myAWSCredentials', 'w');
    localStorage.setItem('language', 'en');
    sessionStorage.setItem('dashboard_fetch_attempt', '1');
  }

  it('clears every cognito/aws key, the dashboard marker, ends the session and goes fully to /', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    await signedIn(manager);
    fillStorage();
    expect(authKeys().length).toBeGreaterThanOrEqual(10);

    // While signed in, the browser carries the member hint (the server's ZIP page leaves out its
    // sign-up box for it); the sign-out takes it away.
    expect(document.cookie).toContain('member=1');
    await manager.signOut();

    expect(document.cookie).not.toContain('member=1');
    expect(authKeys()).toEqual([]);
    expect(localStorage.getItem('language')).toBe('en');
    expect(sessionStorage.getItem('dashboard_fetch_attempt')).toBeNull();
    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(assign).toHaveBeenCalledWith('/');
    const user = await vi.mocked(cognitoUser).mock.results.at(-1)!.value;
    expect(user.signOut).toHaveBeenCalled();
  });

  it('stops the refresh scheduler and the visibility check', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    await signedIn(manager, makeJwt({ secondsLeft: 200 }));
    // The scheduler has started and armed the refresh (due 30 s later).
    await vi.advanceTimersByTimeAsync(1_000);

    await manager.signOut();
    const events = captureEvents('tokenRefreshed', 'tokenExpired', 'refreshTokenExpired');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);

    expect(vi.mocked(refreshSession)).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(manager.getState().status).toBe('unauthenticated');
  });

  it('clears all local storage when ending the directory session fails', async () => {
    stubFetch({ '/api/auth/me': [{ status: 200, body: meBody() }] });
    const manager = new SessionManager();
    await signedIn(manager);
    fillStorage();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(cognitoUser).mockRejectedValueOnce(new Error('pool unavailable'));

    await manager.signOut();

    expect(localStorage.length).toBe(0);
    expect(manager.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(assign).toHaveBeenCalledWith('/');
  });
});

describe('unexpected roles', () => {
  it('keeps role values it does not know, with a warning, and maps the rest by priority', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    storeSession(makeJwt({ groups: ['owners'] }));
    stubFetch({
      '/api/auth/me': [{ status: 200, body: meBody({ role: 'owner', roles: ['owner', 'superhero'] }) }],
    });
    const manager = new SessionManager();
    await manager.init();
    const state = manager.getState();
    expect(state.status).toBe('authenticated');
    expect(state.user).toMatchObject({ role: 'owner', roles: ['owner'], otherRoles: ['superhero'] });
    expect(warn).toHaveBeenCalled();
  });
});
