/**
 * Two-step sign-in (issue 29, decision 027) driven through AWS's SDK v3 against the embedded
 * provider over a real socket on 127.0.0.1, as any Cognito client would drive it; codes are
 * computed from the secret the provider gives, as an authenticator app computes them.
 */
import {
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  TooManyRequestsException,
  VerifySoftwareTokenCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAudit, identityUsers, users } from '../../db/schema';
import { newSecretKeyText, parseSecretKey, SecretBox, secretKeyId } from '../../lib/secret-box';
import { createTestApp } from '../../test/app';
import { callAs, cognito, createUser, mailedCode, TEST_PASSWORD, type TestUser } from '../../test/auth';
import { cognitoMfaAdmin } from './mfa-admin';
import { REAUTH_SECONDS, resealMfaSecrets, unopenableMfaSecrets } from './mfa';
import { base32Decode, matchTotp, totpCode, totpStep } from './totp';

let app: FastifyInstance;
let client: CognitoIdentityProviderClient;

async function start(env: Record<string, string> = {}) {
  app = await createTestApp(env);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  client = new CognitoIdentityProviderClient({
    region: 'us-east-2',
    endpoint: `http://127.0.0.1:${port}/cognito/`,
    // The SDK signs what it can; the embedded provider reads no signature.
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
}

/** The code an authenticator app shows for `secret`, `steps` steps from now. */
function codeOf(secret: string, steps = 0): string {
  return totpCode(base32Decode(secret)!, totpStep(Date.now()) + steps);
}

const clientId = () => app.config.identity.clientId;

/** A protocol call the SDK needs no help with: its answer's status must be 200. */
async function cognitoCall(action: string, body: Record<string, unknown>) {
  const res = await cognito(app, action, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function passwordStep(email: string, password = TEST_PASSWORD): Promise<InitiateAuthCommandOutput> {
  return client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId(),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

function codeStep(email: string, session: string | undefined, code: string) {
  return client.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );
}

/** Turns two-step sign-in on for a signed-in user, as the profile's Security section does. */
async function enrol(user: TestUser): Promise<string> {
  const { SecretCode } = await client.send(
    new AssociateSoftwareTokenCommand({ AccessToken: user.accessToken }),
  );
  await client.send(
    new VerifySoftwareTokenCommand({ AccessToken: user.accessToken, UserCode: codeOf(SecretCode!) }),
  );
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: user.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode!;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  if (!error) throw new Error('expected the call to fail');
  return error;
}

async function me(user: { headers: { authorization: string } }) {
  const res = await app.inject({ url: '/api/auth/me', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ mfaEnabled: boolean }>();
}

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1, its 8 digits cut to our 6.
  const secret = Buffer.from('12345678901234567890');
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(secret, Math.floor(seconds / 30))).toBe(code);
  });

  it('takes one step of drift either way, never two, and never a used step again', () => {
    const base32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // the same secret in base32
    const now = 1111111109_000;
    const at = (steps: number) => totpCode(secret, totpStep(now) + steps);
    expect(matchTotp(base32, at(-1), now, null)).toBe(totpStep(now) - 1);
    expect(matchTotp(base32, at(1), now, null)).toBe(totpStep(now) + 1);
    expect(matchTotp(base32, at(2), now, null)).toBeUndefined();
    expect(matchTotp(base32, at(-2), now, null)).toBeUndefined();
    expect(matchTotp(base32, at(0), now, totpStep(now))).toBeUndefined();
    expect(matchTotp(base32, 'abcdef', now, null)).toBeUndefined();
  });
});

describe('two-step sign-in through AWS SDK v3', { tags: ['server'] }, () => {
  beforeAll(async () => start({ IDENTITY_RATE_LIMIT_PER_MINUTE: '1000' }));
  afterAll(async () => app?.close());
  afterEach(() => vi.useRealTimers());

  it('is set up with an access token, then asks for a code at every sign-in', async () => {
    // The clock held still, so that every code here belongs to one 30-second step: on a loaded CI
    // machine the step once changed between the verification and the sign-in, and "the code just
    // used" the test sent was already the next step's, which the server rightly took.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await createUser(app);
    expect((await me(user)).mfaEnabled).toBe(false);
    const { SecretCode } = await client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: user.accessToken }),
    );
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await rejection(
      client.send(new VerifySoftwareTokenCommand({ AccessToken: user.accessToken, UserCode: '000000' })),
    );
    expect(wrong).toBeInstanceOf(CodeMismatchException);
    const verified = await client.send(
      new VerifySoftwareTokenCommand({ AccessToken: user.accessToken, UserCode: codeOf(SecretCode!) }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // Verified is not yet on: the preference turns it on.
    expect(
      (await client.send(new GetUserCommand({ AccessToken: user.accessToken }))).UserMFASettingList,
    ).toBeUndefined();
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: user.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const got = await client.send(new GetUserCommand({ AccessToken: user.accessToken }));
    expect(got.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(got.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    expect((await me(user)).mfaEnabled).toBe(true);

    // The secret is stored sealed, never in the clear.
    const [row] = await app.database.db.select().from(identityUsers).where(eq(identityUsers.sub, user.id));
    expect(row!.mfaSecret).toMatch(/^enc1:/);
    expect(row!.mfaSecret).not.toContain(SecretCode);
    expect(row!.mfaPendingSecret).toBeNull();

    const first = await passwordStep(user.email);
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(first.AuthenticationResult).toBeUndefined();
    expect(first.Session).toBeTruthy();
    // The code just used to verify is never taken again; the next step's is (one step of drift).
    expect(await rejection(codeStep(user.email, first.Session, codeOf(SecretCode!)))).toBeInstanceOf(
      CodeMismatchException,
    );
    const signedIn = await codeStep(user.email, first.Session, codeOf(SecretCode!, 1));
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
    expect(
      (await me({ headers: { authorization: `Bearer ${signedIn.AuthenticationResult!.IdToken}` } }))
        .mfaEnabled,
    ).toBe(true);

    // A used session is stale.
    expect(await rejection(codeStep(user.email, first.Session, codeOf(SecretCode!, -1)))).toBeInstanceOf(
      NotAuthorizedException,
    );
  });

  it('ends a challenge after three wrong codes, and counts them against the account like wrong passwords', async () => {
    const user = await createUser(app);
    const secret = await enrol(user);
    const { Session } = await passwordStep(user.email);
    for (let i = 0; i < 3; i++) {
      expect(await rejection(codeStep(user.email, Session, '123456'))).toBeInstanceOf(CodeMismatchException);
    }
    // The fourth answer, even the right code, finds the session ended.
    expect(await rejection(codeStep(user.email, Session, codeOf(secret, 1)))).toBeInstanceOf(
      NotAuthorizedException,
    );

    // Two more wrong codes make five: the account is locked, code step and password step alike.
    const again = await passwordStep(user.email);
    expect(await rejection(codeStep(user.email, again.Session, '123456'))).toBeInstanceOf(
      CodeMismatchException,
    );
    const locked = await rejection(codeStep(user.email, again.Session, '654321'));
    expect(locked).toBeInstanceOf(NotAuthorizedException);
    expect(locked.message).toBe('Password attempts exceeded');
    expect((await rejection(passwordStep(user.email))).message).toBe('Password attempts exceeded');
  });

  it('counts code answers sent at once one by one: a challenge takes three, the account five', async () => {
    const user = await createUser(app);
    await enrol(user);
    const { Session } = await passwordStep(user.email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => rejection(codeStep(user.email, Session, '123456'))),
    );
    expect(answers.filter((e) => e instanceof CodeMismatchException)).toHaveLength(3);
    expect(answers.filter((e) => e instanceof NotAuthorizedException)).toHaveLength(5);

    // Two more challenges of five wrong codes at once: the fifth wrong code in all locks the account,
    // and no answer sent alongside lifts the lock.
    const again = await passwordStep(user.email);
    await Promise.all(
      Array.from({ length: 3 }, () => rejection(codeStep(user.email, again.Session, '123456'))),
    );
    const [row] = await app.database.db.select().from(identityUsers).where(eq(identityUsers.sub, user.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await rejection(passwordStep(user.email))).message).toBe('Password attempts exceeded');
  });

  it('keeps the lock-out of wrong codes through a password reset', async () => {
    const user = await createUser(app);
    await enrol(user);
    for (let round = 0; round < 2; round++) {
      const { Session } = await passwordStep(user.email);
      for (let i = 0; i < 3 && round * 3 + i < 5; i++)
        await rejection(codeStep(user.email, Session, '123456'));
    }
    expect((await rejection(passwordStep(user.email))).message).toBe('Password attempts exceeded');
    await cognitoCall('ForgotPassword', { ClientId: clientId(), Username: user.email });
    await cognitoCall('ConfirmForgotPassword', {
      ClientId: clientId(),
      Username: user.email,
      ConfirmationCode: await mailedCode(app, user.email, 'forgot_password'),
      Password: 'Brand-New-Pass-1',
    });
    expect((await rejection(passwordStep(user.email, 'Brand-New-Pass-1'))).message).toBe(
      'Password attempts exceeded',
    );
  });

  it('replaces an authenticator in use only after a recent sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await createUser(app);
    await enrol(user);
    vi.setSystemTime(Date.now() + (REAUTH_SECONDS + 60) * 1000);
    const refused = await rejection(
      client.send(new AssociateSoftwareTokenCommand({ AccessToken: user.accessToken })),
    );
    expect(refused).toBeInstanceOf(NotAuthorizedException);
    const [row] = await app.database.db.select().from(identityUsers).where(eq(identityUsers.sub, user.id));
    expect(row!.mfaPendingSecret).toBeNull();
  });

  it('answers a stale or unknown session NotAuthorizedException', async () => {
    const user = await createUser(app);
    const secret = await enrol(user);
    expect(await rejection(codeStep(user.email, 'not-a-session', codeOf(secret, 1)))).toBeInstanceOf(
      NotAuthorizedException,
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { Session } = await passwordStep(user.email);
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect(await rejection(codeStep(user.email, Session, codeOf(secret)))).toBeInstanceOf(
      NotAuthorizedException,
    );
  });

  it('turns off only after a recent sign-in with the code', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await createUser(app);
    const secret = await enrol(user);
    vi.setSystemTime(Date.now() + (REAUTH_SECONDS + 60) * 1000);
    const off = { Enabled: false, PreferredMfa: false };
    const stale = await rejection(
      client.send(
        new SetUserMFAPreferenceCommand({ AccessToken: user.accessToken, SoftwareTokenMfaSettings: off }),
      ),
    );
    expect(stale).toBeInstanceOf(NotAuthorizedException);

    const { Session } = await passwordStep(user.email);
    const fresh = await codeStep(user.email, Session, codeOf(secret, 1));
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: fresh.AuthenticationResult!.AccessToken,
        SoftwareTokenMfaSettings: off,
      }),
    );
    const next = await passwordStep(user.email);
    expect(next.ChallengeName).toBeUndefined();
    expect(next.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('is turned off by an admin for a lost phone, recorded in the audit', async () => {
    const [user, admin] = await Promise.all([createUser(app), createUser(app, { roles: ['admin'] })]);
    await enrol(user);
    const list = await callAs(app, admin, 'GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(list.json().items[0]).toMatchObject({ userId: user.id, mfaEnabled: true });

    const res = await callAs(app, admin, 'DELETE', `/api/admin/users/${user.id}/mfa`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.id, mfaEnabled: false });
    const [audit] = await app.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, user.id));
    expect(audit).toMatchObject({ actorId: admin.id, action: 'user.mfa_off' });

    const next = await passwordStep(user.email);
    expect(next.AuthenticationResult?.IdToken).toBeTruthy();
    expect((await me(user)).mfaEnabled).toBe(false);
  });
});

describe('required for the roles that need it', () => {
  beforeAll(async () => start({ MFA_REQUIRED_ROLES: 'admin,owner', IDENTITY_RATE_LIMIT_PER_MINUTE: '1000' }));
  afterAll(async () => app?.close());

  /** An admin made by the test helper, whose own sign-in would meet the challenge. */
  async function adminOf() {
    const helper = await createUser(app, { roles: ['buyer'] });
    await app.database.db
      .update(identityUsers)
      .set({ groups: ['admin'] })
      .where(eq(identityUsers.sub, helper.id));
    await app.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, helper.id));
    return helper;
  }

  it('meets MFA_SETUP at sign-in and gets no tokens without enrolling', async () => {
    const admin = await adminOf();
    const first = await passwordStep(admin.email);
    expect(first.ChallengeName).toBe('MFA_SETUP');
    expect(first.AuthenticationResult).toBeUndefined();
    expect(JSON.parse(first.ChallengeParameters!.MFAS_CAN_SETUP!)).toEqual(['SOFTWARE_TOKEN_MFA']);

    // Skipping the set-up gets nothing.
    const skipped = await rejection(
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: 'MFA_SETUP',
          Session: first.Session,
          ChallengeResponses: { USERNAME: admin.email },
        }),
      ),
    );
    expect(skipped.name).toBe('InvalidParameterException');

    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }));
    expect(associated.Session).toBeTruthy();
    expect(associated.Session).not.toBe(first.Session);
    const badCode = await rejection(
      client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '000000' })),
    );
    expect(badCode).toBeInstanceOf(CodeMismatchException);
    const verified = await client.send(
      new VerifySoftwareTokenCommand({
        Session: associated.Session,
        UserCode: codeOf(associated.SecretCode!),
      }),
    );
    expect(verified.Status).toBe('SUCCESS');
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: admin.email },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();

    // From now on: the code step; and a required role cannot turn it off.
    const next = await passwordStep(admin.email);
    expect(next.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const refused = await rejection(
      client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: done.AuthenticationResult!.AccessToken,
          SoftwareTokenMfaSettings: { Enabled: false },
        }),
      ),
    );
    expect(refused.name).toBe('InvalidParameterException');
  });

  it('takes effect at the next sign-in for a role granted later', async () => {
    const [buyer, admin] = await Promise.all([createUser(app), adminOf()]);
    expect((await passwordStep(buyer.email)).AuthenticationResult?.IdToken).toBeTruthy();
    const granted = await callAs(app, admin, 'PUT', `/api/admin/users/${buyer.id}/roles`, {
      roles: ['buyer', 'owner'],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await passwordStep(buyer.email)).ChallengeName).toBe('MFA_SETUP');
  });
});

describe('rate limits', () => {
  beforeAll(async () => start({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3' }));
  afterAll(async () => app?.close());

  it('limit the code step like the password step', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await rejection(codeStep('nobody@example.test', 'no-session', '123456'))).toBeInstanceOf(
        NotAuthorizedException,
      );
    }
    expect(await rejection(codeStep('nobody@example.test', 'no-session', '123456'))).toBeInstanceOf(
      TooManyRequestsException,
    );
  });
});

describe('authenticator secrets at rest', () => {
  afterAll(async () => app?.close());

  it('are resealed with a new key, and one no key opens is named at start-up', async () => {
    const [oldKey, newKey] = [newSecretKeyText(), newSecretKeyText()].map((text) => parseSecretKey(text)!);
    app = await createTestApp({}, { secrets: new SecretBox([oldKey!]) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    client = new CognitoIdentityProviderClient({
      region: 'us-east-2',
      endpoint: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/cognito/`,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const user = await createUser(app);
    await enrol(user);
    const db = app.database.db;
    expect(await resealMfaSecrets(db, new SecretBox([newKey!, oldKey!]))).toEqual({
      resealed: 1,
      unreadable: 0,
    });
    const [row] = await db.select().from(identityUsers).where(eq(identityUsers.sub, user.id));
    expect(row!.mfaSecret).toMatch(new RegExp(`^enc1:${secretKeyId(newKey!)}:`));
    expect(await unopenableMfaSecrets(db, new SecretBox([newKey!]))).toEqual([]);
    expect(await unopenableMfaSecrets(db, new SecretBox([oldKey!]))).toEqual([
      {
        name: `two-step sign-in secret of user ${user.id}`,
        problem: expect.stringContaining(secretKeyId(newKey!)),
      },
    ]);
  });
});

describe('a real user pool', () => {
  it('is asked through AdminGetUser and AdminSetUserMFAPreference, signed by the SDK', async () => {
    const calls: { target: string; body: Record<string, unknown>; signed: boolean }[] = [];
    const fake = createServer((req: IncomingMessage, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const target = String(req.headers['x-amz-target']).split('.').pop()!;
        calls.push({
          target,
          body: JSON.parse(text) as Record<string, unknown>,
          signed: String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256'),
        });
        res.setHeader('content-type', 'application/x-amz-json-1.1');
        if (target === 'AdminGetUser') {
          res.end(JSON.stringify({ Username: 'u', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }));
        } else {
          res.end('{}');
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    try {
      const pool = new CognitoIdentityProviderClient({
        region: 'us-east-2',
        endpoint: `http://127.0.0.1:${port}/`,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      });
      const admin = cognitoMfaAdmin(
        {
          mode: 'aws',
          userPoolId: 'us-east-2_Example',
          clientId: 'client',
          region: 'us-east-2',
          issuer: '',
          endpoint: '',
          rateLimitPerMinute: 60,
          mfaRequiredRoles: [],
        },
        () => {},
        pool,
      );
      const id = '6f1c1f4e-6a52-4a39-9a8f-1b2d3c4e5f60';
      expect((await admin.enabledFor([id])).get(id)).toBe(true);
      expect(await admin.turnOff(id)).toBe(true);
      expect(calls).toEqual([
        { target: 'AdminGetUser', body: { UserPoolId: 'us-east-2_Example', Username: id }, signed: true },
        {
          target: 'AdminSetUserMFAPreference',
          body: {
            UserPoolId: 'us-east-2_Example',
            Username: id,
            SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
          },
          signed: true,
        },
      ]);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
