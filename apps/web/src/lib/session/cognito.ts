/**
 * The Amazon Cognito user-pool client (amazon-cognito-identity-js), pointed at the embedded
 * provider or at AWS as `/api/auth/public-config` says. USER_PASSWORD_AUTH: the embedded provider
 * does not speak SRP, and a real pool's app client must allow this flow (PROTOCOLS.md A).
 *
 * The library and its SRP and crypto code weigh more than React itself, so nothing on the first
 * load imports this module statically: the session manager imports it when a sign-in, a refresh
 * or a sign-out needs it, and the screens that need it (sign-in, verify, reset, email and
 * password changes) are chunks of their own. Checking a stored token needs only `/api/auth/me`.
 */
import {
  AuthenticationDetails,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { fetchPublicConfig } from '@/lib/public-config';
import { NotConfiguredError } from './cognito-errors';

/** Matches what the client library itself demands of a pool id (shell §5). */
const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

let poolPromise: Promise<CognitoUserPool> | undefined;

export function getUserPool(): Promise<CognitoUserPool> {
  poolPromise ??= fetchPublicConfig().then((config) => {
    if (
      !config.configured ||
      !config.clientId ||
      config.userPoolId.length > 55 ||
      !POOL_ID.test(config.userPoolId)
    ) {
      throw new NotConfiguredError();
    }
    return new CognitoUserPool({
      UserPoolId: config.userPoolId,
      ClientId: config.clientId,
      endpoint: config.endpoint ? new URL(config.endpoint, window.location.origin).toString() : undefined,
      Storage: window.localStorage,
    });
  });
  poolPromise.catch(() => {
    poolPromise = undefined;
  });
  return poolPromise;
}

export async function cognitoUser(username: string): Promise<CognitoUser> {
  const pool = await getUserPool();
  const user = new CognitoUser({ Username: username, Pool: pool, Storage: window.localStorage });
  user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
  return user;
}

/**
 * Where a sign-in step leaves the user: signed in, or at the next step, which the same
 * `CognitoUser` answers (it holds the challenge's `Session`).
 */
export type AuthOutcome =
  | { kind: 'success'; session: CognitoUserSession }
  | { kind: 'newPasswordRequired'; user: CognitoUser }
  | { kind: 'totpRequired'; user: CognitoUser }
  | { kind: 'mfaSetup'; user: CognitoUser };

function outcomeCallbacks(
  user: CognitoUser,
  resolve: (outcome: AuthOutcome) => void,
  reject: (e: unknown) => void,
) {
  return {
    onSuccess: (session: CognitoUserSession) => resolve({ kind: 'success', session }),
    onFailure: reject,
    newPasswordRequired: () => resolve({ kind: 'newPasswordRequired', user }),
    totpRequired: () => resolve({ kind: 'totpRequired', user }),
    mfaSetup: () => resolve({ kind: 'mfaSetup', user }),
  };
}

export function authenticate(user: CognitoUser, password: string): Promise<AuthOutcome> {
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  return new Promise((resolve, reject) =>
    user.authenticateUser(details, outcomeCallbacks(user, resolve, reject)),
  );
}

/** The new password of a NEW_PASSWORD_REQUIRED challenge; the code step may follow. */
export function completeNewPassword(user: CognitoUser, newPassword: string): Promise<AuthOutcome> {
  return new Promise((resolve, reject) =>
    user.completeNewPasswordChallenge(newPassword, {}, outcomeCallbacks(user, resolve, reject)),
  );
}

/** The code step of a sign-in (`SOFTWARE_TOKEN_MFA`). */
export function sendTotpCode(user: CognitoUser, code: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.sendMFACode(code, { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA'),
  );
}

/** A new authenticator secret: in the MFA_SETUP challenge, or for the signed-in user. */
export function associateSoftwareToken(user: CognitoUser): Promise<string> {
  return new Promise((resolve, reject) =>
    user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
  );
}

/**
 * Verifies the first code of a new secret. In the MFA_SETUP challenge this also finishes the
 * sign-in and answers the session; signed in, it answers nothing and the preference turns it on.
 */
export function verifySoftwareToken(
  user: CognitoUser,
  code: string,
): Promise<CognitoUserSession | undefined> {
  return new Promise((resolve, reject) =>
    user.verifySoftwareToken(code, 'DealClub', {
      onSuccess: (result: unknown) =>
        resolve(
          typeof (result as CognitoUserSession).getIdToken === 'function'
            ? (result as CognitoUserSession)
            : undefined,
        ),
      onFailure: reject,
    }),
  );
}

/** Turns the signed-in user's two-step sign-in on or off (`SetUserMFAPreference`). */
export function setTotpPreference(user: CognitoUser, enabled: boolean): Promise<void> {
  return new Promise((resolve, reject) =>
    user.setUserMfaPreference(null, { Enabled: enabled, PreferredMfa: enabled }, (err) =>
      err ? reject(err) : resolve(),
    ),
  );
}

export function refreshSession(user: CognitoUser, refreshToken: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.refreshSession(
      new CognitoRefreshToken({ RefreshToken: refreshToken }),
      (err, session: CognitoUserSession) => (err ? reject(err) : resolve(session)),
    ),
  );
}

/** The signed-in user of the client library, with a valid session (refreshed if needed). */
export async function currentCognitoUser(): Promise<CognitoUser> {
  const pool = await getUserPool();
  const user = pool.getCurrentUser();
  if (!user) throw new Error('User is not authenticated');
  await new Promise<void>((resolve, reject) =>
    user.getSession((err: Error | null) => (err ? reject(err) : resolve())),
  );
  return user;
}
