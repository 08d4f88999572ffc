/**
 * The order of checks (plugins/access.ts) on a bare app with a stand-in for the auth hook: the
 * whole app's routes are held to it by the authorisation matrix.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '@dealclub/shared/roles';
import { AppError } from '../lib/app-error';
import { ADMIN_ONLY, registerAccessChecks } from './access';
import type { AuthenticatedUser } from './auth';
import { registerErrorHandling } from './errors';

const OWNER = '11111111-1111-4111-8111-111111111111';
const THING = '22222222-2222-4222-8222-222222222222';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** An app whose callers are who `x-user` says (`<id>:<role>,…`), as the auth hook would make them. */
function bareApp() {
  const bare = Fastify().withTypeProvider<ZodTypeProvider>();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(bare);
  bare.decorateRequest('user', null);
  bare.addHook('onRequest', async (request) => {
    const [id, roles] = String(request.headers['x-user'] ?? '').split(':');
    if (id && roles) request.user = { id, roles: roles.split(',') as Role[] } as AuthenticatedUser;
  });
  registerAccessChecks(bare);
  return bare;
}

describe('the order of checks', () => {
  it('answers the role, then the owner, then the body, and guards only what does not validate', async () => {
    app = bareApp();
    let guarded = 0;
    const config = {
      roles: ['originator'] as Role[],
      guard: async (user: AuthenticatedUser, id: string) => {
        guarded += 1;
        if (id !== THING || user.id !== OWNER) throw new AppError('NOT_FOUND');
      },
    };
    const params = z.object({ id: z.uuid() });
    app.put(
      '/api/things/:id',
      { config, schema: { params, body: z.object({ name: z.string() }) } },
      async () => ({ ok: true }),
    );
    app.get(
      '/api/things/:id',
      { config, schema: { params, querystring: z.object({ limit: z.coerce.number().optional() }) } },
      async () => ({ ok: true }),
    );
    const put = (user: string | null, url: string, payload: string) =>
      app.inject({
        method: 'PUT',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...(user ? { 'x-user': user } : {}) },
      });
    const stranger = `${THING}:originator`;
    const owner = `${OWNER}:originator`;

    expect((await put(null, `/api/things/${THING}`, '{}')).statusCode).toBe(401);
    // The role comes before the body is even read: not JSON at all is still the role's 403.
    expect((await put(`${OWNER}:buyer`, `/api/things/${THING}`, '{not json')).statusCode).toBe(403);
    const refused = await put(stranger, `/api/things/${THING}`, '{"__invalid":[1]}');
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'NOT_FOUND']);
    const invalid = await put(owner, `/api/things/${THING}`, '{}');
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(invalid.json().errors).toEqual([expect.objectContaining({ path: 'name' })]);
    expect(guarded).toBe(2);
    // A path that names nothing has nothing to guard: its own 400.
    expect((await put(stranger, '/api/things/not-a-uuid', '{}')).statusCode).toBe(400);
    // A request that validates goes to the handler, whose own statements check who may act.
    expect((await put(owner, `/api/things/${THING}`, '{"name":"x"}')).json()).toEqual({ ok: true });
    expect(guarded).toBe(2);
    // A query is sent too: the same order.
    const get = (user: string) =>
      app.inject({ url: `/api/things/${THING}?limit=many`, headers: { 'x-user': user } });
    expect((await get(stranger)).statusCode).toBe(404);
    expect((await get(owner)).statusCode).toBe(400);
  });

  it('refuses at start-up an admin path without ADMIN_ONLY and roles on a route that takes no token', async () => {
    const start = async (add: (routes: FastifyInstance) => void) => {
      app = bareApp();
      await app.register(async (routes) => add(routes));
      await app.ready();
    };
    await expect(start((routes) => routes.get('/api/admin/things', async () => ({})))).rejects.toThrow(
      'GET /api/admin/things is an admin path',
    );
    await app.close();
    await expect(
      start((routes) => routes.get('/api/health/things', { config: { roles: ['admin'] } }, async () => ({}))),
    ).rejects.toThrow('takes no token');
    await app.close();

    app = bareApp();
    app.get('/api/admin/things', { config: ADMIN_ONLY }, async () => ({}));
    await app.ready();
    const res = await app.inject({ url: '/api/admin/things', headers: { 'x-user': `${OWNER}:owner` } });
    expect(res.statusCode).toBe(403);
  });
});
