import type { APIRequestContext, Page } from '@playwright/test';
import { expect, axeViolations, test } from './fixtures';
import {
  idTokenOf,
  newConfirmedUser,
  saveSellerPreferences,
  savePhone,
  signedIn,
  signInWithSession,
} from './helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A confirmed account of this test's own, with names and phone (and a seller's markets). */
async function freshUser(request: APIRequestContext, role: 'buyer' | 'originator') {
  const user = await newConfirmedUser(request, role);
  await savePhone(request, user);
  if (role === 'originator') await saveSellerPreferences(request, user);
  return { ...user, token: await idTokenOf(request, user.email, user.password) };
}

/** A cash deal of `sellerToken`'s, viewed, saved, written to and offered on by `buyerToken`. */
async function dealWithActivity(request: APIRequestContext, sellerToken: string, buyerToken: string) {
  const street = `${Date.now() % 100000} Analytics Avenue`;
  const created = await request.post('/api/deals', {
    headers: { authorization: `Bearer ${sellerToken}` },
    data: {
      streetAddress: street,
      city: 'Austin',
      state: 'TX',
      zipCode: '78745',
      hideAddress: false,
      purchasePrice: 330000,
      category: 'cash',
      propertyType: 'singleFamily',
      bedrooms: 3,
      bathrooms: 2,
      squareFootage: 1400,
      yearBuilt: 1985,
      description: 'A cash deal for the analytics test.',
      tags: ['off-market'],
      legalCertification: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const dealId = ((await created.json()) as { id: string }).id;
  const buyer = { authorization: `Bearer ${buyerToken}` };
  // Opening the deal page is the view; then a favorite, an interest and an offer.
  expect((await request.get(`/api/deals/${dealId}`, { headers: buyer })).status()).toBe(200);
  expect((await request.put(`/api/deals/${dealId}/favorite`, { headers: buyer })).ok()).toBe(true);
  const interest = await request.post(`/api/deals/${dealId}/interest`, {
    headers: buyer,
    data: { message: 'Is the roof recent?' },
  });
  expect(interest.status(), await interest.text()).toBe(201);
  const offer = await request.post(`/api/deals/${dealId}/offers`, {
    headers: buyer,
    data: { type: 'cash', purchasePrice: 315000, estimatedCloseDate: inDays(30), message: 'Cash buyer.' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  // The view is noted in memory and written within a second; the originator's analytics write what
  // is noted before they count, so from this answer on every screen counts it.
  const analytics = await request.get(`/api/deals/${dealId}/analytics`, {
    headers: { authorization: `Bearer ${sellerToken}` },
  });
  expect(analytics.status(), await analytics.text()).toBe(200);
  expect(((await analytics.json()) as { views: number }).views).toBe(1);
  return { dealId, street };
}

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}

test.describe('deal analytics', () => {
  // A buyer's call for the analytics is refused (403), which the browser logs.
  test.use({ allowConsole: [/status of 40[34]/] });

  test('the originator reads the figures, the chart’s table and the funnel; a buyer gets not-found', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const seller = await freshUser(request, 'originator');
    const buyer = await freshUser(request, 'buyer');
    const { dealId, street } = await dealWithActivity(request, seller.token, buyer.token);

    const page = await signedIn(browser, seller.email, seller.password);
    await page.goto(`/deals/${dealId}`);
    await page.getByTestId('deal-analytics-link').click();
    await expect(page).toHaveURL(new RegExp(`/deals/${dealId}/analytics$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Deal analytics' })).toBeVisible();
    await expect(page.getByText(street)).toBeVisible();

    await expect(page.getByTestId('stat-views')).toContainText('Views1');
    await expect(page.getByTestId('stat-uniqueViewers')).toContainText('Unique viewers1');
    await expect(page.getByTestId('stat-favorites')).toContainText('Favorites1');
    await expect(page.getByTestId('stat-interests')).toContainText('Interests1');
    await expect(page.getByTestId('stat-offers')).toContainText('Offers1');
    await expect(page.getByTestId('stat-daysOnMarket')).toContainText('Days on market0');
    await expect(page.getByTestId('stat-offerRange')).toContainText('Offered prices$315,000');

    // The chart is an image with a summary; its figures are in the table, today first.
    await expect(
      page.getByRole('img', {
        name: /Line chart of the last 30 days\. Totals: views 1, favorites 1, interests 1, offers 1\./,
      }),
    ).toBeVisible();
    await page.getByText('Show the figures as a table').click();
    const table = page.getByRole('table', { name: /per day, newest first/ });
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['1', '1', '1', '1']);

    const funnel = page.getByTestId('funnel');
    await expect(funnel.getByRole('row', { name: /Viewed/ })).toContainText('1');
    await expect(funnel.getByRole('row', { name: /Made an offer/ })).toContainText('100%');
    await expect(page.getByRole('heading', { level: 2, name: 'Matching buyers' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await setLanguage(page, 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Analíticas de la propiedad' })).toBeVisible();
    await expect(page.getByTestId('stat-offerRange')).toContainText('Precios ofrecidos');
    expect(await axeViolations(page)).toEqual([]);

    // Anyone else: the not-found page, which says nothing of the deal.
    const other = await signedIn(browser, 'buyer@demo.test');
    await other.goto(`/deals/${dealId}/analytics`);
    await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(other.getByText(street)).toHaveCount(0);
  });
});

test.describe('the dashboard', () => {
  test('a buyer and seller switches modes and the choice survives a reload', async ({ page }) => {
    // Four axe runs on the shared 2-core machine.
    test.setTimeout(150_000);
    // The demo hybrid's language is Spanish: English first, through the browser's saved choice.
    await signInWithSession(page, 'hybrid@demo.test', { language: 'en' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const modes = page.getByRole('group', { name: 'Dashboard mode' });
    await expect(modes.getByRole('button', { name: 'Buying' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('dashboard-buying')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Favorites/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Training' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await modes.getByRole('button', { name: 'Selling' }).click();
    await expect(page.getByTestId('dashboard-selling')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /My listings/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Latest offers' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await expect(modes.getByRole('button', { name: 'Selling' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('dashboard-selling')).toBeVisible();

    await setLanguage(page, 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
    const modos = page.getByRole('group', { name: 'Modo del panel' });
    await expect(modos.getByRole('button', { name: 'Venta' })).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await modos.getByRole('button', { name: 'Compra' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Favoritos/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a seller’s listings carry their counts and link to their analytics', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const seller = await freshUser(request, 'originator');
    const buyer = await freshUser(request, 'buyer');
    const { dealId, street } = await dealWithActivity(request, seller.token, buyer.token);

    const page = await signedIn(browser, seller.email, seller.password);
    await page.goto('/dashboard');
    // A seller only: no switch, the selling mode.
    await expect(page.getByRole('group', { name: 'Dashboard mode' })).toHaveCount(0);
    const row = page.getByTestId('dashboard-listing').filter({ hasText: street });
    await expect(row.getByRole('cell')).toHaveText(['Active', '1', '1', '1', '1', /Analytics/]);
    await expect(page.getByTestId('listing-count-active')).toContainText('1');
    await expect(page.getByTestId('dashboard-offer')).toContainText(`Offer on ${street}`);
    await expect(page.getByTestId('dashboard-offer')).toContainText('Cash offer of $315,000');
    await row.getByRole('link', { name: `Analytics of ${street}` }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/${dealId}/analytics$`));

    // Signed out: sent to sign in.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/dashboard');
    await expect(visitor).toHaveURL(/\/auth$/);
  });
});
