import axeCore from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught exception in the page. A test that expects a
 * particular error (the 404 of the not-found page's own document) says so with `allowConsole`.
 */
export const test = base.extend<{ allowConsole: RegExp[]; closeOwnContexts: void }>({
  allowConsole: [[], { option: true }],
  // The browser lives as long as the worker: a context a test opens itself (a second person, a
  // visitor) would otherwise stay open after it, its pages polling and connected to the server.
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().flatMap((c) => (before.has(c) ? [] : [c.close()])));
    },
    { auto: true },
  ],
  page: async ({ page, allowConsole }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !allowConsole.some((re) => re.test(msg.text()))) {
        problems.push(msg.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await use(page);
    expect(problems, 'console errors in the page').toEqual([]);
  },
});

export { expect };

/**
 * The rules every screen is held to (issue 31): every WCAG 2.0, 2.1 and 2.2 A and AA rule, axe's
 * best practices, and the two rules axe still marks experimental that test a WCAG criterion: Label
 * in Name (2.5.3) and Target Size (2.5.8).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const EXPERIMENTAL_RULES = {
  'label-content-name-mismatch': { enabled: true },
  'target-size': { enabled: true },
};

/**
 * The page's accessibility violations of any impact under those rules, one line each (rule,
 * impact, help, where), and how many rules were checked.
 *
 * Axe (axe-core, the engine of @axe-core/playwright) is put into the page once per document and
 * run there directly: @axe-core/playwright sent its whole source (half a megabyte) again with each
 * scan, which cost a second a scan on this machine where the rules themselves take a tenth of that.
 * It checks the top document; the app has no frames of its own (its content security policy allows
 * only its own and blob: frames, and it opens none).
 */
export async function axeScan(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  const results = await page.evaluate(
    ([tags, rules]) =>
      (window as unknown as { axe: typeof axeCore }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        // Every rule is still listed in passes, with one node at most: the details are the violations'.
        resultTypes: ['violations'],
      }),
    [AXE_TAGS, EXPERIMENTAL_RULES] as const,
  );
  return {
    rules: results.passes.length + results.violations.length + results.incomplete.length,
    violations: results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  };
}

/** The page's accessibility violations of any impact (see axeScan); a test expects none. */
export async function axeViolations(page: Page) {
  return (await axeScan(page)).violations;
}

/** The widths every screen is checked at: a desktop, and a phone (the header collapses below 768 px). */
export const AXE_WIDTHS = [1280, 375] as const;

/**
 * No axe violations (axeViolations) on the screen as it is now, at each of AXE_WIDTHS: the window
 * is resized in place (the layout follows the window; nothing is loaded or walked again), `ready`
 * waits at each width for what the screen shows there, and the window gets its size back after.
 */
export async function expectAccessibleAtWidths(
  page: Page,
  ready: (width: number) => Promise<unknown> = async () => undefined,
) {
  const before = page.viewportSize();
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready(width);
    // From the top of the page, as a screen opens: where a test left it scrolled is chance (a
    // reload restores it), and a control scrolled half under the sticky header is a smaller target
    // to axe's Target Size (a clean CI run: an admin tab's button at 375 px).
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page), `at ${width} px`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}
