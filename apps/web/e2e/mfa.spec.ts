import type { Page } from '@playwright/test';
// The provider's own RFC 6238 (tested against the RFC's vectors), as an authenticator app computes it.
import { base32Decode, totpCode, totpStep } from '../../api/src/modules/identity/totp';
import { expect, expectAccessibleAtWidths, test } from './fixtures';
import { escapeRegExp, newConfirmedUser, savePhone, signInThroughForm } from './helpers';

/** The code an authenticator app shows for a base32 `secret`, `steps` 30-second steps from now. */
const authenticatorCode = (secret: string, steps = 0) =>
  totpCode(base32Decode(secret)!, totpStep(Date.now()) + steps);

/**
 * A new buyer with a complete profile, signed in through the form, on Profile with the Security
 * section's set-up open: the section and the key it shows.
 */
async function openSetUp(page: Page) {
  const user = await newConfirmedUser(page.request);
  await savePhone(page.request, user);
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('button', { name: 'Fresh' })).toBeVisible();
  await page.goto('/profile?tab=profile');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByText('Two-step sign-in is off.')).toBeVisible();
  await security.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const secret = (await security.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
  return { user, security, secret };
}

test.describe('two-step sign-in', () => {
  // A wrong code is the identity provider's 400, which the browser logs.
  test.use({ allowConsole: [/status of 400/] });

  test('a user turns it on with the key shown on screen, then signs in with a code; an admin turns it off', async ({
    page,
    browser,
  }) => {
    const { user, security, secret } = await openSetUp(page);
    await expect(
      security.getByRole('img', { name: 'QR code that adds DealClub to an authenticator app' }),
    ).toBeVisible();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessibleAtWidths(page);

    // A wrong code says so and keeps the form; the right one turns it on.
    const code = security.getByLabel('Authentication code');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill('000000');
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(security.getByRole('alert')).toContainText('That code is not right.');
    await code.fill(authenticatorCode(secret));
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(security.getByText('Two-step sign-in is on.')).toBeVisible();
    await expect(security.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeFocused();

    await page.getByRole('button', { name: 'Fresh' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // Signing out ends with a full navigation to /: the next page waits for it to load.
    await page.waitForURL('/', { waitUntil: 'load' });

    // The password alone now leads to the code step.
    await signInThroughForm(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Fresh' })).toHaveCount(0);
    await expectAccessibleAtWidths(page);
    // The code used to turn it on is never taken again; the next one is.
    await page.getByLabel('Authentication code').fill(authenticatorCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Fresh' })).toBeVisible();

    // A lost phone: an admin turns it off from the admin panel.
    const admin = await (await browser.newContext()).newPage();
    await signInThroughForm(admin, 'admin@demo.test');
    await expect(admin.getByRole('button', { name: 'Ada' })).toBeVisible();
    await admin.goto('/admin');
    await admin.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(user.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('button', { name: /^Turn off two-step sign-in for Fresh Person/ }).click();
    const dialog = admin.getByRole('alertdialog');
    await expect(dialog).toContainText(new RegExp(escapeRegExp(user.email)));
    await dialog.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(admin.getByTestId('toast')).toContainText('Two-step sign-in turned off');
    // The button is gone: the focus is on the cell's new state, not on the page.
    await expect(
      admin
        .getByRole('row', { name: new RegExp(escapeRegExp(user.email)) })
        .getByText('Off', { exact: true }),
    ).toBeFocused();

    const later = await (await browser.newContext()).newPage();
    await signInThroughForm(later, user.email, user.password);
    await expect(later.getByRole('button', { name: 'Fresh' })).toBeVisible();
  });

  test('a user turns it off with the password and a code', async ({ page }) => {
    const { user, security, secret } = await openSetUp(page);
    await security.getByLabel('Authentication code').fill(authenticatorCode(secret));
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(security.getByText('Two-step sign-in is on.')).toBeVisible();

    await security.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    // The password field takes the focus; a wrong password is refused and changes nothing.
    await expect(security.getByLabel('Password')).toBeFocused();
    await security.getByLabel('Password').fill('Not-The-Password-9');
    await security.getByLabel('Authentication code').fill(authenticatorCode(secret, 1));
    await security.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(security.getByRole('alert')).toContainText('Incorrect e-mail or password.');
    await security.getByLabel('Password').fill(user.password);
    await security.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(security.getByText('Two-step sign-in is off.')).toBeVisible();
    await expect(security.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeFocused();

    // Signing in again takes the password alone.
    await page.getByRole('button', { name: 'Fresh' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('/', { waitUntil: 'load' });
    await signInThroughForm(page, user.email, user.password);
    await expect(page.getByRole('button', { name: 'Fresh' })).toBeVisible();
  });
});
