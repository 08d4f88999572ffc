import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessibleAtWidths, test } from './fixtures';
import { idTokenOf, signInWithSession } from './helpers';

/*
 * The help centre is public (shell §6) and ships with its content (a product seed, in both
 * languages), which the tests beside this one share: only this file votes, and the article the
 * admin edits is one it creates and deletes.
 */

async function firstQuestion(request: APIRequestContext, lang: 'en' | 'es') {
  const res = await request.get(`/api/help/qa?lang=${lang}&limit=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: string; slug: string; question: { text: string } }[] })
    .items[0]!;
}

test.describe('the help centre, signed out in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('a reader searches as they type, opens an article and says it helped', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Centro de ayuda');
    await expect(page.getByRole('link', { name: /^Ofertas y contraofertas/ })).toBeVisible();

    await page.getByLabel('Buscar artículos y preguntas').pressSequentially('oferta');
    await expect(page).toHaveURL('/help?q=oferta');
    const articles = page.getByRole('region', { name: /^Artículos \(\d+\)$/ });
    const questions = page.getByRole('region', { name: /^Preguntas y respuestas \(\d+\)$/ });
    await expect(articles.getByRole('listitem').first()).toBeVisible();
    await expect(questions.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /resultados? para «oferta»/ })).toBeVisible();
    // What matched is marked, in Spanish (stems: 'oferta', 'ofertas').
    const marks = await page.locator('main mark').allTextContents();
    expect(marks.length).toBeGreaterThan(2);
    for (const mark of marks) expect(mark.toLowerCase()).toMatch(/^ofert/);

    const link = articles.getByRole('link', { name: 'Cómo hacer una oferta' });
    await expect(link.locator('mark')).toHaveText('oferta');
    await link.click();
    await expect(page).toHaveURL('/help/article/making-an-offer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo hacer una oferta');
    await expect(page).toHaveTitle('Cómo hacer una oferta | DealClub');
    await expect(page.getByRole('heading', { level: 2, name: 'De contado o creativa' })).toBeVisible();

    const yes = page.getByRole('button', { name: 'Sí' });
    const no = page.getByRole('button', { name: 'No', exact: true });
    await yes.click();
    await expect(yes).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: 'Respondiste que te resultó útil' }),
    ).toBeVisible();
    // The answer is this reader's (this browser's address, signed out): it is there after a reload,
    // and it can be changed.
    await page.reload();
    await expect(yes).toHaveAttribute('aria-pressed', 'true');
    await no.click();
    await expect(no).toHaveAttribute('aria-pressed', 'true');
    await expect(yes).toHaveAttribute('aria-pressed', 'false');

    // Back to the search the reader came from.
    await page.goBack();
    await expect(page).toHaveURL('/help?q=oferta');
    await expect(page.getByLabel('Buscar artículos y preguntas')).toHaveValue('oferta');
  });

  test('says when nothing matches', async ({ page }) => {
    await page.goto('/help?q=zzzqqq');
    await expect(page.getByText('Nada coincide con «zzzqqq».')).toBeVisible();
    await page.getByRole('link', { name: 'Todas las categorías' }).click();
    await expect(page).toHaveURL('/help');
    await expect(page.getByLabel('Buscar artículos y preguntas')).toHaveValue('');
  });
});

test.describe('help addresses', () => {
  test.use({ allowConsole: [/status of 404/] });

  test('/helptest redirects to the help centre, the footer links it', async ({ page }) => {
    await page.goto('/helptest');
    await expect(page).toHaveURL('/help');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
    await page.goto('/terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
    await expect(page).toHaveURL('/help');
  });

  test('a Q&A opens at /help-qa/{id} and /help/qa/{id}; an unknown one is not found', async ({
    page,
    request,
  }) => {
    const question = await firstQuestion(request, 'en');
    await page.goto(`/help-qa/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(question.question.text);
    await expect(page.getByRole('button', { name: 'Yes' })).toBeVisible();
    await page.goto(`/help/qa/${question.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(question.question.text);

    for (const path of ['/help/article/no-such-article', `/help/qa/00000000-0000-4000-8000-000000000000`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    }
  });
});

for (const [language, locale, texts] of [
  ['en', 'en-US', { search: 'offer' }],
  ['es', 'es-ES', { search: 'oferta' }],
] as const) {
  test.describe(`help screens in ${language}`, () => {
    test.use({ locale });

    test('have no axe violations at 1280 and 375 px', async ({ page }) => {
      // The help centre, an article and a question as they open are in the sweep (a11y-sweep.spec.ts);
      // here, the states it does not reach: search results and a category.
      await page.goto(`/help?q=${texts.search}`);
      await expectAccessibleAtWidths(page, () => expect(page.locator('main mark').first()).toBeVisible());

      await page.goto('/help?category=dealTypes');
      await expectAccessibleAtWidths(page, () =>
        expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible(),
      );
    });
  });
}

test.describe('the admin help tab', () => {
  // Publishing the draft without its Spanish title is refused with a 400, which the browser logs.
  test.use({ allowConsole: [/status of 400/] });

  test('an admin adds the Spanish title of a draft, publishes it, readers see it, and deletes it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
    const title = `Escrow basics ${stamp}`;
    const spanishTitle = `Lo básico del depósito en garantía ${stamp}`;
    const slug = `escrow-basics-${stamp}`;
    const token = await idTokenOf(request, 'admin@demo.test');
    const created = await request.post('/api/help/admin/articles', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        slug,
        category: 'offers',
        title: { en: title, es: '' },
        body: {
          en: 'Escrow holds the **deposit** until closing.',
          es: 'El depósito queda en **garantía** hasta el cierre.',
        },
        published: false,
      },
    });
    expect(created.status()).toBe(201);

    await signInWithSession(page, 'admin@demo.test');
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Help' })
      .click();
    await expect(page).toHaveURL('/admin?tab=help');
    await expect(page.getByRole('heading', { level: 2, name: 'Articles' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('No Spanish yet');
    // The readers' answers show beside each article (the seeded ones have their columns too).
    await expect(page.getByRole('columnheader', { name: 'Not helpful' })).toBeVisible();
    await expectAccessibleAtWidths(page, () => expect(row).toBeVisible());

    // The server refuses to publish it without Spanish, field by field.
    await row.getByRole('button', { name: `Publish “${title}”` }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'could not be published' });
    await expect(refusal).toContainText('Translate this into Spanish before publishing.');
    await expect(row).toContainText('Draft');

    // The editor: both languages side by side, a live preview, no raw HTML.
    await row.getByRole('link', { name: `Edit “${title}”` }).click();
    await expect(page).toHaveURL(/\/admin\?tab=help&kind=article&edit=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Edit article' })).toBeVisible();
    await page.getByLabel('Title (Español)').fill(spanishTitle);
    await page
      .getByLabel('Article text (Español)')
      .fill(
        'El depósito queda en **garantía** hasta el cierre.\n\n<img src="x" onerror="window.__injected = 1">',
      );
    const preview = page.getByRole('region', { name: 'Preview (Español)' });
    await expect(preview.locator('strong')).toHaveText('garantía');
    await expect(preview.locator('img, script')).toHaveCount(0);
    await page.getByLabel('Published (readers can find and read it)').check();
    await expectAccessibleAtWidths(page, () => expect(preview).toBeVisible());
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(page.getByTestId('toast')).toContainText('Article saved');
    await expect(page).toHaveURL('/admin?tab=help');
    await expect(row).toContainText('Published');
    await expect(row).not.toContainText('No Spanish yet');

    // A Spanish reader, signed out, finds it and reads its new title.
    const reader = await (await browser.newContext({ locale: 'es-ES' })).newPage();
    await reader.goto(`/help/article/${slug}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(spanishTitle);
    await expect(reader.locator('article strong')).toHaveText('garantía');
    expect(await reader.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    await reader.goto('/help');
    await reader.getByLabel('Buscar artículos y preguntas').pressSequentially('garantía');
    await expect(reader.getByRole('link', { name: spanishTitle })).toBeVisible();
    await reader.context().close();

    // The admin's Help tab in Spanish, then the article deleted after a confirmation.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Artículos' })).toBeVisible();
    await expectAccessibleAtWidths(page, () => expect(row).toContainText('Publicado'));
    await row.getByRole('link', { name: `Editar «${title}»` }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Editar artículo' })).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('¿Eliminar este artículo?');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Artículo eliminado');
    await expect(page).toHaveURL('/admin?tab=help');
    await expect(row).toHaveCount(0);
    const gone = await request.get(`/api/help/articles/${slug}`);
    expect(gone.status()).toBe(404);
  });
});
