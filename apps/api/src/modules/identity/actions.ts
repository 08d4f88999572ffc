/**
 * The actions of the embedded Cognito-compatible identity provider (PROTOCOLS.md A), each taking
 * the request body and answering the body Cognito would. Failures throw {@link CognitoError}.
 *
 * Nothing here tells whether an e-mail has an account: unknown users get the same answers as wrong
 * passwords or wrong codes, and a sign-up for a taken address looks like any other sign-up (the
 * owner of the address is told by e-mail instead).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errorMessage } from '@dealclub/shared/error-messages';
import { isLanguage } from '@dealclub/shared/language';
import type { Role } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { identityRefreshTokens, identityUsers, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { claimInvitation, InvitationError } from '../invitations';
import { enqueueMessage } from '../outbox';
import { CognitoError, incorrectCredentials, invalidParameter } from './cognito-error';
import { consumeCode, sendCode, type CodePurpose } from './codes';
import type { IdentityContext } from './context';
import {
  afterPassword,
  answerCodeChallenge,
  answerSetupChallenge,
  closeChallenge,
  MFA_ACTIONS,
  mfaSettingsOf,
  openChallenge,
} from './mfa';
import { assertPasswordPolicy, checkPassword, decoyVerify, hashPassword } from './passwords';
import {
  assertClient,
  findUser,
  normaliseUsername,
  str,
  userOfAccessToken,
  type Body,
  type IdentityUser,
} from './requests';
import { findRefreshToken, issueTokens, sha256 } from './tokens';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The actions of shell §7 that the product does not use: a protocol answer, never a 404. */
const UNSUPPORTED = new Set([
  'ConfirmDevice',
  'GetDevice',
  'ListDevices',
  'ForgetDevice',
  'UpdateDeviceStatus',
  'SetUserSettings',
  'DeleteUserAttributes',
]);

// ---------------------------------------------------------------------------------------------
// helpers

function mask(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

function delivery(email: string) {
  return { Destination: mask(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

function attributesFromList(list: unknown): Record<string, string> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw invalidParameter('UserAttributes must be a list');
  const out: Record<string, string> = {};
  for (const item of list) {
    const { Name, Value } = (item ?? {}) as { Name?: unknown; Value?: unknown };
    if (typeof Name !== 'string' || typeof Value !== 'string' || Value.length > 2048) {
      throw invalidParameter('Each attribute needs a Name and a Value');
    }
    out[Name] = Value;
  }
  return out;
}

/** Attributes users may set on themselves; everything else is the provider's. */
const WRITABLE = new Set(['given_name', 'family_name', 'phone_number', 'locale', 'name', 'email']);

function writableAttributes(attrs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (!WRITABLE.has(name) && !name.startsWith('custom:')) {
      throw invalidParameter(`A client attempted to write unauthorized attribute ${name}`);
    }
    if (name !== 'email') out[name] = value;
  }
  return out;
}

function language(user: IdentityUser): string {
  const locale = user.attributes.locale;
  return isLanguage(locale) ? locale : 'en';
}

async function deliverCode(
  ctx: IdentityContext,
  db: Db,
  user: IdentityUser,
  purpose: CodePurpose,
  to = user.email,
) {
  await sendCode(db, { sub: user.sub, purpose, recipient: to, language: language(user) }, (code) =>
    ctx.revealCode?.(to, purpose, code),
  );
}

// ---------------------------------------------------------------------------------------------
// actions

async function initiateAuth(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const flow = str(body, 'AuthFlow');
  const params = (body.AuthParameters ?? {}) as Record<string, unknown>;
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') return refresh(ctx, params);
  if (flow !== 'USER_PASSWORD_AUTH') {
    throw invalidParameter(`${flow} is not enabled for the client.`);
  }
  const username = str(params, 'USERNAME');
  const password = str(params, 'PASSWORD');
  const user = await findUser(ctx.db, username);
  if (!user) {
    await decoyVerify(password);
    throw incorrectCredentials();
  }
  const checked = await checkPassword(ctx.db, user, password, !user.mfaEnabled);
  if (checked === 'locked') throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
  if (checked === 'wrong') throw incorrectCredentials();
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const { given_name, family_name, phone_number } = user.attributes;
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: await openChallenge(ctx.db, user.sub, 'NEW_PASSWORD_REQUIRED'),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: JSON.stringify([]),
        userAttributes: JSON.stringify({ email: user.email, given_name, family_name, phone_number }),
      },
    };
  }
  return afterPassword(ctx, user);
}

async function refresh(ctx: IdentityContext, params: Record<string, unknown>) {
  const token = params.REFRESH_TOKEN;
  const invalid = () => new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  if (typeof token !== 'string' || !token) throw invalid();
  const stored = await findRefreshToken(ctx.db, token);
  if (!stored) throw invalid();
  const [user] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, stored.sub)).limit(1);
  if (!user || !user.enabled) throw invalid();
  const result = await issueTokens(ctx.db, ctx.secrets, ctx.identity, user, {
    authTime: stored.authTime,
    originJti: stored.originJti,
  });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}

async function respondToAuthChallenge(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const name = str(body, 'ChallengeName');
  if (name === 'SOFTWARE_TOKEN_MFA') return answerCodeChallenge(ctx, body);
  if (name === 'MFA_SETUP') return answerSetupChallenge(ctx, body);
  if (name !== 'NEW_PASSWORD_REQUIRED') throw invalidParameter('Unsupported challenge');
  const responses = (body.ChallengeResponses ?? {}) as Record<string, unknown>;
  const session = str(body, 'Session');
  const password = await assertPasswordPolicy(responses.NEW_PASSWORD);
  const challenged = await closeChallenge(ctx.db, session, 'NEW_PASSWORD_REQUIRED');
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(responses)) {
    if (key.startsWith('userAttributes.') && typeof value === 'string')
      extra[key.slice('userAttributes.'.length)] = value;
  }
  const [user] = await ctx.db
    .update(identityUsers)
    .set({
      passwordHash: await hashPassword(password),
      status: 'CONFIRMED',
      attributes: sql`${identityUsers.attributes} || ${JSON.stringify(writableAttributes(extra))}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(identityUsers.sub, challenged.sub))
    .returning();
  // A new password is the first step only: the code step (or its set-up) follows.
  return afterPassword(ctx, user!);
}

async function signUp(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const username = normaliseUsername(str(body, 'Username'));
  const password = body.Password;
  const attrs = attributesFromList(body.UserAttributes);
  const token = attributesFromList(body.ValidationData).invitationToken;
  try {
    return await registerWithInvitation(ctx, {
      username,
      password,
      attributes: writableAttributes(attrs),
      token,
    });
  } catch (error) {
    if (error instanceof InvitationError) {
      throw new CognitoError('NotAuthorizedException', INVITATION_MESSAGES[error.problem]);
    }
    throw error;
  }
}

/** The same English copy the API answers for these cases (locale `errors.INVITATION_*`). */
const INVITATION_MESSAGES = {
  not_found: errorMessage('INVITATION_INVALID'),
  used: errorMessage('INVITATION_USED'),
  expired: errorMessage('INVITATION_EXPIRED'),
} as const;

export interface Registration {
  username: string;
  password: unknown;
  /** given_name, family_name, phone_number, locale. */
  attributes: Record<string, string>;
  token: string | undefined;
}

/**
 * Sign-up, which this pool allows only with an invitation (throws InvitationError otherwise): the invitation is claimed in the same
 * transaction that creates the account, so one invitation signs up one account. Used by the
 * SignUp action (the token travels as ValidationData) and by the API's invitation sign-up.
 */
export async function registerWithInvitation(ctx: IdentityContext, registration: Registration) {
  const { username, attributes, token } = registration;
  if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
  const password = await assertPasswordPolicy(registration.password);
  if (!token)
    throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted without an invitation.');

  const existing = await findUser(ctx.db, username);
  if (existing && existing.status !== 'UNCONFIRMED') {
    // Answer as for a new account; tell the owner of the address instead of the caller.
    await enqueueMessage(ctx.db, {
      channel: 'email',
      recipient: existing.email,
      subject: translate(language(existing), 'email.existingAccountSubject'),
      body: translate(language(existing), 'email.existingAccountBody'),
      template: 'existing_account',
    });
    return { UserConfirmed: false, UserSub: randomUUID(), CodeDeliveryDetails: delivery(username) };
  }

  const passwordHash = await hashPassword(password);
  const sub = existing?.sub ?? randomUUID();
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const role: Role = await claimInvitation(tx, token, sub);
    if (existing) {
      await tx
        .update(identityUsers)
        .set({ passwordHash, attributes, groups: [role], updatedAt: new Date() })
        .where(eq(identityUsers.sub, sub));
    } else {
      await tx.insert(identityUsers).values({
        sub,
        username,
        email: username,
        passwordHash,
        status: 'UNCONFIRMED',
        attributes,
        groups: [role],
      });
    }
    await tx
      .insert(users)
      .values({
        id: sub,
        email: username,
        firstName: attributes.given_name ?? '',
        lastName: attributes.family_name ?? '',
        phoneNumber: attributes.phone_number ?? null,
        roles: [role],
        languagePreference: isLanguage(attributes.locale) ? attributes.locale : 'en',
      })
      .onConflictDoUpdate({ target: users.id, set: { roles: [role], updatedAt: new Date() } });
    const [user] = await tx.select().from(identityUsers).where(eq(identityUsers.sub, sub));
    await deliverCode(ctx, tx, user!, 'confirm_signup');
  });
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: delivery(username) };
}

async function confirmSignUp(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const user = await findUser(ctx.db, str(body, 'Username'));
  const code = body.ConfirmationCode;
  if (!user)
    throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
  }
  await consumeCode(ctx.db, user.sub, 'confirm_signup', code);
  await ctx.db
    .update(identityUsers)
    .set({ status: 'CONFIRMED', emailVerified: true, updatedAt: new Date() })
    .where(eq(identityUsers.sub, user.sub));
  return {};
}

async function resendConfirmationCode(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const username = str(body, 'Username');
  const user = await findUser(ctx.db, username);
  if (user?.status === 'UNCONFIRMED') await deliverCode(ctx, ctx.db, user, 'confirm_signup');
  return { CodeDeliveryDetails: delivery(user?.email ?? normaliseUsername(username)) };
}

async function forgotPassword(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const username = str(body, 'Username');
  const user = await findUser(ctx.db, username);
  if (user && user.enabled && user.status !== 'UNCONFIRMED')
    await deliverCode(ctx, ctx.db, user, 'forgot_password');
  return { CodeDeliveryDetails: delivery(user?.email ?? normaliseUsername(username)) };
}

async function confirmForgotPassword(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const user = await findUser(ctx.db, str(body, 'Username'));
  const password = await assertPasswordPolicy(body.Password);
  if (!user)
    throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  await consumeCode(ctx.db, user.sub, 'forgot_password', body.ConfirmationCode);
  await ctx.db
    .update(identityUsers)
    .set({
      passwordHash: await hashPassword(password),
      status: user.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED',
      // A reset proves the mailbox, not the authenticator: with two-step sign-in on, the lock-out
      // that wrong codes earned stays, or a reset would buy five more guesses each time.
      ...(user.mfaEnabled ? {} : { failedAttempts: 0, lockedUntil: null }),
      updatedAt: new Date(),
    })
    .where(eq(identityUsers.sub, user.sub));
  return {};
}

async function changePassword(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  const previous = str(body, 'PreviousPassword');
  const checked = await checkPassword(ctx.db, user, previous);
  if (checked === 'locked') throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
  if (checked === 'wrong') throw incorrectCredentials();
  const proposed = await assertPasswordPolicy(body.ProposedPassword);
  await ctx.db
    .update(identityUsers)
    .set({ passwordHash: await hashPassword(proposed), updatedAt: new Date() })
    .where(eq(identityUsers.sub, user.sub));
  return {};
}

function userAttributeList(user: IdentityUser) {
  const list = [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
  ];
  for (const [Name, Value] of Object.entries(user.attributes)) list.push({ Name, Value });
  return list;
}

async function getUser(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  return { Username: user.username, UserAttributes: userAttributeList(user), ...mfaSettingsOf(user) };
}

async function updateUserAttributes(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  const attrs = attributesFromList(body.UserAttributes);
  const plain = writableAttributes(attrs);
  const newEmail = attrs.email !== undefined ? normaliseUsername(attrs.email) : undefined;
  if (newEmail !== undefined && !EMAIL.test(newEmail))
    throw invalidParameter('Invalid email address format.');
  const changesEmail = newEmail !== undefined && newEmail !== user.email;
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(identityUsers)
      .set({
        attributes: sql`${identityUsers.attributes} || ${JSON.stringify(plain)}::jsonb`,
        ...(changesEmail ? { pendingEmail: newEmail } : {}),
        updatedAt: new Date(),
      })
      .where(eq(identityUsers.sub, user.sub));
    if (changesEmail) await deliverCode(ctx, tx, user, 'verify_email', newEmail);
  });
  return { CodeDeliveryDetailsList: changesEmail ? [delivery(newEmail)] : [] };
}

async function getUserAttributeVerificationCode(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  if (str(body, 'AttributeName') !== 'email') throw invalidParameter('Only email can be verified.');
  const to = user.pendingEmail ?? user.email;
  await deliverCode(ctx, ctx.db, user, 'verify_email', to);
  return { CodeDeliveryDetails: delivery(to) };
}

async function verifyUserAttribute(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  if (str(body, 'AttributeName') !== 'email') throw invalidParameter('Only email can be verified.');
  await consumeCode(ctx.db, user.sub, 'verify_email', body.Code);
  const email = user.pendingEmail ?? user.email;
  if (email !== user.email && (await findUser(ctx.db, email))) {
    throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(identityUsers)
      .set({ email, username: email, emailVerified: true, pendingEmail: null, updatedAt: new Date() })
      .where(eq(identityUsers.sub, user.sub));
    await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, user.sub));
  });
  return {};
}

/**
 * Every refresh token of the user stops working. Tokens carry the `origin_jti` of the sign-in
 * they come from, and tokens of a revoked sign-in are refused (here and by the API), so every
 * access and ID token issued so far stops working too, while a new sign-in works at once.
 */
async function globalSignOut(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  await signOutEverywhere(ctx.db, user.sub);
  return {};
}

export async function signOutEverywhere(db: Db, sub: string) {
  await db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(identityRefreshTokens.sub, sub), isNull(identityRefreshTokens.revokedAt)));
}

async function revokeToken(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body);
  const token = str(body, 'Token');
  await ctx.db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(identityRefreshTokens.tokenHash, sha256(token)), isNull(identityRefreshTokens.revokedAt)));
  return {};
}

async function deleteUser(ctx: IdentityContext, body: Body) {
  const user = await userOfAccessToken(ctx, body);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(identityUsers).where(eq(identityUsers.sub, user.sub));
    await tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(eq(users.id, user.sub));
  });
  return {};
}

const ACTIONS: Record<string, (ctx: IdentityContext, body: Body) => Promise<unknown>> = {
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
  GetUser: getUser,
  UpdateUserAttributes: updateUserAttributes,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  VerifyUserAttribute: verifyUserAttribute,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  DeleteUser: deleteUser,
  ...MFA_ACTIONS,
};

export async function runAction(ctx: IdentityContext, action: string, body: Body): Promise<unknown> {
  const handler = ACTIONS[action];
  if (handler) return handler(ctx, body);
  if (UNSUPPORTED.has(action)) throw invalidParameter(`${action} is not supported by this user pool.`);
  throw new CognitoError('UnknownOperationException', `Unknown operation ${action}`);
}
