import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatMoney } from '@dealclub/shared/format';
import { expect, expectAccessibleAtWidths, test } from './fixtures';
import { idTokenOf, newConfirmedUser, signInWithSession } from './helpers';

/*
 * The buyer map (`/buyers`), the public ZIP analytics and the owners club. Two buyers of this file
 * want to buy in a Missoula ZIP no other spec uses: one pre-approved for $450K with 3 bedrooms, one
 * for $2.5M with 1 bedroom, so the filters split them. Each parallel worker has a ZIP of its own
 * (the figures of a ZIP are counted per ZIP) and makes its two buyers once; a worker started again
 * after a failure finds them there.
 */
const ZIP = ['59801', '59802', '59803', '59804'][Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4]!;

async function newBuyer(
  request: APIRequestContext,
  names: { firstName: string; lastName: string },
  prefs: Record<string, unknown>,
) {
  const user = await newConfirmedUser(request, 'buyer');
  const headers = { authorization: `Bearer ${await idTokenOf(request, user.email, user.password)}` };
  const profile = await request.put('/api/profile', {
    headers,
    data: { ...names, phoneNumber: '5125550178' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const saved = await request.put('/api/profile/buyer-preferences', {
    headers,
    data: { useCase: 'primary', state: 'MT', city: 'Missoula', zipCodes: [ZIP], preApproved: true, ...prefs },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

let ready: Promise<void> | undefined;
/** The two buyers, made once per worker (the tests below share them). */
function buyersInMissoula(request: APIRequestContext) {
  ready ??= (async () => {
    const existing = await request.get(`/api/analytics/zip-analytics/${ZIP}`);
    expect(existing.status()).toBe(200);
    if (((await existing.json()) as { buyerCount: number }).buyerCount >= 2) return;
    await newBuyer(
      request,
      { firstName: 'Mila', lastName: 'Montana' },
      {
        preApprovedAmount: 450_000,
        bedrooms: 3,
        bathrooms: 2,
        maxMonthlyPayment: 2500,
        maxDownPayment: 40_000,
      },
    );
    await newBuyer(
      request,
      { firstName: 'Nico', lastName: 'Northern' },
      {
        preApprovedAmount: 2_500_000,
        bedrooms: 1,
        bathrooms: 1,
        maxMonthlyPayment: 9000,
        maxDownPayment: 300_000,
      },
    );
  })();
  return ready;
}

/** The seller side's own figures, to compare the screen with. */
async function totalBuyers(request: APIRequestContext, query: string) {
  const token = await idTokenOf(request, 'seller@demo.test');
  const res = await request.get(`/api/analytics/buyers?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { totalBuyers: number }).totalBuyers;
}

/**
 * The summary shows the seller side's total: at least `before` (read before the page asked) and at
 * most what the API says after (other workers' specs add buyers meanwhile).
 */
async function expectTotal(summary: Locator, request: APIRequestContext, query: string, before: number) {
  const shown = async () =>
    Number(/([\d,]+) buyers?/.exec((await summary.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  await expect(summary).toContainText(/\d buyers?/);
  // The filter's answer may still be on its way (the last one stays on screen meanwhile): the
  // summary comes down to at most what the API says now, and that is at least `before`.
  const total = await totalBuyers(request, query);
  await expect.poll(shown).toBeLessThanOrEqual(total);
  expect(await shown()).toBeGreaterThanOrEqual(before);
}

test.describe('the buyer map', () => {
  test('a seller filters the buyers, picks a ZIP on the map and clears it', async ({ page, request }) => {
    test.setTimeout(120_000);
    await buyersInMissoula(request);
    const all = await totalBuyers(request, '');
    const underCap = await totalBuyers(request, 'maxPrice=500000');
    expect(underCap).toBeLessThan(all);

    await signInWithSession(page, 'seller@demo.test');
    // The demo club's hundreds of ZIP codes are placed on the map in a worker, off the main thread.
    const placer = page.waitForEvent('worker', (worker) => /place-points\.worker/.test(worker.url()));
    await page.goto('/buyers');
    await placer;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buyer locations');
    const summary = page.getByTestId('buyer-map-summary');
    await expectTotal(summary, request, '', all);
    await expect(summary).toContainText('Last updated');
    await expect(page.getByTestId('map-legend')).toContainText('Average monthly payment');
    // The legend says what a budget cap filters on.
    await expect(page.getByTestId('map-legend-budget')).toContainText("the buyer's pre-approval amount");

    // A click on the ZIP's bubble zooms the map and narrows the list.
    const bubble = page.getByRole('button', { name: new RegExp(`^ZIP ${ZIP}: 2 buyers`) });
    await bubble.dispatchEvent('click');
    await expect(page).toHaveURL(new RegExp(`zip=${ZIP}`));
    await expect(page.getByTestId('us-map')).toHaveAttribute('data-zoomed', 'true');
    const list = page.getByTestId('buyer-list');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(`Buyers in ${ZIP}`);
    await expect(list.getByTestId('buyer-list-total')).toHaveText('2 buyers');
    await expect(list.getByText('Mila Montana')).toBeVisible();
    await expect(list.getByText('Nico Northern')).toBeVisible();
    await expect(list).toContainText('$2,500');

    // The budget cap and the room minimums apply together, and stay in the address.
    await page.getByLabel('Budget cap (pre-approval)').selectOption({ label: 'Up to $500K' });
    await expect(list.getByTestId('buyer-list-total')).toHaveText('1 buyer');
    await expect(page.getByTestId('map-legend-budget')).toContainText('Pre-approved for at most $500K');
    // The demo club's buyers who stated no budget are counted apart, not silently dropped.
    await expect(summary.getByTestId('buyer-map-without-budget')).toContainText(
      /^[\d,]+ buyers? without a stated budget, not counted under this cap$/,
    );
    await expect(list.getByText('Nico Northern')).toHaveCount(0);
    await expect(summary).not.toContainText(`${all} buyer`);
    await expectTotal(summary, request, 'maxPrice=500000', underCap);
    await page.getByLabel('Bedrooms').selectOption('3');
    await expect(page).toHaveURL(/maxPrice=500000/);
    await expect(page).toHaveURL(/minBedrooms=3/);
    await expect(list.getByText('Mila Montana')).toBeVisible();
    await page.getByLabel('Bedrooms').selectOption('4');
    await expect(list.getByTestId('buyer-list-total')).toHaveText('0 buyers');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.getByTestId('buyer-list-total')).toHaveText('2 buyers');

    // The clear button shows every ZIP again; the table gives the same figures to the keyboard.
    await list.getByRole('button', { name: 'All ZIP codes' }).click();
    await expect(list.getByRole('heading', { level: 2 })).toHaveText('Buyers');
    await expect(page.getByTestId('us-map')).toHaveAttribute('data-zoomed', 'false');
    await page.getByRole('button', { name: 'Table' }).click();
    const row = page.getByTestId('zip-table').getByRole('row').filter({ hasText: ZIP });
    // 50 ZIP codes at a time, most buyers first (the demo club fills many): shown more until it is there.
    const more = page.getByRole('button', { name: /^Show more ZIP codes/ });
    await expect(page.getByTestId('zip-table')).toBeVisible();
    while ((await row.count()) === 0 && (await more.isVisible())) await more.click();
    await expect(row).toContainText('$170,000');
    await expect(row).toContainText('$5,750');
    await row.getByRole('button', { name: ZIP }).click();
    await expect(list.getByTestId('buyer-list-total')).toHaveText('2 buyers');
  });

  test('a buyer reads the restricted-access message', async ({ page }) => {
    await signInWithSession(page, 'buyer@demo.test');
    await page.goto('/buyers');
    await expect(page.getByText('The buyer map is for sellers, owners and admins.')).toBeVisible();
  });
});

/**
 * The ZIP page's heading, figures and buyers as a list of elements (tag and sorted classes), icons
 * and the server's `<time>` aside; the texts of the heading and the labels.
 */
function zipPageStructure(page: Page) {
  return page.evaluate(() =>
    ['h1', '[data-testid="zip-figures"]', '[data-testid="zip-buyers"]'].map((selector) => {
      const part = document.querySelector(`main ${selector}`);
      if (!part) return null;
      return [part, ...part.querySelectorAll('*')]
        .filter((el) => !el.closest('svg') && el.tagName !== 'TIME')
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].sort().join('.')}`)
        .concat(
          part.querySelectorAll('dt').length
            ? [...part.querySelectorAll('dt')].map((dt) => dt.textContent!)
            : [],
        )
        .concat(selector === 'h1' ? [part.textContent!] : []);
    }),
  );
}

test.describe('the public ZIP analytics', () => {
  test.use({ allowConsole: [/status of 404/] });

  test('anyone signed out reads the count, the averages, the buyers and a sign-up link', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await buyersInMissoula(request);
    // The figures come in the page itself (decision 034): the app asks the API for none of them.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/analytics/zip-analytics/') && asked.push(r.url()));
    await page.goto(`/zip/${ZIP}/analytics`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Buyers in ZIP code ${ZIP}`);
    await expect(page.getByTestId('zip-count')).toContainText('2');
    await expect(page.getByTestId('zip-down')).toContainText('$170,000');
    await expect(page.getByTestId('zip-monthly')).toContainText('$5,750');
    const buyers = page.getByTestId('zip-buyers');
    await expect(buyers.getByText('Mila M.', { exact: true })).toBeVisible();
    await expect(buyers.getByText('Nico N.', { exact: true })).toBeVisible();
    await expect(buyers).not.toContainText('Montana');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(page.getByTestId('us-map')).toBeVisible();
    expect(asked).toEqual([]);
    // The states' outlines, a JSON file the build wrote (decision 036), are drawn: the nation's
    // outline is one long path of relative moves.
    await expect
      .poll(() => page.getByTestId('us-map').locator('path').first().getAttribute('d'))
      .toMatch(/^M[\d.]+[ -][\d.]+l.{20000,}/);
  });

  test("a member's page has no sign-up box, in the document the server writes as on the screen", async ({
    page,
    request,
  }) => {
    await buyersInMissoula(request);
    await signInWithSession(page, 'buyer@demo.test');
    // The first visit confirms the session, and the app leaves the member hint for the server.
    await page.goto(`/zip/${ZIP}/analytics`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Buyers in ZIP code ${ZIP}`);
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'member')?.value)
      .toBe('1');
    const document = await page.request.get(`/zip/${ZIP}/analytics`);
    expect(await document.text()).toContain(`Buyers in ZIP code ${ZIP}`);
    expect(await document.text()).not.toContain('href="/signup"');
    await page.reload();
    await expect(page.getByTestId('zip-count')).toContainText('2');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  });

  test('the heading, the figures and the buyers are in the page before any script: with JavaScript off, in Spanish', async ({
    browser,
    request,
  }) => {
    await buyersInMissoula(request);
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
    try {
      const page = await context.newPage();
      await page.goto(`/zip/${ZIP}/analytics`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Compradores en el código postal ${ZIP}`,
      );
      await expect(page.getByTestId('zip-count')).toContainText('2');
      await expect(page.getByTestId('zip-down')).toContainText(formatMoney(170_000, 'es'));
      await expect(page.getByTestId('zip-monthly')).toContainText(formatMoney(5750, 'es'));
      const buyers = page.getByTestId('zip-buyers');
      await expect(buyers.getByText('Mila M.', { exact: true })).toBeVisible();
      await expect(buyers.getByText('Nico N.', { exact: true })).toBeVisible();
      await expect(buyers).not.toContainText('Montana');
      await expect(page.getByRole('main').getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
        'href',
        '/signup',
      );

      // The app, once it has run, renders the same elements with the same classes (the server's copy
      // of the screen's markup has not drifted from it): nothing moves when it replaces them.
      const written = await zipPageStructure(page);
      const app = await browser.newContext({ locale: 'es-ES' });
      try {
        const rendered = await app.newPage();
        await rendered.goto(`/zip/${ZIP}/analytics`);
        await expect(rendered.getByTestId('us-map')).toBeVisible();
        expect(await zipPageStructure(rendered)).toEqual(written);
      } finally {
        await app.close();
      }
    } finally {
      await context.close();
    }
  });

  test('a ZIP without buyers says so; a malformed or unknown ZIP is not found', async ({ page }) => {
    await page.goto('/zip/10001/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buyers in ZIP code 10001');
    await expect(page.getByText('No buyers have named this ZIP code yet.')).toBeVisible();
    await page.goto('/zip/5980/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.goto('/zip/00000/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});

for (const [language, locale, texts] of [
  ['en', 'en-US', { buyers: 'Buyer locations', table: 'Table' }],
  ['es', 'es-ES', { buyers: 'Ubicación de compradores', table: 'Tabla' }],
] as const) {
  test.describe(`map screens in ${language}`, () => {
    test.use({ locale });

    test('have no axe violations at 1280 and 375 px', async ({ page }) => {
      // The ZIP page, the buyer map and the owners club as they open are in the sweep
      // (a11y-sweep.spec.ts), for every role; here, the buyer map with a ZIP code picked.
      await signInWithSession(page, 'owner@demo.test', { language });
      await page.goto('/buyers');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.buyers);
      // The figures first: they replace the loading line beside the view switch and move it, and a
      // loaded CI run once clicked where the switch had been (the map stayed).
      await expect(page.getByTestId('us-map').getByRole('button').first()).toBeVisible();
      const table = page.getByRole('button', { name: texts.table, exact: true });
      await table.click();
      await expect(table).toHaveAttribute('aria-pressed', 'true');
      await expectAccessibleAtWidths(page, async () => {
        await expect(page.getByTestId('zip-table')).toBeVisible();
        await expect(page.getByTestId('buyer-list').locator('li').first()).toBeVisible();
      });
    });
  });
}
