import { expect, test } from './fixtures';
import { newConfirmedUser } from './helpers';

test('a new buyer with an incomplete profile is sent to complete it, once', async ({ page, request }) => {
  const user = await newConfirmedUser(request, 'buyer');
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

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
  await expect(page.getByLabel('Phone')).toHaveValue('(512) 555-0133');

  // The language is part of the Profile tab too, and saved to the account.
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu perfil');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile');

  await page.getByRole('link', { name: 'DealClub home' }).click();
  await expect(page).toHaveURL('/');
  await page.reload();
  await expect(page).toHaveURL('/');
});

test.describe('password', () => {
  test.use({ allowConsole: [/status of 400/] });

  test('changing the password needs the current one', async ({ page, request }) => {
    const user = await newConfirmedUser(request, 'originator');
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
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
