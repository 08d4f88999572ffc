import type { Page } from '@playwright/test';
import { NOTIFICATION_POLL_BUYER_MS } from '@dealclub/shared/chat-rules';
import { expect, axeViolations, test } from './fixtures';
import { listDemoCashDeal, newSeller, signedIn } from './helpers';

/** The unread count the bell announces (its label), 0 when it has none. */
async function unreadOf(page: Page): Promise<number> {
  const label = await page.getByTestId('notification-bell').getAttribute('aria-label');
  return Number(/(\d+)\+? unread/.exec(label ?? '')?.[1] ?? 0);
}

/** Console errors of a page made by `signedIn` (the fixtures' `page` checks only its own). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('conversations', () => {
  test('a buyer writes to the seller; the seller is told at once, opens it and replies live; the seller blocks and the buyer loses the reply box', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const street = `${Date.now() % 100000} Chat Lane`;
    // A seller of its own: the demo seller's toasts from other tests' offers (one toast at a time)
    // would cover the ones this test reads (a run where the closing room's tests offered meanwhile).
    const account = await newSeller(request);
    const dealId = await listDemoCashDeal(
      request,
      street,
      { description: 'A cash deal for the conversations test.' },
      account.token,
    );

    // The seller side is connected from the start: wait until its private channel is subscribed.
    const seller = await signedIn(browser, account.email, account.password);
    const sellerErrors = consoleErrors(seller);
    const subscribed = new Promise<void>((resolve) =>
      seller.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('subscription_succeeded')) resolve();
        }),
      ),
    );
    await seller.goto('/deals');
    await subscribed;
    const before = await unreadOf(seller);

    // The buyer: 'Message the seller' on the deal opens the new conversation. The buyer's clock is
    // one the test can move on, for what the buyer learns from the bell's poll.
    const buyer = await signedIn(browser, 'buyer@demo.test');
    const buyerErrors = consoleErrors(buyer);
    await buyer.clock.install();
    await buyer.goto(`/deals/${dealId}`);
    const panel = buyer.getByRole('region', { name: 'Message the seller' });
    await panel.getByLabel('Your message').fill('Is the roof new?');
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(buyer).toHaveURL(/\/chat\/[0-9a-f-]+$/);
    const threadPath = new URL(buyer.url()).pathname;
    await expect(buyer.getByRole('heading', { level: 1 })).toContainText('Fresh');
    await expect(buyer.getByTestId('chat-message').last()).toContainText('Is the roof new?');

    // The seller, without reloading: the toast at once, and the bell rises.
    const sellerToast = seller.getByTestId('toast');
    await expect(sellerToast).toContainText('New Conversation');
    await expect(sellerToast).toContainText('Bianca Buyer: Is the roof new?');
    await expect.poll(() => unreadOf(seller)).toBeGreaterThan(before);

    // A second message from the conversation itself (Enter sends) is a 'New Message'.
    const buyerBox = buyer.getByLabel('Your message');
    await buyerBox.fill('Also, when could I visit?');
    await buyerBox.press('Enter');
    await expect(buyerBox).toHaveValue('');
    await expect(sellerToast).toContainText('New Message');
    await expect(sellerToast).toContainText('Bianca Buyer: Also, when could I visit?');

    // The buyer opens the bell once: from then on the buyer is connected too.
    await buyer.getByTestId('notification-bell').click();
    await expect(buyer.getByRole('menu')).toBeVisible();
    await buyer.keyboard.press('Escape');
    await expect(buyer.getByRole('menu')).toBeHidden();

    // The seller opens the conversation from the bell: it is read.
    await seller.getByTestId('notification-bell').click();
    const entry = seller.getByRole('menuitem').filter({ hasText: street });
    await expect(entry).toContainText('Bianca Buyer');
    await entry.click();
    await expect(seller).toHaveURL(threadPath);
    await expect(seller.getByRole('heading', { level: 1 })).toContainText('Bianca Buyer');
    await expect(seller.getByRole('link', { name: new RegExp(street) })).toHaveAttribute(
      'href',
      `/deals/${dealId}`,
    );
    await expect(seller.getByTestId('chat-message').last()).toContainText('Also, when could I visit?');
    // Opened, it is read: its entry leaves the bell's unread list.
    await seller.getByTestId('notification-bell').click();
    await expect(seller.getByRole('menu')).toBeVisible();
    await expect(seller.getByRole('menuitem').filter({ hasText: street })).toHaveCount(0);
    await seller.keyboard.press('Escape');
    await expect(seller.getByRole('menu')).toBeHidden();
    expect(await axeViolations(seller)).toEqual([]);

    // The seller replies; the buyer sees it appear without reloading, and no toast for the open one.
    await seller.getByLabel('Your message').fill('Yes, it was replaced in 2024.');
    await seller.getByRole('button', { name: 'Send' }).click();
    await expect(seller.getByTestId('chat-message').last()).toContainText('Yes, it was replaced in 2024.');
    await expect(buyer.getByTestId('chat-message').last()).toContainText('Yes, it was replaced in 2024.', {
      timeout: 10_000,
    });
    await expect(buyer.getByTestId('toast')).toHaveCount(0);

    // The seller blocks; the buyer's reply box gives way to the notice once the bell's next poll
    // (the buyer's clock moved on by one poll's time) tells.
    await seller.getByRole('button', { name: 'Block conversation' }).click();
    const dialog = seller.getByRole('alertdialog', { name: 'Block this conversation?' });
    await dialog.getByRole('button', { name: 'Block conversation' }).click();
    await expect(seller.getByText('You blocked this conversation.')).toBeVisible();
    await expect(seller.getByLabel('Your message')).toHaveCount(0);
    await buyer.clock.runFor(NOTIFICATION_POLL_BUYER_MS);
    await expect(buyer.getByText('This conversation was blocked.')).toBeVisible();
    await expect(buyer.getByLabel('Your message')).toHaveCount(0);

    // Both see it in their list, marked blocked.
    await buyer.getByRole('link', { name: 'All conversations' }).click();
    const item = buyer.getByTestId('thread-item').filter({ hasText: street });
    await expect(item).toContainText('Blocked');
    await expect(item).toContainText('Yes, it was replaced in 2024.');
    expect(await axeViolations(buyer)).toEqual([]);

    expect(sellerErrors).toEqual([]);
    expect(buyerErrors).toEqual([]);
  });
});
