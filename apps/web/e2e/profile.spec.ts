import type { Page } from '@playwright/test';
import { expect, axeViolations, test } from './fixtures';
import { newConfirmedUser, savePhone, signInThroughForm, signInWithSession } from './helpers';

const signIn = (page: Page, user: { email: string; password: string }) =>
  signInThroughForm(page, user.email, user.password);

/** A 1×1 PNG, as a user's file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a new buyer without a phone is sent to the Profile tab, then on to buyer preferences', async ({
  page,
  request,
}) => {
  const user = await newConfirmedUser(request, 'buyer');
  await signIn(page, user);

  await expect(page).toHaveURL('/profile?tab=profile');
  await expect(page.getByTestId('toast')).toContainText('Complete Your Profile');
  await expect(page.getByTestId('toast')).toContainText(
    'Please complete your profile before accessing other parts of the application.',
  );

  // Exempt pages stay reachable; others send the user back.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await page.goto('/');
  await expect(page).toHaveURL('/profile?tab=profile');

  await page.getByLabel('Phone').fill('512555013');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a 10-digit phone number.')).toBeVisible();

  await page.getByLabel('Phone').fill('15125550133');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');
  // Names and phone are there; a buyer still owes buyer preferences, so that tab opens next.
  await expect(page).toHaveURL('/profile?tab=preferences');
  await expect(page.getByRole('heading', { name: 'Buyer preferences', level: 2 })).toBeVisible();

  // The Preferences tab holds the language, saved to the account with the channels.
  await page.getByRole('link', { name: 'Preferences', exact: true }).click();
  await page.getByRole('radio', { name: 'Español' }).check();
  await page.getByRole('checkbox', { name: 'SMS' }).check();
  await page.getByRole('radio', { name: 'Weekly summary' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu perfil');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Resumen semanal' })).toBeChecked();
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile');
});

test.describe('buyer preferences', () => {
  test.use({ allowConsole: [/status of 400/] });

  test('a new buyer is redirected to buyer preferences, saves them and reaches /deals without a redirect', async ({
    page,
    request,
  }) => {
    const user = await newConfirmedUser(request, 'buyer');
    await savePhone(request, user);
    await signIn(page, user);

    await expect(page).toHaveURL('/profile?tab=preferences');
    await expect(page.getByTestId('toast').first()).toContainText('Complete Your Profile');
    await page.goto('/deals');
    await expect(page).toHaveURL('/profile?tab=preferences');

    // Required fields are refused with their messages and the toast of the spec.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose primary residence or investment.')).toBeVisible();
    await expect(page.getByText('Enter a city.')).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Failed to update buyer preferences');

    await page.getByRole('radio', { name: 'Investment' }).check();
    await page.getByRole('checkbox', { name: 'Single family' }).check();
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('City').fill('Austin');
    const zip = page.getByRole('textbox', { name: 'ZIP codes' });
    await zip.fill('90210');
    await zip.press('Enter');
    await expect(page.getByTestId('zip-chip').filter({ hasText: '90210' })).toContainText(
      '90210 is not in TX.',
    );
    await zip.fill('1234');
    await zip.press('Enter');
    await expect(page.getByText('ZIP codes have 5 digits.')).toBeVisible();
    await expect(zip).toHaveValue('1234');
    await zip.fill('78701, 78702');
    await zip.press('Enter');
    await expect(page.getByTestId('zip-chip').filter({ hasText: '78701' })).toContainText('Austin, TX');
    await page.getByLabel('Bedrooms').selectOption('3');
    await page.getByLabel('Max monthly payment ($)').fill('2500');
    await page.getByRole('checkbox', { name: 'I have a pre-approved mortgage' }).check();

    await page.getByRole('button', { name: 'Save' }).click();
    // The ZIP in another state blocks the save; nothing typed is lost.
    await expect(page.getByTestId('toast')).toContainText('Failed to update buyer preferences');
    await expect(page.getByText('Enter the pre-approved amount.')).toBeVisible();
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    await page.getByLabel('Pre-approved amount ($)').fill('300000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('90210 is not in TX.').last()).toBeVisible();
    await page.getByRole('button', { name: 'Remove 90210' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByTestId('toast')).toContainText('Buyer preferences saved');
    // Complete now: back on /deals, where the last redirect started, and free to stay there.
    await expect(page).toHaveURL('/deals');
    await page.reload();
    await expect(page).toHaveURL('/deals');

    await page.goto('/profile?tab=preferences');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.getByLabel('Bedrooms')).toHaveValue('3');
    await expect(page.getByTestId('zip-chip')).toHaveCount(2);

    // The buy box of the same buyer: ZIPs pasted at once, one of another state flagged.
    await page.getByRole('link', { name: 'Buy box' }).click();
    await expect(page).toHaveURL(/tab=buybox/);
    // Exact: until the tab has switched, "Home type" and "Financing type" would match too.
    await page.getByLabel('Type', { exact: true }).selectOption('SubTo');
    await page.getByLabel('State').selectOption('AZ');
    await page.getByLabel('City').fill('Phoenix');
    await page.getByRole('textbox', { name: 'ZIP codes' }).fill('85004 85006 10001');
    await page.getByRole('textbox', { name: 'ZIP codes' }).press('Enter');
    await expect(page.getByTestId('zip-chip')).toHaveCount(3);
    await expect(page.getByTestId('zip-chip').filter({ hasText: '10001' })).toContainText(
      '10001 is not in AZ.',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast')).toContainText('Failed to update buy box preferences');
    await page.getByRole('button', { name: 'Remove 10001' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast')).toContainText('Buy box saved');
  });
});

test('a seller fills seller preferences and the company tab with a logo', async ({ page, request }) => {
  const user = await newConfirmedUser(request, 'originator');
  await savePhone(request, user);
  await signIn(page, user);
  await expect(page).toHaveURL('/profile?tab=seller-preferences');

  await page.getByLabel('State').selectOption('FL');
  await page.getByLabel('City (optional)').fill('Tampa');
  await page.getByRole('checkbox', { name: 'Subject-to' }).check();
  await page.getByLabel('Call-booking link').fill('https://cal.example.test/me');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Seller preferences saved');
  await expect(page).toHaveURL('/');

  // A second market: the new row's first field takes the focus; the first row goes, the second
  // keeps what was typed in it, and that is what is saved.
  await page.goto('/profile?tab=seller-preferences');
  await page.getByRole('button', { name: 'Add a market' }).click();
  await expect(page.getByLabel('State').nth(1)).toBeFocused();
  await page.getByLabel('State').nth(1).selectOption('TX');
  await page.getByLabel('City (optional)').nth(1).fill('Austin');
  await page.getByRole('button', { name: 'Remove this market' }).first().click();
  await expect(page.getByLabel('State')).toHaveCount(1);
  await expect(page.getByLabel('City (optional)')).toHaveValue('Austin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Seller preferences saved');
  await page.reload();
  await expect(page.getByLabel('State')).toHaveValue('TX');
  await expect(page.getByLabel('City (optional)')).toHaveValue('Austin');

  await page.goto('/profile?tab=company');
  await expect(page.getByLabel('Call-booking link')).toHaveValue('https://cal.example.test/me');
  await page.getByLabel('Company name').fill('Tampa Terms LLC');
  await page.getByLabel('Company phone').fill('1 813 555 0100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Company saved');
  await expect(page.getByLabel('Company phone')).toHaveValue('(813) 555-0100');

  const file = page.getByLabel('Choose an image');
  await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024, 1) });
  await expect(page.getByRole('alert')).toHaveText('The logo must be 500 KB or smaller.');
  await file.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just text') });
  await expect(page.getByRole('alert')).toHaveText('Only JPEG, PNG or WebP images are accepted.');
  await file.setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Company logo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Company logo' })).toHaveAttribute(
    'src',
    /\/files\/logos\/.+\.png$/,
  );
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('password', () => {
  test.use({ allowConsole: [/status of 400/] });

  test('changing the password needs the current one', async ({ page, request }) => {
    const user = await newConfirmedUser(request, 'originator');
    await signIn(page, user);
    await expect(page).toHaveURL('/profile?tab=profile');

    await page.getByLabel('Current password').fill('Not-The-Password-1');
    await page.getByLabel('New password', { exact: true }).fill('Newer!Pass1');
    await page.getByLabel('Confirm new password').fill('Newer!Pass1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password update failed');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('toast')).toContainText('Password changed');
  });
});

test.describe('a tab offline', () => {
  // The download the test makes fail is reported by the browser.
  test.use({ allowConsole: [/net::ERR_INTERNET_DISCONNECTED|dynamically imported module/] });

  test("a tab whose code cannot be downloaded says so, and opens on Try again; no other tab's code comes with it", async ({
    page,
  }) => {
    await signInWithSession(page, 'buyer@demo.test');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Each tab's code is a file of its own (src/features/profile/routes/profile.tsx).
    let online = false;
    await page.route('**/assets/company-tab-*.js', async (route) => {
      if (online) await route.continue();
      else await route.abort('internetdisconnected');
    });
    await page.goto('/profile?tab=company');
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile');
    await expect(page.getByRole('link', { name: 'Buyer preferences' })).toBeVisible();

    online = true;
    await retry.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Company' })).toBeVisible();
    // The button is gone: the focus waits on the tab's region, not on the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.querySelector('h2')?.textContent ?? null))
      .toBe('Company');
    expect(
      scripts.filter((path) =>
        /\/(preferences|buyer-preferences|buy-box|seller-preferences|integrations|profile)-tab-/.test(path),
      ),
    ).toEqual([]);
  });
});
