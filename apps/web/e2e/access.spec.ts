import { expect, test } from './fixtures';
import { lastCode, newInvitation } from './helpers';

test('an invited buyer signs up, confirms the e-mail and signs in', async ({ page, request }) => {
  const link = new URL(await newInvitation(request, 'buyer'));
  const email = `invited.${Date.now()}@example.test`;

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/signup\/buyer\?token=/);
  await expect(page.getByText('Your invitation is for a buyer account.')).toBeVisible();
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Invited');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!Pass');
  await page.getByLabel('Confirm password').fill('Str0ng!Pass');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify\?email=/);
  await page.getByLabel('Code from the e-mail').fill(await lastCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your e-mail is confirmed. You can sign in now.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Str0ng!Pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Ivy' })).toBeVisible();
});

test('the buyer form asks for the password rules of the spec before sending', async ({ page, request }) => {
  const link = new URL(await newInvitation(request, 'buyer'));
  await page.goto(`/signup/buyer${link.search}`);
  await page.getByLabel('Password', { exact: true }).fill('alllowercase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must contain an upper-case letter.')).toBeVisible();
  await expect(page.getByText('First name is required.')).toBeVisible();
});

test('without an invitation, sign-up offers request access, which invites while there is room', async ({
  page,
}) => {
  await page.goto('/signup/seller');
  await expect(page.getByText('You need an invitation to sign up.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Request access' }).click();
  await expect(page).toHaveURL('/requestAccess');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Request');
  await page.getByLabel('E-mail').fill(`rita.${Date.now()}@example.test`);
  await page.getByLabel('Phone').fill('(512) 555-0177');
  await page.getByRole('button', { name: 'Request access' }).click();
  await expect(page.getByText('Check your e-mail: we sent you an invitation link.')).toBeVisible();
});

test.describe('invalid input', () => {
  test.use({ allowConsole: [/status of 40\d/] });

  test('request access refuses a phone number that is not 10 digits', async ({ page }) => {
    await page.goto('/requestAccess');
    await page.getByLabel('Phone').fill('555-0177');
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByText('Enter a 10-digit phone number.')).toBeVisible();
  });

  test('the invitation test page tells a valid invitation from an unknown one', async ({ page, request }) => {
    const link = await newInvitation(request, 'originator');
    await page.goto('/test-invitation');
    await page.getByLabel('Invitation link or code').fill(link);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText(/Valid: this invitation is for a seller account/)).toBeVisible();
    await page.getByLabel('Invitation link or code').fill('no-such-invitation');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
  });
});
