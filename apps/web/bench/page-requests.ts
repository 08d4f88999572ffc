/**
 * `npm run bench:page-requests`: what one page view asks of the server, screen by screen — the
 * input of the capacity model (docs/capacity.md). Starts the product with the demo data (building
 * the web app first unless `BENCH_WEB_DIST` names a build), opens each screen of SCREENS in Debian's
 * Chromium as the role that opens it, twice: a first visit with an empty HTTP cache, then the same
 * screen again with the cache the first left (a returning user's page view). Each visit waits until
 * the network has been idle for half a second, then counts the requests by kind (the document,
 * script, style sheets, images and fonts, the API's calls) with the bytes that crossed the wire
 * (compressed, headers included), and lists the API's calls by route (ids replaced by `{id}`).
 *
 * Prints the table and writes it to apps/api/bench/results/page-requests.json, where
 * `apps/api/bench/capacity.ts` reads the calls per page view. All traffic stays on 127.0.0.1.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { ROOT } from './product';
import { openAsRole, SCREENS, withDemoBrowser } from './screens';

const RESULTS_FILE = path.join(ROOT, 'apps/api/bench/results/page-requests.json');
const IDLE_MS = 500;
const IDLE_TIMEOUT_MS = 30_000;

/** What a visit asked for: requests and bytes by kind, and the API's calls by route. */
export interface Visit {
  requests: Record<string, number>;
  bytes: Record<string, number>;
  api: string[];
}

export interface ScreenRequests {
  name: string;
  label: string;
  role: string;
  first: Visit;
  repeat: Visit;
}

/** A UUID or a number in a path is an id: `/api/deals/{id}/offers`. */
const routeOf = (url: URL) =>
  url.pathname
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}')
    .replace(/\/\d+(?=\/|$)/g, '/{id}');

function kindOf(url: URL, type: string): string {
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/cognito')) return 'api';
  if (type === 'Document') return 'document';
  if (type === 'Script') return 'script';
  if (type === 'Stylesheet') return 'style';
  if (type === 'Image' || type === 'Font') return 'images and fonts';
  return 'other';
}

/** Opens `url` in `page`, waits for the network to be idle, and tells what crossed it. */
async function visit(page: Page, url: string): Promise<Visit> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  const sent = new Map<string, { url: URL; type: string; method: string; fromCache: boolean }>();
  const result: Visit = { requests: {}, bytes: {}, api: [] };
  const offLoopback: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const requestUrl = new URL(event.request.url);
    if (requestUrl.protocol !== 'http:' && requestUrl.protocol !== 'https:') return;
    // The resolver rules stop any other host before it is reached; a page that asks is a failure.
    if (requestUrl.hostname !== '127.0.0.1') offLoopback.push(requestUrl.origin);
    sent.set(event.requestId, {
      url: requestUrl,
      type: event.type ?? 'Other',
      method: event.request.method,
      fromCache: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = sent.get(event.requestId);
    if (entry) entry.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = sent.get(event.requestId);
    if (entry && (event.response.fromDiskCache || event.response.fromPrefetchCache)) entry.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = sent.get(event.requestId);
    if (!entry || entry.fromCache) return;
    const kind = kindOf(entry.url, entry.type);
    result.requests[kind] = (result.requests[kind] ?? 0) + 1;
    result.bytes[kind] = (result.bytes[kind] ?? 0) + event.encodedDataLength;
    if (kind === 'api') result.api.push(`${entry.method} ${routeOf(entry.url)}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForNetworkIdle({ idleTime: IDLE_MS, timeout: IDLE_TIMEOUT_MS });
  await cdp.detach();
  if (offLoopback.length) throw new Error(`${url} asked for ${[...new Set(offLoopback)].join(', ')}`);
  result.api.sort();
  return result;
}

const total = (record: Record<string, number>) => Object.values(record).reduce((sum, n) => sum + n, 0);
const kb = (bytes: number | undefined) => ((bytes ?? 0) / 1024).toFixed(1);

async function main() {
  await withDemoBrowser(process.env.BENCH_WEB_DIST, async ({ origin, tokens, ids, browser }) => {
    const screens: ScreenRequests[] = [];
    for (const screen of SCREENS) {
      await openAsRole(browser, origin, screen.role, tokens);
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const url = `${origin}${screen.path(ids)}`;
      const first = await visit(page, url);
      const repeat = await visit(page, url);
      await page.close();
      screens.push({ name: screen.name, label: screen.label, role: screen.role, first, repeat });
      process.stderr.write(`${screen.label}: ${first.api.length} API calls\n`);
    }

    const lines = [
      '| screen | API calls (first / repeat visit) | first visit: requests, KB (script) | repeat visit: requests, KB | the API calls of a repeat visit |',
      '| --- | ---: | ---: | ---: | --- |',
      ...screens.map(
        (s) =>
          `| \`${s.label}\` | ${s.first.api.length} / ${s.repeat.api.length} | ${total(s.first.requests)}, ${kb(total(s.first.bytes))} (${kb(s.first.bytes.script)}) | ${total(s.repeat.requests)}, ${kb(total(s.repeat.bytes))} | ${s.repeat.api.join(', ')} |`,
      ),
    ];
    console.log(`\n${lines.join('\n')}\n`);
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify({ date: new Date().toISOString(), screens }, null, 2)}\n`);
    console.log(`Written to ${path.relative(ROOT, RESULTS_FILE)}`);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
