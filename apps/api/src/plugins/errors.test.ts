/**
 * Every error the API sends carries a stable code (API.md, issue 19): Fastify's own refusals
 * (no route, a URL that does not decode, an over-long path parameter, bad or empty JSON, a content
 * type it does not read, a body over the limit), multipart bodies that are not what an upload
 * needs, and the lists' malformed cursors and limits. One app for the file: each case is a request.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@dealclub/shared/errors';
import { createTestApp } from '../test/app';
import { createUser, type TestUser } from '../test/auth';

let app: FastifyInstance;
let user: TestUser;
beforeAll(async () => {
  app = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
  user = await createUser(app, { roles: ['buyer', 'originator'] });
});
afterAll(async () => {
  await app?.close();
});

const DEAL = '00000000-0000-4000-8000-000000000000';

async function expectCode(request: InjectOptions, code: ErrorCode) {
  const res = await app.inject(request);
  expect(res.statusCode, `${request.method ?? 'GET'} ${request.url}: ${res.body}`).toBe(ERROR_STATUS[code]);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ code, message: expect.any(String) });
  expect(Object.keys(body)).not.toContain('statusCode');
}

describe('stable error codes', () => {
  it("answers Fastify's own refusals in the error model", async () => {
    const headers = () => user.headers;
    await expectCode({ url: '/api/no-such-thing', headers: headers() }, 'NOT_FOUND');
    await expectCode({ method: 'PATCH', url: '/api/deals', headers: headers() }, 'NOT_FOUND');
    // A percent sign that decodes to nothing: Fastify's router refuses it before any route.
    await expectCode({ url: '/api/deals/%E0%A4%A', headers: headers() }, 'BAD_REQUEST');
    await expectCode({ url: `/api/deals/${'x'.repeat(150)}`, headers: headers() }, 'BAD_REQUEST');
    const json = { ...headers(), 'content-type': 'application/json' };
    await expectCode(
      { method: 'POST', url: '/api/deals', headers: json, payload: '{"city": "Aus' },
      'INVALID_JSON',
    );
    await expectCode({ method: 'POST', url: '/api/deals', headers: json, payload: '' }, 'INVALID_JSON');
    await expectCode(
      {
        method: 'POST',
        url: '/api/deals',
        headers: { ...headers(), 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectCode(
      {
        method: 'POST',
        url: '/api/deals',
        headers: json,
        payload: JSON.stringify({ description: 'x'.repeat(8192) }),
      },
      'PAYLOAD_TOO_LARGE',
    );
    await expectCode({ url: '/api/deals' }, 'AUTHENTICATION_REQUIRED');
  });

  it('answers uploads that are not one well-formed file with a code', async () => {
    const url = `/api/deals/${DEAL}/photos`;
    await expectCode(
      {
        method: 'POST',
        url: '/api/profile/logo',
        headers: { ...user.headers, 'content-type': 'multipart/form-data' },
        payload: 'no boundary',
      },
      'BAD_REQUEST',
    );
    await expectCode(
      {
        method: 'POST',
        url: '/api/profile/logo',
        headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\ncut off',
      },
      'BAD_REQUEST',
    );
    await expectCode(
      { method: 'POST', url: '/api/profile/logo', headers: user.headers, payload: {} },
      'FILE_REQUIRED',
    );
    await expectCode({ method: 'POST', url, headers: user.headers, payload: {} }, 'LISTING_NOT_FOUND');
  });

  it("answers a list's malformed cursor or limit with a code, for every list alike", async () => {
    for (const list of [
      '/api/deals',
      '/api/favorites',
      '/api/chat/threads',
      '/api/chat/notifications',
      '/api/saved-searches',
      '/api/interests/mine',
      '/api/offers/mine',
      '/api/invitations',
    ]) {
      await expectCode({ url: `${list}?cursor=not-a-cursor`, headers: user.headers }, 'BAD_REQUEST');
      await expectCode({ url: `${list}?limit=101`, headers: user.headers }, 'VALIDATION_FAILED');
      const page = (await app.inject({ url: `${list}?limit=1`, headers: user.headers })).json();
      expect(page, list).toMatchObject({ items: expect.any(Array), nextCursor: null, total: 0 });
    }
  });
});
