import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '@dealclub/shared/closing';
import { expect, test } from './fixtures';
import {
  escapeRegExp,
  idTokenOf,
  listDemoCashDeal,
  newBuyer,
  recordToasts,
  signInWithSession,
} from './helpers';
import { expectFocusOn, inLiveRegion, tabTo } from './keyboard';

/*
 * Issue 31: WCAG 2.2 AA proven by keyboard-only journeys of the seller's side and the buyer's
 * course. No mouse: Tab, Shift+Tab, Enter, Space, the arrows and typed text only; each stop of the
 * focus is checked visible (keyboard.ts), and where the focus lands after each dialog, save and
 * deletion is asserted (never the page's body).
 */

/** Tabs to `field` and types `text` into it. */
async function typeInto(page: Page, field: Locator, text: string, max?: number) {
  await tabTo(page, field, { max });
  await page.keyboard.type(text);
}

/** Today where the demo accounts live (Texas): the offers' close dates count from it. */
const texasToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

test.describe('keyboard journeys (seller side and training)', () => {
  // The filechooser is answered; nothing else of the API should fail.
  test.use({ allowConsole: [/status of 40\d/] });

  test('5. a seller lists a deal with a photo, fixes an error from the summary, then removes the photo', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const street = `${Date.now() % 100000} Keyboard Lane`;
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    await signInWithSession(page, 'seller@demo.test');
    await page.goto('/deals/new');
    await expect(page.getByRole('heading', { level: 1, name: 'List a deal' })).toBeVisible();

    const field = (label: string) => page.getByLabel(label, { exact: true });
    await typeInto(page, field('Street address'), street);
    await typeInto(page, field('City'), 'Austin');
    // A closed select chooses by typing the start of an option.
    await typeInto(page, field('State'), 'Texas');
    await expect(field('State')).toHaveValue('TX');
    // The ZIP code is left wrong: four digits.
    await typeInto(page, field('ZIP code'), '7874');
    await typeInto(page, field('Purchase price (USD)'), '315000');
    await tabTo(page, page.getByRole('radio', { name: 'Cash' }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await typeInto(page, field('Property type'), 'Single');
    await expect(field('Property type')).toHaveValue('singleFamily');
    await typeInto(page, field('Year built'), '1988');
    await typeInto(page, field('Bedrooms'), '3');
    await typeInto(page, field('Bathrooms'), '2');
    await typeInto(page, field('Square footage'), '1450');
    await typeInto(page, field('Description'), 'Listed with the keyboard alone.');
    await tabTo(page, page.getByRole('checkbox', { name: 'Off market' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name: /I certify that I have a contractual interest/ }));
    await page.keyboard.press('Space');
    const create = page.getByRole('button', { name: 'Create deal' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');

    // The summary is an alert and takes the focus; its link leads to the field.
    const summary = page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' });
    await expectFocusOn(page, summary);
    await expect(summary).toMatchAriaSnapshot(`
      - alert "Please fill in all required fields (1 errors found)":
        - paragraph: Please fill in all required fields (1 errors found)
        - list:
          - listitem:
            - 'link "ZIP code: ZIP codes have 5 digits."'
    `);
    await tabTo(page, summary.getByRole('link', { name: /^ZIP code:/ }), { max: 1 });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, field('ZIP code'));
    await page.keyboard.press('End');
    await page.keyboard.type('5');
    await expect(field('ZIP code')).toHaveValue('78745');
    await expect(summary).toHaveCount(0);

    // The photo, through the file input's own chooser: Enter on the focused input (decision 032).
    // The chooser is waited for before the focus goes there: Playwright asks Chromium to intercept
    // choosers when the listener is added, and a busy page could take a key sent right after it
    // before the interception applied — the real chooser opened, headless Chromium cancelled it and
    // no event came (two loaded CI runs hung here). The Tab presses and focus checks in between are
    // round trips through the page. Enter opens the chooser in its keydown's own step (the user
    // activation a chooser needs); Space opens it on keyup, and none comes 5 s after the keydown.
    const addPhotos = page.getByLabel('Add photos');
    const chooserOpened = page.waitForEvent('filechooser', { timeout: 60_000 });
    await tabTo(page, addPhotos);
    await expect(addPhotos).toBeFocused();
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText('front.jpg', { exact: true })).toBeVisible();
    await expect(addPhotos).toBeFocused();
    await tabTo(page, create);
    await page.keyboard.press('Enter');

    // Saved: the new deal's page, whose heading has the focus.
    await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(street);
    await expectFocusOn(page, heading);

    // The seller edits it and removes the photo: the focus goes to "Add photos", not the body.
    await tabTo(page, page.getByRole('link', { name: 'Edit', exact: true }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit deal' })).toBeVisible();
    const remove = page.getByRole('button', { name: 'Remove photo 1' });
    await tabTo(page, remove, { max: 150 });
    const toasts = await recordToasts(page);
    await page.keyboard.press('Enter');
    await expect.poll(toasts.seen).toContain('Photo removed');
    await expect(page.getByText('No photos yet.')).toBeVisible();
    await expectFocusOn(page, addPhotos);
  });

  test('6. a new buyer opens a lesson and passes its quiz with the arrows and Space', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const course = await courseWithAnswers(request);
    const lesson = course[0]!;
    const user = await newBuyer(request);
    await signInWithSession(page, user.email, { password: user.password });
    await page.goto('/training');
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer training' })).toBeVisible();

    // Opened from the list of lessons, the lesson's heading takes the focus.
    const nav = page.getByRole('navigation', { name: 'Lessons' });
    await tabTo(page, nav.getByRole('button', { name: new RegExp(escapeRegExp(lesson.title.en)) }));
    await page.keyboard.press('Enter');
    await expectFocusOn(page, page.getByRole('heading', { level: 2, name: lesson.title.en }));

    // Each question is a radio group: Tab into it, then the arrows choose (Space the first one).
    for (const [i, question] of lesson.quiz.entries()) {
      const group = page.getByRole('group', {
        name: new RegExp(`^${i + 1}\\. ${escapeRegExp(question.question.en)}$`),
      });
      const radios = group.getByRole('radio');
      await tabTo(page, radios.first());
      const right = question.options.find((o) => o.correct)!.text.en;
      const names = await radios.evaluateAll((els) =>
        els.map((el) => el.closest('label')?.textContent?.trim() ?? ''),
      );
      const index = names.indexOf(right);
      expect(index, `the right answer of question ${i + 1} is one of its radios`).toBeGreaterThanOrEqual(0);
      if (index === 0) await page.keyboard.press('Space');
      for (let n = 0; n < index; n++) await page.keyboard.press('ArrowDown');
      const chosen = group.getByRole('radio', { name: right, exact: true });
      await expect(chosen).toBeChecked();
      await expect(chosen).toBeFocused();
    }
    await tabTo(page, page.getByRole('button', { name: 'Check my answers' }));
    await page.keyboard.press('Enter');

    // The outcome is a status message, and the focus goes to it: it is read out at once.
    const outcome = page.getByRole('status').filter({ hasText: 'Lesson complete!' });
    await expect(outcome).toBeVisible();
    expect(await inLiveRegion(outcome)).toBe(true);
    await expectFocusOn(page, page.locator('div[tabindex="-1"]').filter({ has: outcome }));
    const quiz = page.locator('form').filter({ has: page.getByRole('heading', { level: 3, name: 'Quiz' }) });
    await expect(quiz).toMatchAriaSnapshot(`
      - heading "Quiz" [level=3]
      - paragraph: Answer every question to complete the lesson.
      - group /^1\\. .+/:
        - radio /Right answer$/ [checked] [disabled]
      - status:
        - strong: Lesson complete!
      - button /^(Next lesson|Finish the course)$/
    `);
    await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuetext',
      `1 of ${course.length} lessons completed`,
    );
  });

  test('7. a seller picks a ZIP code from the buyer table and clears it', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithSession(page, 'seller@demo.test');
    await page.goto('/buyers');
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer locations' })).toBeVisible();
    const list = page.getByTestId('buyer-list');
    const total = list.getByTestId('buyer-list-total');
    await expect(total).toHaveText(/^[\d,]+ buyers?$/);
    const allBuyers = await total.textContent();

    // The map is for a pointer; the table is the keyboard's way to the same ZIP codes.
    const tableView = page.getByRole('button', { name: 'Table' });
    await tabTo(page, tableView);
    await page.keyboard.press('Enter');
    await expect(tableView).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByTestId('zip-table');
    // The first ZIP code (most buyers): its row's header is its button, its first cell the count.
    const row = table.getByRole('row').nth(1);
    const zipButton = row.getByRole('button');
    await tabTo(page, zipButton, { max: 3 });
    const zip = (await zipButton.textContent())!.trim();

    // The list narrows to the ZIP; its total is said by a live region that stays on the page.
    const region = await total.elementHandle();
    await page.keyboard.press('Space');
    await expect(zipButton).toHaveAttribute('aria-pressed', 'true');
    await expect(zipButton).toBeFocused();
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(`Buyers in ${zip}`);
    await expect
      .poll(() =>
        region!.evaluate((el) => (el.isConnected && el.getAttribute('aria-live')) + ' ' + el.textContent),
      )
      .toMatch(/^polite [\d,]+ buyers?$/);
    await expect(total).not.toHaveText(allBuyers!);
    const rowCount = await row.getByRole('cell').first().textContent();
    await expect(total).toHaveText(new RegExp(`^${escapeRegExp(rowCount!.trim())} buyers?$`));
    await expect(list.getByRole('listitem').first()).toBeVisible();

    // "All ZIP codes" goes with the ZIP: the focus goes to the list's heading.
    const clear = list.getByRole('button', { name: 'All ZIP codes' });
    await tabTo(page, clear, { max: 80 });
    await page.keyboard.press('Enter');
    await expect(clear).toHaveCount(0);
    const listHeading = list.getByRole('heading', { level: 2, name: 'Buyers', exact: true });
    await expectFocusOn(page, listHeading);
    await expect(page).not.toHaveURL(/zip=/);
    await expect(total).toHaveText(/^[\d,]+ buyers?$/);
    await expect(total).not.toHaveText(`${rowCount!.trim()} buyers`);
    expect(await region!.evaluate((el) => el.isConnected)).toBe(true);
  });

  test('8. a seller accepts an offer and ticks a closing milestone', async ({ page, request }) => {
    test.setTimeout(120_000);
    const street = `${Date.now() % 100000} Keyboard Court`;
    const dealId = await listDemoCashDeal(request, street);
    const res = await request.post(`/api/deals/${dealId}/offers`, {
      headers: { authorization: `Bearer ${await idTokenOf(request, 'buyer@demo.test')}` },
      data: { type: 'cash', purchasePrice: 305000, estimatedCloseDate: addDays(texasToday(), 30) },
    });
    expect(res.status()).toBe(201);

    await signInWithSession(page, 'seller@demo.test');
    await page.goto(`/deals/${dealId}/offers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Offers and interested buyers' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Accept offer from Bianca Buyer' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Accept this offer?' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Accept offer' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText('Offer accepted. The deal is now pending.');

    // The Accept button is gone with the dialog: the focus is on the way to the closing room.
    const roomLink = page.getByRole('link', { name: 'Open the closing room of the offer from Bianca Buyer' });
    await expectFocusOn(page, roomLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/deals/${dealId}/closing`);
    await expect(page.getByRole('heading', { level: 1, name: 'Closing room' })).toBeVisible();

    // The seller ticks one of theirs: Space opens the dialog, a note, Space on "Mark done".
    await tabTo(page, page.getByRole('button', { name: 'Mark done: Escrow or title opened' }));
    await page.keyboard.press('Space');
    const tick = page.getByRole('dialog', { name: 'Mark this milestone done?' });
    await expect(tick).toBeVisible();
    await typeInto(page, tick.getByLabel('Note (optional)'), 'Opened with Lone Star Title.', 3);
    await tabTo(page, tick.getByRole('button', { name: 'Mark done', exact: true }), { max: 3 });
    await page.keyboard.press('Space');
    await expect(tick).toBeHidden();

    // The focus is back on the milestone's button, which now undoes it; the progress is announced.
    await expectFocusOn(page, page.getByRole('button', { name: 'Mark not done: Escrow or title opened' }));
    const progress = page.getByTestId('milestone-progress');
    await expect(progress).toHaveText('1 of 7 done');
    expect(await inLiveRegion(progress)).toBe(true);
    await expect(
      page.getByTestId('toast').filter({ hasText: '“Escrow or title opened” is done.' }),
    ).toBeVisible();
    await expect(page.getByTestId('closing-room')).toMatchAriaSnapshot(`
      - article:
        - heading "Closing room" [level=1]
        - paragraph: ${street}, Austin, TX 78745
        - paragraph: "Room status: Open"
        - region "Milestones":
          - heading "Milestones" [level=2]
          - paragraph: 1 of 7 done
    `);
    const escrow = page
      .getByTestId('milestone')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Escrow or title opened' }) });
    await expect(escrow).toMatchAriaSnapshot(`
      - listitem:
        - heading "Escrow or title opened" [level=3]
        - text: Done
        - paragraph: /^Responsible. Seller \\(you\\) Due .+$/
        - paragraph: /^Done by Sam Seller on .+$/
        - paragraph: "Note: Opened with Lone Star Title."
        - 'button "Mark not done: Escrow or title opened"'
    `);
  });
});

interface AdminLesson {
  title: { en: string };
  published: boolean;
  quiz: { question: { en: string }; options: { text: { en: string }; correct: boolean }[] }[];
}

/** The published course with its right answers, as the admin's view has them. */
async function courseWithAnswers(request: APIRequestContext): Promise<AdminLesson[]> {
  const res = await request.get('/api/admin/training/lessons', {
    headers: { authorization: `Bearer ${await idTokenOf(request, 'admin@demo.test')}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).items as AdminLesson[]).filter((l) => l.published);
}
