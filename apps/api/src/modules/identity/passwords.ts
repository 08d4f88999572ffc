import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { loadPasswordChecker } from '@dealclub/shared/password-strength';
import type { Db } from '../../db/client';
import { identityUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { CognitoError } from './cognito-error';

/**
 * Password hashing (argon2id, OWASP's recommended parameters) and the pool's password policy:
 * at least 8 characters with a lower-case letter, an upper-case letter, a number and a symbol, as a
 * default Cognito pool requires, and hard to guess. The spec's buyer sign-up asks for the same in
 * its form.
 */
/** `Algorithm.Argon2id`: a const enum, which isolated modules cannot read from the typings. */
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the user does not exist, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function decoyVerify(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash.then((stored) => verifyPassword(stored, password)).then(() => false);
}

const RULES: { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 8, message: 'Password not long enough' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must have lowercase characters' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must have uppercase characters' },
  { test: (p) => /\d/.test(p), message: 'Password must have numeric characters' },
  { test: (p) => /[^A-Za-z0-9\s]/.test(p), message: 'Password must have symbol characters' },
];

/** The policy's reason for a password that scores under MIN_PASSWORD_SCORE (the web translates it). */
const GUESSABLE_PASSWORD = 'Password is too easy to guess';

const refusal = (reason: string) =>
  new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`);

/**
 * The pool's policy for a password being set (sign-up, reset, change, the new-password challenge):
 * the class rules, then a guessability score of at least MIN_PASSWORD_SCORE (DECISIONS.md,
 * "Passwords"). The dictionaries load at the first password set, not with the server (0.4–0.8 s,
 * once), and a check then takes 5–30 ms. Answers the password; users made directly in the
 * directory (seeds, demo accounts) are not held to it.
 */
export async function assertPasswordPolicy(password: unknown): Promise<string> {
  if (typeof password !== 'string' || password.length > 256) throw refusal('Password not long enough');
  const broken = RULES.find((r) => !r.test(password));
  if (broken) throw refusal(broken.message);
  if (!(await loadPasswordChecker()).check(password).strong) throw refusal(GUESSABLE_PASSWORD);
  return password;
}

/**
 * The policy's refusal as the API's own routes answer it (invitation sign-up, the profile's password
 * change): a 400 on field `path`, with the pool's message and the locale key of its reason.
 */
export function passwordRefusal(error: CognitoError, path: string): AppError {
  const key = error.message.endsWith(GUESSABLE_PASSWORD)
    ? 'auth.errors.passwordGuessable'
    : 'auth.errors.passwordPolicy';
  return new AppError('VALIDATION_FAILED', undefined, [{ path, message: error.message, key }]);
}

export const MAX_FAILED_PASSWORDS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

type Attempts = Pick<typeof identityUsers.$inferSelect, 'sub' | 'failedAttempts' | 'lockedUntil'>;

/**
 * Counts one answer to a sign-in step (a password, an authenticator code) against the user's
 * budget: a locked account is refused without looking, five wrong answers lock it for 15 minutes,
 * a right one clears the count.
 */
export async function countAttempt(
  db: Db,
  user: Attempts,
  right: boolean,
): Promise<'ok' | 'wrong' | 'locked'> {
  if (!right) {
    // One statement on the stored count, so answers sent at once each count, and a wrong answer
    // never lifts a lock another request has just set.
    const [row] = await db
      .update(identityUsers)
      .set({
        failedAttempts: sql`case when ${identityUsers.failedAttempts} + 1 >= ${MAX_FAILED_PASSWORDS} then 0 else ${identityUsers.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${identityUsers.failedAttempts} + 1 >= ${MAX_FAILED_PASSWORDS} then ${new Date(Date.now() + LOCKOUT_MS).toISOString()}::timestamptz else ${identityUsers.lockedUntil} end`,
      })
      .where(eq(identityUsers.sub, user.sub))
      .returning({ lockedUntil: identityUsers.lockedUntil });
    return row && isLocked({ ...user, lockedUntil: row.lockedUntil }) ? 'locked' : 'wrong';
  }
  if (user.failedAttempts > 0 || user.lockedUntil) {
    await db
      .update(identityUsers)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(eq(identityUsers.sub, user.sub));
  }
  return 'ok';
}

export function isLocked(user: Attempts): boolean {
  return Boolean(user.lockedUntil && user.lockedUntil > new Date());
}

/**
 * Checks a user's password wherever one is asked for (sign-in, password change), as
 * {@link countAttempt}. A right password clears the count only when it `completes` the sign-in:
 * before a code step, wrong codes keep counting.
 */
export async function checkPassword(
  db: Db,
  user: Attempts & Pick<typeof identityUsers.$inferSelect, 'passwordHash'>,
  password: string,
  completes = true,
): Promise<'ok' | 'wrong' | 'locked'> {
  if (isLocked(user)) return 'locked';
  const right = await verifyPassword(user.passwordHash, password);
  if (right && !completes) return 'ok';
  return countAttempt(db, user, right);
}
