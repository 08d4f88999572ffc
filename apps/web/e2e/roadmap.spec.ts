import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessibleAtWidths, test } from './fixtures';
import { idTokenOf, signInWithSession } from './helpers';

/*
 * The feature roadmap (`/features`) is public to read; signed-in users vote once per item. The demo
 * seed ships a few items; each test that votes or edits works on items it creates and deletes, so
 * the specs running beside it see the same counts.
 */

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await idTokenOf(request, 'admin@demo.test')}` };
}

/** An item made through the admin's API; deleted with `remove`. */
async function createItem(request: APIRequestContext, title: string, status = 'in_progress') {
  const headers = await adminHeaders(request);
  const res = await request.post('/api/admin/features', {
    headers,
    data: {
      title: { en: title, es: `${title} (es)` },
      description: { en: 'A feature to vote on.', es: 'Una función por la que votar.' },
      status,
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return {
    id,
    remove: async () => {
      await request.delete(`/api/admin/features/${id}`, { headers });
    },
  };
}

const card = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test.describe('the roadmap signed out', () => {
  test('a visitor reads the items by status with their votes, with no vote button', async ({ page }) => {
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feature roadmap');
    await expect(page).toHaveTitle('Feature roadmap | DealClub');
    for (const status of ['Planned', 'In progress', 'Done']) {
      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(`^${status} \\(\\d+\\)$`) }),
      ).toBeVisible();
    }
    // The demo's shipped item, under Done, with its count.
    const done = page.getByRole('region', { name: /^Done/ });
    const shipped = card(page, 'Help Center in English and Spanish');
    await expect(
      done.getByRole('listitem').filter({ hasText: 'Help Center in English and Spanish' }),
    ).toBeVisible();
    await expect(shipped).toContainText(/\d+ votes?/);
    await expect(page.getByRole('button', { name: 'Vote' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in to vote for the features you want' }).click();
    await expect(page).toHaveURL('/auth');
  });
});

test.describe('voting', () => {
  test('a buyer votes for an item and takes the vote back; both survive a reload', async ({
    page,
    request,
  }) => {
    const title = `Offline deal notes ${stamp()}`;
    const item = await createItem(request, title);
    try {
      await signInWithSession(page, 'buyer@demo.test');
      await page.goto('/features');
      const mine = card(page, title);
      const vote = mine.getByRole('button', { name: 'Vote' });
      await expect(mine).toContainText('0 votes');
      await expect(vote).toHaveAttribute('aria-pressed', 'false');

      await vote.click();
      await expect(vote).toHaveAttribute('aria-pressed', 'true');
      await expect(mine).toContainText('1 vote');
      await expect(mine).toContainText('You voted for this.');
      await page.reload();
      await expect(vote).toHaveAttribute('aria-pressed', 'true');
      await expect(mine).toContainText('1 vote');

      // Taking it back.
      await vote.click();
      await expect(vote).toHaveAttribute('aria-pressed', 'false');
      await expect(mine).toContainText('0 votes');
      await page.reload();
      await expect(vote).toHaveAttribute('aria-pressed', 'false');
      await expect(mine).toContainText('0 votes');
    } finally {
      await item.remove();
    }
  });
});

test.describe('the admin roadmap tab', () => {
  test('an admin adds an item that readers then see, reorders and deletes it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const title = `Mortgage payoff letters ${stamp()}`;
    const neighbour = await createItem(request, `Neighbour ${stamp()}`, 'done');
    try {
      await signInWithSession(page, 'admin@demo.test');
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Roadmap' })
        .click();
      await expect(page).toHaveURL('/admin?tab=roadmap');
      await page.getByRole('link', { name: 'Add an item' }).click();
      await expect(page).toHaveURL('/admin?tab=roadmap&edit=new');
      await expect(page.getByRole('heading', { level: 2, name: 'New roadmap item' })).toBeVisible();

      // Both languages are required.
      await page.getByLabel('Title (English)').fill(title);
      await page.getByRole('button', { name: 'Save item' }).click();
      await expect(page.getByLabel('Title (Español)')).toBeFocused();
      await expect(page.getByText('This field is required.').first()).toBeVisible();

      await page.getByLabel('Title (Español)').fill(`Cartas de liquidación de hipoteca ${title.slice(-10)}`);
      await page.getByLabel('Description (English)').fill('Request the payoff letter from the deal page.');
      await page
        .getByLabel('Description (Español)')
        .fill('Pide la carta de liquidación desde la oportunidad.');
      await page.getByLabel('Status').selectOption({ label: 'Done' });
      await page.getByRole('button', { name: 'Save item' }).click();
      await expect(page.getByTestId('toast')).toContainText('Roadmap item added');
      await expect(page).toHaveURL('/admin?tab=roadmap');

      // Last of Done: move it above its neighbour.
      const done = page.getByRole('region', { name: /^Done/ });
      const rows = done.getByRole('listitem');
      await expect(rows.last()).toContainText(title);
      await page.getByRole('button', { name: `Move “${title}” up` }).click();
      await expect(rows.last()).not.toContainText(title);
      const index = async (name: string) =>
        (await rows.allTextContents()).findIndex((text) => text.includes(name));
      await expect.poll(async () => (await index(title)) < (await index(`Neighbour`))).toBe(true);

      // Readers see it under Done.
      const reader = await (await page.context().browser()!.newContext()).newPage();
      await reader.goto('/features');
      await expect(
        reader.getByRole('region', { name: /^Done/ }).getByRole('heading', { level: 3, name: title }),
      ).toBeVisible();
      await reader.context().close();

      await page.getByRole('button', { name: `Delete “${title}”` }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Delete this roadmap item?');
      await dialog.getByRole('button', { name: 'Delete item' }).click();
      await expect(page.getByTestId('toast')).toContainText('Roadmap item deleted');
      await expect(done.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    } finally {
      await neighbour.remove();
    }
  });
});

for (const [language, locale, texts] of [
  ['en', 'en-US', { tab: 'Roadmap item', add: 'New roadmap item' }],
  ['es', 'es-ES', { tab: 'elementos de la hoja de ruta', add: 'Nuevo elemento de la hoja de ruta' }],
] as const) {
  test.describe(`roadmap screens in ${language}`, () => {
    test.use({ locale });

    test('have no axe violations at 1280 and 375 px', async ({ page }) => {
      test.setTimeout(120_000);
      // /features as each role sees it is in the sweep (a11y-sweep.spec.ts); here, the admin's tab
      // and editor.
      await signInWithSession(page, 'admin@demo.test', { language });
      await page.goto('/admin?tab=roadmap');
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByRole('heading', { level: 2, name: new RegExp(texts.tab, 'i') })).toBeVisible(),
      );
      await page.goto('/admin?tab=roadmap&edit=new');
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByRole('heading', { level: 2, name: texts.add })).toBeVisible(),
      );
    });
  });
}
