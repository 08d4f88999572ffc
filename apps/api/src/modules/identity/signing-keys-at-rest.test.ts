/**
 * The identity provider's private signing keys at rest (decision 018), on the real app and
 * database: what `identity_signing_keys` holds, sign-in and token verification on top of it, keys
 * stored before sealing, a rotation of the signing key and one of the secrets key, the alert
 * unsubscribe links that derive from the first key, and an instance whose secrets key does not open
 * the active key (health 503, sign-in 503).
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, type JWK } from 'jose';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, queryRows, type Database, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { identitySigningKeys } from '../../db/schema';
import { newSecretKeyText, parseSecretKey, SecretBox, secretKeyId } from '../../lib/secret-box';
import { createTestApp, type TestDatabase } from '../../test/app';
import { cognito, createUser, passwordSignIn, signIn, type TestUser } from '../../test/auth';
import { unsubscribeKey, unsubscribeToken } from '../alerts';
import { rotateSecretsKey } from '../secrets';
import { openPrivateJwk, resealSigningKeys, rotateSigningKey } from './keys';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  // The second instance first: the first owns the database.
  for (const app of apps.splice(0).reverse()) await app.close();
});

const key = () => parseSecretKey(newSecretKeyText())!;
/** The members of an RSA private JWK that are secret (any one of them gives the key away). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

async function firstApp(box: SecretBox) {
  const app = await createTestApp({}, { secrets: box });
  apps.push(app);
  return app;
}

/**
 * Another instance on the same database (a restart with new settings): a handle of its own, so
 * nothing the first cached (the unsubscribe links' key) carries over.
 */
async function secondInstance(first: FastifyInstance, box: SecretBox) {
  const database = first.database as TestDatabase;
  let second: Database;
  if (database.url) {
    second = await openDatabase({ databaseUrl: database.url, poolMax: 2 });
  } else {
    const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
    second = { ...database, db, close: async () => {} };
  }
  const app = await buildApp({ config: first.config, database: second, secrets: box });
  apps.push(app);
  return app;
}

type KeyRow = typeof identitySigningKeys.$inferSelect;
const keyRows = (app: FastifyInstance): Promise<KeyRow[]> =>
  app.database.db.select().from(identitySigningKeys).orderBy(identitySigningKeys.createdAt);

/** No row holds any secret member of `jwk`, in any column. */
async function expectNothingInClear(app: FastifyInstance, jwk: JWK) {
  for (const member of PRIVATE_MEMBERS) {
    const value = jwk[member] as string | undefined;
    expect(value, member).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const rows = await queryRows<{ found: number }>(
      app.database.db,
      sql`select count(*)::int as found from identity_signing_keys k where k::text like ${`%${value!.slice(0, 40)}%`}`,
    );
    expect(rows, member).toEqual([{ found: 0 }]);
  }
}

const me = (app: FastifyInstance, idToken: string) =>
  app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${idToken}` } });

const unsubscribe = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}` });

describe('identity signing keys at rest', () => {
  it('are stored sealed, never in the clear, and sign tokens the API verifies', async () => {
    const current = key();
    const app = await firstApp(new SecretBox([current]));
    const user = await createUser(app);

    const [row, ...others] = await keyRows(app);
    expect(others).toEqual([]);
    expect(typeof row!.privateJwk).toBe('string');
    expect(row!.privateJwk).toMatch(new RegExp(`^enc1:${secretKeyId(current)}:`));
    const jwk = openPrivateJwk(app.secrets, row!.kid, row!.privateJwk);
    expect(jwk).toMatchObject({ kty: 'RSA', kid: row!.kid });
    await expectNothingInClear(app, jwk);
    // Bound to its row: copied onto another key's row, it does not open.
    expect(() => openPrivateJwk(app.secrets, 'another-kid', row!.privateJwk)).toThrow(/did not open/);

    // The token of the sign-in is signed with that key, and the API accepts it.
    expect(decodeProtectedHeader(user.idToken).kid).toBe(row!.kid);
    expect((await me(app, user.idToken)).statusCode).toBe(200);
    // A token forged with another key is refused, so the check above means something.
    const [header, payload] = user.idToken.split('.');
    expect((await me(app, `${header}.${payload}.${'A'.repeat(342)}`)).statusCode).toBe(401);
  });

  it('seals a key stored in the clear before sealing; sign-in and old unsubscribe links keep working', async () => {
    const app = await firstApp(new SecretBox([key()]));
    const user = await createUser(app);
    const db = app.database.db;
    const [sealed] = await keyRows(app);
    const plain = openPrivateJwk(app.secrets, sealed!.kid, sealed!.privateJwk);
    // As an installation from before sealing has it: the private JWK itself.
    await db
      .update(identitySigningKeys)
      .set({ privateJwk: plain as Record<string, unknown> })
      .where(eq(identitySigningKeys.kid, sealed!.kid));
    // A link of an alert e-mail sent then, derived from the key in the clear.
    const link = unsubscribeToken(await unsubscribeKey(db, app.secrets), user.id);
    // Still read before the start-up (or hourly) pass seals it.
    const before = await signIn(app, user.email, user.password);
    expect((await me(app, before.idToken)).statusCode).toBe(200);

    expect(await resealSigningKeys(db, app.secrets)).toEqual({ resealed: 1, unreadable: 0 });
    const [row] = await keyRows(app);
    expect(row!.privateJwk).toMatch(/^enc1:/);
    await expectNothingInClear(app, plain);
    // Idempotent: another instance, or the next hour, finds nothing to do.
    expect(await resealSigningKeys(db, app.secrets)).toEqual({ resealed: 0, unreadable: 0 });
    expect((await keyRows(app))[0]!.privateJwk).toBe(row!.privateJwk);

    // After a restart (nothing cached): sign-in signs with the same key, the old link still works.
    const restarted = await secondInstance(app, app.secrets);
    const after = await signIn(restarted, user.email, user.password);
    expect(decodeProtectedHeader(after.idToken).kid).toBe(sealed!.kid);
    expect((await me(restarted, after.idToken)).statusCode).toBe(200);
    expect((await me(restarted, user.idToken)).statusCode).toBe(200);
    const res = await unsubscribe(restarted, link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
  });

  it('seals the new key of `identity:rotate-key`; tokens of the old key keep verifying', async () => {
    const app = await firstApp(new SecretBox([key()]));
    const user: TestUser = await createUser(app);
    const newKid = await rotateSigningKey(app.database.db, app.secrets);
    const rows = await keyRows(app);
    expect(rows.map((r) => r.kid)).toContain(newKid);
    for (const row of rows) {
      expect(row.privateJwk).toMatch(/^enc1:/);
      await expectNothingInClear(app, openPrivateJwk(app.secrets, row.kid, row.privateJwk));
    }
    const after = await signIn(app, user.email, user.password);
    expect(decodeProtectedHeader(after.idToken).kid).toBe(newKid);
    expect((await me(app, after.idToken)).statusCode).toBe(200);
    expect((await me(app, user.idToken)).statusCode).toBe(200);
  });

  it('are resealed by a rotation of SECRETS_KEY: sign-in, tokens and unsubscribe links keep working on the new key alone', async () => {
    const oldKey = key();
    const newKey = key();
    const app = await firstApp(new SecretBox([oldKey]));
    const user = await createUser(app);
    const link = unsubscribeToken(await unsubscribeKey(app.database.db, app.secrets), user.id);
    const [before] = await keyRows(app);
    expect(before!.privateJwk).toMatch(new RegExp(`^enc1:${secretKeyId(oldKey)}:`));

    // SECRETS_KEY = the new key, SECRETS_KEY_PREVIOUS = the old one; then `npm run secrets:rotate`.
    const report = await rotateSecretsKey(app.database.db, {
      keys: [newKey, oldKey],
      keyFile: '/nonexistent-dealclub-dir/secrets.key',
    });
    expect(report).toMatchObject({
      source: 'env',
      keyId: secretKeyId(newKey),
      signingKeys: { resealed: 1, unreadable: 0 },
    });
    const [after] = await keyRows(app);
    expect(after!.privateJwk).toMatch(new RegExp(`^enc1:${secretKeyId(newKey)}:`));
    expect(() => openPrivateJwk(new SecretBox([oldKey]), after!.kid, after!.privateJwk)).toThrow(
      /not configured/,
    );
    await expectNothingInClear(app, openPrivateJwk(new SecretBox([newKey]), after!.kid, after!.privateJwk));

    // SECRETS_KEY_PREVIOUS removed, the server restarted: everything works on the new key alone.
    const restarted = await secondInstance(app, new SecretBox([newKey]));
    expect((await me(restarted, user.idToken)).statusCode).toBe(200);
    const fresh = await signIn(restarted, user.email, user.password);
    expect(decodeProtectedHeader(fresh.idToken).kid).toBe(after!.kid);
    expect((await me(restarted, fresh.idToken)).statusCode).toBe(200);
    const res = await unsubscribe(restarted, link);
    expect(res.statusCode, res.body).toBe(200);
  });

  it(
    'while the active key does not open with the instance secrets key: health 503 IDENTITY_KEYS_UNAVAILABLE, sign-in 503 (never InternalErrorException); both recover once it opens',
    { tags: ['server'] },
    async () => {
      const ours = new SecretBox([key()]);
      const app = await firstApp(ours);
      const user = await createUser(app);
      const health = async (instance: FastifyInstance) => {
        const res = await instance.inject('/api/health');
        return { status: res.statusCode, body: res.json() as Record<string, unknown> };
      };
      const signInOn = (instance: FastifyInstance) =>
        cognito(
          instance,
          'InitiateAuth',
          passwordSignIn(instance.config.identity.clientId, user.email, user.password),
        );
      expect(await health(app)).toMatchObject({ status: 200, body: { status: 'ok' } });

      // An instance with another SECRETS_KEY on the same database rotates the signing key
      // (`npm run identity:rotate-key` with its settings): ours cannot open the new one.
      const other = await secondInstance(app, new SecretBox([key()]));
      const newKid = await rotateSigningKey(other.database.db, other.secrets);

      const refused = await signInOn(app);
      expect(refused.status).toBe(503);
      expect(refused.headers['x-amzn-errortype']).toBe('ServiceUnavailable:');
      expect(refused.body).toEqual({
        __type: 'ServiceUnavailable',
        message: 'Sign-in is temporarily unavailable. Please try again shortly.',
      });
      expect(await health(app)).toEqual({
        status: 503,
        body: {
          status: 'unavailable',
          version: app.config.version,
          database: 'ok',
          code: 'IDENTITY_KEYS_UNAVAILABLE',
        },
      });
      // Without any sign-in: a restart of ours (nothing cached) says so at its first health check.
      const restarted = await secondInstance(app, ours);
      expect(await health(restarted)).toMatchObject({
        status: 503,
        body: { code: 'IDENTITY_KEYS_UNAVAILABLE' },
      });
      // Tokens already signed verify everywhere (the public halves are not sealed); the other signs.
      expect((await me(app, user.idToken)).statusCode).toBe(200);
      const there = await signIn(other, user.email, user.password);
      expect(decodeProtectedHeader(there.idToken).kid).toBe(newKid);
      expect(await health(other)).toMatchObject({ status: 200 });

      // Set right (here: the key rotated again under our secrets key, from another process): the
      // health check sees it within a second, and ours signs in again.
      const ourKid = await rotateSigningKey(restarted.database.db, ours);
      await vi.waitFor(
        async () => expect(await health(app)).toMatchObject({ status: 200, body: { status: 'ok' } }),
        {
          timeout: 5000,
          interval: 200,
        },
      );
      const again = await signInOn(app);
      expect(again.status).toBe(200);
      expect(
        decodeProtectedHeader((again.body.AuthenticationResult as { IdToken: string }).IdToken).kid,
      ).toBe(ourKid);
    },
  );
});
