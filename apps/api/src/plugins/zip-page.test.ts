/**
 * The public ZIP page's document (decision 034): its heading, figures and buyers written in by the
 * server, in the reader's language, safely, and the answer the app seeds its query from.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZipAnalytics } from '@dealclub/shared/analytics';
import { formatMoney } from '@dealclub/shared/format';
import { createTestApp } from '../test/app';
import { callAs, createUser } from '../test/auth';
import { PRERENDERED_ELEMENT_ID } from '@dealclub/shared/prerendered';
import { zipPageDocument } from './zip-page';

/** The shape of the built index.html: the shell's header and loading mark inside main. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>DealClub</title></head><body><div id="root">' +
  '<div class="flex min-h-dvh flex-col"><header class="h-16">DealClub</header>' +
  '<main class="flex min-h-dvh flex-1 flex-col"><div role="status" aria-busy="true"><span></span></div></main>' +
  '</div></div><script type="module" src="/assets/index-1.js"></script></body></html>';

/** The JSON the document carries for the app, parsed. */
function seedOf(html: string) {
  const match = new RegExp(
    `<script type="application/json" id="${PRERENDERED_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match
    ? (JSON.parse(match[1]!) as { queryKey: unknown[]; section: string; data: ZipAnalytics })
    : null;
}

/** The text of the element whose data-testid is `id` (a figure), tags dropped. */
function figure(html: string, id: string) {
  const match = new RegExp(`data-testid="zip-${id}"><dt[^>]*>([^<]*)</dt><dd[^>]*>(.*?)</dd>`).exec(html);
  return match ? [match[1], match[2]!.replace(/<[^>]+>/g, '')] : null;
}

const answer: ZipAnalytics = {
  zipCode: '78701',
  city: 'Austin',
  state: 'TX',
  latitude: 30.2713,
  longitude: -97.7426,
  buyerCount: 3,
  averageDownPayment: 30000,
  averageMonthlyPayment: 2500,
  lastUpdated: '2026-01-03T00:00:00.000Z',
  buyers: [
    { name: 'Ana L.', maxMonthlyPayment: 2000, certified: true },
    { name: 'Ben O.', maxMonthlyPayment: null, certified: false },
  ],
};

describe('the ZIP page document', () => {
  it('holds the heading, the four figures and the buyers in English, in place of the loading mark', () => {
    const html = zipPageDocument(INDEX_HTML, JSON.stringify(answer), 'en');
    expect(html).toContain('<title>Buyers in ZIP code 78701 | DealClub</title>');
    expect(html).toContain('<h1 class="text-3xl font-bold">Buyers in ZIP code 78701</h1>');
    expect(html).toContain('Austin, TX 78701');
    expect(figure(html, 'count')).toEqual(['Buyers', '3']);
    expect(figure(html, 'down')).toEqual(['Average down payment', '$30,000']);
    expect(figure(html, 'monthly')).toEqual(['Average monthly payment', '$2,500']);
    // As the app writes it, in UTC (the reader's time zone is the app's to know), and the title says so.
    expect(figure(html, 'updated')).toEqual(['Last updated', 'Jan 3, 2026, 12:00 AM']);
    expect(html).toContain('<time datetime="2026-01-03T00:00:00.000Z" title="Time in UTC">');
    expect(html).toContain('Ana L.');
    expect(html).toContain('Certified Buyer');
    expect(html).toContain('Up to $2,000 a month');
    expect(html).toContain('Up to Not given a month');
    expect(html).toContain('Showing 2 of 3 buyers.');
    expect(html).toContain('href="/signup"');
    // The loading mark is gone; the header and the entry script stay.
    expect(html).not.toContain('aria-busy');
    expect(html).toContain('<header class="h-16">DealClub</header>');
    expect(html).toContain('<script type="module" src="/assets/index-1.js"></script>');
    expect(seedOf(html)).toEqual({
      queryKey: ['analytics', 'zip', '78701'],
      section: 'analytics',
      data: answer,
    });
  });

  it("leaves the sign-up box out of a member's page, as the app does for them", () => {
    const member = zipPageDocument(INDEX_HTML, JSON.stringify(answer), 'en', true);
    expect(member).not.toContain('href="/signup"');
    expect(member).not.toContain('bg-brand-50 p-4');
    // The rest of the page is the same.
    expect(figure(member, 'count')).toEqual(['Buyers', '3']);
    expect(seedOf(member)?.data).toEqual(answer);
  });

  it('is in Spanish for a Spanish reader, the document language too', () => {
    const html = zipPageDocument(INDEX_HTML, JSON.stringify(answer), 'es');
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('Compradores en el código postal 78701');
    expect(figure(html, 'down')).toEqual(['Enganche promedio', formatMoney(30000, 'es')]);
    expect(html).toContain('Comprador Certificado');
  });

  it('says so when no buyer names the ZIP, and has no list', () => {
    const none = {
      ...answer,
      buyerCount: 0,
      averageDownPayment: null,
      averageMonthlyPayment: null,
      lastUpdated: null,
      buyers: [],
    };
    const html = zipPageDocument(INDEX_HTML, JSON.stringify(none), 'en');
    expect(html).toContain('No buyers have named this ZIP code yet.');
    expect(figure(html, 'down')).toEqual(['Average down payment', 'Not given']);
    expect(figure(html, 'updated')).toEqual(['Last updated', 'Not updated yet']);
    expect(html).not.toContain('data-testid="zip-buyers"');
  });

  it('writes what users typed as text: no markup, no way out of the JSON, no replacement patterns', () => {
    const hostile: ZipAnalytics = {
      ...answer,
      city: `Austin</script><script>alert(1)</script>$' $& $1`,
      buyers: [{ name: '<img src=x onerror=alert(1)> O.', maxMonthlyPayment: 1, certified: false }],
    };
    const html = zipPageDocument(INDEX_HTML, JSON.stringify(hostile), 'en');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; O.');
    // The `$` sequences stay as typed (a string replacement would have read them as patterns).
    expect(html).toContain(
      'Austin&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&#39; $&amp; $1, TX 78701',
    );
    // One script element of JSON, which parses back to the answer exactly.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(seedOf(html)?.data).toEqual(hostile);
  });
});

describe('GET /zip/{zipCode}/analytics', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  function fakeBuild() {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealclub-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    return dir;
  }

  it("serves the page with the ZIP's figures, in the reader's language, revalidated by ETag; a change shows at once", async () => {
    const a = (app = await createTestApp({ WEB_DIST_DIR: fakeBuild() }));
    const ana = await createUser(a, { roles: ['buyer'], firstName: 'Ana', lastName: 'López' });
    const save = (maxMonthlyPayment: number) =>
      callAs(a, ana, 'PUT', '/api/profile/buyer-preferences', {
        useCase: 'investment',
        state: 'TX',
        city: 'Austin',
        zipCodes: ['78701'],
        maxDownPayment: 20000,
        maxMonthlyPayment,
      });
    expect((await save(2000)).statusCode).toBe(200);

    const page = await a.inject({ url: '/zip/78701/analytics', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(figure(html, 'count')).toEqual(['Buyers', '1']);
    expect(html).toContain('Ana L.');
    expect(html).not.toContain('López');
    // The same answer as the API's, for the app's query.
    const api = await a.inject('/api/analytics/zip-analytics/78701');
    expect(seedOf(html)?.data).toEqual(api.json());

    const again = await a.inject({
      url: '/zip/78701/analytics',
      headers: { 'accept-encoding': 'br', 'if-none-match': page.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // The brotli bytes have a strong ETag of their own; the plain document is other bytes.
    expect(page.headers.etag).toMatch(/^".+-br"$/);
    const plain = await a.inject({
      url: '/zip/78701/analytics',
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toBe((page.headers.etag as string).replace(/-br"$/, '"'));

    const spanish = await a.inject({
      url: '/zip/78701/analytics',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(spanish.body).toContain('Compradores en el código postal 78701');
    expect(spanish.headers.etag).not.toBe(page.headers.etag);
    const chosen = await a.inject({
      url: '/zip/78701/analytics',
      headers: { 'accept-language': 'es', cookie: 'language=en' },
    });
    expect(chosen.body).toContain('Buyers in ZIP code 78701');

    // A buyer changes their payments: the next page has the new figure, and the old ETag is stale.
    expect((await save(3000)).statusCode).toBe(200);
    const changed = await a.inject({
      url: '/zip/78701/analytics',
      headers: { 'accept-encoding': 'br', 'if-none-match': page.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(figure(brotliDecompressSync(changed.rawPayload).toString(), 'monthly')).toEqual([
      'Average monthly payment',
      '$3,000',
    ]);

    // A member's browser (its hint cookie) gets the page without the sign-up box, as another
    // document with its own ETag; any other value of the cookie is a visitor's.
    const member = await a.inject({ url: '/zip/78701/analytics', headers: { cookie: 'member=1' } });
    expect(member.body).not.toContain('href="/signup"');
    expect(figure(member.body, 'monthly')).toEqual(['Average monthly payment', '$3,000']);
    const visitor = await a.inject({ url: '/zip/78701/analytics', headers: { cookie: 'member=yes' } });
    expect(visitor.body).toContain('href="/signup"');
    expect(member.headers.etag).not.toBe(visitor.headers.etag);
  });

  it("answers the app's own page with 404 for a ZIP the reference data does not know or a malformed one", async () => {
    const a = (app = await createTestApp({ WEB_DIST_DIR: fakeBuild() }));
    for (const url of ['/zip/00000/analytics', '/zip/7870/analytics', '/zip/%3Cb%3E/analytics']) {
      const res = await a.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('aria-busy="true"');
      expect(res.body, url).not.toContain(PRERENDERED_ELEMENT_ID);
    }
    const head = await a.inject({ method: 'HEAD', url: '/zip/78701/analytics' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("answers the app's own page when the figures cannot be read: its screen asks the API itself", async () => {
    const a = (app = await createTestApp({ WEB_DIST_DIR: fakeBuild() }));
    vi.spyOn(a.buyerAnalytics, 'zipAnalytics').mockRejectedValueOnce(new Error('connection reset'));
    const res = await a.inject('/zip/78701/analytics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('aria-busy="true"');
    expect(res.body).not.toContain(PRERENDERED_ELEMENT_ID);
    // The next one is written again.
    expect(seedOf((await a.inject('/zip/78701/analytics')).body)?.data.zipCode).toBe('78701');
  });
});
