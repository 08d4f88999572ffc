import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deals } from '../db/schema';
import { md5Hex, requestSignature } from '../modules/realtime';
import { createTestApp } from '../test/app';
import { cognitoHeaders, createUser } from '../test/auth';
import { cashDeal } from '../test/deals';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-body';
import { nulPath } from './text-guard';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('jsonTooDeep', () => {
  it('counts objects and arrays inside one another, not brackets inside strings', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(nestedObject(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(`{"text":"${'['.repeat(500)}"}`)).toBe(false);
    expect(jsonTooDeep(`{"text":"\\"${'{'.repeat(500)}"}`)).toBe(false);
    // Siblings are not depth: a thousand small objects in one list is two levels.
    expect(jsonTooDeep(`[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`)).toBe(false);
  });
});

describe('nulPath', () => {
  it('walks a value nested 100,000 levels without overflowing the stack', () => {
    let value: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(nulPath(value)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});

describe('JSON bodies', () => {
  it('answer 400 JSON_TOO_DEEP past the depth limit, on any route, signed in or not, and nothing is stored', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    for (const [url, headers, payload] of [
      ['/api/deals', seller.headers, nested(10_000)],
      ['/api/deals', seller.headers, nestedObject(10_000)],
      ['/api/deals', seller.headers, JSON.stringify(cashDeal()).replace(/}$/, `,"tags":${nested(100)}}`)],
      // A public form, signed out.
      ['/api/auth/public-request-access', {}, nested(10_000)],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'JSON_TOO_DEEP',
        message: 'The request body nests objects or lists too deeply.',
      });
    }
    const [stored] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(deals);
    expect(Number(stored?.n)).toBe(0);
    // A body within the limit still works.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: seller.headers,
      payload: cashDeal(),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuse __proto__ and constructor.prototype keys (400 INVALID_JSON) and pollute nothing', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    const preferences =
      '"languagePreference":"es","notificationChannels":["email"],"searchFrequency":"weekly"';
    for (const payload of [
      `{"__proto__":{"polluted":true},${preferences}}`,
      `{${preferences},"nested":{"__proto__":{"polluted":true}}}`,
      `{"constructor":{"prototype":{"polluted":true}},${preferences}}`,
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/profile/preferences',
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const saved = await app.inject({
      method: 'GET',
      url: '/api/profile/preferences',
      headers: buyer.headers,
    });
    expect(saved.json()).toMatchObject({ languagePreference: 'en' });
  });

  it('the Cognito endpoint answers a deep body with its own 400, not a 500', async () => {
    app = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/cognito/',
      headers: cognitoHeaders('InitiateAuth'),
      payload: `{"AuthFlow":"USER_PASSWORD_AUTH","AuthParameters":${nestedObject(10_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      __type: 'InvalidParameterException',
      message: 'The request body nests too deeply.',
    });
  });

  it('the signed Pusher trigger API answers a deep body with 400 JSON_TOO_DEEP', async () => {
    app = await createTestApp();
    const { appId, key, secret } = app.config.realtime;
    // 4,000 levels fit in the trigger API's 10 KiB body limit.
    const body = `{"name":"e","channel":"private-user-x","data":"{}","extra":${nested(4000)}}`;
    const path = `/apps/${appId}/events`;
    const query: Record<string, string> = {
      auth_key: key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: md5Hex(body),
    };
    query.auth_signature = requestSignature(secret, 'POST', path, query);
    const res = await app.inject({
      method: 'POST',
      url: `${path}?${new URLSearchParams(query)}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'JSON_TOO_DEEP' });
  });
});
