/**
 * The human check of the signed-out forms (DECISIONS.md, Help, feedback and roadmap; decision 022):
 * an ALTCHA proof of work (altcha-lib v2), self-hosted. The API hands out a challenge signed with
 * an installation key (identity/installation-key.ts) that expires in a few minutes; the browser
 * solves it and sends the proof (the ALTCHA widget's payload: base64 JSON `{ challenge, solution }`).
 * A proof is good once: its challenge's signature is written to `spent_human_checks` until the
 * challenge would have expired, and a second use is refused.
 */
import { randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spentHumanChecks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { installationKey } from '../identity';

/** How long a challenge can be solved and sent. */
export const HUMAN_CHECK_TTL_MS = 5 * 60_000;
/** SHA-256, one hash an attempt; the answer is somewhere in this range (a fraction of a second). */
const ALGORITHM = 'SHA-256';
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 50_000;

const hmacSecret = async (db: Db, secrets: SecretBox) =>
  (await installationKey(db, secrets, 'dealclub/human-check/v1')).toString('hex');

/** A fresh challenge, expiring `ttlMs` from now (a negative one is already expired: tests). */
export async function newHumanCheck(
  db: Db,
  secrets: SecretBox,
  ttlMs = HUMAN_CHECK_TTL_MS,
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX),
    deriveKey,
    expiresAt: new Date(Date.now() + ttlMs),
    hmacSignatureSecret: await hmacSecret(db, secrets),
  });
}

/** The widget's payload: base64 (or plain) JSON `{ challenge, solution }`. */
function decodeProof(proof: string): { challenge: Challenge; solution: Solution } {
  let value: unknown;
  try {
    const text = proof.trim().startsWith('{') ? proof : Buffer.from(proof, 'base64').toString('utf8');
    value = JSON.parse(text);
  } catch {
    throw new AppError('HUMAN_CHECK_FAILED');
  }
  const { challenge, solution } = (value ?? {}) as { challenge?: Challenge; solution?: Solution };
  if (
    !challenge ||
    typeof challenge !== 'object' ||
    typeof challenge.signature !== 'string' ||
    !challenge.parameters ||
    typeof challenge.parameters !== 'object' ||
    challenge.parameters.algorithm !== ALGORITHM ||
    !solution ||
    typeof solution !== 'object' ||
    !Number.isSafeInteger(solution.counter) ||
    typeof solution.derivedKey !== 'string'
  ) {
    throw new AppError('HUMAN_CHECK_FAILED');
  }
  return { challenge, solution };
}

/**
 * Checks a proof and spends it: `HUMAN_CHECK_FAILED` when it is not a solved challenge of ours,
 * `HUMAN_CHECK_EXPIRED` past its expiry, `HUMAN_CHECK_USED` the second time.
 */
export async function spendHumanCheck(db: Db, secrets: SecretBox, proof: string): Promise<void> {
  const { challenge, solution } = decodeProof(proof);
  let result;
  try {
    result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: await hmacSecret(db, secrets),
    });
  } catch {
    throw new AppError('HUMAN_CHECK_FAILED');
  }
  if (result.expired) throw new AppError('HUMAN_CHECK_EXPIRED');
  if (!result.verified) throw new AppError('HUMAN_CHECK_FAILED');
  const expiresAt = challenge.parameters.expiresAt;
  // Ours always expire (createChallenge above); one without an expiry was not made here.
  if (typeof expiresAt !== 'number') throw new AppError('HUMAN_CHECK_FAILED');
  await db.delete(spentHumanChecks).where(lt(spentHumanChecks.expiresAt, new Date()));
  const spent = await db
    .insert(spentHumanChecks)
    .values({ signature: challenge.signature!, expiresAt: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ signature: spentHumanChecks.signature });
  if (spent.length === 0) throw new AppError('HUMAN_CHECK_USED');
}
