import { NOTIFICATION_POLL_BUYER_MS } from '@dealclub/shared/chat-rules';
import { expect, axeViolations, test } from './fixtures';
import { idTokenOf, listDemoCashDeal, newConfirmedUser, savePhone, signedIn } from './helpers';

type User = { email: string; password: string };

/** A new buyer whose preferences look in `city`, on real-time alerts in the bell (push). */
async function buyerLookingIn(
  request: Parameters<typeof newConfirmedUser>[0],
  place: { city: string; state: string },
): Promise<User> {
  const buyer = await newConfirmedUser(request, 'buyer');
  await savePhone(request, buyer);
  const headers = { authorization: `Bearer ${await idTokenOf(request, buyer.email, buyer.password)}` };
  const prefs = await request.put('/api/profile/buyer-preferences', {
    headers,
    data: { useCase: 'investment', ...place, zipCodes: [], maxMonthlyPayment: 3000, bedrooms: 3 },
  });
  expect(prefs.status(), await prefs.text()).toBe(200);
  const channels = await request.put('/api/profile/preferences', {
    headers,
    data: {
      languagePreference: 'en',
      notificationChannels: ['email', 'push'],
      searchFrequency: 'realtime',
      alertEmails: true,
    },
  });
  expect(channels.status(), await channels.text()).toBe(200);
  return buyer;
}

/** The notifications in the bell of the user whose ID token is `token`, as the API gives them. */
async function notificationsOf(request: Parameters<typeof newConfirmedUser>[0], token: string) {
  const res = await request.get('/api/chat/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { type: string; dealInfo: { dealId: string } | null }[] }).items;
}

test('a seller lists a deal in Reno; the matching buyer is alerted in the bell and reads why it fits', async ({
  browser,
  request,
}) => {
  // Alerts go out within a minute of the listing (DECISIONS.md, Matching and alerts).
  test.setTimeout(150_000);
  const matching = await buyerLookingIn(request, { city: 'Reno', state: 'NV' });
  const elsewhere = await buyerLookingIn(request, { city: 'Boise', state: 'ID' });

  // The buyer is on the deals page when the deal is listed, on a clock the test can move on.
  const buyer = await signedIn(browser, matching.email, matching.password);
  await buyer.clock.install();
  const bellRead = buyer.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat/notifications');
  await buyer.goto('/deals');
  const bell = buyer.getByTestId('notification-bell');
  expect((await bellRead).ok()).toBe(true);
  await expect(bell).toHaveAccessibleName('Notifications');

  const street = `${Date.now() % 100000} Sierra Match Way`;
  const dealId = await listDemoCashDeal(request, street, {
    city: 'Reno',
    state: 'NV',
    zipCode: '89501',
    bedrooms: 3,
    purchasePrice: 289000,
  });
  // The server sends the alert on its own schedule (real time: within a minute of the listing).
  const matchingToken = await idTokenOf(request, matching.email, matching.password);
  await expect
    .poll(
      async () =>
        (await notificationsOf(request, matchingToken)).filter((n) => n.dealInfo?.dealId === dealId),
      {
        timeout: 60_000,
      },
    )
    .toHaveLength(1);

  // The bell's next poll (the buyer's clock moved on by one poll's time) brings it without a reload.
  await buyer.clock.runFor(NOTIFICATION_POLL_BUYER_MS);
  await expect(bell).toHaveAccessibleName(/1 unread/);
  await bell.click();
  const item = buyer.getByTestId('notification-list').getByRole('menuitem').filter({ hasText: street });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('New deal match');
  await expect(item).toContainText('100% match');
  await item.click();
  await expect(buyer).toHaveURL(new RegExp(`/deals/${dealId}$`));

  const reasons = buyer.getByRole('region', { name: 'How this deal fits you' });
  await expect(reasons.getByTestId('match-summary')).toContainText('It fits everything you set');
  await expect(reasons.getByTestId('match-reasons')).toContainText('Reno, NV 89501 — you look in Reno, NV');
  await expect(reasons.getByTestId('match-reasons')).toContainText('3 bedrooms — you want at least 3');
  expect(await axeViolations(buyer)).toEqual([]);

  // A buyer the deal does not fit hears nothing about it.
  const elsewhereToken = await idTokenOf(request, elsewhere.email, elsewhere.password);
  expect((await notificationsOf(request, elsewhereToken)).filter((n) => n.type === 'deal_match')).toEqual([]);
});
