import { expect, seriousViolations, test } from './fixtures';
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

test('a seller lists a deal in Reno; the matching buyer is alerted in the bell and reads why it fits', async ({
  browser,
  request,
}) => {
  // Alerts go out within a minute of the listing (DECISIONS.md, Matching and alerts).
  test.setTimeout(150_000);
  const matching = await buyerLookingIn(request, { city: 'Reno', state: 'NV' });
  const elsewhere = await buyerLookingIn(request, { city: 'Boise', state: 'ID' });

  const street = `${Date.now() % 100000} Sierra Match Way`;
  const dealId = await listDemoCashDeal(request, street, {
    city: 'Reno',
    state: 'NV',
    zipCode: '89501',
    bedrooms: 3,
    purchasePrice: 289000,
  });

  const buyer = await signedIn(browser, matching.email, matching.password);
  await buyer.goto('/deals');
  const bell = buyer.getByTestId('notification-bell');
  // The bell polls and the realtime event refreshes it: the match arrives without a reload.
  await expect(bell).toHaveAccessibleName(/1 unread/, { timeout: 90_000 });
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
  expect(await seriousViolations(buyer)).toEqual([]);

  // A buyer the deal does not fit hears nothing about it.
  const notifications = await request.get('/api/chat/notifications', {
    headers: { authorization: `Bearer ${await idTokenOf(request, elsewhere.email, elsewhere.password)}` },
  });
  const body = (await notifications.json()) as { items: { type: string }[]; total: number };
  expect(body.items.filter((n) => n.type === 'deal_match')).toEqual([]);
});
