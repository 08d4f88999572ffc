/**
 * The embedded provider's RS256 signing keys: generated on first use per installation, stored in
 * the database (so every instance signs and verifies with the same keys), rotatable. The newest
 * key that is not retired signs; every key retired less than a day ago stays published in the JWKS
 * so tokens it signed keep verifying until they expire.
 *
 * The private half is stored sealed with the server's secrets key (decision 018): `private_jwk`
 * holds a JSON string `enc1:…` bound to its key id. A JSON object there is a private key written
 * before keys were sealed: it is still read, and `resealSigningKeys` seals it (at start-up, hourly
 * and from `npm run secrets:rotate`).
 *
 * A key that does not open with the configured secrets keys (sealed under a `SECRETS_KEY` this
 * instance does not have, or altered) stops the start (`unopenableSigningKeys`); one met while
 * running (rotated by an instance with another key) is `IdentityKeysUnavailableError`, answered
 * 503, and `GET /api/health` says so (`signingKeysProblem`).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { identitySigningKeys } from '../../db/schema';
import { advisoryXactLock } from '../../db/advisory-lock';
import { AppError } from '../../lib/app-error';
import {
  openingProblem,
  type ResealResult,
  type SecretBox,
  type UnopenableSecret,
} from '../../lib/secret-box';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const PUBLISHED_AFTER_RETIREMENT = sql`now() - interval '1 day'`;

/** What `private_jwk` holds: the sealed private JWK, or (written before sealing) the JWK itself. */
export type StoredPrivateJwk = string | Record<string, unknown>;

/** The additional data of a key's sealed private half: another row's sealed value does not open here. */
const context = (kid: string) => `identity_signing_keys.private_jwk:${kid}`;

export function sealPrivateJwk(box: SecretBox, kid: string, jwk: JWK): string {
  return box.seal(JSON.stringify(jwk), context(kid));
}

/** The private JWK of a stored key, sealed or (from before sealing) in the clear. */
export function openPrivateJwk(box: SecretBox, kid: string, stored: StoredPrivateJwk): JWK {
  if (typeof stored !== 'string') return stored as JWK;
  return JSON.parse(box.open(stored, context(kid))) as JWK;
}

/**
 * A stored key whose private half does not open with this instance's secrets keys: the provider
 * cannot sign with it. Answered 503 `IDENTITY_KEYS_UNAVAILABLE`; `kid` and `problem` are for the log.
 */
export class IdentityKeysUnavailableError extends AppError {
  constructor(
    readonly kid: string,
    readonly problem: string,
  ) {
    super('IDENTITY_KEYS_UNAVAILABLE');
    this.name = 'IdentityKeysUnavailableError';
  }
}

/** `open`'s result; what it throws becomes IdentityKeysUnavailableError naming the key `kid`. */
async function openingKey<T>(kid: string, open: () => T | Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new IdentityKeysUnavailableError(kid, error instanceof Error ? error.message : String(error));
  }
}

export interface SigningKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

/** A new RS256 key pair (2048-bit RSA: about a tenth of a second of one core). */
export function generateSigningKeyPair(): Promise<SigningKeyPair> {
  return generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
}

let keyPairSource: () => Promise<SigningKeyPair> = generateSigningKeyPair;

/**
 * Where new signing keys' pairs come from: generated, unless the test fixtures hand out pairs they
 * made once per worker (test/app.ts) — every test database would otherwise pay for an RSA
 * generation at its first sign-in, most of that sign-in's time.
 */
export function takeSigningKeyPairsFrom(source: () => Promise<SigningKeyPair>): void {
  keyPairSource = source;
}

async function createKey(db: Db, box: SecretBox): Promise<void> {
  const { publicKey, privateKey } = await keyPairSource();
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = sealPrivateJwk(box, kid, { ...(await exportJWK(privateKey)), kid, alg: 'RS256' });
  await db.insert(identitySigningKeys).values({ kid, publicJwk, privateJwk });
}

/** What the last look at the active key found, per database handle: for `GET /api/health`. */
interface SigningVerdict {
  box: SecretBox;
  at: number;
  problem: IdentityKeysUnavailableError | undefined;
}
const verdicts = new WeakMap<Db, SigningVerdict>();
/** How long a verdict stands before the health check looks at the key again. */
const RECHECK_MS = 1000;

/** The active key, opened (undefined when there is none yet); what was found is remembered. */
async function currentSigningKey(db: Db, box: SecretBox): Promise<SigningKey | undefined> {
  const [row] = await db
    .select()
    .from(identitySigningKeys)
    .where(isNull(identitySigningKeys.retiredAt))
    .orderBy(desc(identitySigningKeys.createdAt))
    .limit(1);
  let key: SigningKey | undefined;
  try {
    if (row) {
      const jwk = () => openPrivateJwk(box, row.kid, row.privateJwk);
      const privateKey = (await openingKey(row.kid, () => importJWK(jwk(), 'RS256'))) as CryptoKey;
      key = { kid: row.kid, privateKey, publicJwk: row.publicJwk as JWK };
    }
  } catch (error) {
    verdicts.set(db, { box, at: Date.now(), problem: error as IdentityKeysUnavailableError });
    throw error;
  }
  verdicts.set(db, { box, at: Date.now(), problem: undefined });
  return key;
}

/** The signing key, creating the installation's first one if there is none (once, under a lock). */
export async function activeSigningKey(db: Db, box: SecretBox): Promise<SigningKey> {
  const current = await currentSigningKey(db, box);
  if (current) return current;
  await db.transaction(async (tx) => {
    await advisoryXactLock(tx, 'signingKeys');
    const again = await tx
      .select()
      .from(identitySigningKeys)
      .where(isNull(identitySigningKeys.retiredAt))
      .limit(1);
    if (again.length === 0) await createKey(tx as unknown as Db, box);
  });
  return activeSigningKey(db, box);
}

/**
 * Why the identity provider cannot sign now (the active key does not open with `box`), or
 * undefined when it can (a key is made at the first sign-in when there is none). Every sign-in
 * records what it finds; otherwise the key is looked at again at most once a second, so a key
 * rotated by an instance with another `SECRETS_KEY` shows within a second.
 */
export async function signingKeysProblem(
  db: Db,
  box: SecretBox,
): Promise<IdentityKeysUnavailableError | undefined> {
  const last = verdicts.get(db);
  if (last?.box === box && Date.now() - last.at < RECHECK_MS) return last.problem;
  try {
    await currentSigningKey(db, box);
    return undefined;
  } catch (error) {
    if (error instanceof IdentityKeysUnavailableError) return error;
    throw error;
  }
}

/** Retires the signing key and makes a new one; tokens signed by the old key keep verifying. */
export async function rotateSigningKey(db: Db, box: SecretBox): Promise<string> {
  await db.transaction(async (tx) => {
    await advisoryXactLock(tx, 'signingKeys');
    await tx
      .update(identitySigningKeys)
      .set({ retiredAt: new Date() })
      .where(isNull(identitySigningKeys.retiredAt));
    await createKey(tx as unknown as Db, box);
  });
  return (await activeSigningKey(db, box)).kid;
}

/** The public keys to publish and to verify with. */
export async function publishedKeys(db: Db): Promise<JWK[]> {
  const rows = await db
    .select({ publicJwk: identitySigningKeys.publicJwk })
    .from(identitySigningKeys)
    .where(
      or(
        isNull(identitySigningKeys.retiredAt),
        gt(identitySigningKeys.retiredAt, PUBLISHED_AFTER_RETIREMENT),
      ),
    )
    .orderBy(desc(identitySigningKeys.createdAt));
  return rows.map((r) => r.publicJwk as JWK);
}

/** The private JWK of the installation's first key (`installation-key.ts` derives its keys from it). */
export async function firstPrivateJwk(db: Db, box: SecretBox): Promise<JWK | undefined> {
  const [row] = await db
    .select({ kid: identitySigningKeys.kid, privateJwk: identitySigningKeys.privateJwk })
    .from(identitySigningKeys)
    .orderBy(asc(identitySigningKeys.createdAt))
    .limit(1);
  return row && openingKey(row.kid, () => openPrivateJwk(box, row.kid, row.privateJwk));
}

/**
 * Every stored key (retired ones too: the first derives the installation's keys) whose private half
 * does not open with `box`, named by kid: the server does not start with any.
 */
export async function unopenableSigningKeys(db: Db, box: SecretBox): Promise<UnopenableSecret[]> {
  const rows = await db
    .select({ kid: identitySigningKeys.kid, privateJwk: identitySigningKeys.privateJwk })
    .from(identitySigningKeys)
    .orderBy(asc(identitySigningKeys.createdAt));
  return rows.flatMap(({ kid, privateJwk }) => {
    const problem = openingProblem(() => openPrivateJwk(box, kid, privateJwk));
    return problem ? [{ name: `identity signing key ${kid}`, problem }] : [];
  });
}

/**
 * Seals every private key stored in the clear or sealed with another key than the current one.
 * Each row is written only if it still holds what was read (another instance may reseal at the
 * same time), so running it twice changes nothing. An installation has a handful of keys (one a
 * rotation): no paging.
 */
export async function resealSigningKeys(db: Db, box: SecretBox): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  const rows = await db
    .select({ kid: identitySigningKeys.kid, stored: identitySigningKeys.privateJwk })
    .from(identitySigningKeys)
    // `#>> '{}'`: the text of a JSON string, or the JSON of an object (never the prefix).
    .where(sql`not (${identitySigningKeys.privateJwk} #>> '{}' like ${`${box.currentPrefix}%`})`);
  for (const { kid, stored } of rows) {
    let jwk: JWK;
    try {
      jwk = openPrivateJwk(box, kid, stored);
    } catch {
      result.unreadable += 1;
      continue;
    }
    const written = await db
      .update(identitySigningKeys)
      .set({ privateJwk: sealPrivateJwk(box, kid, jwk) })
      .where(and(eq(identitySigningKeys.kid, kid), eq(identitySigningKeys.privateJwk, stored)))
      .returning({ kid: identitySigningKeys.kid });
    result.resealed += written.length;
  }
  return result;
}
