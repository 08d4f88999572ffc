import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessibleAtWidths, test } from './fixtures';
import { idTokenOf, signInWithSession } from './helpers';

/*
 * Feedback (issue 16): the signed-in widget's three steps with a screenshot, the public `/feedback`
 * page signed out with the human check (the ALTCHA widget solves its proof of work in the browser),
 * and an admin resolving an item in the admin panel; axe on each screen in English and Spanish.
 * Each test finds its own items by a unique comment, so the demo items and the other specs' do not
 * matter.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

interface Item {
  id: string;
  comment: string;
  type: string;
  page: string | null;
  source: string;
  status: string;
  statusNote: string | null;
  senderEmail: string | null;
  screenshotUrl: string | null;
}

/** The admin's view of the feedback whose comment is `comment`. */
async function findItem(request: APIRequestContext, comment: string): Promise<Item | undefined> {
  const headers = { authorization: `Bearer ${await idTokenOf(request, 'admin@demo.test')}` };
  const res = await request.get('/api/admin/feedback?limit=100', { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Item[] }).items.find((i) => i.comment === comment);
}

const toast = (page: Page) => page.getByTestId('toast');

/** Longer than any delay of the app after a dialog closes (its fade, the widget's reset). */
const CLOSING_MOMENT_MS = 1000;

test.describe('the feedback widget', () => {
  test('walks a bug report with a screenshot through its three steps', async ({ page, request }) => {
    await signInWithSession(page, 'buyer@demo.test');
    await page.goto('/features?from=widget');
    const launcher = page.getByRole('button', { name: 'Feedback', exact: true });
    await launcher.click();
    const widget = page.getByRole('dialog', { name: 'What would you like to tell us?' });
    await expect(widget).toBeVisible();
    await expect(widget.getByRole('button')).toHaveText([
      '', // close
      /Report a bug/,
      /Suggest an idea/,
      /Ask a question/,
    ]);

    // Step 2: the form; a blank comment is refused with the spec's toast.
    await widget.getByRole('button', { name: /Report a bug/ }).click();
    const form = page.getByRole('dialog', { name: 'Send feedback' });
    await expect(form.getByRole('radio', { name: 'Report a bug' })).toBeChecked();
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect(toast(page)).toContainText('Please fill in all fields');
    await expect(toast(page)).toContainText('Type and comment are required.');

    // A file that is not an image is refused; an image is kept, and another type clears it.
    const file = form.getByLabel('Screenshot (optional)');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(toast(page)).toContainText('Invalid file type');
    await expect(form.getByText(/^Attached:/)).toHaveCount(0);
    await file.setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText('Attached: shot.png')).toBeVisible();
    await form.getByText('Suggest an idea').click();
    await expect(form.getByLabel('Screenshot (optional)')).toHaveCount(0);
    await form.getByText('Report a bug').click();
    await expect(form.getByText(/^Attached:/)).toHaveCount(0);
    await form.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'shot.png',
      mimeType: 'image/png',
      buffer: PNG,
    });

    // The live counter, then the report.
    const comment = `The map stays blank ${stamp()}`;
    await form.getByLabel('Comment').fill(`  ${comment}  `);
    await expect(form.getByText(`${comment.length + 4} / 500 characters`)).toBeVisible();
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect(toast(page)).toContainText('Feedback submitted!');
    await expect(toast(page)).toContainText("Thank you for your feedback. We'll review it soon.");

    // Step 3: thanks, and 'Send More Feedback' starts again.
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(thanks).toBeVisible();
    await thanks.getByRole('button', { name: 'Send More Feedback' }).click();
    await expect(page.getByRole('dialog', { name: 'What would you like to tell us?' })).toBeVisible();

    const item = await findItem(request, comment);
    expect(item).toMatchObject({ type: 'bug', source: 'widget', page: '/features?from=widget' });
    expect(item?.screenshotUrl).toBeTruthy();
  });

  test('closing resets it', async ({ page }) => {
    // The widget forgets the draft a moment after closing (once it has faded): the page's clock is
    // moved on past that moment rather than waited for.
    await page.clock.install();
    await signInWithSession(page, 'buyer@demo.test');
    await page.goto('/');
    const launcher = page.getByRole('button', { name: 'Feedback', exact: true });
    await launcher.click();
    await page.getByRole('button', { name: /Ask a question/ }).click();
    await page.getByLabel('Comment').fill('Half written');
    await page.getByRole('button', { name: 'Close feedback' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(launcher).toBeFocused();
    await page.clock.runFor(CLOSING_MOMENT_MS);
    await launcher.click();
    await expect(page.getByRole('dialog', { name: 'What would you like to tell us?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('is not shown signed out', async ({ page }) => {
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toHaveCount(0);
  });
});

test.describe('the feedback page', () => {
  test('takes feedback signed out after the human check', async ({ page, request }) => {
    await page.goto('/feedback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send us feedback');
    await expect(page).toHaveTitle('Feedback | DealClub');
    const comment = `When will invitations open in Florida? ${stamp()}`;
    await page.getByText('Something else').click();
    await page.getByLabel('Comment').fill(comment);
    await page.getByLabel('E-mail (optional)').fill('visitor@example.com');

    // Sending before the check says so.
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please complete the human check first.');

    await page.getByLabel("I'm not a robot").click();
    await expect(page.getByTestId('human-check')).toContainText('Verified', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Thank you for your feedback' })).toBeVisible();
    await expect(toast(page)).toContainText('Feedback submitted!');

    const item = await findItem(request, comment);
    expect(item).toMatchObject({
      type: 'other',
      source: 'page',
      page: '/feedback',
      senderEmail: 'visitor@example.com',
      status: 'open',
    });
  });

  test('files /owners-feedback under the owners club, signed in without a human check', async ({
    page,
    request,
  }) => {
    await signInWithSession(page, 'owner@demo.test');
    await page.goto('/owners-feedback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Owners Club feedback');
    await expect(page.getByText('You are sending this as Olivia Owner.')).toBeVisible();
    await expect(page.getByLabel("I'm not a robot")).toHaveCount(0);
    const comment = `A monthly summary of buyer interest ${stamp()}`;
    await page.getByText('Suggest an idea').click();
    await page.getByLabel('Comment').fill(comment);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Thank you for your feedback' })).toBeVisible();
    const item = await findItem(request, comment);
    expect(item).toMatchObject({ type: 'idea', source: 'owners', page: '/owners-feedback' });
  });
});

test.describe('the admin Feedback tab', () => {
  test('an admin filters, reads and resolves an item with a note', async ({ page, request }) => {
    const buyer = { authorization: `Bearer ${await idTokenOf(request, 'buyer@demo.test')}` };
    const comment = `Offers page is slow ${stamp()}`;
    const sent = await request.post('/api/feedback', {
      headers: buyer,
      multipart: {
        type: 'bug',
        comment,
        page: '/deals',
        screenshot: { name: 'shot.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(sent.status()).toBe(201);

    await signInWithSession(page, 'admin@demo.test');
    await page.goto('/admin?tab=feedback');
    await expect(
      page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Feedback' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Status', { exact: true }).selectOption('open');
    await page.getByLabel('Type', { exact: true }).selectOption('bug');
    await page.getByLabel('Source', { exact: true }).selectOption('widget');
    await expect(page).toHaveURL(/status=open/);
    const row = page.getByTestId('feedback-item').filter({ hasText: comment });
    await expect(row.getByTestId('feedback-status')).toHaveText('Open');
    await row.getByRole('link', { name: 'Open' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Feedback: Bug' })).toBeVisible();
    await expect(page.getByText(comment)).toBeVisible();
    await expect(page.getByText('/deals', { exact: true })).toBeVisible();
    await expect(page.getByText('Bianca Buyer (buyer@demo.test)')).toBeVisible();
    const shot = page.getByRole('img', { name: 'The screenshot sent with this feedback' });
    await expect(shot).toBeVisible();
    expect(await shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    await page.getByLabel('New status').selectOption('resolved');
    await page.getByLabel('Note (optional)').fill('Fixed in the latest release.');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(toast(page)).toContainText('Status updated');
    const article = page.getByRole('article');
    await expect(article.getByTestId('feedback-status')).toHaveText('Resolved');
    await expect(article.getByText('Fixed in the latest release.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Feedback \(\d+\)$/ })).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('resolved');
    await expect(
      page.getByTestId('feedback-item').filter({ hasText: comment }).getByTestId('feedback-status'),
    ).toHaveText('Resolved');
    const item = await findItem(request, comment);
    expect(item).toMatchObject({ status: 'resolved', statusNote: 'Fixed in the latest release.' });
  });
});

for (const [language, texts] of [
  [
    'en',
    {
      launcher: 'Feedback',
      widget: 'What would you like to tell us?',
      bug: /Report a bug/,
      form: 'Send feedback',
      tab: 'Feedback',
      tabs: 'Admin sections',
      open: 'Open',
    },
  ],
  [
    'es',
    {
      launcher: 'Comentarios',
      widget: '¿Qué quieres contarnos?',
      bug: /Informar de un error/,
      form: 'Enviar comentarios',
      tab: 'Comentarios',
      tabs: 'Secciones de administración',
      open: 'Abrir',
    },
  ],
] as const) {
  test.describe(`feedback screens in ${language}`, () => {
    // /feedback and /owners-feedback as each role sees them are in the sweep (a11y-sweep.spec.ts).
    test('the widget and the admin tab have no axe violations', async ({ page }) => {
      test.setTimeout(120_000);
      await signInWithSession(page, 'admin@demo.test', { language });
      await page.goto('/features');
      const launcher = page.getByRole('button', { name: texts.launcher, exact: true });
      await launcher.click();
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByRole('dialog', { name: texts.widget })).toBeVisible(),
      );
      await page.getByRole('button', { name: texts.bug }).click();
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByRole('dialog', { name: texts.form })).toBeVisible(),
      );

      await page.goto('/admin?tab=feedback');
      await expect(
        page.getByRole('navigation', { name: texts.tabs }).getByRole('link', { name: texts.tab }),
      ).toHaveAttribute('aria-current', 'page');
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByTestId('feedback-item').first()).toBeVisible(),
      );
      await page.getByTestId('feedback-item').first().getByRole('link', { name: texts.open }).click();
      await expectAccessibleAtWidths(page, () => expect(page.getByRole('article')).toBeVisible());
    });
  });
}
