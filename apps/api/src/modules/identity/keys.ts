/**
 * The embedded provider's RS256 signing keys: generated on first use per installation, stored in
 * the database (so every instance signs and verifies with the same keys), rotatable. The newest
 * key that is not retired signs; every key retired less than a day ago stays published in the JWKS
 * so tokens it signed keep verifying until they expire.
 */
import { randomUUID } from 'node:crypto';
import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { identitySigningKeys } from '../../db/schema';
import { advisoryXactLock } from '../../db/advisory-lock';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const PUBLISHED_AFTER_RETIREMENT = sql`now() - interval '1 day'`;

async function createKey(db: Db): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await db.insert(identitySigningKeys).values({ kid, publicJwk, privateJwk });
}

/** The signing key, creating the installation's first one if there is none (once, under a lock). */
export async function activeSigningKey(db: Db): Promise<SigningKey> {
  const current = await db
    .select()
    .from(identitySigningKeys)
    .where(isNull(identitySigningKeys.retiredAt))
    .orderBy(desc(identitySigningKeys.createdAt))
    .limit(1);
  const row = current[0];
  if (!row) {
    await db.transaction(async (tx) => {
      await advisoryXactLock(tx, 'signingKeys');
      const again = await tx
        .select()
        .from(identitySigningKeys)
        .where(isNull(identitySigningKeys.retiredAt))
        .limit(1);
      if (again.length === 0) await createKey(tx as unknown as Db);
    });
    return activeSigningKey(db);
  }
  const privateKey = (await importJWK(row.privateJwk as JWK, 'RS256')) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: row.publicJwk as JWK };
}

/** Retires the signing key and makes a new one; tokens signed by the old key keep verifying. */
export async function rotateSigningKey(db: Db): Promise<string> {
  await db.transaction(async (tx) => {
    await advisoryXactLock(tx, 'signingKeys');
    await tx
      .update(identitySigningKeys)
      .set({ retiredAt: new Date() })
      .where(isNull(identitySigningKeys.retiredAt));
    await createKey(tx as unknown as Db);
  });
  return (await activeSigningKey(db)).kid;
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
