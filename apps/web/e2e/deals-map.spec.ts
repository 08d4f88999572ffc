import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessibleAtWidths, test } from './fixtures';
import { idTokenOf, listDemoCashDeal, signInWithSession } from './helpers';

/*
 * The map view of `/deals` (issue 15): the demo deals at their ZIP centroids, clustered, the same
 * filters as the list (kept in the URL), a click through to a deal, and axe in both languages.
 * Other specs list deals while this one runs: the counts are compared with the API's own answer.
 */

/** How many deals the buyer's list holds for `query`, by the API. */
async function apiTotal(request: APIRequestContext, query: string) {
  const token = await idTokenOf(request, 'buyer@demo.test');
  const res = await request.get(`/api/deals?limit=1&${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

const summary = (page: Page) => page.getByTestId('deals-map-summary');

/**
 * The map's count of deals, checked against the list's: the API's count for `query` read before
 * the page asked (`before`) and after it showed its own. They are the same but when another spec
 * listed or closed a deal meanwhile; the map's count is then one of theirs or between them.
 */
async function expectMapTotal(page: Page, request: APIRequestContext, query: string, before: number) {
  await expect(summary(page)).toHaveText(/^\d+ deals? on the map$/);
  const shown = Number(/^(\d+)/.exec((await summary(page).textContent()) ?? '')![1]);
  const after = await apiTotal(request, query);
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  return shown;
}
const points = (page: Page) => page.locator('[data-testid="us-map"] circle');

test('a buyer switches to the map, filters it, zooms into a group and opens a deal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInWithSession(page, 'buyer@demo.test');
  const before = await apiTotal(request, '');
  await page.goto('/deals');
  const display = page.getByRole('group', { name: 'Show deals as' });
  await expect(display.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await display.getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(display.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');

  // Every deal of the list (fewer than the map's 500), at its ZIP centroid, in groups with counts.
  const all = await expectMapTotal(page, request, '', before);
  await expect(points(page).first()).toBeVisible();
  await expect(page.getByText('never at its street address')).toBeVisible();
  const groups = page.getByRole('button', { name: /deals around .*: zoom in$/ });
  await expect(groups.first()).toBeVisible();
  const allPoints = await points(page).count();

  // A filter narrows the map as it narrows the list; the view stays in the URL.
  await page.getByLabel('Purchase type', { exact: true }).selectOption('LeaseOption');
  await expect(page).toHaveURL(/purchaseType=LeaseOption/);
  await expect(page).toHaveURL(/view=map/);
  const leaseOptions = await apiTotal(request, 'purchaseType=LeaseOption');
  expect(leaseOptions).toBeLessThan(all);
  await expect(summary(page)).toHaveText(
    leaseOptions === 1 ? '1 deal on the map' : `${leaseOptions} deals on the map`,
  );
  await expect
    .poll(async () => page.getByTestId('deals-map-table').locator('tbody tr').count())
    .toBeLessThanOrEqual(leaseOptions);
  await page.getByLabel('Purchase type', { exact: true }).selectOption('');
  await expect(summary(page)).toHaveText(`${all} deals on the map`);
  await expect.poll(() => points(page).count()).toBe(allPoints);

  // A group, by keyboard: the map zooms in and lists the group's deals as links.
  const group = groups.first();
  const name = (await group.getAttribute('aria-label'))!;
  const count = Number(/^(\d+)/.exec(name)![1]);
  await group.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('us-map')).toHaveAttribute('data-zoomed', 'true');
  const selection = page.getByTestId('deals-map-selection');
  await expect(selection.getByRole('heading', { level: 3 })).toHaveText(name.replace(/: zoom in$/, ''));
  await expect(selection.getByRole('link')).toHaveCount(count);
  await expect(selection.getByRole('heading', { level: 3 })).toBeFocused();

  // The whole country again, then a ZIP of the table, and through its card to the deal.
  await page.getByRole('button', { name: 'Show the whole country' }).click();
  await expect(page.getByTestId('us-map')).toHaveAttribute('data-zoomed', 'false');
  const zip = page.getByTestId('deals-map-table').locator('tbody tr').first().getByRole('button');
  await zip.click();
  await expect(zip).toHaveAttribute('aria-pressed', 'true');
  const link = selection.getByRole('link').first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // "Back" returns to the map with its filters.
  await page.goBack();
  await expect(page).toHaveURL(/view=map/);
  await expect(summary(page)).toBeVisible();
});

test('a single deal on the map shows its card, which opens it', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A deal of its own in Boise (83702), a ZIP no other deal uses: one point, one deal.
  const street = `${Date.now() % 100000} Capitol Blvd`;
  const id = await listDemoCashDeal(request, street, {
    city: 'Boise',
    state: 'ID',
    zipCode: '83702',
    purchasePrice: 287000,
  });
  await signInWithSession(page, 'buyer@demo.test');
  await page.goto('/deals?view=map&zipCode=83702');
  await expect(summary(page)).toHaveText('1 deal on the map');
  await expect(points(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Deal at $287,000, Boise, ID 83702' }).click();
  const selection = page.getByTestId('deals-map-selection');
  await expect(selection.getByRole('heading', { name: 'Selected deal' })).toBeVisible();
  await expect(selection).toContainText('$287,000');
  await selection.getByRole('link', { name: new RegExp(street) }).click();
  await expect(page).toHaveURL(`/deals/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(street);
});

for (const [language, locale, texts] of [
  ['en', 'en-US', { map: 'Map', summary: /deals on the map$/ }],
  ['es', 'es-ES', { map: 'Mapa', summary: /oportunidades en el mapa$/ }],
] as const) {
  test.describe(`the map view in ${language}`, () => {
    test.use({ locale });

    test('has no axe violations at 1280 and 375 px', async ({ page }) => {
      test.setTimeout(120_000);
      await signInWithSession(page, 'buyer@demo.test', { language });
      await page.goto('/deals');
      await page.getByRole('button', { name: texts.map, exact: true }).click();
      await expect(page).toHaveURL(/view=map/);
      await expectAccessibleAtWidths(page, async () => {
        await expect(summary(page)).toHaveText(texts.summary);
        await expect(points(page).first()).toBeVisible();
      });
      // With a ZIP's deals listed under the map.
      await page.getByTestId('deals-map-table').locator('tbody tr').first().getByRole('button').click();
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByTestId('deals-map-selection').getByRole('link').first()).toBeVisible(),
      );
    });
  });
}
