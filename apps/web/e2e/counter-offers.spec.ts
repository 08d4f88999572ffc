import { expect, axeViolations, test } from './fixtures';
import { idTokenOf, newSeller, signedIn } from './helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('counter-offers', () => {
  test('a seller counters a buyer’s offer and the buyer accepts it on the deal page; both see the history', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const seller = await newSeller(request);
    const buyerToken = await idTokenOf(request, 'buyer@demo.test');
    const street = `${Date.now() % 100000} Counter Court`;
    const created = await request.post('/api/deals', {
      headers: { authorization: `Bearer ${seller.token}` },
      data: {
        streetAddress: street,
        city: 'Austin',
        state: 'TX',
        zipCode: '78745',
        hideAddress: true,
        purchasePrice: 320000,
        category: 'cash',
        propertyType: 'singleFamily',
        bedrooms: 3,
        bathrooms: 2,
        squareFootage: 1400,
        yearBuilt: 1985,
        description: 'A cash deal for the counter-offers test.',
        tags: ['off-market'],
        legalCertification: true,
      },
    });
    expect(created.status()).toBe(201);
    const dealId = ((await created.json()) as { id: string }).id;
    const offered = await request.post(`/api/deals/${dealId}/offers`, {
      headers: { authorization: `Bearer ${buyerToken}` },
      data: { type: 'cash', purchasePrice: 300000, estimatedCloseDate: inDays(30), message: 'Cash buyer.' },
    });
    expect(offered.status()).toBe(201);

    // The seller counters from the offers table, in a dialog that holds the focus.
    const sellerPage = await signedIn(browser, seller.email, seller.password);
    await sellerPage.goto(`/deals/${dealId}/offers`);
    // The deal's one offer (its figures change when the counter is accepted).
    const row = sellerPage.getByTestId('offer-row');
    await expect(row).toContainText('$300,000');
    await row.getByRole('button', { name: 'Counter the offer from Bianca Buyer' }).click();
    const dialog = sellerPage.getByRole('dialog', { name: 'Counter this offer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Purchase price (USD)')).toBeFocused();
    expect(await axeViolations(sellerPage)).toEqual([]);
    await dialog.getByLabel('Purchase price (USD)').fill('312000');
    await dialog.getByLabel('Estimated close date').fill(inDays(21));
    await dialog.getByLabel('Message to the buyer (optional)').fill('Meet me at 312k, three weeks.');
    await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('counter-state')).toContainText('Countered, expires');
    await expect(row.getByTestId('counter-state')).toContainText('$312,000');

    // The same dialog in Spanish, checked again; Escape closes it and the focus returns.
    await sellerPage.getByRole('combobox', { name: 'Language' }).click();
    await sellerPage.getByRole('option', { name: 'Español' }).click();
    // The language is saved to the account, then confirmed by a toast. It shows before the dialog
    // opens: a toast that came over the dialog would take the Escape below (the newest layer).
    await expect(sellerPage.getByTestId('toast')).toContainText('Idioma actualizado');
    const again = row.getByRole('button', { name: 'Contraofertar de nuevo: oferta de Bianca Buyer' });
    await again.click();
    const spanish = sellerPage.getByRole('dialog', { name: 'Contraofertar esta oferta' });
    await expect(spanish.getByLabel('Precio de compra (USD)')).toHaveValue('312000');
    expect(await axeViolations(sellerPage)).toEqual([]);
    await sellerPage.keyboard.press('Escape');
    await expect(spanish).toBeHidden();
    await expect(again).toBeFocused();

    // The buyer sees the counter on the deal page and accepts it after a confirmation.
    const buyerPage = await signedIn(browser, 'buyer@demo.test');
    await buyerPage.goto(`/deals/${dealId}`);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Address undisclosed' })).toBeVisible();
    const panel = buyerPage.getByRole('region', { name: "The seller's counter-offer" });
    await expect(panel).toContainText('$312,000');
    await expect(panel).toContainText('Meet me at 312k, three weeks.');
    await expect(panel).toContainText('Expires');
    await panel.getByRole('button', { name: 'Accept counter-offer' }).click();
    const confirm = buyerPage.getByRole('alertdialog', { name: 'Accept this counter-offer?' });
    await expect(confirm).toContainText('$312,000');
    await confirm.getByRole('button', { name: 'Accept counter-offer' }).click();
    await expect(confirm).toBeHidden();
    const mine = buyerPage.getByTestId('my-offer');
    await expect(mine).toContainText('Accepted');
    await expect(mine).toContainText('$312,000');
    await expect(buyerPage.getByText('You accepted this counter-offer.')).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Show history (3)' }).click();
    const steps = buyerPage.getByRole('list', { name: 'Offer history' }).getByRole('listitem');
    await expect(steps).toHaveText([/^Offer made/, /^Counter-offer sent/, /^Counter-offer accepted/]);
    // Accepted: the buyer may see the street now.
    await buyerPage.reload();
    await expect(buyerPage.getByRole('heading', { level: 1 })).toContainText(street);

    // The seller's table shows the accepted offer and the same history.
    await sellerPage.reload();
    await expect(row).toContainText('Aceptada');
    await row.getByRole('button', { name: 'Ver historial (3)' }).click();
    await expect(row.getByRole('list', { name: 'Historial de la oferta' }).getByRole('listitem')).toHaveCount(
      3,
    );
  });
});
