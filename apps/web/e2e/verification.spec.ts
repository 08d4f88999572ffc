import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, axeViolations, test } from './fixtures';
import { idTokenOf, newConfirmedUser, savePhone, saveSellerPreferences, signedIn } from './helpers';

/** A small but real PDF: what the seller's scanner would produce, minus the pages. */
const STATEMENT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A fresh admin (promoted by the demo admin), so switching its language touches no other test. */
async function newAdmin(request: APIRequestContext) {
  const user = await newConfirmedUser(request, 'buyer');
  await savePhone(request, user);
  const token = await idTokenOf(request, user.email, user.password);
  const me = await (
    await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const promoted = await request.put(`/api/admin/users/${me.userId}/roles`, {
    headers: { authorization: `Bearer ${await idTokenOf(request, 'admin@demo.test')}` },
    data: { roles: ['admin'] },
  });
  expect(promoted.status()).toBe(200);
  return user;
}

async function toSpanish(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test('a seller verifies the terms of a subject-to deal, an admin approves, buyers see the badge', async ({
  browser,
  request,
}) => {
  // Three people in turn on a machine shared with other builds.
  test.setTimeout(150_000);
  // A seller of its own: the demo seller gets realtime toasts from other tests.
  const seller = await newConfirmedUser(request, 'originator');
  await savePhone(request, seller);
  await saveSellerPreferences(request, seller);
  const street = `${Date.now() % 100000} Statement Way`;
  const created = await request.post('/api/deals', {
    headers: { authorization: `Bearer ${await idTokenOf(request, seller.email, seller.password)}` },
    data: {
      streetAddress: street,
      city: 'Austin',
      state: 'TX',
      zipCode: '78745',
      purchasePrice: 350000,
      category: 'creative',
      purchaseType: 'SubTo',
      loanType: 'FHA',
      interestRate: 2.75,
      loanBalance: 310000,
      loanMaturityDate: '2051-06-01',
      piti: 2100,
      entryFee: 9000,
      propertyType: 'singleFamily',
      bedrooms: 3,
      bathrooms: 2,
      squareFootage: 1400,
      yearBuilt: 1985,
      description: 'A subject-to deal whose terms a browser test verifies.',
      tags: ['off-market'],
      legalCertification: true,
    },
  });
  expect(created.status()).toBe(201);
  const dealId = ((await created.json()) as { id: string }).id;

  // The seller uploads the statement from the edit page.
  const sellerPage = await signedIn(browser, seller.email, seller.password);
  await sellerPage.goto(`/deals/${dealId}/edit`);
  const section = sellerPage.getByRole('region', { name: 'Verify your terms' });
  await expect(section).toContainText('No statement uploaded yet.');
  expect(await axeViolations(sellerPage)).toEqual([]);
  await section.getByLabel('Mortgage statement (PDF, JPEG or PNG, up to 10 MB)').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: STATEMENT_PDF,
  });
  await section.getByRole('button', { name: 'Upload statement' }).click();
  await expect(section.getByText('Statement uploaded. An admin will review it.')).toBeVisible();
  await expect(section.getByTestId('verification-state')).toContainText('Under review since');
  // The statement comes back as uploaded (its helper loads with this first download).
  const [download] = await Promise.all([
    sellerPage.waitForEvent('download'),
    section.getByRole('button', { name: 'Download the statement' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statement.pdf');
  expect((await readFile((await download.path())!)).equals(STATEMENT_PDF)).toBe(true);
  await toSpanish(sellerPage);
  const seccion = sellerPage.getByRole('region', { name: 'Verifica tus términos' });
  await expect(seccion.getByTestId('verification-state')).toContainText('En revisión desde');
  expect(await axeViolations(sellerPage)).toEqual([]);
  await sellerPage.close();

  // An admin reviews it in /admin, Verifications.
  const admin = await newAdmin(request);
  const adminPage = await signedIn(browser, admin.email, admin.password);
  await adminPage.goto('/admin');
  await adminPage.getByRole('link', { name: 'Verifications' }).click();
  await expect(adminPage).toHaveURL(/tab=verifications/);
  const row = adminPage.getByRole('row').filter({ hasText: street });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Review/ }).click();
  const review = adminPage.getByTestId('verification-review');
  await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(review.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await expect(review.getByRole('row', { name: /Loan balance/ })).toContainText('$310,000');
  expect(await axeViolations(adminPage)).toEqual([]);

  // Rejecting needs a note; the admin approves instead, in Spanish after an axe check.
  await review.getByRole('button', { name: 'Reject' }).click();
  await expect(review.getByRole('alert')).toHaveText('Write a note telling the seller why.');
  await expect(review.getByLabel('Note to the seller')).toBeFocused();
  await toSpanish(adminPage);
  await expect(review.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  expect(await axeViolations(adminPage)).toEqual([]);
  await review.getByRole('button', { name: 'Aprobar' }).click();
  await expect(adminPage.getByTestId('toast')).toContainText('Decisión guardada');
  await expect(adminPage.getByRole('row').filter({ hasText: street })).toHaveCount(0);
  await adminPage.close();

  // A buyer sees the badge on the deal's page and finds it with the filter.
  const buyerPage = await signedIn(browser, 'buyer@demo.test');
  await buyerPage.goto(`/deals/${dealId}`);
  await expect(buyerPage.getByTestId('terms-verified')).toContainText(/Terms verified|Términos verificados/);
  await buyerPage.goto('/deals?verified=true');
  const card = buyerPage.getByRole('article').filter({ hasText: street });
  await expect(card.getByTestId('terms-verified')).toBeVisible();
  await expect(buyerPage.getByLabel(/Only verified terms|Solo términos verificados/)).toBeChecked();
  await buyerPage.close();
});
