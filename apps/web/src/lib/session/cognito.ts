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

export type AuthOutcome =
  { kind: 'success'; session: CognitoUserSession } | { kind: 'newPasswordRequired'; user: CognitoUser };

export function authenticate(user: CognitoUser, password: string): Promise<AuthOutcome> {
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  return new Promise((resolve, reject) =>
    user.authenticateUser(details, {
      onSuccess: (session) => resolve({ kind: 'success', session }),
      onFailure: reject,
      newPasswordRequired: () => resolve({ kind: 'newPasswordRequired', user }),
    }),
  );
}

export function completeNewPassword(user: CognitoUser, newPassword: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.completeNewPasswordChallenge(newPassword, {}, { onSuccess: resolve, onFailure: reject }),
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
