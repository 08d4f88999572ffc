import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deals } from '../db/schema';
import { createTestApp } from '../test/app';
import { cognito, createUser } from '../test/auth';
import { cashDeal } from '../test/deals';
import { nulPath } from './text-guard';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('nulPath', () => {
  it('names the first string holding NUL, in keys and nested values too', () => {
    expect(nulPath({ a: 'ok', b: ['x', 'y\u0000'] })).toBe('b.1');
    expect(nulPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulPath('a\u0000')).toBe('body');
    expect(nulPath({ a: 'ok', n: 5, z: null })).toBeNull();
  });
});

describe('NUL characters', () => {
  it('answer 400 on the field in bodies, queries and paths, never 500, and nothing is stored', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const buyer = await createUser(app, { roles: ['buyer'] });
    const created = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: seller.headers,
      payload: cashDeal({ description: 'Nice house\u0000 with a yard' }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual([
      {
        path: 'description',
        message: 'This text contains a character that is not allowed.',
        key: 'validation.invalidCharacter',
      },
    ]);
    const [stored] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(deals);
    expect(Number(stored?.n)).toBe(0);
    const deal = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: seller.headers,
      payload: cashDeal(),
    });
    const interest = await app.inject({
      method: 'POST',
      url: `/api/deals/${deal.json().id}/interest`,
      headers: buyer.headers,
      payload: { message: 'hi\u0000there' },
    });
    expect(interest.statusCode).toBe(400);
    const search = await app.inject({ method: 'GET', url: '/api/deals?q=a%00b', headers: buyer.headers });
    expect(search.statusCode).toBe(400);
    const path = await app.inject({ method: 'GET', url: '/api/deals/a%00b', headers: buyer.headers });
    expect(path.statusCode).toBe(400);
  });

  it('leave the identity protocol answering in its own format, not 500', async () => {
    app = await createTestApp();
    const res = await cognito(app, 'SignUp', {
      ClientId: app.config.identity.clientId,
      Username: 'nul\u0000@example.test',
      Password: 'Test-Password-1',
    });
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.__type).toBe('string');
  });
});
