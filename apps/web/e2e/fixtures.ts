import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught exception in the page. A test that expects a
 * particular error (the 404 of the not-found page's own document) says so with `allowConsole`.
 */
export const test = base.extend<{ allowConsole: RegExp[] }>({
  allowConsole: [[], { option: true }],
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

/** Serious and critical accessibility violations on the current page (axe, WCAG 2.x A and AA). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
