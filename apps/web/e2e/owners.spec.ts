import { expect, test } from './fixtures';
import { newSeller, signInWithSession } from './helpers';

test.describe('team invitations', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a seller creates a batch of invitations and copies a link', async ({ page, request }) => {
    // A seller of its own, whose toasts no other test's message hides (newSeller).
    const seller = await newSeller(request);
    await signInWithSession(page, seller.email, { password: seller.password });
    await page.goto('/');
    await page.getByTestId('desktop-nav').getByRole('link', { name: 'Owners Club' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Owners Club');
    await page.getByLabel('Invite as').selectOption('buyer');
    await page.getByRole('button', { name: 'Create invitations' }).click();
    await expect(page.getByTestId('toast')).toContainText('10 invitations created');
    const rows = page.getByRole('row').filter({ hasText: '/signup?token=' });
    await expect(rows).toHaveCount(10);
    await rows.first().getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByTestId('toast')).toContainText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/signup\?token=[\w-]+$/);
  });
});

test('a buyer sees the restricted-access message', async ({ page }) => {
  await signInWithSession(page, 'buyer@demo.test');
  await page.goto('/owners');
  await expect(page.getByText('The Owners Club is for sellers, owners and admins.')).toBeVisible();
});
