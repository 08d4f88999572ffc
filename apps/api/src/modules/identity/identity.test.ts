/**
 * The embedded identity provider driven by the real `amazon-cognito-identity-js`, as the web app
 * drives it, over a real socket on 127.0.0.1.
 */
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identityCodes, identityUsers, invitations, outbox } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { cognito, createUser, mailedCode, TEST_PASSWORD } from '../../test/auth';
import { createInvitation } from '../invitations';
import { runSeeds } from '../../db/seed';
import { DEMO_PASSWORD, demoAccountsSeed } from './demo-accounts';
import { demoProfilesSeed } from '../profile';
import { createDirectoryUser } from './directory';
import { rotateSigningKey } from './keys';

class MemoryStorage implements ICognitoStorage {
  private items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

let app: FastifyInstance;
let pool: CognitoUserPool;

async function startApp(env: Record<string, string> = {}) {
  app = await createTestApp(env);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  pool = new CognitoUserPool({
    UserPoolId: app.config.identity.userPoolId,
    ClientId: app.config.identity.clientId,
    endpoint: `http://127.0.0.1:${port}/cognito/`,
    Storage: new MemoryStorage(),
  });
}

beforeEach(async () => startApp());
afterEach(async () => {
  await app?.close();
});

type CognitoFailure = Error & { code?: string };

function userOf(email: string) {
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
  user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
  return user;
}

function signUp(
  email: string,
  password: string,
  invitationToken?: string,
  attributes: Record<string, string> = {},
) {
  const attrs = Object.entries({ email, ...attributes }).map(
    ([Name, Value]) => new CognitoUserAttribute({ Name, Value }),
  );
  const validation = invitationToken
    ? [new CognitoUserAttribute({ Name: 'invitationToken', Value: invitationToken })]
    : [];
  return new Promise<{ userSub: string; userConfirmed: boolean }>((resolve, reject) =>
    pool.signUp(email, password, attrs, validation, (err, result) => (err ? reject(err) : resolve(result!))),
  );
}

function confirm(email: string, code: string) {
  return new Promise<unknown>((resolve, reject) =>
    userOf(email).confirmRegistration(code, true, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

function authenticate(user: CognitoUser, password: string) {
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  return new Promise<CognitoUserSession | { challenge: 'NEW_PASSWORD_REQUIRED' }>((resolve, reject) =>
    user.authenticateUser(details, {
      onSuccess: resolve,
      onFailure: reject,
      newPasswordRequired: () => resolve({ challenge: 'NEW_PASSWORD_REQUIRED' }),
    }),
  );
}

async function signIn(email: string, password: string) {
  const user = userOf(email);
  const session = await authenticate(user, password);
  if ('challenge' in session) throw new Error('unexpected challenge');
  return { user, session };
}

async function failure(promise: Promise<unknown>): Promise<CognitoFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as CognitoFailure,
  );
  if (!error) throw new Error('expected the call to fail');
  return error;
}

const lastCode = (recipient: string, template: string) => mailedCode(app, recipient, template);

async function me(idToken: string) {
  return app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${idToken}` } });
}

describe('sign-up with an invitation', () => {
  it('signs up, confirms with the e-mailed code, signs in with the role of the invitation', async () => {
    const invitation = await createInvitation(app.database.db, { role: 'originator', createdBy: null });
    const result = await signUp('new.seller@example.test', 'Str0ng!Pass', invitation.token, {
      given_name: 'Nora',
      family_name: 'Seller',
    });
    expect(result.userConfirmed).toBe(false);

    const notYet = await failure(signIn('new.seller@example.test', 'Str0ng!Pass'));
    expect(notYet.code).toBe('UserNotConfirmedException');

    await confirm('new.seller@example.test', await lastCode('new.seller@example.test', 'confirm_signup'));
    const { session } = await signIn('new.seller@example.test', 'Str0ng!Pass');
    const res = await me(session.getIdToken().getJwtToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: result.userSub,
      email: 'new.seller@example.test',
      role: 'originator',
      roles: ['originator'],
      cognitoGroups: ['originator'],
      firstName: 'Nora',
      lastName: 'Seller',
    });
    const [used] = await app.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(used?.usedBy).toBe(result.userSub);
  });

  it('is refused without an invitation, and with a used or expired one, each with its reason', async () => {
    expect((await failure(signUp('a@example.test', 'Str0ng!Pass'))).code).toBe('NotAuthorizedException');
    expect((await failure(signUp('a@example.test', 'Str0ng!Pass', 'no-such-token'))).message).toBe(
      'This invitation link is not valid.',
    );
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    await signUp('first@example.test', 'Str0ng!Pass', invitation.token);
    expect((await failure(signUp('second@example.test', 'Str0ng!Pass', invitation.token))).message).toBe(
      'This invitation has already been used.',
    );
    const old = await createInvitation(app.database.db, {
      role: 'buyer',
      createdBy: null,
      now: new Date(Date.now() - 91 * 24 * 3600 * 1000),
    });
    expect((await failure(signUp('late@example.test', 'Str0ng!Pass', old.token))).message).toBe(
      'This invitation has expired.',
    );
  });

  it('lets exactly one of many concurrent sign-ups use one invitation', { tags: ['server'] }, async () => {
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => signUp(`racer${i}@example.test`, 'Str0ng!Pass', invitation.token)),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const accounts = await app.database.db.select().from(identityUsers);
    expect(accounts).toHaveLength(1);
  });

  it('enforces the password policy', async () => {
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const error = await failure(signUp('weak@example.test', 'alllowercase1!', invitation.token));
    expect(error.code).toBe('InvalidPasswordException');
    expect(error.message).toContain('uppercase');
  });

  it('does not reveal that an address has an account: same answer, and the owner is told', async () => {
    const existing = await createUser(app);
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const result = await signUp(existing.email, 'Str0ng!Pass', invitation.token);
    expect(result.userConfirmed).toBe(false);
    const [unused] = await app.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(unused?.usedAt).toBeNull();
    const notices = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, existing.email), eq(outbox.template, 'existing_account')));
    expect(notices).toHaveLength(1);
    // The real account still signs in with its own password.
    await signIn(existing.email, existing.password);
  });
});

describe('confirmation codes', () => {
  async function pendingUser(email: string) {
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    await signUp(email, 'Str0ng!Pass', invitation.token);
  }

  it('refuses a wrong code, an expired code and a code used twice', async () => {
    await pendingUser('codes@example.test');
    expect((await failure(confirm('codes@example.test', '000000'))).code).toBe('CodeMismatchException');

    await app.database.db.update(identityCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await failure(
      confirm('codes@example.test', await lastCode('codes@example.test', 'confirm_signup')),
    );
    expect(expired.code).toBe('ExpiredCodeException');

    // A resent code works once.
    await new Promise((resolve, reject) =>
      userOf('codes@example.test').resendConfirmationCode((err, r) => (err ? reject(err) : resolve(r))),
    );
    const code = await lastCode('codes@example.test', 'confirm_signup');
    await confirm('codes@example.test', code);
    expect((await failure(confirm('codes@example.test', code))).code).toBe('NotAuthorizedException');
  });

  it('uses a code up after five wrong tries', async () => {
    await pendingUser('guess@example.test');
    const code = await lastCode('guess@example.test', 'confirm_signup');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) await failure(confirm('guess@example.test', wrong));
    expect((await failure(confirm('guess@example.test', wrong))).code).toBe('LimitExceededException');
    expect((await failure(confirm('guess@example.test', code))).code).toBe('ExpiredCodeException');
  });
});

describe('sign-in', () => {
  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const user = await createUser(app);
    const unknown = await failure(signIn('nobody@example.test', TEST_PASSWORD));
    const wrong = await failure(signIn(user.email, 'Wrong-Password-1'));
    expect([unknown.code, unknown.message]).toEqual([
      'NotAuthorizedException',
      'Incorrect username or password.',
    ]);
    expect([wrong.code, wrong.message]).toEqual([unknown.code, unknown.message]);
  });

  it('locks the account for 15 minutes after 5 wrong passwords', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 4; i++) {
      expect((await failure(signIn(user.email, 'Wrong-Password-1'))).message).toBe(
        'Incorrect username or password.',
      );
    }
    expect((await failure(signIn(user.email, 'Wrong-Password-1'))).message).toBe(
      'Password attempts exceeded',
    );
    expect((await failure(signIn(user.email, user.password))).message).toBe('Password attempts exceeded');
    const [row] = await app.database.db
      .select()
      .from(identityUsers)
      .where(eq(identityUsers.username, user.email));
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('issues Cognito-shaped tokens that the API accepts', async () => {
    const user = await createUser(app, { roles: ['owner'] });
    const { session } = await signIn(user.email, user.password);
    const id = decodeJwt(session.getIdToken().getJwtToken());
    const access = decodeJwt(session.getAccessToken().getJwtToken());
    expect(decodeProtectedHeader(session.getIdToken().getJwtToken())).toMatchObject({ alg: 'RS256' });
    expect(id).toMatchObject({
      sub: user.id,
      aud: app.config.identity.clientId,
      token_use: 'id',
      email: user.email,
      'cognito:groups': ['owner'],
      iss: app.config.identity.issuer,
    });
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: app.config.identity.clientId,
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(access.aud).toBeUndefined();
    expect((id.exp ?? 0) - (id.iat ?? 0)).toBe(3600);
    expect((await me(session.getIdToken().getJwtToken())).json()).toMatchObject({ role: 'owner' });
  });

  it('refreshes the session with the refresh token, keeping auth_time', async () => {
    const user = await createUser(app);
    const { user: cognitoUser, session } = await signIn(user.email, user.password);
    const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
      cognitoUser.refreshSession(session.getRefreshToken(), (err, s: CognitoUserSession) =>
        err ? reject(err) : resolve(s),
      ),
    );
    const before = decodeJwt(session.getIdToken().getJwtToken());
    const after = decodeJwt(refreshed.getIdToken().getJwtToken());
    expect(after.jti).not.toBe(before.jti);
    expect(after.auth_time).toBe(before.auth_time);
    expect((await me(refreshed.getIdToken().getJwtToken())).statusCode).toBe(200);
  });

  it('asks for a new password when the account requires one, then signs in', async () => {
    await createDirectoryUser(app.database.db, {
      email: 'temp@example.test',
      password: 'Temp-Pass-123',
      roles: ['buyer'],
      status: 'FORCE_CHANGE_PASSWORD',
    });
    const user = userOf('temp@example.test');
    expect(await authenticate(user, 'Temp-Pass-123')).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED' });
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.completeNewPasswordChallenge('Brand-New-Pass-1', {}, { onSuccess: resolve, onFailure: reject }),
    );
    expect(session.isValid()).toBe(true);
    await signIn('temp@example.test', 'Brand-New-Pass-1');
  });

  it('reports a required password reset', async () => {
    await createDirectoryUser(app.database.db, {
      email: 'reset@example.test',
      password: 'Old-Pass-1234',
      roles: ['buyer'],
      status: 'RESET_REQUIRED',
    });
    expect((await failure(signIn('reset@example.test', 'Old-Pass-1234'))).code).toBe(
      'PasswordResetRequiredException',
    );
  });
});

describe('passwords', () => {
  it('changes the password only with the current one', async () => {
    const user = await createUser(app);
    const { user: cognitoUser } = await signIn(user.email, user.password);
    const change = (oldPassword: string, newPassword: string) =>
      new Promise((resolve, reject) =>
        cognitoUser.changePassword(oldPassword, newPassword, (err, r) => (err ? reject(err) : resolve(r))),
      );
    expect((await failure(change('Not-The-Password-1', 'Another-Pass-1'))).code).toBe(
      'NotAuthorizedException',
    );
    await change(user.password, 'Another-Pass-1');
    await failure(signIn(user.email, user.password));
    await signIn(user.email, 'Another-Pass-1');
  });

  it('counts wrong current passwords toward the lockout, like sign-in', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 4; i++) {
      const res = await cognito(app, 'ChangePassword', {
        AccessToken: user.accessToken,
        PreviousPassword: 'Wrong-Password-1',
        ProposedPassword: 'Another-Pass-1',
      });
      expect(res.body.message).toBe('Incorrect username or password.');
    }
    const fifth = await cognito(app, 'ChangePassword', {
      AccessToken: user.accessToken,
      PreviousPassword: 'Wrong-Password-1',
      ProposedPassword: 'Another-Pass-1',
    });
    expect(fifth.body.message).toBe('Password attempts exceeded');
    expect((await failure(signIn(user.email, user.password))).message).toBe('Password attempts exceeded');
  });

  it('resets a forgotten password with the e-mailed code', async () => {
    const user = await createUser(app);
    const cognitoUser = userOf(user.email);
    await new Promise((resolve, reject) =>
      cognitoUser.forgotPassword({ onSuccess: resolve, onFailure: reject, inputVerificationCode: resolve }),
    );
    const code = await lastCode(user.email, 'forgot_password');
    await new Promise((resolve, reject) =>
      cognitoUser.confirmPassword(code, 'Reset-Pass-123', { onSuccess: resolve, onFailure: reject }),
    );
    await signIn(user.email, 'Reset-Pass-123');
  });

  it('answers a reset for an unknown address like any other and sends nothing', async () => {
    const res = await cognito(app, 'ForgotPassword', {
      ClientId: app.config.identity.clientId,
      Username: 'ghost@example.test',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      CodeDeliveryDetails: { Destination: 'g***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(
      await app.database.db.select().from(outbox).where(eq(outbox.recipient, 'ghost@example.test')),
    ).toEqual([]);
  });
});

describe('sign-out', () => {
  it('global sign-out stops the refresh token and every token issued so far', async () => {
    const user = await createUser(app);
    const { user: cognitoUser, session } = await signIn(user.email, user.password);
    await new Promise((resolve, reject) =>
      cognitoUser.globalSignOut({ onSuccess: resolve, onFailure: reject }),
    );

    expect((await me(session.getIdToken().getJwtToken())).statusCode).toBe(401);
    const refreshError = await failure(
      new Promise((resolve, reject) =>
        userOf(user.email).refreshSession(session.getRefreshToken(), (err, s) =>
          err ? reject(err) : resolve(s),
        ),
      ),
    );
    expect(refreshError.code).toBe('NotAuthorizedException');
    const getUser = await cognito(app, 'GetUser', { AccessToken: session.getAccessToken().getJwtToken() });
    expect(getUser.body).toMatchObject({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Signing in again works.
    await signIn(user.email, user.password);
  });

  it('RevokeToken ends that session only', async () => {
    const user = await createUser(app);
    const first = await signIn(user.email, user.password);
    const second = await signIn(user.email, user.password);
    const res = await cognito(app, 'RevokeToken', {
      ClientId: app.config.identity.clientId,
      Token: first.session.getRefreshToken().getToken(),
    });
    expect(res.status).toBe(200);
    expect((await me(first.session.getIdToken().getJwtToken())).statusCode).toBe(401);
    expect((await me(second.session.getIdToken().getJwtToken())).statusCode).toBe(200);
  });
});

describe('attributes', () => {
  it('reads the attributes and changes the e-mail only after the new address is verified', async () => {
    const user = await createUser(app, { firstName: 'Rosa' });
    const { session } = await signIn(user.email, user.password);
    const accessToken = session.getAccessToken().getJwtToken();
    const got = await cognito(app, 'GetUser', { AccessToken: accessToken });
    expect(got.body.Username).toBe(user.email);
    expect(got.body.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'given_name', Value: 'Rosa' }]));

    const update = await cognito(app, 'UpdateUserAttributes', {
      AccessToken: accessToken,
      UserAttributes: [{ Name: 'email', Value: 'moved@example.test' }],
    });
    expect(update.body.CodeDeliveryDetailsList).toHaveLength(1);
    await signIn(user.email, user.password); // not changed yet
    const verify = await cognito(app, 'VerifyUserAttribute', {
      AccessToken: accessToken,
      AttributeName: 'email',
      Code: await lastCode('moved@example.test', 'verify_email'),
    });
    expect(verify.status).toBe(200);
    await signIn('moved@example.test', user.password);
  });

  it('refuses to write attributes users do not own', async () => {
    const user = await createUser(app);
    const res = await cognito(app, 'UpdateUserAttributes', {
      AccessToken: user.accessToken,
      UserAttributes: [{ Name: 'cognito:groups', Value: 'admin' }],
    });
    expect(res.body).toMatchObject({ __type: 'InvalidParameterException' });
  });
});

describe('protocol', () => {
  it('answers actions the product does not use, unknown actions and bad bodies in the protocol', async () => {
    expect((await cognito(app, 'ListDevices', {})).body).toMatchObject({
      __type: 'InvalidParameterException',
    });
    expect((await cognito(app, 'AdminCreateUser', {})).body).toMatchObject({
      __type: 'UnknownOperationException',
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/cognito/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ __type: 'InvalidParameterException' });
    expect(bad.headers['x-amzn-errortype']).toBe('InvalidParameterException:');
  });

  it('answers CORS preflights for the browser client', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/cognito/',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toContain('x-amz-target');
  });

  it('publishes its keys and keeps old tokens valid across a key rotation', async () => {
    const user = await createUser(app);
    const jwks = (
      await app.inject(`/cognito/${app.config.identity.userPoolId}/.well-known/jwks.json`)
    ).json() as {
      keys: { kid: string; alg: string; kty: string; use: string; n: string; e: string; d?: string }[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ alg: 'RS256', kty: 'RSA', use: 'sig' });
    expect(jwks.keys[0]?.d).toBeUndefined();

    const newKid = await rotateSigningKey(app.database.db, app.secrets);
    const after = (await signIn(user.email, user.password)).session.getIdToken().getJwtToken();
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    expect((await me(user.idToken)).statusCode).toBe(200);
    expect((await me(after)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits each action per client address', async () => {
    await app.close();
    await startApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = () =>
      cognito(app, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: app.config.identity.clientId,
        AuthParameters: { USERNAME: 'x@example.test', PASSWORD: 'whatever' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).body.__type).toBe('NotAuthorizedException');
    expect((await attempt()).body).toMatchObject({ __type: 'TooManyRequestsException' });
    // Another action has its own budget.
    const other = await cognito(app, 'ForgotPassword', {
      ClientId: app.config.identity.clientId,
      Username: 'x@example.test',
    });
    expect(other.status).toBe(200);
  });
});

describe('demo accounts', () => {
  it('seeds one account per role that signs in with the demo password', async () => {
    await runSeeds(app.database.db, [demoAccountsSeed, demoProfilesSeed]);
    const expected = {
      'admin@demo.test': 'admin',
      'owner@demo.test': 'owner',
      'seller@demo.test': 'originator',
      'buyer@demo.test': 'buyer',
      'hybrid@demo.test': 'originator',
    };
    for (const [email, role] of Object.entries(expected)) {
      const { session } = await signIn(email, DEMO_PASSWORD);
      const res = await me(session.getIdToken().getJwtToken());
      expect(res.json(), email).toMatchObject({ role, profileComplete: true });
    }
    expect(demoAccountsSeed.summary?.join('\n')).toContain('DemoPass!2026');
  });
});

describe('bad input', () => {
  it('answers every action with a protocol error, never a 500, whatever the body', async () => {
    const actions = [
      'InitiateAuth',
      'RespondToAuthChallenge',
      'SignUp',
      'ConfirmSignUp',
      'ResendConfirmationCode',
      'ForgotPassword',
      'ConfirmForgotPassword',
      'ChangePassword',
      'GetUser',
      'UpdateUserAttributes',
      'GetUserAttributeVerificationCode',
      'VerifyUserAttribute',
      'GlobalSignOut',
      'RevokeToken',
      'DeleteUser',
    ];
    const clientId = app.config.identity.clientId;
    const bodies: unknown[] = [
      {},
      [],
      'text',
      42,
      null,
      { ClientId: clientId, Username: 42, Password: ['x'], AccessToken: {}, AuthFlow: 'USER_PASSWORD_AUTH' },
      { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: 'not-an-object' },
      { ClientId: clientId, Username: 'a@b.co', UserAttributes: 'nope', ValidationData: [{ Name: 1 }] },
      {
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: 'x'.repeat(5000),
        ChallengeResponses: 'y',
      },
      { ClientId: 'someone-else', Username: 'a@b.co', ConfirmationCode: '123456', Password: 'Str0ng!Pass' },
    ];
    for (const action of actions) {
      for (const body of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/cognito/',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
          },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${action} ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(500);
        if (res.statusCode !== 200) expect(res.json().__type, action).toEqual(expect.any(String));
      }
    }
  });
});
