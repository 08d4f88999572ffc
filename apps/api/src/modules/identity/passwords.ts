import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityUsers } from '../../db/schema';
import { CognitoError } from './cognito-error';

/**
 * Password hashing (argon2id, OWASP's recommended parameters) and the pool's password policy:
 * at least 8 characters with a lower-case letter, an upper-case letter, a number and a symbol, as a
 * default Cognito pool requires. The spec's buyer sign-up asks for the same in its form.
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

export function assertPasswordPolicy(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length > 256) {
    throw new CognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
    );
  }
  const broken = RULES.find((r) => !r.test(password));
  if (broken) {
    throw new CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${broken.message}`,
    );
  }
}

export const MAX_FAILED_PASSWORDS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/**
 * Checks a user's password wherever one is asked for (sign-in, password change): a locked account
 * is refused without looking, five wrong passwords lock it for 15 minutes, a right one clears the
 * count.
 */
export async function checkPassword(
  db: Db,
  user: Pick<typeof identityUsers.$inferSelect, 'sub' | 'passwordHash' | 'failedAttempts' | 'lockedUntil'>,
  password: string,
): Promise<'ok' | 'wrong' | 'locked'> {
  if (user.lockedUntil && user.lockedUntil > new Date()) return 'locked';
  if (!(await verifyPassword(user.passwordHash, password))) {
    const failed = user.failedAttempts + 1;
    const locks = failed >= MAX_FAILED_PASSWORDS;
    await db
      .update(identityUsers)
      .set({
        failedAttempts: locks ? 0 : failed,
        lockedUntil: locks ? new Date(Date.now() + LOCKOUT_MS) : null,
      })
      .where(eq(identityUsers.sub, user.sub));
    return locks ? 'locked' : 'wrong';
  }
  if (user.failedAttempts > 0 || user.lockedUntil) {
    await db
      .update(identityUsers)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(eq(identityUsers.sub, user.sub));
  }
  return 'ok';
}
