import { expect, axeViolations, test } from './fixtures';
import { listDemoCashDeal, riskySubToTerms, signedIn } from './helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
test('a buyer reads the risks and the math, acknowledges each risk and offers; the seller compares it on one axis', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const street = `${Date.now() % 100000} Disclosure Way`;
  const dealId = await listDemoCashDeal(
    request,
    street,
    riskySubToTerms('A subject-to deal for the trust test.'),
  );

  const buyer = await signedIn(browser, 'buyer@demo.test');
  await buyer.goto(`/deals/${dealId}`);
  const risks = buyer.getByRole('region', { name: 'Risks of these terms' });
  await expect(risks.getByRole('heading', { level: 3 })).toHaveText([
    'Due-on-sale clause',
    'The existing loan matures soon',
    'Homeowners association approval',
  ]);
  await expect(risks).toContainText('$85 a month');
  const math = buyer.getByRole('region', { name: 'Deal math' });
  await math.getByText('How is cash to close computed?').click();
  await expect(math.getByTestId('formula-cashToClose')).toHaveText(
    'Cash to close = entry fee $12,000 + EMD $3,000',
  );
  const loans = buyer.getByRole('region', { name: 'Loans to maturity' });
  await expect(loans.getByTestId('loan-existing')).toContainText('Amount due at maturity');
  expect(await axeViolations(buyer)).toEqual([]);

  // The creative offer waits for every acknowledgement; the keyboard ticks them.
  const form = buyer.getByTestId('offer-form');
  await form.getByRole('radio', { name: 'Creative' }).check();
  await form.getByLabel('Entry fee (USD)').fill('12000');
  await form.getByLabel('Estimated close date').fill(inDays(30));
  const submit = form.getByRole('button', { name: 'Submit offer' });
  const boxes = form.getByRole('group', { name: 'Risks of these terms' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await expect(submit).toBeDisabled();
  for (let i = 0; i < 3; i++) {
    await boxes.nth(i).focus();
    await buyer.keyboard.press('Space');
  }
  await expect(submit).toBeEnabled();
  expect(await axeViolations(buyer)).toEqual([]);
  // Sent by keyboard: the form gives way to the offer, which takes the focus (not the page's body).
  await submit.focus();
  await buyer.keyboard.press('Enter');
  await expect(buyer.getByTestId('my-offer')).toContainText('$12,000');
  await expect(buyer.getByTestId('my-offer')).toBeFocused();

  // In Spanish (this browser's choice only: switching through the menu would save it to the shared
  // demo buyer's profile), the risks read in Spanish and still pass axe.
  await buyer.evaluate(() => localStorage.setItem('language', 'es'));
  await buyer.goto(`/deals/${dealId}`);
  const riesgos = buyer.getByRole('region', { name: 'Riesgos de estos términos' });
  await expect(riesgos.getByRole('heading', { level: 3 }).first()).toHaveText(
    'Cláusula de vencimiento por venta',
  );
  expect(await axeViolations(buyer)).toEqual([]);

  // The seller sees the effective price (entry fee plus the loan taken over) and the acknowledgements.
  const seller = await signedIn(browser, 'seller@demo.test');
  await seller.goto(`/deals/${dealId}/offers`);
  const row = seller.getByTestId('offer-row').filter({ hasText: '$12,000' });
  await expect(row.getByTestId('effective-price')).toHaveText('$317,000');
  await expect(row.getByTestId('acknowledged-risks')).toContainText('Due-on-sale clause');
  await expect(row.getByTestId('acknowledged-risks')).toContainText('Homeowners association approval');
  expect(await axeViolations(seller)).toEqual([]);
});
