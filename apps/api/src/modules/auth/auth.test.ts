import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { activeSigningKey } from '../identity';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/auth/public-config', () => {
  it('points the client at the embedded provider by default', async () => {
    app = await createTestApp();
    const res = await app.inject('/api/auth/public-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'embedded',
      configured: true,
      userPoolId: 'us-east-2_DealClubLocal',
      clientId: app.config.identity.clientId,
      region: 'us-east-2',
      endpoint: '/cognito/',
      // Demo and tests: nobody must use two-step sign-in unless MFA_REQUIRED_ROLES says so.
      mfaRequiredRoles: [],
      // The embedded realtime server: the page's own host, port and protocol.
      realtime: {
        enabled: true,
        mode: 'embedded',
        key: 'dealclub-key',
        cluster: 'us3',
        host: null,
        port: null,
        useTLS: null,
      },
    });
  });

  it('points the client at an AWS user pool when one is configured', async () => {
    app = await createTestApp({ COGNITO_USER_POOL_ID: 'us-east-2_AbC123xyz', COGNITO_CLIENT_ID: 'abc123' });
    expect((await app.inject('/api/auth/public-config')).json()).toMatchObject({
      mode: 'aws',
      configured: true,
      userPoolId: 'us-east-2_AbC123xyz',
      endpoint: null,
    });
    // The embedded provider is off.
    expect((await app.inject({ method: 'POST', url: '/cognito/' })).statusCode).toBe(404);
  });

  it('disables sign-in when the pool ids are missing or malformed', async () => {
    const cases: Record<string, string>[] = [
      { COGNITO_USER_POOL_ID: 'not a pool id', COGNITO_CLIENT_ID: 'abc' },
      { COGNITO_USER_POOL_ID: 'us-east-2_AbC123' },
      { COGNITO_USER_POOL_ID: `us-east-2_${'a'.repeat(50)}`, COGNITO_CLIENT_ID: 'abc' },
    ];
    for (const env of cases) {
      app = await createTestApp(env);
      expect((await app.inject('/api/auth/public-config')).json()).toMatchObject({
        mode: 'misconfigured',
        configured: false,
      });
      await app.close();
    }
    app = undefined as unknown as FastifyInstance;
  });
});

describe('GET /api/auth/me', () => {
  it('describes the signed-in user', async () => {
    app = await createTestApp();
    const user = await createUser(app, {
      roles: ['buyer', 'originator'],
      firstName: 'Hugo',
      lastName: 'Hybrid',
      phoneNumber: '5125550104',
      language: 'es',
    });
    const res = await app.inject({ url: '/api/auth/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      userId: user.id,
      email: user.email,
      role: 'originator',
      roles: ['buyer', 'originator'],
      cognitoGroups: ['buyer', 'originator'],
      firstName: 'Hugo',
      lastName: 'Hybrid',
      phoneNumber: '5125550104',
      languagePreference: 'es',
      // Names and phone are there; a buyer-and-seller still owes both preference tabs.
      profileComplete: false,
      profileCompleted: false,
      missingProfileParts: ['buyerPreferences', 'sellerPreferences'],
      certifiedBuyer: false,
      certifiedAt: null,
      mfaEnabled: false,
    });
  });

  it('reports an incomplete profile when the phone number is missing', async () => {
    app = await createTestApp();
    const user = await createUser(app, { phoneNumber: null });
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).json()).toMatchObject({
      profileComplete: false,
      profileCompleted: false,
    });
  });

  it('applies a role change on the next call, without a new token', async () => {
    app = await createTestApp();
    const user = await createUser(app, { roles: ['buyer'] });
    await app.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, user.id));
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).json()).toMatchObject({
      role: 'admin',
      roles: ['admin'],
      cognitoGroups: ['buyer'],
    });
  });

  it('keeps an unexpected role value and maps the rest by priority', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    await app.database.db
      .update(users)
      .set({ roles: ['owner', 'superhero'] })
      .where(eq(users.id, user.id));
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).json()).toMatchObject({
      role: 'owner',
      roles: ['owner', 'superhero'],
    });
  });
});

describe('token verification', () => {
  async function forged(
    claims: Record<string, unknown>,
    options: { key?: 'ours' | 'foreign'; alg?: string } = {},
  ) {
    const ours = await activeSigningKey(app.database.db, app.secrets);
    const now = Math.floor(Date.now() / 1000);
    const key = options.key === 'foreign' ? (await generateKeyPair('RS256')).privateKey : ours.privateKey;
    return new SignJWT({
      token_use: 'id',
      aud: app.config.identity.clientId,
      iss: app.config.identity.issuer,
      iat: now,
      exp: now + 3600,
      ...claims,
    })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: ours.kid })
      .sign(key);
  }

  async function status(headers: Record<string, string>) {
    return (await app.inject({ url: '/api/auth/me', headers })).statusCode;
  }

  it('answers 401 with the spec message when the token is missing or not a bearer token', async () => {
    app = await createTestApp();
    const res = await app.inject('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' });
    expect(await status({ authorization: 'Basic abc' })).toBe(401);
    expect(await status({ authorization: 'Bearer not.a.jwt' })).toBe(401);
  });

  it('refuses expired, tampered, foreign-key, wrong-issuer and wrong-audience tokens', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const sub = user.id;
    expect(await status(bearer(await forged({ sub })))).toBe(200);

    const past = Math.floor(Date.now() / 1000) - 7200;
    expect(await status(bearer(await forged({ sub, iat: past, exp: past + 3600 }))), 'expired').toBe(401);
    expect(
      await status(bearer(await forged({ sub, iss: 'https://evil.example/cognito/pool' }))),
      'issuer',
    ).toBe(401);
    expect(await status(bearer(await forged({ sub, aud: 'another-client' }))), 'audience').toBe(401);
    expect(await status(bearer(await forged({ sub }, { key: 'foreign' }))), 'foreign key').toBe(401);

    const [header, payload, signature] = user.idToken.split('.');
    const claims = { ...decodeJwt(user.idToken), 'cognito:groups': ['admin'] };
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    expect(await status(bearer(tampered)), 'tampered').toBe(401);
    expect(payload).toBeTruthy();
  });

  it('keeps refusing a token that was accepted once it expires, and a changed copy of it', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const now = Math.floor(Date.now() / 1000);
    const token = await forged({ sub: user.id, iat: now, exp: now + 60 });
    expect(await status(bearer(token))).toBe(200);
    expect(await status(bearer(token)), 'again, within its hour').toBe(200);
    const [header, , signature] = token.split('.');
    const longer = { ...decodeJwt(token), exp: now + 7200 };
    const changed = [header, Buffer.from(JSON.stringify(longer)).toString('base64url'), signature].join('.');
    expect(await status(bearer(changed)), 'its claims changed').toBe(401);
    vi.useFakeTimers({ toFake: ['Date'], now: (now + 61) * 1000 });
    try {
      expect(await status(bearer(token)), 'after its expiry').toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses unsigned (alg none) tokens and access tokens', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const claims = decodeJwt(user.idToken);
    const none = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify(claims)).toString('base64url'),
      '',
    ].join('.');
    expect(await status(bearer(none))).toBe(401);
    expect(await status(bearer(user.accessToken))).toBe(401);
  });

  it('answers 403 to a deactivated account on every call, and restores it on reactivation', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    await app.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const me = await app.inject({ url: '/api/auth/me', headers: user.headers });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({
      code: 'ACCOUNT_DEACTIVATED',
      message:
        'Account Deactivated: Your account has been deactivated. Please contact support for assistance.',
    });
    const flags = await app.inject({ url: '/api/config/feature-flags', headers: user.headers });
    expect(flags.statusCode).toBe(403);
    await app.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
  });

  it('creates the product user on first sight of a token from the pool', async () => {
    app = await createTestApp();
    const sub = '6f1c1d5e-4a7b-4c1e-9f6a-0d2f3e4a5b6c';
    const token = await forged({
      sub,
      email: 'aws.user@example.test',
      'cognito:groups': ['owners'],
      given_name: 'Ana',
    });
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: sub,
      role: 'owner',
      firstName: 'Ana',
      email: 'aws.user@example.test',
    });
  });

  it('keeps public routes public and private routes private', async () => {
    app = await createTestApp();
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/auth/public-config')).statusCode).toBe(200);
    expect((await app.inject('/api/config/feature-flags')).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/update-language' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/update-language', () => {
  it('saves the choice and refuses languages the product does not speak', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/auth/update-language',
      headers: user.headers,
      payload: { languagePreference: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).json()).toMatchObject({
      languagePreference: 'es',
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/update-language',
      headers: user.headers,
      payload: { languagePreference: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'languagePreference' }],
    });
  });
});

describe('content security policy', () => {
  it("lets the browser reach an AWS user pool's endpoint, and nothing else", async () => {
    app = await createTestApp({ COGNITO_USER_POOL_ID: 'us-east-2_AbC123xyz', COGNITO_CLIENT_ID: 'abc123' });
    const csp = (await app.inject('/api/health')).headers['content-security-policy'];
    expect(csp).toContain("connect-src 'self' https://cognito-idp.us-east-2.amazonaws.com");
    await app.close();
    app = await createTestApp();
    expect((await app.inject('/api/health')).headers['content-security-policy']).toContain(
      "connect-src 'self';",
    );
  });
});
