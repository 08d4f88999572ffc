import type { APIRequestContext, Page } from '@playwright/test';
import { APP_ROUTES } from '@dealclub/shared/routes';
import { axeScan, expect, test } from './fixtures';
import { idTokenOf, signInWithSession } from './helpers';

/**
 * Every screen of the route table, as each role and in each language (issue 31, decision 032):
 * - axe with every WCAG 2.0, 2.1 and 2.2 A/AA rule, the best practices and the two experimental
 *   rules that test a WCAG criterion (Label in Name, Target Size): 0 violations of any impact;
 * - at 320 CSS px (400 % zoom of a 1280 px window) the page does not scroll sideways (1.4.10): a
 *   map, chart or table scrolls in its own region;
 * - with the text spacing of 1.4.12 applied, the page still does not scroll sideways and no text is
 *   cut off by its box.
 * English is checked at 1280 px and Spanish, whose texts run longer, at 320 px: each layout of each
 * screen once per role, or once for the roles it renders the same for (renderedKeys). A route added
 * to the table is swept with the rest (its parameters below). After one page load per role, each
 * screen is opened inside the app as a link opens it (openInApp), which halves the browser's CPU
 * for the sweep (42 s to 22 s for one role's English screens, docs/ci.md).
 */

type Role = 'visitor' | 'buyer' | 'seller' | 'owner' | 'admin';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  buyer: 'buyer@demo.test',
  seller: 'seller@demo.test',
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
};

/** The text spacing of WCAG 1.4.12, as its understanding document's bookmarklet sets it. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

interface Ids {
  dealId: string;
  closingDealId: string;
  threadId: string;
  articleId: string;
  qaId: string;
}

/** The ids the routes' parameters take: demo data, and one conversation started for the sweep. */
async function sweepIds(request: APIRequestContext): Promise<Ids> {
  const seller = { authorization: `Bearer ${await idTokenOf(request, ACCOUNTS.seller)}` };
  const buyer = { authorization: `Bearer ${await idTokenOf(request, ACCOUNTS.buyer)}` };
  const mine = async (status: string) =>
    (
      (await (await request.get(`/api/deals/mine?status=${status}`, { headers: seller })).json()) as {
        items: { id: string }[];
      }
    ).items;
  let closingDealId = '';
  for (const deal of await mine('pending')) {
    const room = await request.get(`/api/deals/${deal.id}/closing`, { headers: seller });
    if (room.ok() && (await room.json()).status === 'open') {
      closingDealId = deal.id;
      break;
    }
  }
  const dealId = (await mine('active'))[0]!.id;
  // One conversation for every test of the sweep: each message would pop a toast on the demo
  // seller's screens in the other tests running meanwhile.
  const threads = (await (await request.get('/api/chat/threads', { headers: buyer })).json()) as {
    items: { threadId: string; deal: { dealId: string } }[];
  };
  let threadId = threads.items.find((thread) => thread.deal.dealId === dealId)?.threadId;
  if (!threadId) {
    const started = await request.post('/api/chat/threads', {
      headers: buyer,
      data: { dealId, body: 'Is the roof recent? (accessibility sweep)' },
    });
    expect(started.status()).toBe(201);
    threadId = ((await started.json()) as { thread: { threadId: string } }).thread.threadId;
  }
  const articles = (await (await request.get('/api/help/articles', { headers: buyer })).json()) as {
    items: { id: string }[];
  };
  const qa = (await (await request.get('/api/help/qa', { headers: buyer })).json()) as {
    items: { id: string }[];
  };
  expect(closingDealId, 'a demo deal in closing').not.toBe('');
  return { dealId, closingDealId, threadId, articleId: articles.items[0]!.id, qaId: qa.items[0]!.id };
}

/** Each built screen's address; a route with a parameter not named here fails the sweep. */
function screenPaths(ids: Ids): string[] {
  const params: Record<string, string> = {
    ':threadId': ids.threadId,
    ':zipCode': '78701',
  };
  const screens = APP_ROUTES.filter((route) => route.built).map((route) => {
    let path: string = route.path;
    if (route.id === 'dealClosing') path = path.replace(':id', ids.closingDealId);
    else if (route.id === 'helpArticle') path = path.replace(':id', ids.articleId);
    else if (route.id === 'helpQa' || route.id === 'helpQaAlias') path = path.replace(':id', ids.qaId);
    else path = path.replace(':id', ids.dealId);
    for (const [param, value] of Object.entries(params)) path = path.replace(param, value);
    expect(path, `a value for each parameter of ${route.path}`).not.toContain(':');
    return path;
  });
  // And the page of an address that is none of them, first: the one page load of the sweep.
  return [NOT_FOUND, ...screens];
}

/** An address no route has: the app's not-found page, which its main chunk renders at once. */
const NOT_FOUND = '/no-such-page';

/**
 * Opens `path` the way a link inside the app does (the router's history, no new document): the
 * app's code, session and cached reads stay, as for a user going from screen to screen, and the
 * sweep does not pay for starting the app 40 times over. The not-found page comes between two
 * screens, so that the next screen is always a new component, never the last one's reused (two
 * protected routes are one sign-in page to a visitor); the new screen is there when a heading the
 * not-found page did not have is.
 */
async function openInApp(page: Page, path: string) {
  const go = (to: string) =>
    page.evaluate((to) => {
      for (const heading of document.querySelectorAll('h1')) heading.dataset.sweepBefore = '';
      const state = history.state as { idx?: number } | null;
      const idx = (state?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, to);
  const arrived = () =>
    page.waitForFunction(() => document.querySelector('h1:not([data-sweep-before])') !== null, null, {
      timeout: 30_000,
    });
  if (new URL(page.url()).pathname !== NOT_FOUND) {
    await go(NOT_FOUND);
    await arrived();
  }
  await go(path);
  await arrived();
  // The marks are the sweep's, not the page's: gone before the page is read.
  await page.evaluate(() => {
    for (const heading of document.querySelectorAll('h1')) delete heading.dataset.sweepBefore;
  });
}

/** Waits until the screen has rendered what it loads: a heading, and no spinner or busy region. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () => document.querySelectorAll('.animate-spin, .animate-pulse, [aria-busy="true"]').length,
      ),
    )
    .toBe(0);
}

/**
 * Whether the page scrolls sideways once its layout has followed the window (a chart's canvas takes
 * its new width a frame or two after a resize), and which elements stick out of it if it does.
 */
async function sidewaysOverflow(page: Page) {
  let sticking: string[] = [];
  await expect
    .poll(async () => (sticking = await overflowNow(page)).length, { timeout: 3_000 })
    .toBe(0)
    .catch(() => undefined);
  return sticking;
}

function overflowNow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return (
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        // What scrolls inside a region of its own (a table's, a map's) is not the page's overflow.
        .filter((el) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
            if (getComputedStyle(up).overflowX !== 'visible') return false;
          return true;
        })
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${el.getBoundingClientRect().right} px`,
        )
    );
  });
}

/** Text cut off by a box that hides its overflow (a fixed height, a clamp), with the spacing applied. */
function clippedText(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *, header *, footer *')]
      .filter((el) => {
        // The cheap tests first: most elements show their overflow.
        const style = getComputedStyle(el);
        const hides = (o: string) => o === 'hidden' || o === 'clip';
        if (!hides(style.overflowX) && !hides(style.overflowY)) return false;
        if (!el.textContent?.trim() || el.getClientRects().length === 0) return false;
        // Visually hidden text (sr-only) is clipped on purpose; a single-line ellipsis shows that
        // there is more and its full text is in the accessible name or the next screen.
        if (el.clientWidth <= 1 || style.textOverflow === 'ellipsis') return false;
        return el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${el.textContent!.trim().slice(0, 40)}`,
      ),
  );
}

/**
 * What a screen renders, as two keys: the shell's header (the role's navigation) and the rest of
 * the page (the screen itself, the footer, any dialog, the document's title), each with the page's
 * language.
 * Not the head's module preloads, which grow as the sweep loads screens, nor React's generated ids
 * (`_r_1f_`), which differ from one mount to the next: counting them made every sign-in page a
 * visitor met look new.
 */
function renderedKeys() {
  const hash = (text: string) => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return `${text.length}:${h >>> 0}`;
  };
  const lang = `${document.documentElement.lang}\n`;
  const body = document.body.outerHTML.replace(/_r_[0-9a-z]+_/g, '_r_');
  const header = document.querySelector('body header')?.outerHTML.replace(/_r_[0-9a-z]+_/g, '_r_') ?? '';
  return {
    header: hash(lang + header),
    content: hash(`${lang}${document.title}\n${body.replace(header, '')}`),
  };
}

for (const [language, width] of [
  ['en', 1280],
  ['es', 320],
] as const) {
  test.describe(`every screen in ${language}`, () => {
    // A role's screens it may not open answer 403 or 404 from the API, shown as the page says.
    test.use({ allowConsole: [/status of 40[134]/] });

    // The five roles in turn, in one browser page, each from a page load of its own. A screen is
    // checked unless both its header and the rest of it are as on screens checked before: a page a
    // visitor may not open is the sign-in page, a page a role may not open the not-authorised page,
    // and the legal, sign-up and help pages render the same for every signed-in role, whose own
    // header is checked on its first screen. Each problem names its language and role.
    test('as each role: axe finds nothing, no sideways scroll at 320 px, text spacing keeps every text', async ({
      page,
    }) => {
      test.setTimeout(900_000);
      const ids = await sweepIds(page.request);
      await page.setViewportSize({ width, height: 900 });
      // Each role starts from a page load (the not-found page) with the tab's sessionStorage empty,
      // as a new tab has it: setStorageState does not clear it, and the visitor's last protected
      // address would otherwise be where the next role's sign-in page sends it. The sweep's other
      // screens open inside the app, without a page load.
      await page.addInitScript(() => sessionStorage.clear());
      const paths = screenPaths(ids);
      const seenHeaders = new Set<string>();
      const seenContent = new Set<string>();
      let rules = 0;
      let loads = 0;
      let same = 0;
      let axeMs = 0;
      const started = performance.now();
      const problems: string[] = [];
      for (const role of ['visitor', 'buyer', 'seller', 'owner', 'admin'] as const) {
        // Each problem is also printed as it is found, so that a failing sweep shows them while it runs.
        const problem = (line: string) => {
          console.log(`[${language} ${role}] ${line}`);
          problems.push(`[${role}] ${line}`);
        };
        try {
          if (role === 'visitor') {
            const origin = new URL(test.info().project.use.baseURL!).origin;
            await page.context().setStorageState({
              cookies: [],
              origins: [{ origin, localStorage: [{ name: 'language', value: language }] }],
            });
          } else {
            await signInWithSession(page, ACCOUNTS[role], { language });
          }
        } catch (error) {
          problem(`signing in: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          continue;
        }
        for (const path of paths) {
          try {
            // The first path (the not-found page) is a page load: the role's session starts there.
            if (path === NOT_FOUND) await page.goto(path);
            else await openInApp(page, path);
            await settled(page);
            const keys = await page.evaluate(renderedKeys);
            if (seenHeaders.has(keys.header) && seenContent.has(keys.content)) {
              same += 1;
              continue;
            }
            seenHeaders.add(keys.header);
            seenContent.add(keys.content);
            const scanned = performance.now();
            const axe = await axeScan(page);
            axeMs += performance.now() - scanned;
            rules += axe.rules;
            loads += 1;
            for (const v of axe.violations) problem(`${path} axe ${v}`);
            if (width !== 320) await page.setViewportSize({ width: 320, height: 900 });
            for (const o of await sidewaysOverflow(page)) problem(`${path} at 320 px: ${o}`);
            const spacing = await page.addStyleTag({ content: TEXT_SPACING });
            for (const o of await sidewaysOverflow(page)) problem(`${path} spaced, 320 px: ${o}`);
            for (const o of await clippedText(page)) problem(`${path} spaced, clipped: ${o}`);
            await spacing.evaluate((node) => node.parentNode?.removeChild(node));
            if (width !== 320) await page.setViewportSize({ width, height: 900 });
          } catch (error) {
            problem(`${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
            await page.setViewportSize({ width, height: 900 });
          }
        }
      }
      test.info().annotations.push({
        type: 'axe',
        description: `${loads} of ${5 * paths.length} screens checked (${same} more rendered as ones checked before), ${rules} rule checks; axe ${Math.round(axeMs / 1000)} s of ${Math.round((performance.now() - started) / 1000)} s`,
      });
      expect(problems).toEqual([]);
    });
  });
}
