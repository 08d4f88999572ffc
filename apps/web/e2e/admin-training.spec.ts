import type { Page } from '@playwright/test';
import { expect, axeViolations, test } from './fixtures';
import { signInWithSession, escapeRegExp } from './helpers';

/*
 * The demo course is shared with the tests running beside this one (training.spec.ts walks a buyer
 * through it), so this test changes nothing learners see: its lesson stays a draft, the publish it
 * tries is refused, its moves keep the published lessons in their order, and it deletes the lesson.
 */

const orderSaved = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/training/order') && r.request().method() === 'PUT',
  );

test.describe('the admin training area', () => {
  // Publishing the English-only draft is refused with a 400, which the browser logs.
  test.use({ allowConsole: [/status of 400/] });

  test('an admin drafts a lesson in both languages, moves it by keyboard and deletes it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
    const title = `Draft lesson ${stamp}`;
    const spanishTitle = `Lección borrador ${stamp}`;
    const heading = page.getByRole('heading', { level: 1 });
    const rows = page.getByRole('table', { name: 'Lessons' }).getByRole('row');
    const row = rows.filter({ hasText: title });
    const toast = page.getByTestId('toast');

    await signInWithSession(page, 'admin@demo.test');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Admin training' }).click();
    await expect(page).toHaveURL('/admin/training');
    await expect(heading).toHaveText('Training course');
    await expect(page.getByRole('definition').first()).toBeVisible();
    await expect(rows.nth(1)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A new lesson, in English only: a draft, listed last.
    await page.getByRole('link', { name: 'New lesson' }).click();
    await expect(page).toHaveURL('/admin/training?edit=new');
    await expect(heading).toHaveText('New lesson');
    await page.getByLabel('Title (English)').fill(title);
    await page.getByLabel('Lesson text (English)').fill('A **draft** written by a browser test.');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await expect(toast).toContainText('Lesson created');
    await expect(page).toHaveURL('/admin/training');
    await expect(rows.last()).toContainText(title);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('No Spanish yet');

    // Publishing it is refused by the server until it has its Spanish text.
    await row.getByRole('button', { name: `Publish “${title}”` }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'could not be published' });
    await expect(refusal).toContainText('Translate this into Spanish before publishing.');
    await expect(row).toContainText('Draft');

    // The Spanish side, with a preview that renders Markdown and leaves raw HTML out.
    await row.getByRole('link', { name: `Edit “${title}”` }).click();
    await expect(page).toHaveURL(/\/admin\/training\?edit=[0-9a-f-]{36}$/);
    await expect(heading).toHaveText('Edit lesson');
    await page.getByLabel('Title (Español)').fill(spanishTitle);
    await page
      .getByLabel('Lesson text (Español)')
      .fill(
        '## Gravámenes\n\nUn gravamen es **negrita**.\n\n<script>window.__injected = 1</script>\n\n' +
          '<img src="x" onerror="window.__injected = 2">',
      );
    const preview = page.getByRole('region', { name: 'Preview (Español)' });
    await expect(preview.getByRole('heading', { name: 'Gravámenes' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('negrita');
    await expect(preview.locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await expect(toast).toContainText('Lesson saved');
    await expect(page).toHaveURL('/admin/training');

    // Kept: after a reload the editor has the Spanish title; the browser's Back leaves the editor.
    await page.reload();
    await row.getByRole('link', { name: `Edit “${title}”` }).click();
    await expect(page.getByLabel('Title (Español)')).toHaveValue(spanishTitle);
    await page.goBack();
    await expect(page).toHaveURL('/admin/training');
    await expect(row).not.toContainText('No Spanish yet');

    // By keyboard alone: up one place and back down, each move announced and saved.
    const count = (await rows.count()) - 1;
    const handle = row.getByRole('button', { name: new RegExp(`^Reorder “${escapeRegExp(title)}”`) });
    const announcement = page.getByRole('status').filter({ hasText: 'moved to position' });
    await handle.focus();
    let saved = orderSaved(page);
    await page.keyboard.press('ArrowUp');
    await expect(announcement).toHaveText(`“${title}” moved to position ${count - 1} of ${count}.`);
    expect((await saved).status()).toBe(200);
    await expect(rows.nth(count - 1)).toContainText(title);
    await expect(handle).toBeFocused();
    saved = orderSaved(page);
    await page.keyboard.press('ArrowDown');
    await expect(announcement).toHaveText(`“${title}” moved to position ${count} of ${count}.`);
    expect((await saved).status()).toBe(200);
    await expect(rows.last()).toContainText(title);
    await expect(handle).toBeFocused();

    // By dragging the row onto the one above, and back with its "Move down" button.
    saved = orderSaved(page);
    await row.dragTo(rows.nth(count - 1));
    await expect(announcement).toHaveText(`“${title}” moved to position ${count - 1} of ${count}.`);
    expect((await saved).status()).toBe(200);
    await expect(rows.nth(count - 1)).toContainText(title);
    saved = orderSaved(page);
    await row.getByRole('button', { name: `Move “${title}” down` }).click();
    await expect(announcement).toHaveText(`“${title}” moved to position ${count} of ${count}.`);
    expect((await saved).status()).toBe(200);
    await expect(rows.last()).toContainText(title);

    // Deleted, after the confirmation.
    await row.getByRole('link', { name: `Edit “${title}”` }).click();
    await page.getByRole('button', { name: 'Delete lesson' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this lesson?' });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast).toContainText('Lesson deleted');
    await expect(page).toHaveURL('/admin/training');
    await expect(rows.last()).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('people who are not admins are turned away', async ({ page }) => {
    await signInWithSession(page, 'seller@demo.test');
    await page.goto('/admin/training');
    await expect(page).toHaveURL('/unauthorized');
  });
});
