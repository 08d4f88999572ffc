import { readFile } from 'node:fs/promises';
import { expect, axeViolations, test } from './fixtures';
import { listDemoCashDeal, signedIn } from './helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('offers', () => {
  test('a buyer expresses interest and makes an offer; the seller compares, accepts and downloads it; both see the deal pending', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const street = `${Date.now() % 100000} Offer Lane`;
    const dealId = await listDemoCashDeal(request, street, {
      hideAddress: true,
      purchasePrice: 395000,
      squareFootage: 1500,
      yearBuilt: 1990,
      description: 'A cash deal for the offers test.',
    });

    // The buyer: the address is undisclosed; interest with a message, then a cash offer.
    const buyer = await signedIn(browser, 'buyer@demo.test');
    await buyer.goto(`/deals/${dealId}`);
    await expect(buyer.getByRole('heading', { level: 1, name: 'Address undisclosed' })).toBeVisible();
    await buyer.getByLabel('Message to the seller', { exact: true }).fill('Can I walk it on Friday?');
    await buyer.getByRole('button', { name: 'Express interest' }).click();
    await expect(buyer.getByTestId('my-interest')).toContainText('Can I walk it on Friday?');

    const form = buyer.getByTestId('offer-form');
    await expect(form.getByRole('radio', { name: 'Creative' })).toHaveCount(0);
    await form.getByRole('radio', { name: 'Cash' }).check();
    await form.getByLabel('Purchase price (USD)').fill('381000');
    await form.getByLabel('Estimated close date').fill(inDays(21));
    await form.getByLabel('Message to the seller (optional)').fill('Proof of funds on request.');
    await form.getByRole('button', { name: 'Submit offer' }).click();
    await expect(buyer.getByTestId('my-offer')).toContainText('$381,000');

    // The seller: the offer in the comparison table, accepted through the dialog.
    const seller = await signedIn(browser, 'seller@demo.test');
    await seller.goto(`/deals/${dealId}`);
    await seller.getByTestId('deal-offers-link').click();
    await expect(seller).toHaveURL(`/deals/${dealId}/offers`);
    const row = seller.getByTestId('offer-row').filter({ hasText: '$381,000' });
    await expect(row).toContainText('Proof of funds on request.');
    await expect(seller.getByTestId('interest-row')).toContainText('Can I walk it on Friday?');
    expect(await axeViolations(seller)).toEqual([]);

    // Opened afresh, the screen downloads no disclosure texts for an offer that acknowledged none.
    const scripts: string[] = [];
    seller.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await seller.reload();
    await expect(row.getByTestId('acknowledged-risks')).toHaveText('None');
    expect(scripts.some((path) => /\/assets\/received-offers|\/assets\/deal-offers-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/trust-[\w-]+\.js$/.test(path))).toEqual([]);
    // The matching buyers, below the tables, come as the seller scrolls down to them.
    await seller.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(seller.getByRole('heading', { level: 2, name: 'Matching buyers' })).toBeVisible();
    await expect(seller.getByTestId('matching-count')).toContainText(/matche?s? this deal/);

    await row.getByRole('button', { name: /^Accept offer from/ }).click();
    const dialog = seller.getByRole('alertdialog', { name: 'Accept this offer?' });
    await dialog.getByRole('button', { name: 'Accept offer' }).click();
    await expect(dialog).toBeHidden();
    await expect(seller.getByRole('button', { name: /^Accept offer from/ })).toHaveCount(0);

    // The CSV holds the offer.
    const [download] = await Promise.all([
      seller.waitForEvent('download'),
      seller.getByTestId('offers-csv').click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('buyer@demo.test');
    expect(csv).toContain('381000');
    expect(csv).toContain('Proof of funds on request.');

    // Both see it pending; the buyer whose offer was accepted now sees the address.
    await seller.goto(`/deals/${dealId}`);
    await expect(seller.getByText('This deal is pending: no new offers.')).toBeVisible();
    await buyer.reload();
    await expect(buyer.getByText('This deal is pending: no new offers.')).toBeVisible();
    await expect(buyer.getByRole('heading', { level: 1 })).toContainText(street);
    await expect(buyer.getByTestId('my-offer')).toContainText('Accepted');
    await expect(buyer.getByTestId('offer-form')).toHaveCount(0);
  });
});
