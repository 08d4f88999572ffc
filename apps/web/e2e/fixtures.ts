import AxeBuilder from '@axe-core/playwright';
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
 * Serious and critical accessibility violations on the current page (axe, WCAG 2.x A and AA).
 *
 * Axe runs in the page itself (axe-core's "legacy" frame mode), which finds the same violations as
 * the default mode, frames included, without opening and loading a blank page of its own for each
 * scan, which doubled the time of every scan. What that mode leaves out is cross-origin frames, and
 * the app has none: its content security policy allows only its own and blob: frames.
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Label in Name (WCAG 2.5.3) is a criterion axe still marks experimental: turned on here.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The widths every screen is checked at: a desktop, and a phone (the header collapses below 768 px). */
export const AXE_WIDTHS = [1280, 375] as const;

/**
 * No serious or critical axe violations on the screen as it is now, at each of AXE_WIDTHS: the window
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
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}
