import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { idTokenOf, sessionState } from './helpers';

/**
 * The script budget of a first visit (issue 18), as Lighthouse counts it: every script the browser
 * transfers while the page loads, including the chunks the screen imports right after it mounts,
 * with their response headers (CDP's `encodedDataLength`). Each page gets a fresh context (empty
 * cache) holding the demo buyer's tokens as a sign-in leaves them, and a phone's viewport as in
 * Lighthouse's mobile preset. Bytes only; how fast they make the page is `npm run bench:web`'s.
 * build/first-load.ts counts the same from the build's output for `npm test`'s unit test.
 */
const BUDGET_BYTES = 170 * 1024;

/** As bench/lighthouse.ts picks it: the buyer's first listed deal with a cover photo. */
async function demoDeal(request: APIRequestContext, idToken: string) {
  const res = await request.get('/api/deals?limit=24', { headers: { authorization: `Bearer ${idToken}` } });
  const { items } = (await res.json()) as { items: { id: string; coverPhotoUrl: string | null }[] };
  return (items.find((d) => d.coverPhotoUrl) ?? items[0])!.id;
}

interface Script {
  url: string;
  bytes: number;
}

/** Opens `path` in a fresh signed-in context and returns every script transferred until idle. */
async function scriptsOfFirstVisit(
  browser: Browser,
  request: APIRequestContext,
  path: string,
): Promise<{ page: Page; scripts: Script[]; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    storageState: await sessionState(request, 'buyer@demo.test'),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, string>();
  const scripts: Script[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') urls.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url) scripts.push({ url: new URL(url).pathname, bytes: event.encodedDataLength });
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await cdp.send('Network.enable');
  await page.goto(path, { waitUntil: 'load' });
  return { page, scripts, problems };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('the first visit of a signed-in buyer', () => {
  let dealId: string;

  test.beforeAll(async ({ request }) => {
    dealId = await demoDeal(request, await idTokenOf(request, 'buyer@demo.test'));
  });

  /** What shows once each page has rendered, its parts loaded on mount included. */
  const shown: Record<string, (page: Page) => Locator> = {
    '/': (page) => page.getByRole('heading', { level: 1 }),
    '/deals': (page) => page.getByRole('heading', { level: 1, name: 'Deals' }),
    // The buyer's panels (loaded on mount): the form to message the seller is their last part.
    '/deals/{id}': (page) => page.getByTestId('message-seller'),
  };

  for (const name of Object.keys(shown)) {
    test(`transfers at most 170 KB of script on ${name}`, async ({ browser, request }) => {
      const path = name.replace('{id}', dealId);
      const { page, scripts, problems } = await scriptsOfFirstVisit(browser, request, path);
      await expect(shown[name]!(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      const list = [...scripts]
        .sort((a, b) => b.bytes - a.bytes)
        .map((s) => `  ${kb(s.bytes).padStart(9)}  ${s.url}`)
        .join('\n');
      const report = `${name}: ${kb(total)} of script in ${scripts.length} files\n${list}`;
      console.log(report);
      expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(problems, 'errors in the page').toEqual([]);
      await page.context().close();
    });
  }
});
