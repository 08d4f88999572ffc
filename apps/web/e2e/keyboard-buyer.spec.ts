/**
 * Issue 31: WCAG 2.2 AA proven by journeys. Four journeys of the buyer's side of the marketplace
 * (and the seller's answer in a conversation), walked with the keyboard alone: Tab, Shift+Tab, the
 * arrows, Space, Enter and Escape move and act, `keyboard.type` types; nothing is clicked. At each
 * Tab the focus shows (keyboard.ts); after each dialog, save or sending the focus lands on a control
 * still in the page; counts and new messages are announced (live regions); the deal page, the offer
 * form and the conversation are pinned by their accessibility trees (ARIA snapshots).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, idTokenOf, listDemoCashDeal, riskySubToTerms, signInWithSession } from './helpers';
import { expectFocusOn, inLiveRegion, pressTo, tabTo } from './keyboard';

// The date field's parts follow the browser's locale: month, day, year in American English.
test.use({ locale: 'en-US' });

/** `YYYY-MM-DD` `days` from today, and the same date as typed into a date field (MMDDYYYY). */
function inDays(days: number) {
  const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${month}${day}${year}` };
}

/** From the top of a page, the skip link takes the focus to the main content. */
async function skipToMain(page: Page) {
  await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 3 });
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
}

test('keyboard: signing in through the form', async ({ page }) => {
  await page.goto('/auth');
  const email = page.getByLabel('E-mail');
  await expect(email).toBeVisible();
  await tabTo(page, email);
  await page.keyboard.type('buyer@demo.test');
  await tabTo(page, page.getByLabel('Password', { exact: true }), { max: 1 });
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }), { max: 1 });
  await page.keyboard.press('Enter');

  // Signed in (the account menu in the header); the focus did not fall to the body with the form:
  // it is on the new page's heading.
  await expect(page.getByRole('button', { name: 'Bianca' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth$/);
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }));
  // The next Tab goes on from the page's content, not from the top of the document.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(
    true,
  );
});

test('keyboard: filtering the deals and saving the search', async ({ page }) => {
  test.setTimeout(180_000);
  await signInWithSession(page, 'buyer@demo.test');
  await page.goto('/deals');
  const count = page.getByRole('heading', { level: 2, name: /^\d+ deals?$/ });
  await expect(count).toBeVisible();
  // The count is announced as it changes.
  expect(await inLiveRegion(count)).toBe(true);
  const countOf = async () => Number(/^(\d+)/.exec((await count.textContent()) ?? '')?.[1]);
  const all = await countOf();

  await skipToMain(page);
  const category = page.getByLabel('Category', { exact: true });
  await tabTo(page, category);
  // A closed select takes the arrows: Cash, then Creative.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(category).toHaveValue('creative');
  await expect(page).toHaveURL(/category=creative/);
  await expect.poll(countOf).toBeLessThan(all);
  const creative = await countOf();

  const state = page.getByLabel('State', { exact: true });
  await tabTo(page, state);
  await page.keyboard.type('Florida');
  await expect(state).toHaveValue('FL');
  await expect(page).toHaveURL(/state=FL/);
  await expect.poll(countOf).toBeLessThan(creative);
  expect(await inLiveRegion(count)).toBe(true);

  // Back up to "Save search", above the filters; Enter opens its dialog, the focus on the name.
  const save = page.getByRole('button', { name: 'Save search' });
  await tabTo(page, save, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save search' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Name');
  await expectFocusOn(page, name);
  await expect(name).toHaveValue(/Creative/);

  // Escape closes it without saving: the focus is back on "Save search".
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, save);

  // Again: a name of its own, weekly alerts (the arrows in the radio group), Save.
  await page.keyboard.press('Enter');
  await expectFocusOn(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Creative deals in Florida');
  await tabTo(page, dialog.getByRole('radio', { name: 'Real-time' }), { max: 1 });
  await pressTo(page, dialog.getByRole('radio', { name: 'Weekly summary' }), 'ArrowDown', 2);
  await expect(dialog.getByRole('radio', { name: 'Weekly summary' })).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Save search' }), { max: 2 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Search saved');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, save);
});

test('keyboard: opening a creative deal and offering, each risk acknowledged', async ({ page, request }) => {
  test.setTimeout(180_000);
  const street = `${Date.now() % 100000} Keyboard Way`;
  const [, dealId] = await Promise.all([
    signInWithSession(page, 'buyer@demo.test'),
    listDemoCashDeal(request, street, riskySubToTerms('A subject-to deal for the keyboard journey.')),
  ]);
  await page.goto(`/deals?q=${encodeURIComponent(street)}`);
  await expect(page.getByRole('heading', { level: 2, name: '1 deal' })).toBeVisible();

  // From the list to the deal: the card's link, Enter.
  await skipToMain(page);
  await tabTo(page, page.getByRole('article').filter({ hasText: street }).getByRole('link').first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/deals/${dealId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(street);
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }));

  const form = page.getByTestId('offer-form');
  await expect(page.getByRole('region', { name: 'Risks of these terms' })).toBeVisible();
  // The deal page as assistive technology reads it: its terms grouped under named regions, the
  // offer form with its type still to choose, the risks each under its own heading.
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - main:
      - article:
        - link "Back to deals"
        - text: Active Subject-to · Single family
        - heading /^\\d+ Keyboard Way$/ [level=1]
        - paragraph: Austin, TX 78745
        - button "Save to favorites"
        - region "Purchase price":
          - heading "Purchase price" [level=2]
          - paragraph: $330,000
        - region "Make an offer":
          - form "Make an offer":
            - group "Offer type":
              - radio "Cash"
              - radio "Creative"
            - textbox "Estimated close date"
            - textbox "Message to the seller (optional)"
            - button "Submit offer"
        - region "Express interest":
          - textbox "Message to the seller"
          - button "Express interest"
        - region "Message the seller":
          - textbox "Your message"
          - button "Send message"
        - region "Deal math":
          - term: Cash to close
          - definition: $15,000
          - term: Estimated equity
          - definition: $25,000
          - term: Total monthly payment
          - definition: $2,185
          - term: Months to maturity
          - definition: /^\\d+ months$/
        - region "Listed by":
          - paragraph: Sam
        - region "Risks of these terms":
          - list:
            - listitem:
              - heading "Due-on-sale clause" [level=3]
              - 'link "Learn more about this risk: Due-on-sale clause"'
            - listitem:
              - heading "The existing loan matures soon" [level=3]
              - 'link "Learn more about this risk: The existing loan matures soon"'
            - listitem:
              - heading "Homeowners association approval" [level=3]
              - 'link "Learn more about this risk: Homeowners association approval"'
        - region "Price and terms":
          - term: Purchase price
          - definition: $330,000
          - term: Purchase type
          - definition: Subject-to
          - term: Entry fee
          - definition: $12,000
        - region "Subject-to loan":
          - term: Loan balance
          - definition: $305,000
          - term: Loan maturity date
          - definition: /^\\w{3} 1, \\d{4}$/
        - region "Description":
          - paragraph: A subject-to deal for the keyboard journey.
        - region "Loans to maturity":
          - heading "Existing loan (subject-to)" [level=3]
  `);

  // The offer: Creative (the arrows in the radio group), the entry fee, the date, each risk with
  // Space, a message; Enter on "Submit offer".
  await tabTo(page, form.getByRole('radio', { name: 'Cash' }), { max: 120 });
  await pressTo(page, form.getByRole('radio', { name: 'Creative' }), 'ArrowDown', 1);
  await expect(form.getByRole('radio', { name: 'Creative' })).toBeChecked();
  await tabTo(page, form.getByLabel('Entry fee (USD)'), { max: 1 });
  await page.keyboard.type('12000');
  const close = inDays(30);
  await tabTo(page, form.getByLabel('Estimated close date'), { max: 1 });
  await page.keyboard.type(close.typed);
  await expect(form.getByLabel('Estimated close date')).toHaveValue(close.iso);
  const submit = form.getByRole('button', { name: 'Submit offer' });
  const boxes = form.getByRole('group', { name: 'Risks of these terms' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await tabTo(page, boxes.nth(i), { max: 4 });
    await expect(submit).toBeDisabled();
    await page.keyboard.press('Space');
    await expect(boxes.nth(i)).toBeChecked();
  }
  await tabTo(page, form.getByLabel('Message to the seller (optional)'), { max: 1 });
  await page.keyboard.type('Keyboard offer: 30-day close.');
  await tabTo(page, submit, { max: 1 });
  await expect(submit).toBeEnabled();
  // The form as it is sent: each risk box named by its risk (its text describes it), all ticked.
  await expect(form).toMatchAriaSnapshot(`
    - form "Make an offer":
      - group "Offer type":
        - radio "Cash"
        - radio "Creative" [checked]
      - spinbutton "Entry fee (USD)": "12000"
      - paragraph: "Asking entry fee: $12,000"
      - textbox "Estimated close date": /^\\d{4}-\\d{2}-\\d{2}$/
      - group "Risks of these terms":
        - paragraph: Acknowledge each risk to submit a creative offer.
        - 'checkbox "I understand: Due-on-sale clause" [checked]'
        - 'checkbox "I understand: The existing loan matures soon" [checked]'
        - 'checkbox "I understand: Homeowners association approval" [checked]'
      - textbox "Message to the seller (optional)": "Keyboard offer: 30-day close."
      - button "Submit offer"
  `);

  await page.keyboard.press('Enter');
  // The form gives way to the offer, which takes the focus.
  const offer = page.getByTestId('my-offer');
  await expect(offer).toContainText('$12,000');
  await expectFocusOn(page, offer);
});

test('keyboard: the seller answers a message in a conversation', async ({ page, request }) => {
  test.setTimeout(180_000);
  const street = `${Date.now() % 100000} Reply Road`;
  const [dealId, laterDealId] = await Promise.all([
    listDemoCashDeal(request, street, { description: 'A cash deal for the keyboard conversation.' }),
    listDemoCashDeal(request, `${Date.now() % 100000} Later Lane`),
  ]);
  const buyer = { authorization: `Bearer ${await idTokenOf(request, 'buyer@demo.test')}` };
  const [started] = await Promise.all([
    request.post('/api/chat/threads', { headers: buyer, data: { dealId, body: 'Is the roof new?' } }),
    signInWithSession(page, 'seller@demo.test'),
  ]);
  expect(started.status()).toBe(201);

  // The seller's page is connected (its private channel subscribed) before the buyer writes again.
  const subscribed = new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('subscription_succeeded')) resolve();
      }),
    ),
  );
  await page.goto('/chat');
  // The bell's name carries the unread count (at least this new conversation)…
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+\+? unread$/);
  // …and a rise of it, another conversation starting meanwhile, is announced.
  await subscribed;
  const later = await request.post('/api/chat/threads', {
    headers: buyer,
    data: { dealId: laterDealId, body: 'And this one?' },
  });
  expect(later.status()).toBe(201);
  const announcer = page.getByTestId('notification-announcer');
  await expect(announcer).toHaveText(/^Notifications, \d+\+? unread$/);
  expect(await inLiveRegion(announcer)).toBe(true);

  await skipToMain(page);
  await tabTo(page, page.getByTestId('thread-item').filter({ hasText: street }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]+$/);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByTestId('chat-message').last()).toContainText('Is the roof new?');
  await expectFocusOn(page, page.getByRole('heading', { level: 1 }));

  const box = page.getByLabel('Your message');
  await tabTo(page, box);
  await page.keyboard.type('Yes, it was replaced in 2024.');
  await page.keyboard.press('Enter');
  // The reply is in the log (a live region), the box is empty and keeps the focus.
  await expect(log.getByTestId('chat-message').last()).toContainText('Yes, it was replaced in 2024.');
  expect(await inLiveRegion(log.getByTestId('chat-message').last())).toBe(true);
  await expect(box).toHaveValue('');
  await expectFocusOn(page, box);
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - main:
      - link "All conversations"
      - heading "Bianca Buyer (Buyer)" [level=1]
      - paragraph:
        - text: "About the deal:"
        - link /^\\d+ Reply Road, Austin, TX 78745$/
      - button "Block conversation"
      - log "Messages":
        - list:
          - listitem:
            - paragraph:
              - text: Bianca Buyer ·
              - time: /\\d{1,2}:\\d{2}/
            - paragraph: Is the roof new?
          - listitem:
            - paragraph:
              - text: You ·
              - time: /\\d{1,2}:\\d{2}/
            - paragraph: Yes, it was replaced in 2024.
      - textbox "Your message"
      - paragraph: 0 / 2,000 characters
      - paragraph: "Enter sends; Shift+Enter starts a new line."
      - button "Send"
  `);
});
