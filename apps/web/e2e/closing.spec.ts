import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays } from '@dealclub/shared/closing';
import { expect, expectAccessibleAtWidths, axeViolations, test } from './fixtures';
import { idTokenOf, listDemoCashDeal, signedIn, signInWithSession } from './helpers';

/**
 * The closing room (issue 28): accepting an offer opens it for the seller and the winning buyer;
 * they tick milestones and share documents, see each other's steps live, are reminded the day
 * before a milestone is due, and the seller closes the deal through DealClub — or ends the
 * contract, and the first backup offer takes over in a room of its own.
 */

/** A small PDF: the room judges a document by its first bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Today where buyer@demo.test and seller@demo.test live: their preferences are in Texas, and the
 * reminders follow the member's local day (DECISIONS.md, The closing room).
 */
const texasToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

/** A day as the room shows it in English ("Mar 5, 2026"). */
const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const auth = async (request: APIRequestContext, email: string) => ({
  authorization: `Bearer ${await idTokenOf(request, email)}`,
});

/** A cash offer of `email` on the deal, through the API (what the offers spec walks in the UI). */
async function offer(
  request: APIRequestContext,
  dealId: string,
  email: string,
  purchasePrice: number,
  estimatedCloseDate = addDays(texasToday(), 30),
): Promise<string> {
  const res = await request.post(`/api/deals/${dealId}/offers`, {
    headers: await auth(request, email),
    data: { type: 'cash', purchasePrice, estimatedCloseDate },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The seller accepts an offer through the API (for the tests whose subject is the room). */
async function accept(request: APIRequestContext, offerId: string) {
  const res = await request.post(`/api/offers/${offerId}/accept`, {
    headers: await auth(request, 'seller@demo.test'),
  });
  expect(res.status()).toBe(200);
}

/** A milestone ticked through the API by `email`, one of its parties. */
async function tick(request: APIRequestContext, dealId: string, email: string, key: string) {
  const res = await request.put(`/api/deals/${dealId}/closing/milestones/${key}`, {
    headers: await auth(request, email),
    data: { done: true },
  });
  expect(res.status()).toBe(200);
}

/** The seller accepts the offer of `buyer` on the offers page, in the dialog. */
async function acceptInUi(seller: Page, dealId: string, buyer: string) {
  await seller.goto(`/deals/${dealId}/offers`);
  await seller.getByRole('button', { name: `Accept offer from ${buyer}` }).click();
  const dialog = seller.getByRole('alertdialog', { name: 'Accept this offer?' });
  await dialog.getByRole('button', { name: 'Accept offer' }).click();
  await expect(dialog).toBeHidden();
}

/** A milestone of the room, by its title. */
const milestone = (page: Page, title: string) =>
  page.getByTestId('milestone').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

/** Ticks a milestone in the room's dialog, with a note. */
async function tickInUi(page: Page, title: string, note: string) {
  await page.getByRole('button', { name: `Mark done: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this milestone done?' });
  await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toBeHidden();
  await expect(milestone(page, title).getByTestId('milestone-state')).toHaveText('Done');
}

test.describe('the closing room', () => {
  test('the seller accepts; the buyer ticks and uploads, seen live; the reminder is mailed; the seller closes the deal through DealClub', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const street = `${Date.now() % 100000} Closing Court`;
    const place = `${street}, Austin, TX 78745`;
    const dealId = await listDemoCashDeal(request, street);
    // 'Closing scheduled' (buyer and seller) is due 5 days before the close date: tomorrow.
    const tomorrow = addDays(texasToday(), 1);
    await offer(request, dealId, 'buyer@demo.test', 301000, addDays(texasToday(), 6));
    const sellerHeaders = await auth(request, 'seller@demo.test');
    const dashboardBefore = await request.get('/api/dashboard?mode=selling', { headers: sellerHeaders });
    const closedBefore = (await dashboardBefore.json()).selling.closedThroughDealClub.count as number;

    // The seller accepts on the offers page and follows the offer's link into the room.
    const seller = await signedIn(browser, 'seller@demo.test');
    await acceptInUi(seller, dealId, 'Bianca Buyer');
    await seller.getByRole('link', { name: 'Open the closing room of the offer from Bianca Buyer' }).click();
    await expect(seller).toHaveURL(`/deals/${dealId}/closing`);
    await expect(seller.getByRole('heading', { level: 1, name: 'Closing room' })).toBeVisible();
    await expect(seller.getByTestId('room-status')).toHaveText('Open');
    await expect(seller.getByTestId('closing-legal')).toHaveText(
      'DealClub does not hold funds; escrow is held by your title company or attorney.',
    );
    await expect(seller.getByTestId('milestone-progress')).toHaveText('0 of 7 done');
    await expect(
      milestone(seller, 'Closing scheduled').getByText(`Due ${formatDay(tomorrow)}`, { exact: true }),
    ).toBeVisible();

    // The buyer finds the room on the dashboard, under contract.
    const buyer = await signedIn(browser, 'buyer@demo.test');
    await buyer.goto('/dashboard');
    const underContract = buyer.getByTestId('dashboard-under-contract').getByRole('link', { name: place });
    await expect(underContract).toBeVisible();
    expect(await axeViolations(buyer)).toEqual([]);
    await underContract.click();
    await expect(buyer).toHaveURL(`/deals/${dealId}/closing`);
    await expect(buyer.getByTestId('room-status')).toHaveText('Open');
    // The buyer's side: no backups, and no tick for the seller's milestones.
    await expect(buyer.getByTestId('backups')).toHaveCount(0);
    await expect(buyer.getByRole('button', { name: 'Mark done: Escrow or title opened' })).toHaveCount(0);

    // The buyer ticks 'Proof of funds'; the seller's open room shows it without a reload.
    await tickInUi(buyer, 'Proof of funds', 'Bank letter attached.');
    const sellerFunds = milestone(seller, 'Proof of funds');
    await expect(sellerFunds.getByTestId('milestone-state')).toHaveText('Done');
    await expect(sellerFunds).toContainText('Done by Bianca Buyer');
    await expect(sellerFunds).toContainText('Bank letter attached.');
    await expect(seller.getByTestId('milestone-progress')).toHaveText('1 of 7 done');

    // The buyer uploads a PDF to it, sees it listed and downloads it; the seller sees it too.
    const funds = milestone(buyer, 'Proof of funds');
    await funds.getByLabel('Add a document to “Proof of funds”').setInputFiles({
      name: 'bank-letter.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await funds.getByRole('button', { name: 'Upload: Proof of funds' }).click();
    const download = funds.getByRole('button', { name: 'Download bank-letter.pdf' });
    await expect(download).toBeVisible();
    const [file] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('bank-letter.pdf');
    expect((await readFile((await file.path())!)).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await expect(sellerFunds.getByRole('button', { name: 'Download bank-letter.pdf' })).toBeVisible();
    await expect(seller.getByTestId('timeline')).toContainText('Added bank-letter.pdf to “Proof of funds”');

    // 'Closing scheduled' is due tomorrow: the buyer's reminder is in the mailbox.
    const adminHeaders = await auth(request, 'admin@demo.test');
    await expect
      .poll(
        async () => {
          const res = await request.get(
            '/api/admin/outbox?recipient=buyer%40demo.test&template=closing_closingReminder&limit=100',
            { headers: adminHeaders },
          );
          const items = (await res.json()).items as { subject: string; body: string }[];
          return items.find((m) => m.subject === `Due tomorrow: Closing scheduled — ${place}`)?.body ?? '';
        },
        { timeout: 15_000 },
      )
      .toContain(`/deals/${dealId}/closing`);

    // The seller ticks one of theirs in the room; the rest are ticked through the API.
    await tickInUi(seller, 'Escrow or title opened', 'Opened with Lone Star Title.');
    await tick(request, dealId, 'buyer@demo.test', 'emd-deposited');
    await tick(request, dealId, 'buyer@demo.test', 'due-diligence');
    await tick(request, dealId, 'seller@demo.test', 'title-commitment');
    await tick(request, dealId, 'buyer@demo.test', 'closing-scheduled');
    await tick(request, dealId, 'seller@demo.test', 'closed-funded');
    await expect(seller.getByTestId('milestone-progress')).toHaveText('7 of 7 done');
    await expect(seller.getByTestId('contract')).toContainText(
      'Every milestone is done: the deal can be marked closed.',
    );

    // The seller marks it closed: the room is a closed record with its days to close.
    await seller.getByRole('button', { name: 'Mark closed' }).click();
    const complete = seller.getByRole('dialog', { name: 'Mark this deal closed?' });
    await complete.getByRole('button', { name: 'Mark closed' }).click();
    await expect(complete).toBeHidden();
    await expect(seller.getByTestId('room-status')).toHaveText('Closed');
    await expect(seller.getByTestId('room-banner')).toContainText(
      /^Closed through DealClub on .+, \d+ days? after the offer was accepted\./,
    );
    await expect(seller.getByTestId('contract')).toHaveCount(0);
    await expect(seller.getByRole('button', { name: /^Mark done/ })).toHaveCount(0);
    expect(await axeViolations(seller)).toEqual([]);
    // The buyer's room shows it closed too, live.
    await expect(buyer.getByTestId('room-status')).toHaveText('Closed');

    // The deal is sold; the seller's dashboard counts it as closed through DealClub.
    await seller.getByRole('link', { name: 'Back to the deal' }).click();
    await expect(seller).toHaveURL(`/deals/${dealId}`);
    await expect(seller.getByRole('heading', { level: 1 })).toContainText(street);
    await expect(seller.getByText('Sold', { exact: true }).first()).toBeVisible();
    await expect(seller.getByText('This deal is no longer available.')).toBeVisible();
    await seller.goto('/dashboard');
    const closed = closedBefore + 1;
    await expect(seller.getByTestId('closed-through-dealclub')).toContainText(
      `${closed} ${closed === 1 ? 'deal' : 'deals'} closed through DealClub`,
    );
    await expect(seller.getByTestId('closed-through-dealclub')).toContainText('Median time to close');
  });

  test('the seller ranks a backup and ends the contract: the backup is promoted to a room of its own', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const street = `${Date.now() % 100000} Backup Bend`;
    const dealId = await listDemoCashDeal(request, street);
    await offer(request, dealId, 'buyer@demo.test', 302000);
    await offer(request, dealId, 'hybrid@demo.test', 298000);
    await offer(request, dealId, 'owner@demo.test', 290000);

    // The seller accepts Bianca's offer and ranks Hugo's first, Olivia's second.
    const seller = await signedIn(browser, 'seller@demo.test');
    await acceptInUi(seller, dealId, 'Bianca Buyer');
    await seller.getByRole('link', { name: 'Open the closing room', exact: true }).click();
    await expect(seller).toHaveURL(`/deals/${dealId}/closing`);
    const backups = seller.getByTestId('backups');
    for (const [rank, name] of [
      [1, 'Hugo Hybrid'],
      [2, 'Olivia Owner'],
    ] as const) {
      const select = backups.getByLabel(`Backup ${rank}`);
      const value = await select.locator('option', { hasText: name }).getAttribute('value');
      await select.selectOption(value!);
    }
    await backups.getByRole('button', { name: 'Save backups' }).click();
    await expect(seller.getByTestId('toast').filter({ hasText: 'Backup offers saved.' })).toBeVisible();
    await expect(seller.getByTestId('timeline')).toContainText('Ranked 2 backup offers');

    // The buyer's room, open meanwhile, says nothing of the backups.
    const formerBuyer = await signedIn(browser, 'buyer@demo.test');
    await formerBuyer.goto(`/deals/${dealId}`);
    await formerBuyer.getByTestId('closing-room-link').click();
    await expect(formerBuyer.getByTestId('room-status')).toHaveText('Open');
    await expect(formerBuyer.getByTestId('backups')).toHaveCount(0);
    await expect(formerBuyer.getByTestId('timeline')).not.toContainText('backup');

    // The seller ends the contract; a reason is required.
    await seller.getByRole('button', { name: 'End the contract' }).click();
    const end = seller.getByRole('dialog', { name: 'End this contract?' });
    await end.getByRole('button', { name: 'End the contract' }).click();
    await expect(end.getByText('Please give a reason.')).toBeVisible();
    await expect(end.getByLabel('Reason')).toBeFocused();
    const reason = 'The buyer could not show the funds.';
    await end.getByLabel('Reason').fill(reason);
    await end.getByRole('button', { name: 'End the contract' }).click();
    await expect(end).toBeHidden();
    await expect(
      seller.getByTestId('toast').filter({ hasText: 'The first backup offer is now accepted' }),
    ).toBeVisible();
    // The seller is now in Hugo's room, open, with Olivia as its first backup.
    await expect(seller.getByTestId('room-status')).toHaveText('Open');
    await expect(seller.getByRole('region', { name: 'The deal' })).toContainText('Hugo Hybrid');
    // The new room's record is the platform's: not who ended the last contract, nor why.
    await expect(seller.getByTestId('timeline')).toContainText(
      'Accepted this offer, the first backup, after the previous contract ended',
    );
    await expect(seller.getByTestId('timeline')).not.toContainText(reason);
    await expect(backups.getByLabel('Backup 1').locator('option:checked')).toContainText('Olivia Owner');

    // The former buyer's room is a record of the contract that fell through, with the reason.
    await expect(formerBuyer.getByTestId('room-status')).toHaveText('Fell through');
    await expect(formerBuyer.getByTestId('room-banner')).toContainText(reason);
    await expect(formerBuyer.getByTestId('room-banner')).toContainText(
      'This room is now a read-only record.',
    );
    await expect(formerBuyer.getByRole('button', { name: /^Mark done/ })).toHaveCount(0);
    expect(await axeViolations(formerBuyer)).toEqual([]);

    // The backup buyer's offer is accepted and their room is open.
    const backupBuyer = await signedIn(browser, 'hybrid@demo.test');
    await backupBuyer.goto(`/deals/${dealId}`);
    await expect(backupBuyer.getByTestId('my-offer')).toContainText('Accepted');
    await backupBuyer.getByTestId('closing-room-link').click();
    await expect(backupBuyer).toHaveURL(`/deals/${dealId}/closing`);
    await expect(backupBuyer.getByTestId('room-status')).toHaveText('Open');
    await expect(backupBuyer.getByRole('region', { name: 'The deal' })).toContainText('Hugo Hybrid (you)');
    await expect(backupBuyer.getByTestId('milestone-progress')).toHaveText('0 of 7 done');
    await expect(backupBuyer.getByRole('button', { name: 'Mark done: Proof of funds' })).toBeVisible();

    // The seller's offers page: Bianca's offer fell through, Hugo's is accepted.
    await seller.goto(`/deals/${dealId}/offers`);
    const rows = seller.getByTestId('offer-row');
    await expect(rows.filter({ hasText: 'Bianca Buyer' })).toContainText('Fell through');
    await expect(rows.filter({ hasText: 'Hugo Hybrid' })).toContainText('Accepted');
    await expect(
      seller.getByRole('link', { name: 'Open the closing room of the offer from Hugo Hybrid' }),
    ).toBeVisible();
  });

  for (const [language, texts] of [
    [
      'en',
      {
        title: 'Closing room',
        backup: 'Backup 1',
        end: 'End the contract',
        endTitle: 'End this contract?',
        upload: 'Add a document to “Proof of funds”',
      },
    ],
    [
      'es',
      {
        title: 'Sala de cierre',
        backup: 'Respaldo 1',
        end: 'Terminar el contrato',
        endTitle: '¿Terminar este contrato?',
        upload: 'Añadir un documento a «Prueba de fondos»',
      },
    ],
  ] as const) {
    test(`the room has no axe violations and no sideways scroll, in ${language}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const dealId = await listDemoCashDeal(request, `${Date.now() % 100000} Axe ${language} Alley`);
      const accepted = await offer(request, dealId, 'buyer@demo.test', 303000);
      await offer(request, dealId, 'hybrid@demo.test', 297000);
      await accept(request, accepted);
      // A room with something in it: a milestone done with a note and a document, a backup ranked.
      const buyerHeaders = await auth(request, 'buyer@demo.test');
      await request.put(`/api/deals/${dealId}/closing/milestones/proof-of-funds`, {
        headers: buyerHeaders,
        data: { done: true, note: 'Bank letter attached.' },
      });
      const uploaded = await request.post(
        `/api/deals/${dealId}/closing/milestones/proof-of-funds/documents`,
        {
          headers: buyerHeaders,
          multipart: { file: { name: 'bank-letter.pdf', mimeType: 'application/pdf', buffer: PDF } },
        },
      );
      expect(uploaded.status()).toBe(201);

      const noSidewaysScroll = async (width: number) => {
        if (width > 375) return;
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBeLessThanOrEqual(0);
      };
      const h1 = page.getByRole('heading', { level: 1 });

      // The seller's room, with the backups panel and the contract's actions.
      await signInWithSession(page, 'seller@demo.test', { language });
      await page.goto(`/deals/${dealId}/closing`);
      await expectAccessibleAtWidths(page, async (width) => {
        await expect(h1).toHaveText(texts.title);
        await expect(page.getByTestId('backups').getByLabel(texts.backup)).toBeVisible();
        await expect(page.getByLabel(texts.upload)).toBeVisible();
        await noSidewaysScroll(width);
      });
      await page.getByRole('button', { name: texts.end }).click();
      const dialog = page.getByRole('dialog', { name: texts.endTitle });
      await expectAccessibleAtWidths(page, async (width) => {
        await expect(dialog).toBeVisible();
        await noSidewaysScroll(width);
      });
      // Escape closes the newest layer first: a toast that arrived while the dialog was open (another
      // test's offer tells the demo seller of a new conversation) takes the first press.
      await expect(async () => {
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(page.getByRole('button', { name: texts.end })).toBeFocused();

      // The buyer's room.
      await signInWithSession(page, 'buyer@demo.test', { language });
      await page.goto(`/deals/${dealId}/closing`);
      await expectAccessibleAtWidths(page, async (width) => {
        await expect(h1).toHaveText(texts.title);
        await expect(page.getByLabel(texts.upload)).toBeVisible();
        await expect(page.getByTestId('backups')).toHaveCount(0);
        await noSidewaysScroll(width);
      });
    });
  }
});
