/**
 * The client session of shell §4 and §7: tokens in the spec's storage keys, the start-up check
 * (corrupt tokens dropped, cached data kept when the server cannot be asked), sign-in validated by
 * `/api/auth/me` (a fallback user from the ID token when it cannot be), the refresh scheduler with
 * its constants and window events, one shared in-flight refresh, and sign-out that clears every
 * trace and navigates fully to `/`.
 */
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import {
  FRESH_SESSION_SECONDS,
  MIN_REFRESH_INTERVAL_MS,
  REFRESH_BUFFER_MS,
  REFRESH_SCHEDULER_START_MS,
  STORAGE_KEYS,
} from '@dealclub/shared/constants';
import { isLanguage } from '@dealclub/shared/language';
import { PROFILE_PARTS, type ProfilePart } from '@dealclub/shared/profile-rules';
import { primaryRole, ROLES, rolesFromGroups, type Role } from '@dealclub/shared/roles';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest, currentToken, setAuthHandlers } from '@/lib/api-client';
import { i18n, saveLanguage } from '@/lib/i18n';
import type { AuthOutcome } from './cognito';
import { cognitoCode } from './cognito-errors';
import { identityClient } from './identity-client';
import { setMemberHint } from './member-hint';
import { rememberSessionEnd, SESSION_END_MESSAGES, type SessionEnd } from './session-end';

/** The current user: `/api/auth/me`, or the fallback built from the ID token (shell §3). */
export interface CurrentUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  roles: Role[];
  /** Role values the client does not know, kept as the server sent them (shell §4). */
  otherRoles?: string[];
  cognitoGroups: string[];
  phoneNumber: string | null;
  languagePreference: 'en' | 'es';
  profileComplete: boolean;
  /** What the server says is still missing, in the order the redirect asks for it. */
  missingProfileParts?: ProfilePart[];
  authProvider?: 'cognito';
  /** The Certified Buyer badge (training). */
  certifiedBuyer?: boolean;
  /** Two-step sign-in with an authenticator app is on. */
  mfaEnabled?: boolean;
  /** Set on the fallback user, when the server could not validate the token. */
  validationFailed?: boolean;
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: CurrentUser };

export type SignInResult =
  | { status: 'signedIn' }
  | { status: 'newPasswordRequired' }
  | { status: 'resetRequired' }
  /** The authenticator code is asked for next. */
  | { status: 'totpRequired' }
  /** The user's role requires two-step sign-in: it is set up before any token is given. */
  | { status: 'mfaSetup' };

interface MeResponse {
  userId: string;
  email: string;
  role: string;
  roles: string[];
  cognitoGroups: string[];
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  languagePreference: string;
  profileComplete?: boolean;
  profileCompleted?: boolean;
  missingProfileParts?: string[];
  certifiedBuyer?: boolean;
  mfaEnabled?: boolean;
}

const storage = () => window.localStorage;

function decodePayload(token: string): Record<string, unknown> | null {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(part), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function knownRoles(values: readonly string[]): Role[] {
  const known = ROLES.filter((r) => values.includes(r));
  return known.length ? [...known].sort((a, b) => ROLES.indexOf(b) - ROLES.indexOf(a)) : ['buyer'];
}

function fromMe(me: MeResponse): CurrentUser {
  const roles = knownRoles(me.roles);
  const unexpected = me.roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unexpected.length) console.warn('Unexpected role values kept:', unexpected);
  return {
    userId: me.userId,
    email: me.email,
    firstName: me.firstName ?? '',
    lastName: me.lastName ?? '',
    role: (ROLES as readonly string[]).includes(me.role) ? (me.role as Role) : primaryRole(me.roles),
    roles,
    ...(unexpected.length ? { otherRoles: unexpected } : {}),
    cognitoGroups: me.cognitoGroups ?? [],
    phoneNumber: me.phoneNumber,
    languagePreference: me.languagePreference === 'es' ? 'es' : 'en',
    profileComplete: Boolean(me.profileComplete ?? me.profileCompleted),
    missingProfileParts: (me.missingProfileParts ?? []).filter((part): part is ProfilePart =>
      (PROFILE_PARTS as readonly string[]).includes(part),
    ),
    authProvider: 'cognito',
    certifiedBuyer: Boolean(me.certifiedBuyer),
    mfaEnabled: Boolean(me.mfaEnabled),
  };
}

/**
 * The roles of the stored session's token, before the session check confirms them (a screen's
 * reads started beside it, `ScreenPrefetch`); none without a stored session or with a token that
 * cannot be read.
 */
export function storedRoles(): readonly Role[] {
  const token = currentToken();
  try {
    return (token && fallbackUser(token)?.roles) || [];
  } catch {
    return [];
  }
}

/** Shell §4: built from the decoded ID token when the server cannot validate it. */
export function fallbackUser(idToken: string): CurrentUser | null {
  const claims = decodePayload(idToken);
  if (!claims || typeof claims.sub !== 'string') return null;
  const groups = Array.isArray(claims['cognito:groups']) ? (claims['cognito:groups'] as string[]) : [];
  const roles = rolesFromGroups(groups);
  return {
    userId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    firstName: '',
    lastName: '',
    role: primaryRole(groups),
    roles: roles.length ? roles : ['buyer'],
    cognitoGroups: groups,
    phoneNumber: null,
    languagePreference: i18n.language === 'es' ? 'es' : 'en',
    profileComplete: false,
    authProvider: 'cognito',
    validationFailed: true,
  };
}

function secondsLeft(token: string): number {
  const exp = decodePayload(token)?.exp;
  return typeof exp === 'number' ? exp - Date.now() / 1000 : -1;
}

export class SessionManager {
  private state: SessionState = { status: 'loading', user: null };
  private listeners = new Set<() => void>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<string | null> | null = null;
  private lastRefreshAt = 0;
  /** The user part-way through a sign-in: a new password, the code, or the code's set-up to come. */
  private challengeUser: Exclude<AuthOutcome, { kind: 'success' }>['user'] | null = null;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible' && this.state.status === 'authenticated') void this.refresh();
  };

  constructor() {
    setAuthHandlers({
      getToken: () => {
        const token = this.idToken();
        // Signed in, yet no token to send (another tab's sign-out took it): the session is over.
        if (!token && this.state.status === 'authenticated') this.endSession('noToken');
        return token;
      },
      refresh: async () => {
        const signedIn = this.state.status === 'authenticated';
        const token = await this.refresh({ force: true });
        // A call answered 401 and the refresh gave no token: the session ended.
        if (!token && signedIn) this.announce('expired');
        return token;
      },
    });
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: SessionState) {
    this.state = state;
    if (state.status !== 'loading') setMemberHint(state.status === 'authenticated');
    for (const listener of this.listeners) listener();
  }

  idToken(): string | null {
    return storage().getItem(STORAGE_KEYS.idToken);
  }

  /** Start-up: restore the session from storage. */
  async init(): Promise<void> {
    // No draft outlives 7 days, whoever's it is (loaded apart: not part of the first visit's script).
    void import('@/lib/drafts').then(
      (drafts) => drafts.pruneDrafts(),
      () => undefined,
    );
    const stored = this.idToken();
    if (stored && stored.split('.').length !== 3) {
      // A token that is not header.payload.signature is corrupt (shell §4).
      storage().removeItem(STORAGE_KEYS.idToken);
    }
    if (!this.idToken() && !storage().getItem(STORAGE_KEYS.refreshToken)) {
      this.set({ status: 'unauthenticated', user: null });
      return;
    }
    try {
      if (secondsLeft(this.idToken() ?? '') <= 0) await this.refresh({ force: true });
      if (!this.idToken()) {
        this.announce('startupExpired');
        return this.set({ status: 'unauthenticated', user: null });
      }
      const user = await this.validate();
      this.set({ status: 'authenticated', user });
      this.startScheduler();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        if (error.status === 403) this.notifyDeactivated();
        // The stored session no longer holds (revoked, or its refresh refused).
        else this.announce('startupExpired');
        this.clearAuth();
        return this.set({ status: 'unauthenticated', user: null });
      }
      // The check failed for another reason (offline, server down): stay signed in on cached data.
      const cached = this.cachedUser();
      if (storage().getItem(STORAGE_KEYS.authenticated) === 'true' && cached) {
        this.set({ status: 'authenticated', user: cached });
        this.startScheduler();
      } else {
        const fallback = this.idToken() ? fallbackUser(this.idToken()!) : null;
        if (fallback) {
          this.announce('validationFailed');
          this.set({ status: 'authenticated', user: fallback });
          this.startScheduler();
        } else {
          this.announce('checkFailed');
          this.set({ status: 'unauthenticated', user: null });
        }
      }
    }
  }

  async signIn(email: string, password: string): Promise<SignInResult> {
    const { authenticate, cognitoUser } = await identityClient();
    const user = await cognitoUser(email.trim().toLowerCase());
    let outcome: AuthOutcome;
    try {
      outcome = await authenticate(user, password);
    } catch (error) {
      if (cognitoCode(error) === 'PasswordResetRequiredException') return { status: 'resetRequired' };
      throw error;
    }
    return this.follow(outcome);
  }

  /** Signs in on success; otherwise keeps the user for the step that comes next. */
  private async follow(outcome: AuthOutcome): Promise<SignInResult> {
    if (outcome.kind === 'success') {
      this.challengeUser = null;
      await this.establish(outcome.session);
      return { status: 'signedIn' };
    }
    this.challengeUser = outcome.user;
    return { status: outcome.kind };
  }

  private pendingUser() {
    if (!this.challengeUser) throw new Error('No email found for sign-in completion');
    return this.challengeUser;
  }

  async completeNewPasswordChallenge(newPassword: string): Promise<SignInResult> {
    const { completeNewPassword } = await identityClient();
    return this.follow(await completeNewPassword(this.pendingUser(), newPassword));
  }

  /** The code step of a sign-in. A wrong code can be tried again on the same challenge. */
  async submitTotpCode(code: string): Promise<void> {
    const { sendTotpCode } = await identityClient();
    await this.follow({ kind: 'success', session: await sendTotpCode(this.pendingUser(), code) });
  }

  /** The set-up a required role meets at sign-in: the secret to show as a QR code and as text. */
  async startMfaSetup(): Promise<string> {
    const { associateSoftwareToken } = await identityClient();
    return associateSoftwareToken(this.pendingUser());
  }

  /** The set-up's first code, which finishes the sign-in. */
  async finishMfaSetup(code: string): Promise<void> {
    const { verifySoftwareToken } = await identityClient();
    const session = await verifySoftwareToken(this.pendingUser(), code);
    if (!session) throw new Error('The set-up gave no session');
    await this.follow({ kind: 'success', session });
  }

  /** Profile, Security: a new secret for the signed-in user (turned on by {@link confirmMfa}). */
  async beginMfa(): Promise<string> {
    const { associateSoftwareToken, currentCognitoUser } = await identityClient();
    return associateSoftwareToken(await currentCognitoUser());
  }

  /** Profile, Security: the first code of the new secret turns two-step sign-in on. */
  async confirmMfa(code: string): Promise<void> {
    const { currentCognitoUser, setTotpPreference, verifySoftwareToken } = await identityClient();
    const user = await currentCognitoUser();
    await verifySoftwareToken(user, code);
    await setTotpPreference(user, true);
    await this.reloadUser();
  }

  /**
   * Profile, Security: turning it off asks for the password and a code. They are a fresh sign-in
   * (the provider takes the change only from a recent one), whose tokens then make the change.
   */
  async turnOffMfa(password: string, code: string): Promise<void> {
    if (this.state.status !== 'authenticated') throw new Error('User is not authenticated');
    const { authenticate, cognitoUser, sendTotpCode, setTotpPreference } = await identityClient();
    const user = await cognitoUser(this.state.user.email);
    const outcome = await authenticate(user, password);
    const session =
      outcome.kind === 'success'
        ? outcome.session
        : outcome.kind === 'totpRequired'
          ? await sendTotpCode(user, code)
          : undefined;
    if (!session) throw new Error(`Unexpected sign-in step: ${outcome.kind}`);
    this.storeTokens(session);
    await setTotpPreference(user, false);
    await this.reloadUser();
  }

  private storeTokens(session: CognitoUserSession) {
    storage().setItem(STORAGE_KEYS.idToken, session.getIdToken().getJwtToken());
    const refreshToken = session.getRefreshToken().getToken();
    if (refreshToken) storage().setItem(STORAGE_KEYS.refreshToken, refreshToken);
    storage().setItem(STORAGE_KEYS.authenticated, 'true');
  }

  private async establish(session: CognitoUserSession) {
    this.storeTokens(session);
    this.lastRefreshAt = Date.now();
    let user: CurrentUser;
    try {
      user = await this.validate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        this.notifyDeactivated();
        this.clearAuth();
        this.set({ status: 'unauthenticated', user: null });
        throw error;
      }
      // Signed in with the directory, but the server could not validate: continue on the token.
      this.announce('validationFailed');
      user = fallbackUser(session.getIdToken().getJwtToken())!;
    }
    if (
      !user.validationFailed &&
      isLanguage(user.languagePreference) &&
      user.languagePreference !== i18n.language
    ) {
      await i18n.changeLanguage(user.languagePreference);
      saveLanguage(user.languagePreference);
    }
    this.set({ status: 'authenticated', user });
    this.startScheduler();
  }

  /** `GET /api/auth/me`: one retry, never cached (shell §7). */
  private async validate(): Promise<CurrentUser> {
    let me: MeResponse;
    try {
      me = await apiRequest<MeResponse>('/api/auth/me');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw error;
      me = await apiRequest<MeResponse>('/api/auth/me');
    }
    const user = fromMe(me);
    storage().setItem(STORAGE_KEYS.userData, JSON.stringify(user));
    storage().setItem(STORAGE_KEYS.userDataTimestamp, String(Date.now()));
    return user;
  }

  /** Re-reads the user (after a profile or role change). */
  async reloadUser(): Promise<void> {
    if (this.state.status !== 'authenticated') return;
    try {
      this.set({ status: 'authenticated', user: await this.validate() });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        if (error.status === 403) this.notifyDeactivated();
        this.clearAuth();
        this.set({ status: 'unauthenticated', user: null });
      }
    }
  }

  private cachedUser(): CurrentUser | null {
    try {
      const raw = storage().getItem(STORAGE_KEYS.userData);
      return raw ? (JSON.parse(raw) as CurrentUser) : null;
    } catch {
      return null;
    }
  }

  private notifyDeactivated() {
    toast({
      title: i18n.t('auth.deactivatedTitle'),
      description: i18n.t('auth.deactivatedMessage'),
      variant: 'destructive',
    });
  }

  // -------------------------------------------------------------------------------------------
  // refresh

  private startScheduler() {
    this.stopScheduler();
    this.startTimer = setTimeout(() => this.schedule(), REFRESH_SCHEDULER_START_MS);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  private stopScheduler() {
    clearTimeout(this.startTimer);
    clearTimeout(this.refreshTimer);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  /** 5 minutes before the ID token expires, never sooner than 30 s from now. */
  private schedule() {
    clearTimeout(this.refreshTimer);
    const token = this.idToken();
    if (!token) return;
    const delay = Math.max(secondsLeft(token) * 1000 - REFRESH_BUFFER_MS, MIN_REFRESH_INTERVAL_MS);
    this.refreshTimer = setTimeout(() => {
      void this.refresh().then(() => this.schedule());
    }, delay);
  }

  /**
   * Refreshes the tokens. Concurrent calls share one attempt; automatic ones closer than 30 s to
   * the last are skipped, and a session with more than 300 s left is fresh, unless forced.
   */
  refresh(options: { force?: boolean } = {}): Promise<string | null> {
    if (this.inFlight) return this.inFlight;
    const token = this.idToken();
    if (!options.force) {
      if (Date.now() - this.lastRefreshAt < MIN_REFRESH_INTERVAL_MS) return Promise.resolve(token);
      if (token && secondsLeft(token) > FRESH_SESSION_SECONDS) return Promise.resolve(token);
    }
    this.inFlight = this.doRefresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async doRefresh(): Promise<string | null> {
    const refreshToken = storage().getItem(STORAGE_KEYS.refreshToken);
    const username =
      this.cachedUser()?.email || (decodePayload(this.idToken() ?? '')?.email as string | undefined);
    if (!refreshToken || !username) {
      window.dispatchEvent(new CustomEvent('tokenExpired'));
      this.expire();
      return null;
    }
    try {
      const { cognitoUser, refreshSession } = await identityClient();
      const session = await refreshSession(await cognitoUser(username), refreshToken);
      const token = session.getIdToken().getJwtToken();
      if (!token) {
        window.dispatchEvent(new CustomEvent('tokenExpired'));
        this.expire();
        return null;
      }
      this.storeTokens(session);
      this.lastRefreshAt = Date.now();
      window.dispatchEvent(new CustomEvent('tokenRefreshed', { detail: { token } }));
      return token;
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (cognitoCode(error) === 'NotAuthorizedException') {
        if (/refresh token/i.test(message)) window.dispatchEvent(new CustomEvent('refreshTokenExpired'));
        storage().removeItem(STORAGE_KEYS.userData);
        storage().removeItem(STORAGE_KEYS.userDataTimestamp);
      }
      this.expire();
      return null;
    }
  }

  /**
   * Tells the user why their session ended (or could not be checked), in the catalogue's words: a
   * toast, and (for the moments that end it) the sign-in page's notice when they land there.
   */
  private announce(reason: SessionEnd) {
    const { title, description } = SESSION_END_MESSAGES[reason];
    if (reason !== 'validationFailed') rememberSessionEnd(reason);
    // One toast shows at a time: the calls that were on their way fail with the session, and their
    // own error toasts ("Update failed") would hide what happened.
    toast({
      title: i18n.t(title),
      ...(description ? { description: i18n.t(description) } : {}),
      variant: 'destructive',
      cause: reason !== 'validationFailed',
    });
  }

  private endSession(reason: SessionEnd) {
    this.announce(reason);
    this.expire();
  }

  /** A failed refresh: auth state and stored tokens go. */
  private expire() {
    this.stopScheduler();
    this.clearAuth();
    if (this.state.status !== 'unauthenticated') this.set({ status: 'unauthenticated', user: null });
  }

  private clearAuth() {
    const keys: string[] = [];
    for (let i = 0; i < storage().length; i++) {
      const key = storage().key(i);
      if (key && (/cognito|aws/i.test(key) || key === STORAGE_KEYS.userDataTimestamp)) keys.push(key);
    }
    for (const key of keys) storage().removeItem(key);
    sessionStorage.removeItem(STORAGE_KEYS.dashboardFetchAttempt);
  }

  /** Sign-out (shell §4): stop refreshing, end the session, clear everything, go home fully. */
  async signOut(): Promise<void> {
    this.stopScheduler();
    // Deal alerts stop coming to this browser with the session (a shared device), while the
    // session can still tell the server. Loaded only here: most sign-outs have no subscription.
    if (this.state.user && 'serviceWorker' in navigator) {
      await import('@/lib/web-push').then((push) => push.disablePush()).catch(() => undefined);
    }
    // What the user typed and did not save goes with a sign-out they chose (issue 33); a session
    // that ends on its own keeps it for the next sign-in.
    const userId = this.state.user?.userId;
    if (userId)
      await import('@/lib/drafts').then(
        (drafts) => drafts.removeUserDrafts(userId),
        () => undefined,
      );
    try {
      const username = this.state.user?.email;
      if (username) {
        const { cognitoUser } = await identityClient();
        const user = await cognitoUser(username);
        await new Promise<void>((resolve) => {
          // Revokes the refresh token when the access token allows it; errors are only logged.
          user.signOut(() => resolve());
          setTimeout(resolve, 3000);
        });
      }
      this.clearAuth();
    } catch (error) {
      console.warn('Failed to sign out', error);
      // On error, all storage is cleared (shell §4).
      storage().clear();
      sessionStorage.clear();
    }
    this.set({ status: 'unauthenticated', user: null });
    window.location.assign('/');
  }
}

export const sessionManager = new SessionManager();
