/**
 * Two-step sign-in with an authenticator app, in Cognito's own protocol (decision 027), so that
 * amazon-cognito-identity-js and AWS's SDK work unchanged against the embedded provider:
 *
 * - set-up: `AssociateSoftwareToken` (access token, or the `Session` of an `MFA_SETUP` challenge)
 *   → `VerifySoftwareToken` → `SetUserMFAPreference` (or, in the challenge, `RespondToAuthChallenge`
 *   `MFA_SETUP`, which turns it on and answers the tokens);
 * - sign-in: after the password, a `SOFTWARE_TOKEN_MFA` challenge whose `Session` is answered with
 *   `SOFTWARE_TOKEN_MFA_CODE`.
 *
 * Secrets are sealed with the secrets key, bound to the user's row. A code's time step is
 * remembered, so a code is never taken twice; wrong codes count against the same budget as wrong
 * passwords, and a challenge ends after three of them.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { mfaRequiredFor } from '@dealclub/shared/mfa';
import type { Db } from '../../db/client';
import { identityChallenges, identityUsers } from '../../db/schema';
import {
  openingProblem,
  type ResealResult,
  type SecretBox,
  type UnopenableSecret,
} from '../../lib/secret-box';
import { CognitoError, invalidParameter } from './cognito-error';
import type { IdentityContext } from './context';
import { countAttempt, isLocked } from './passwords';
import { accessTokenOf, str, type Body, type IdentityUser } from './requests';
import { sha256, startSession } from './tokens';
import { matchTotp, newTotpSecret } from './totp';

const CHALLENGE_LIFETIME_MS = 3 * 60 * 1000;
/** Wrong codes one challenge session takes before it ends. */
export const MAX_CODE_ATTEMPTS = 3;
/** Turning two-step sign-in off needs a sign-in (password and code) this recent. */
export const REAUTH_SECONDS = 5 * 60;

type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP' | 'MFA_SETUP_VERIFIED';
type Challenge = typeof identityChallenges.$inferSelect;

const staleSession = () =>
  new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const codeMismatch = () => new CognitoError('CodeMismatchException', 'Invalid code received for user');
const attemptsExceeded = () => new CognitoError('NotAuthorizedException', 'Password attempts exceeded');

// ---------------------------------------------------------------------------------------------
// challenge sessions

/** A new challenge session for the user; the opaque `Session` string is stored hashed. */
export async function openChallenge(db: Db, sub: string, name: ChallengeName): Promise<string> {
  const session = randomBytes(32).toString('base64url');
  await db.insert(identityChallenges).values({
    sessionHash: sha256(session),
    sub,
    challengeName: name,
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
  return session;
}

/** The live challenge a `Session` names, if it is one of `names`; a stale session otherwise. */
async function challengeOf(db: Db, session: string, names: ChallengeName[]): Promise<Challenge> {
  const [challenge] = await db
    .select()
    .from(identityChallenges)
    .where(
      and(
        eq(identityChallenges.sessionHash, sha256(session)),
        gt(identityChallenges.expiresAt, new Date()),
        inArray(identityChallenges.challengeName, names),
      ),
    )
    .limit(1);
  if (!challenge) throw staleSession();
  return challenge;
}

/** Ends a challenge session and answers its user; a stale session when it was already used. */
export async function closeChallenge(db: Db, session: string, name: ChallengeName): Promise<IdentityUser> {
  const [challenge] = await db
    .delete(identityChallenges)
    .where(
      and(
        eq(identityChallenges.sessionHash, sha256(session)),
        gt(identityChallenges.expiresAt, new Date()),
        eq(identityChallenges.challengeName, name),
      ),
    )
    .returning();
  if (!challenge) throw staleSession();
  const user = await userBySub(db, challenge.sub);
  if (!user?.enabled) throw staleSession();
  return user;
}

/** The next step of a set-up challenge: a new `Session`, the old one no longer answers. */
async function advanceChallenge(db: Db, challenge: Challenge, name: ChallengeName): Promise<string> {
  const session = randomBytes(32).toString('base64url');
  const moved = await db
    .update(identityChallenges)
    .set({ sessionHash: sha256(session), challengeName: name, attempts: 0 })
    .where(eq(identityChallenges.sessionHash, challenge.sessionHash))
    .returning({ sub: identityChallenges.sub });
  if (!moved.length) throw staleSession();
  return session;
}

/**
 * Takes one of a challenge's code attempts before the code is looked at, in one statement: answers
 * sent at once each take one, and a challenge whose attempts are used up is stale.
 */
async function takeAttempt(db: Db, session: string, name: ChallengeName): Promise<Challenge> {
  const [challenge] = await db
    .update(identityChallenges)
    .set({ attempts: sql`${identityChallenges.attempts} + 1` })
    .where(
      and(
        eq(identityChallenges.sessionHash, sha256(session)),
        eq(identityChallenges.challengeName, name),
        gt(identityChallenges.expiresAt, new Date()),
        lt(identityChallenges.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) throw staleSession();
  return challenge;
}

async function userBySub(db: Db, sub: string): Promise<IdentityUser | undefined> {
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.sub, sub)).limit(1);
  return user;
}

// ---------------------------------------------------------------------------------------------
// secrets and codes

const SECRET_PLACE = (sub: string) => `identity_users.mfa_secret:${sub}`;
const PENDING_PLACE = (sub: string) => `identity_users.mfa_pending_secret:${sub}`;

/** A verified secret as `mfa_secret` stores it: sealed, bound to the user's row (seeds, benches). */
export const sealMfaSecret = (box: SecretBox, sub: string, secret: string) =>
  box.seal(secret, SECRET_PLACE(sub));

/**
 * Seals every stored TOTP secret that another key sealed with the current key (start-up, hourly and
 * `npm run secrets:rotate`); a row is written only if it still holds what was read.
 */
export async function resealMfaSecrets(db: Db, box: SecretBox): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  const stale = (column: typeof identityUsers.mfaSecret | typeof identityUsers.mfaPendingSecret) =>
    and(isNotNull(column), notLike(column, `${box.currentPrefix}%`));
  const rows = await db
    .select({
      sub: identityUsers.sub,
      secret: identityUsers.mfaSecret,
      pending: identityUsers.mfaPendingSecret,
    })
    .from(identityUsers)
    .where(or(stale(identityUsers.mfaSecret), stale(identityUsers.mfaPendingSecret)));
  for (const row of rows) {
    let secret: string | undefined;
    let pending: string | undefined;
    try {
      secret = openSecret(box, row.secret, SECRET_PLACE(row.sub));
      pending = openSecret(box, row.pending, PENDING_PLACE(row.sub));
    } catch {
      result.unreadable += 1;
      continue;
    }
    const written = await db
      .update(identityUsers)
      .set({
        mfaSecret: secret === undefined ? null : box.seal(secret, SECRET_PLACE(row.sub)),
        mfaPendingSecret: pending === undefined ? null : box.seal(pending, PENDING_PLACE(row.sub)),
      })
      .where(
        and(
          eq(identityUsers.sub, row.sub),
          row.secret === null ? isNull(identityUsers.mfaSecret) : eq(identityUsers.mfaSecret, row.secret),
          row.pending === null
            ? isNull(identityUsers.mfaPendingSecret)
            : eq(identityUsers.mfaPendingSecret, row.pending),
        ),
      )
      .returning({ sub: identityUsers.sub });
    result.resealed += written.length;
  }
  return result;
}

/**
 * The authenticator secrets no configured key opens (checked at start-up, after resealing: any
 * secret still sealed with another key is one the resealing could not open).
 */
export async function unopenableMfaSecrets(db: Db, box: SecretBox): Promise<UnopenableSecret[]> {
  const found: UnopenableSecret[] = [];
  for (const [column, place, what] of [
    [identityUsers.mfaSecret, SECRET_PLACE, 'two-step sign-in secret'],
    [identityUsers.mfaPendingSecret, PENDING_PLACE, 'two-step sign-in secret being set up'],
  ] as const) {
    const rows = await db
      .select({ sub: identityUsers.sub, stored: column })
      .from(identityUsers)
      .where(and(isNotNull(column), notLike(column, `${box.currentPrefix}%`)));
    for (const { sub, stored } of rows) {
      const problem = openingProblem(() => openSecret(box, stored, place(sub)));
      if (problem) found.push({ name: `${what} of user ${sub}`, problem });
    }
  }
  return found;
}

function openSecret(box: SecretBox, stored: string | null, place: string): string | undefined {
  return stored === null ? undefined : box.open(stored, place);
}

/**
 * Takes `code` for `secret` if it is its code now (±1 step) and its step is later than every step
 * the user used before: the step is claimed in one statement, so two requests cannot both use it.
 */
async function takeCode(db: Db, user: IdentityUser, secret: string | undefined, code: unknown) {
  if (secret === undefined) return undefined;
  const step = matchTotp(secret, code, Date.now(), user.mfaLastStep);
  if (step === undefined) return undefined;
  const claimed = await db
    .update(identityUsers)
    .set({ mfaLastStep: step })
    .where(
      and(
        eq(identityUsers.sub, user.sub),
        or(isNull(identityUsers.mfaLastStep), lt(identityUsers.mfaLastStep, step)),
      ),
    )
    .returning({ sub: identityUsers.sub });
  return claimed.length ? step : undefined;
}

// ---------------------------------------------------------------------------------------------
// sign-in

export function mfaRequired(ctx: IdentityContext, user: IdentityUser): boolean {
  return mfaRequiredFor(user.groups, ctx.identity.mfaRequiredRoles);
}

/**
 * What follows a right password (or a new one): the code step when the user has two-step sign-in,
 * its set-up when their role requires it, the tokens otherwise. Roles are read at each sign-in, so
 * a role granted later takes effect at the next one.
 */
export async function afterPassword(ctx: IdentityContext, user: IdentityUser) {
  // On without a secret that opens, no code matches: the sign-in waits for an admin's reset.
  if (user.mfaEnabled) {
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: await openChallenge(ctx.db, user.sub, 'SOFTWARE_TOKEN_MFA'),
      ChallengeParameters: { USER_ID_FOR_SRP: user.username },
    };
  }
  if (mfaRequired(ctx, user)) {
    return {
      ChallengeName: 'MFA_SETUP',
      Session: await openChallenge(ctx.db, user.sub, 'MFA_SETUP'),
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.username },
    };
  }
  return {
    AuthenticationResult: await startSession(ctx.db, ctx.secrets, ctx.identity, user),
    ChallengeParameters: {},
  };
}

/** `RespondToAuthChallenge` `SOFTWARE_TOKEN_MFA`: the code step of a sign-in. */
export async function answerCodeChallenge(ctx: IdentityContext, body: Body) {
  const session = str(body, 'Session');
  const responses = (body.ChallengeResponses ?? {}) as Record<string, unknown>;
  const challenge = await takeAttempt(ctx.db, session, 'SOFTWARE_TOKEN_MFA');
  const user = await userBySub(ctx.db, challenge.sub);
  if (!user?.enabled || !user.mfaEnabled) throw staleSession();
  if (isLocked(user)) throw attemptsExceeded();
  const secret = openSecret(ctx.secrets, user.mfaSecret, SECRET_PLACE(user.sub));
  const step = await takeCode(ctx.db, user, secret, responses.SOFTWARE_TOKEN_MFA_CODE);
  if (step === undefined) {
    if ((await countAttempt(ctx.db, user, false)) === 'locked') throw attemptsExceeded();
    throw codeMismatch();
  }
  await countAttempt(ctx.db, user, true);
  const signedIn = await closeChallenge(ctx.db, session, 'SOFTWARE_TOKEN_MFA');
  return {
    AuthenticationResult: await startSession(ctx.db, ctx.secrets, ctx.identity, signedIn),
    ChallengeParameters: {},
  };
}

/** `RespondToAuthChallenge` `MFA_SETUP`: after a verified set-up, the tokens. */
export async function answerSetupChallenge(ctx: IdentityContext, body: Body) {
  const session = str(body, 'Session');
  const pending = await challengeOf(ctx.db, session, ['MFA_SETUP', 'MFA_SETUP_VERIFIED']);
  if (pending.challengeName === 'MFA_SETUP') {
    throw invalidParameter('Software token MFA has not been verified for the user.');
  }
  const user = await closeChallenge(ctx.db, session, 'MFA_SETUP_VERIFIED');
  return {
    AuthenticationResult: await startSession(ctx.db, ctx.secrets, ctx.identity, user),
    ChallengeParameters: {},
  };
}

// ---------------------------------------------------------------------------------------------
// set-up

/** The user a set-up call is for: by access token, or by the `Session` of an MFA_SETUP challenge. */
async function setupCaller(ctx: IdentityContext, body: Body, verifying: boolean) {
  if (typeof body.AccessToken === 'string') {
    const { user, claims } = await accessTokenOf(ctx, body);
    // Replacing an authenticator in use takes what turning it off takes: a sign-in with it, just now.
    if (user.mfaEnabled) assertRecentSignIn(claims);
    return { user };
  }
  const session = str(body, 'Session');
  // A code answered on the set-up takes one of its attempts first; the association does not.
  const challenge = verifying
    ? await takeAttempt(ctx.db, session, 'MFA_SETUP')
    : await challengeOf(ctx.db, session, ['MFA_SETUP']);
  const user = await userBySub(ctx.db, challenge.sub);
  if (!user?.enabled) throw staleSession();
  return { user, challenge };
}

function assertRecentSignIn(claims: JWTPayload) {
  if (Date.now() / 1000 - Number(claims.auth_time ?? 0) > REAUTH_SECONDS) {
    throw new CognitoError('NotAuthorizedException', 'A recent sign-in is required to change MFA.');
  }
}

async function associateSoftwareToken(ctx: IdentityContext, body: Body) {
  const { user, challenge } = await setupCaller(ctx, body, false);
  // The session moves on first: of two calls on one session, only one gets a secret.
  const session = challenge && (await advanceChallenge(ctx.db, challenge, 'MFA_SETUP'));
  const secret = newTotpSecret();
  await ctx.db
    .update(identityUsers)
    .set({ mfaPendingSecret: ctx.secrets.seal(secret, PENDING_PLACE(user.sub)), updatedAt: new Date() })
    .where(eq(identityUsers.sub, user.sub));
  return session ? { SecretCode: secret, Session: session } : { SecretCode: secret };
}

async function verifySoftwareToken(ctx: IdentityContext, body: Body) {
  const { user, challenge } = await setupCaller(ctx, body, true);
  const secret = openSecret(ctx.secrets, user.mfaPendingSecret, PENDING_PLACE(user.sub));
  if (secret === undefined) {
    throw invalidParameter('AssociateSoftwareToken must be called before VerifySoftwareToken.');
  }
  if ((await takeCode(ctx.db, user, secret, body.UserCode)) === undefined) throw codeMismatch();
  await ctx.db
    .update(identityUsers)
    .set({
      mfaSecret: sealMfaSecret(ctx.secrets, user.sub, secret),
      mfaPendingSecret: null,
      // Finishing the set-up challenge turns it on; signed in, SetUserMFAPreference does.
      ...(challenge ? { mfaEnabled: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(identityUsers.sub, user.sub));
  if (!challenge) return { Status: 'SUCCESS' };
  return { Status: 'SUCCESS', Session: await advanceChallenge(ctx.db, challenge, 'MFA_SETUP_VERIFIED') };
}

async function setUserMfaPreference(ctx: IdentityContext, body: Body) {
  const { user, claims } = await accessTokenOf(ctx, body);
  const sms = body.SMSMfaSettings as { Enabled?: unknown } | undefined;
  if (sms?.Enabled === true) throw invalidParameter('SMS MFA is not enabled for this user pool.');
  const settings = body.SoftwareTokenMfaSettings as { Enabled?: unknown } | undefined;
  if (settings?.Enabled === true) {
    if (!(await setMfa(ctx.db, user.sub, true))) {
      throw invalidParameter('User has not verified software token mfa');
    }
  } else if (settings?.Enabled === false && user.mfaEnabled) {
    if (mfaRequired(ctx, user)) throw invalidParameter('Software token MFA is required for the user.');
    assertRecentSignIn(claims);
    await setMfa(ctx.db, user.sub, false);
  }
  return {};
}

/** Turns two-step sign-in on (with the verified secret) or off (forgetting the secrets). */
export async function setMfa(db: Db, sub: string, enabled: boolean): Promise<boolean> {
  const changed = await db
    .update(identityUsers)
    .set(
      enabled
        ? { mfaEnabled: true, updatedAt: new Date() }
        : { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, updatedAt: new Date() },
    )
    // On only with a verified secret, checked in the same statement (a concurrent "off" clears it).
    .where(
      enabled
        ? and(eq(identityUsers.sub, sub), isNotNull(identityUsers.mfaSecret))
        : eq(identityUsers.sub, sub),
    )
    .returning({ sub: identityUsers.sub });
  return changed.length > 0;
}

/** What `GetUser` adds: the MFA settings, present only when one is on (as Cognito answers). */
export function mfaSettingsOf(user: IdentityUser) {
  return user.mfaEnabled
    ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' }
    : {};
}

export const MFA_ACTIONS = {
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMfaPreference,
};
