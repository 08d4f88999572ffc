import { expect, test } from './fixtures';
import { newConfirmedUser, signedIn, signInThroughForm as signIn, signInWithSession } from './helpers';

test("an admin changes a user's roles and the user sees the seller links at once", async ({
  browser,
  request,
}) => {
  const user = await newConfirmedUser(request, 'buyer');
  const admin = await signedIn(browser, 'admin@demo.test');
  await admin.goto('/');
  await admin.getByRole('button', { name: 'Ada' }).click();
  await admin.getByRole('menuitem', { name: 'Admin panel' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Admin panel');
  await admin.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(user.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await row.getByLabel('Originator').check();
  await row.getByRole('button', { name: 'Save roles' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Roles updated');

  const page = await browser.newPage();
  await signIn(page, user.email, user.password);
  // The profile is incomplete (no phone), so the user lands on the profile; the header already
  // shows the seller-side links.
  await expect(page.getByTestId('desktop-nav').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await admin.close();
  await page.close();
});

test.describe('deactivation', () => {
  test.use({ allowConsole: [/status of 403/] });

  test('a deactivated user is told so and signed out', async ({ browser, request }) => {
    const user = await newConfirmedUser(request, 'buyer');
    const admin = await signedIn(browser, 'admin@demo.test');
    await admin.goto('/admin?tab=users');
    await expect(admin.getByRole('button', { name: 'Ada' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(user.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    const row = admin.getByRole('row').filter({ hasText: user.email });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Deactivated')).toBeVisible();

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on(
      'console',
      (m) => m.type() === 'error' && !/status of 403/.test(m.text()) && problems.push(m.text()),
    );
    await signIn(page, user.email, user.password);
    await expect(page.getByTestId('toast')).toContainText('Account Deactivated');
    await expect(page.getByRole('alert')).toContainText('Your account has been deactivated.');
    await expect(page.getByTestId('desktop-nav').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(problems).toEqual([]);
    await admin.close();
    await page.close();
  });
});

test('people who are not admins are turned away from the admin panel', async ({ page }) => {
  await signInWithSession(page, 'seller@demo.test');
  await page.goto('/admin');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByRole('button', { name: 'Sam' })).toBeVisible();
});
