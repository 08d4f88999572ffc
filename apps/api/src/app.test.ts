import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, sharedTestApp } from './test/app';
import { createUser, type TestUser } from './test/auth';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('GET /api/health', { tags: ['server'] }, () => {
  it('reports ok, the version and the database', async () => {
    app = await createTestApp();
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: 'ok',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not answer', async () => {
    app = await createTestApp();
    await app.database.close();
    app.database.close = async () => {};
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });
});

describe('GET /api/config/feature-flags', () => {
  it('has the webinar banner off by default', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const res = await app.inject({ url: '/api/config/feature-flags', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enableWebinarBanner: false });
  });

  it('turns the banner on from configuration, with its registration page', async () => {
    app = await createTestApp({
      ENABLE_WEBINAR_BANNER: 'true',
      WEBINAR_URL: 'https://webinar.example.com/register',
    });
    const user = await createUser(app);
    const res = await app.inject({ url: '/api/config/feature-flags', headers: user.headers });
    expect(res.json()).toEqual({
      enableWebinarBanner: true,
      webinarUrl: 'https://webinar.example.com/register',
    });
  });
});

describe('error model', () => {
  /** A route of the shape later features use, to drive the real error handler. */
  async function addEchoRoutes(instance: FastifyInstance): Promise<TestUser> {
    instance.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({
            zipCode: z.string().regex(/^\d{5}$/, 'ZIP: 5 digits'),
            note: z.string().optional(),
          }),
        },
      },
      async (request) => request.body,
    );
    instance.get('/api/test/boom', async () => {
      throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
    });
    // Signing in readies the app, so the test routes above come first.
    return createUser(instance);
  }
  // The calls below only read: one app with the test routes serves them all.
  const shared = sharedTestApp({}, addEchoRoutes);

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await shared().app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers validation failures with 400 and one entry per field', async () => {
    const { app, prepared: user } = shared();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: user.headers,
      payload: { zipCode: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: [{ path: 'zipCode', message: 'ZIP: 5 digits' }],
    });
  });

  it('accepts a valid body', async () => {
    const { app, prepared: user } = shared();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: user.headers,
      payload: { zipCode: '78701' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ zipCode: '78701' });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const { app, prepared: user } = shared();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"zipCode": "7870',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers an empty JSON body with 400 INVALID_JSON', async () => {
    const { app, prepared: user } = shared();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers an unsupported content type with 415', async () => {
    const { app, prepared: user } = shared();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...user.headers, 'content-type': 'application/xml' },
      payload: '<zipCode>78701</zipCode>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers an oversized body with 413 and stays up', async () => {
    app = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
    const user = await addEchoRoutes(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: user.headers,
      payload: { zipCode: '78701', note: 'x'.repeat(4096) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('hides the details of an unexpected failure', async () => {
    const { app, prepared: user } = shared();
    const res = await app.inject({ url: '/api/test/boom', headers: user.headers });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Unknown error occurred' });
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('request ids and headers', () => {
  const shared = sharedTestApp();

  it('keeps a well-formed incoming request id and echoes it', async () => {
    const res = await shared().app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(res.headers['x-request-id']).toBe('lb-1234.abc');
  });

  it('replaces a malformed request id with a fresh one', async () => {
    const res = await shared().app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\n<script>' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await shared().app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('OpenAPI', () => {
  it('describes the routes from their schemas at /api/docs', async () => {
    app = await createTestApp();
    const json = await app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json() as {
      openapi: string;
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']?.get?.responses).toHaveProperty('503');
    expect(doc.paths['/api/config/feature-flags']?.get?.responses).toHaveProperty('200');
    const ui = await app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('web app serving', () => {
  function fakeBuild() {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealclub-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    return dir;
  }

  // They only read the one fake build.
  const shared = sharedTestApp({ WEB_DIST_DIR: fakeBuild() });

  it('serves the page for built routes of the route table', async () => {
    const { app } = shared();
    for (const url of ['/', '/terms', '/privacy', '/accessibility', '/unauthorized', '/terms?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the page with 404 for unknown routes, so the app shows not-found', async () => {
    const { app } = shared();
    const res = await app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a year of caching and never the page for a missing one', async () => {
    const { app } = shared();
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const icon = await app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  /** A build with the Brotli and gzip copies and the preload table the real build writes. */
  function fakeCompressedBuild() {
    const dir = fakeBuild();
    const script = Buffer.from(`export const x = ${JSON.stringify('x'.repeat(4000))};`);
    writeFileSync(path.join(dir, 'assets', 'app-def456.js'), script);
    writeFileSync(path.join(dir, 'assets', 'app-def456.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets', 'app-def456.js.gz'), gzipSync(script));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>DealClub</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dir, 'preloads.json'),
      JSON.stringify({
        locales: { en: ['/assets/en-1.js'], es: ['/assets/es-1.js'] },
        screens: {
          deals: ['/assets/deals-1.js', '/assets/deal-card-1.js'],
          dealDetail: ['/assets/deal-detail-1.js'],
        },
        sections: { dealDetail: { en: ['/assets/trust-en-1.js'], es: ['/assets/trust-es-1.js'] } },
      }),
    );
    return { dir, script };
  }

  it('sends a built file as its Brotli or gzip copy by Accept-Encoding, and says it varies', async () => {
    const { dir, script } = fakeCompressedBuild();
    app = await createTestApp({ WEB_DIST_DIR: dir });
    const br = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);

    const plain = await app.inject({ url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('leaves the document-only security headers and the validators off built files, keeps nosniff, and keeps them on the page', async () => {
    const { dir } = fakeCompressedBuild();
    app = await createTestApp({ WEB_DIST_DIR: dir });
    const asset = await app.inject('/assets/app-def456.js');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    // Named by its content and immutable: never revalidated, so no validators.
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['accept-ranges']).toBeUndefined();
    // A file that is not named by its content keeps them.
    const icon = await app.inject('/favicon.svg');
    expect(icon.headers.etag).toBeDefined();
    expect(icon.headers['last-modified']).toBeDefined();
    const page = await app.inject('/deals');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it("names the screen's chunks, its text sections and the reader's language as modulepreload links in the page", async () => {
    const { dir } = fakeCompressedBuild();
    app = await createTestApp({ WEB_DIST_DIR: dir });
    const preloads = (body: string) =>
      [...body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

    const list = await app.inject({
      url: '/deals?state=NV',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(preloads(list.body)).toEqual(['/assets/en-1.js', '/assets/deals-1.js', '/assets/deal-card-1.js']);
    expect(list.headers.vary).toMatch(/accept-language/i);

    const detail = await app.inject({
      url: '/deals/6a43e5a2-8f61-40db-b787-5ca29485e627',
      headers: { 'accept-language': 'fr-CA, es-MX;q=0.8, en;q=0.5' },
    });
    // The screen's text sections in the reader's language too.
    expect(preloads(detail.body)).toEqual([
      '/assets/es-1.js',
      '/assets/deal-detail-1.js',
      '/assets/trust-es-1.js',
    ]);

    // The saved choice (the app's cookie) wins over the browser's languages.
    const chosen = await app.inject({
      url: '/deals',
      headers: { 'accept-language': 'es', cookie: 'a=1; language=en' },
    });
    expect(preloads(chosen.body)[0]).toBe('/assets/en-1.js');

    // The page is compressed too, and an unknown path gets only the language.
    const compressed = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'br' } });
    expect(compressed.statusCode).toBe(404);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(preloads(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(['/assets/en-1.js']);
  });

  it('compresses API answers in JSON above 1 KB for clients that accept it, and only those', async () => {
    app = await createTestApp({ WEB_DIST_DIR: fakeBuild() });
    const big = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const plain = await app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps API paths as JSON even when the web app is served', async () => {
    app = await createTestApp({ WEB_DIST_DIR: fakeBuild() });
    const res = await app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
