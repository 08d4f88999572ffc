import { expect, test } from './fixtures';
import { signInThroughForm as signIn } from './helpers';

const ROLES = [
  { email: 'buyer@demo.test', firstName: 'Bianca', links: ['Listings', 'Help'], admin: false },
  {
    email: 'seller@demo.test',
    firstName: 'Sam',
    links: ['Listings', 'Dashboard', 'Buyers', 'Owners Club', 'Help'],
    admin: false,
  },
  {
    email: 'owner@demo.test',
    firstName: 'Olivia',
    links: ['Listings', 'Dashboard', 'Buyers', 'Owners Club', 'Help'],
    admin: false,
  },
  {
    email: 'admin@demo.test',
    firstName: 'Ada',
    links: ['Listings', 'Dashboard', 'Buyers', 'Owners Club', 'Help'],
    admin: true,
  },
];

test.describe('sign-in', () => {
  for (const role of ROLES) {
    test(`${role.email} signs in and sees the links of the role`, async ({ page }) => {
      await signIn(page, role.email);
      await expect(page).toHaveURL('/');
      const nav = page.getByTestId('desktop-nav');
      await expect(nav.getByRole('link')).toHaveText(role.links);
      const account = page.getByRole('button', { name: role.firstName });
      await account.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Conversations' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Admin panel' })).toHaveCount(role.admin ? 1 : 0);
    });
  }

  test('the session survives a reload', async ({ page }) => {
    await signIn(page, 'seller@demo.test');
    await expect(page.getByRole('button', { name: 'Sam' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sam' })).toBeVisible();
    const stored = await page.evaluate(() => ({
      idToken: localStorage.getItem('awsCognitoIdToken')?.split('.').length,
      authenticated: localStorage.getItem('awsCognitoAuthenticated'),
      user: JSON.parse(localStorage.getItem('cognitoUserData') ?? '{}').email,
    }));
    expect(stored).toEqual({ idToken: 3, authenticated: 'true', user: 'seller@demo.test' });
  });

  test('a user who prefers Spanish gets the interface in Spanish', async ({ page }) => {
    await signIn(page, 'hybrid@demo.test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tratos con financiamiento creativo, de primera.',
    );
  });

  test.describe('refused', () => {
    // The identity provider answers a refusal with 400, which the browser logs.
    test.use({ allowConsole: [/status of 400/] });

    test('a wrong password is refused with a clear message', async ({ page }) => {
      await signIn(page, 'nobody@demo.test', 'Wrong-Password-1');
      await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
      await expect(page).toHaveURL('/auth');
    });
  });

  test('the form checks the e-mail and the 6-character minimum before sending', async ({ page }) => {
    await signIn(page, 'not-an-email', '12345');
    await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  });
});

test('the legacy sign-in and buyer sign-up addresses redirect to the current pages', async ({ page }) => {
  await page.goto('/legacy-auth');
  await expect(page).toHaveURL('/auth');
  await page.goto('/signup/buyer-legacy');
  await expect(page).toHaveURL('/signup/buyer');
});

test.describe('sign-out', () => {
  test('clears the session and returns to the home page', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await page.getByRole('button', { name: 'Bianca' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('desktop-nav').getByRole('link', { name: 'Login' })).toBeVisible();
    // Sign-out ends with a full navigation to `/` (shell §4), from `/` here: the page may not have
    // started it yet, or be loading it, so the read is retried (a read the navigation cuts off
    // counts as not yet) until a document stays long enough to answer.
    await expect
      .poll(() =>
        page
          .evaluate(() => Object.keys(localStorage).filter((k) => /cognito|aws/i.test(k)))
          .catch(() => ['(navigating)']),
      )
      .toEqual([]);
    await page.reload();
    await expect(page.getByTestId('desktop-nav').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
