/**
 * The pool's password policy wherever a password is set (DECISIONS.md, "Passwords"): a leaked
 * password that passes the class rules is refused as too easy to guess, in Cognito's shape, and a
 * strong one passes. Users made directly in the directory (createUser) are not held to it.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, loadPasswordChecker } from '@dealclub/shared/password-strength';
import { createTestApp } from '../../test/app';
import { cognito, createUser, mailedCode, passwordSignIn, signIn, TEST_PASSWORD } from '../../test/auth';
import { createInvitation } from '../invitations';
import { DEMO_PASSWORD } from './demo-accounts';
import { createDirectoryUser } from './directory';

/** Leaked passwords that pass the class rules (length, cases, a number, a symbol). */
const LEAKED = ['Password1!', 'P@ssw0rd123'];
const STRONG = 'Quiet-Harbor-Lantern-42';
const GUESSABLE = {
  __type: 'InvalidPasswordException',
  message: 'Password did not conform with policy: Password is too easy to guess',
};

let app: FastifyInstance;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await app?.close();
});

const clientId = () => app.config.identity.clientId;

/** Sets a password with `set`: each leaked one is refused in Cognito's shape, then the strong one taken. */
async function expectPolicy(set: (password: string) => ReturnType<typeof cognito>) {
  for (const password of LEAKED) {
    const refused = await set(password);
    expect([password, refused.status, refused.body]).toEqual([password, 400, GUESSABLE]);
  }
  expect((await set(STRONG)).status).toBe(200);
}

describe('the guessability score', () => {
  it(`scores the test and demo passwords at least ${MIN_PASSWORD_SCORE}, leaked ones under it`, async () => {
    const checker = await loadPasswordChecker();
    for (const password of [TEST_PASSWORD, DEMO_PASSWORD, STRONG, 'Str0ng!Pass']) {
      expect(checker.check(password).strong, password).toBe(true);
    }
    for (const password of LEAKED) {
      const { score, strong, feedback } = checker.check(password);
      expect([password, strong]).toEqual([password, false]);
      expect(score).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(checker.advice(feedback, 'es').warning).toMatch(/contraseña/);
    }
  });
});

describe('the identity protocol refuses a guessable password', () => {
  it('on SignUp', async () => {
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    await expectPolicy((Password) =>
      cognito(app, 'SignUp', {
        ClientId: clientId(),
        Username: 'new.member@example.test',
        Password,
        UserAttributes: [{ Name: 'email', Value: 'new.member@example.test' }],
        ValidationData: [{ Name: 'invitationToken', Value: invitation.token }],
      }),
    );
  });

  it('on ConfirmForgotPassword, leaving the code usable', async () => {
    const user = await createUser(app);
    await cognito(app, 'ForgotPassword', { ClientId: clientId(), Username: user.email });
    const code = await mailedCode(app, user.email, 'forgot_password');
    await expectPolicy((Password) =>
      cognito(app, 'ConfirmForgotPassword', {
        ClientId: clientId(),
        Username: user.email,
        ConfirmationCode: code,
        Password,
      }),
    );
    await signIn(app, user.email, STRONG);
  });

  it('on ChangePassword', async () => {
    const user = await createUser(app);
    await expectPolicy((ProposedPassword) =>
      cognito(app, 'ChangePassword', {
        AccessToken: user.accessToken,
        PreviousPassword: user.password,
        ProposedPassword,
      }),
    );
    await signIn(app, user.email, STRONG);
  });

  it('on the new-password challenge', async () => {
    const [email, password] = ['temp@example.test', 'Temp-Pass-123'];
    await createDirectoryUser(app.database.db, {
      email,
      password,
      roles: ['buyer'],
      status: 'FORCE_CHANGE_PASSWORD',
    });
    const started = await cognito(app, 'InitiateAuth', passwordSignIn(clientId(), email, password));
    expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await expectPolicy((NEW_PASSWORD) =>
      cognito(app, 'RespondToAuthChallenge', {
        ClientId: clientId(),
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD },
      }),
    );
  });
});

describe("the API's own routes refuse a guessable password as a field error", () => {
  const refusal = (path: string) => ({
    code: 'VALIDATION_FAILED',
    errors: [{ path, message: GUESSABLE.message, key: 'auth.errors.passwordGuessable' }],
  });

  it('on the invitation sign-up', async () => {
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const signUp = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/aws-auth/signup-with-invitation',
        payload: {
          email: 'invited@example.test',
          password,
          firstName: 'Ivy',
          lastName: 'Invited',
          invitationToken: invitation.token,
        },
      });
    const refused = await signUp('Password1!');
    expect([refused.statusCode, refused.json()]).toMatchObject([400, refusal('password')]);
    expect((await signUp(STRONG)).statusCode).toBe(200);
  });

  it('on the profile password change', async () => {
    const user = await createUser(app);
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'P@ssw0rd123' },
    });
    expect([refused.statusCode, refused.json()]).toMatchObject([400, refusal('newPassword')]);
  });
});
