import { expect, test } from './fixtures';
import sharp from 'sharp';
import { newSeller, signedIn } from './helpers';

/** Two photos as a camera and a screenshot would give them. */
const photo = (format: 'jpeg' | 'png', color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

test.describe('deals', () => {
  // The duplicate and validation answers of the API are 4xx on purpose.
  test.use({ allowConsole: [/status of 40\d/] });

  test('a seller lists a subject-to deal with photos; a buyer finds, opens and saves it; canceled, it leaves the list', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const street = `${Date.now() % 100000} Playwright Pkwy`;
    // A seller of its own: the demo seller's "New message" toasts from other tests would cover the
    // status change's (a clean CI run).
    const account = await newSeller(request);
    const seller = await signedIn(browser, account.email, account.password);

    await seller.goto('/deals/new');
    await expect(seller.getByRole('heading', { level: 1, name: 'List a deal' })).toBeVisible();
    await seller.getByLabel('Street address', { exact: true }).fill(street);
    await seller.getByLabel('City', { exact: true }).fill('Austin');
    await seller.getByLabel('State', { exact: true }).selectOption('TX');
    await seller.getByLabel('ZIP code', { exact: true }).fill('78745');
    await seller.getByLabel('Purchase price (USD)', { exact: true }).fill('412000');
    await seller.getByRole('radio', { name: 'Creative' }).check();
    await seller.getByRole('radio', { name: 'Subject-to' }).check();

    // A first try with the subject-to terms and more missing: the summary counts the errors.
    await seller.getByRole('button', { name: 'Create deal' }).click();
    const summary = seller.getByRole('alert').filter({ hasText: 'Please fill in all required fields' });
    await expect(summary).toContainText(/Please fill in all required fields \(\d+ errors found\)/);
    await expect(seller.getByLabel('Street address', { exact: true })).toHaveValue(street);

    await seller.getByLabel('Loan type', { exact: true }).selectOption('FHA');
    await seller.getByLabel('Interest rate (%)', { exact: true }).fill('2.75');
    await seller.getByLabel('Loan balance (USD)', { exact: true }).fill('300000');
    await seller.getByLabel('Loan maturity date', { exact: true }).fill('2051-06-01');
    await seller.getByLabel('Monthly PITI (USD)', { exact: true }).fill('2100');
    await seller.getByLabel('Entry fee (USD)', { exact: true }).fill('9000');
    await seller.getByLabel('Property type', { exact: true }).selectOption('singleFamily');
    await seller.getByLabel('Bedrooms', { exact: true }).fill('4');
    await seller.getByLabel('Bathrooms', { exact: true }).fill('2');
    await seller.getByLabel('Square footage', { exact: true }).fill('1900');
    await seller.getByLabel('Year built', { exact: true }).fill('1995');
    await seller
      .getByLabel('Description', { exact: true })
      .fill('Low-rate FHA loan; the seller is relocating.');
    await seller.getByRole('checkbox', { name: 'Off market' }).check();
    await seller.getByRole('checkbox', { name: /I certify that I have a contractual interest/ }).check();
    await seller.getByLabel('Add photos').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', '#3a7') },
      { name: 'back.png', mimeType: 'image/png', buffer: await photo('png', '#c63') },
    ]);
    await seller.getByRole('button', { name: 'Create deal' }).click();
    await expect(seller).toHaveURL(/\/deals\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const dealUrl = new URL(seller.url()).pathname;
    await expect(seller.getByRole('heading', { level: 1 })).toContainText(street);

    // The buyer filters the list down to it.
    const buyer = await signedIn(browser, 'buyer@demo.test');
    await buyer.goto('/deals');
    await buyer.getByLabel('State', { exact: true }).selectOption('TX');
    await buyer.getByLabel('Budget', { exact: true }).selectOption({ label: 'Up to $500K' });
    await buyer.getByLabel('Bedrooms', { exact: true }).selectOption({ label: '4+' });
    await buyer.getByLabel('Purchase type', { exact: true }).selectOption('SubTo');
    await buyer.getByLabel('Search', { exact: true }).fill(street);
    await buyer.getByLabel('Search', { exact: true }).press('Enter');
    await expect(buyer).toHaveURL(/state=TX/);
    await expect(buyer.getByRole('heading', { level: 2, name: '1 deal' })).toBeVisible();
    const card = buyer.getByRole('article').filter({ hasText: street });
    await expect(card).toContainText('Super low entry fee');
    await card.getByRole('link').first().click();

    await expect(buyer).toHaveURL(dealUrl);
    await expect(buyer.getByRole('heading', { level: 1 })).toContainText(street);
    await expect(buyer.getByRole('heading', { name: 'Subject-to loan' })).toBeVisible();
    await expect(buyer.getByRole('heading', { name: 'Deal math' })).toBeVisible();
    await expect(buyer.getByRole('button', { name: /Photo \d of 2/ })).toHaveCount(2);
    await buyer.getByRole('button', { name: 'Save to favorites' }).click();
    await expect(buyer.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    await buyer.goto('/deals?view=favorites');
    await expect(buyer.getByRole('article').filter({ hasText: street })).toBeVisible();

    // The seller cancels it with a reason, from Manage my listings.
    await seller.goto('/deals?view=mine');
    await seller.getByRole('button', { name: `Change status of ${street}` }).click();
    const dialog = seller.getByRole('dialog', { name: 'Change status' });
    await dialog.getByRole('radio', { name: 'Canceled' }).check();
    await dialog.getByRole('button', { name: 'Update status' }).click();
    await expect(dialog.getByText('A reason is required to cancel.')).toBeVisible();
    await dialog.getByLabel('Reason for canceling').fill('The seller decided to keep the house.');
    await dialog.getByRole('button', { name: 'Update status' }).click();
    await expect(seller.getByTestId('toast')).toContainText('Listing status changed to Canceled');

    // It leaves the buyer's list (a canceled deal is not offered any more).
    await buyer.goto(`/deals?state=TX&q=${encodeURIComponent(street)}`);
    await expect(buyer.getByText('No deals match your filters.')).toBeVisible();
    await expect(buyer.getByRole('article').filter({ hasText: street })).toHaveCount(0);
    await buyer.goto(dealUrl);
    await expect(buyer.getByText('This deal is no longer available.')).toBeVisible();
  });
});

test('the deal list fits a 375 px phone screen without sideways scrolling', async ({ browser }) => {
  const page = await signedIn(browser, 'buyer@demo.test');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/deals');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
