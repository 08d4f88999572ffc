import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser, signIn } from '../../test/auth';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('/api/profile', () => {
  it('saves names and phone, completes the profile, and new tokens carry them', async () => {
    app = await createTestApp();
    // An admin's profile needs names and phone only; the other roles' parts are in tabs.test.ts.
    const user = await createUser(app, { roles: ['admin'], firstName: '', lastName: '', phoneNumber: null });
    const before = await app.inject({ url: '/api/profile', headers: user.headers });
    expect(before.json()).toMatchObject({ profileComplete: false, phoneNumber: null });

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { firstName: ' Lena ', lastName: 'Ortiz', phoneNumber: '1 (512) 555-0188' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Lena',
      lastName: 'Ortiz',
      phoneNumber: '5125550188',
      profileComplete: true,
    });
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).json()).toMatchObject({
      profileComplete: true,
    });

    const tokens = await signIn(app, user.email, user.password);
    const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ given_name: 'Lena', family_name: 'Ortiz', phone_number: '5125550188' });
  });

  it('refuses bad phone numbers and empty names, field by field, and keeps what was saved', async () => {
    app = await createTestApp();
    const user = await createUser(app, { firstName: 'Kept', phoneNumber: '5125550100' });
    for (const phone of ['512555010', '25125550100', 'call me']) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: user.headers,
        payload: { firstName: '', lastName: 'X', phoneNumber: phone },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'firstName', message: 'First name is required.', key: 'access.validation.firstName' },
        { path: 'phoneNumber', message: 'Enter a 10-digit phone number.', key: 'access.validation.phone' },
      ]);
    }
    expect((await app.inject({ url: '/api/profile', headers: user.headers })).json()).toMatchObject({
      firstName: 'Kept',
      phoneNumber: '5125550100',
    });
  });

  it('needs a signed-in user', async () => {
    app = await createTestApp();
    expect((await app.inject('/api/profile')).statusCode).toBe(401);
  });
});

describe('PUT /api/profile/password', () => {
  it('changes the password only with the current one', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: user.headers,
      payload: { currentPassword: 'Not-It-123!', newPassword: 'Brand!New9pass' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Password update failed']);
    const weak = await app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'weak' },
    });
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([
        {
          path: 'newPassword',
          message: 'Password must be at least 8 characters.',
          key: 'auth.validation.passwordMin8',
        },
      ]),
    });
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'Brand!New9pass' },
    });
    expect(ok.statusCode).toBe(204);
    await expect(signIn(app, user.email, user.password)).rejects.toThrow();
    await signIn(app, user.email, 'Brand!New9pass');
  });
});
