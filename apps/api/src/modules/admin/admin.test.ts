import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser, signIn } from '../../test/auth';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('admin users', () => {
  it('lists and searches users for admins only', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'], firstName: 'Ada' });
    const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Zelda', lastName: 'Zimmer' });
    await createUser(app, { roles: ['originator'], firstName: 'Sam' });
    const all = (await app.inject({ url: '/api/admin/users', headers: admin.headers })).json();
    expect(all.total).toBe(3);
    const found = (
      await app.inject({ url: '/api/admin/users?q=zelda%20zim', headers: admin.headers })
    ).json();
    expect(found.items.map((u: { userId: string }) => u.userId)).toEqual([buyer.id]);
    const sellers = (
      await app.inject({ url: '/api/admin/users?role=originator', headers: admin.headers })
    ).json();
    expect(sellers.total).toBe(1);
    const paged = (await app.inject({ url: '/api/admin/users?limit=2', headers: admin.headers })).json();
    expect(paged.items).toHaveLength(2);
    const rest = (
      await app.inject({ url: `/api/admin/users?limit=2&cursor=${paged.nextCursor}`, headers: admin.headers })
    ).json();
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    const forged = await app.inject({ url: '/api/admin/users?cursor=24', headers: admin.headers });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await app.inject({ url: '/api/admin/users', headers: buyer.headers })).statusCode).toBe(403);
  });

  it('changes roles with effect on the next call, and in new tokens', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    const user = await createUser(app, { roles: ['buyer'] });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/roles`,
      headers: admin.headers,
      payload: { roles: ['buyer', 'originator'] },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).json()).toMatchObject({
      role: 'originator',
      roles: ['buyer', 'originator'],
    });
    const tokens = await signIn(app, user.email, user.password);
    const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString());
    expect(claims['cognito:groups']).toEqual(['buyer', 'originator']);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/roles`,
      headers: admin.headers,
      payload: { roles: ['superhero'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deactivates and reactivates, but never the admin themself', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    const user = await createUser(app);
    const off = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/active`,
      headers: admin.headers,
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).statusCode).toBe(403);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/active`,
      headers: admin.headers,
      payload: { active: true },
    });
    expect((await app.inject({ url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
    const self = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/active`,
      headers: admin.headers,
      payload: { active: false },
    });
    expect([self.statusCode, self.json().message]).toEqual([403, 'You cannot deactivate your own account.']);
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/active',
      headers: admin.headers,
      payload: { active: false },
    });
    expect(missing.statusCode).toBe(404);
  });
});
