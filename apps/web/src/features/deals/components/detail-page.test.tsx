import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '@/lib/session/session-context';
import { createQueryClient } from '@/lib/query-client';
import { signedIn } from '@/test/session';
import { dealKeys, type DealDetail } from '@/lib/deals';
import DealDetailPage from '../routes/deal-detail';
import { createDeal, createOffer, DEAL_ID } from '@/test/deals';
import { json } from '@/test/json';

/** A pending Hybrid condo of the signed-in seller, with both loans, photos and the deal math. */
const detail = (over: Partial<DealDetail> = {}): DealDetail =>
  createDeal({
    status: 'pending',
    unit: 'B',
    purchaseType: 'Hybrid',
    propertyType: 'condo',
    bedrooms: 2,
    bathrooms: 1.5,
    squareFootage: 980,
    tags: ['wholesale'],
    systemTags: ['super-low-interest-rate'],
    isFavorite: true,
    isOwn: true,
    loanType: 'FHA',
    loanBalance: 250_000,
    loanMaturityDate: '2050-06-01',
    piti: 1800,
    sellerLoanAmount: 50_000,
    sellerInterestRate: 6,
    piMonthlyPayment: 400,
    sellerLoanMaturity: '2031-01-01',
    deedTransferType: 'DeedTransfer',
    description: 'A bright condo near the lake.',
    photos: [
      {
        id: 'p1',
        url: '/a.jpg',
        thumbUrl: '/a-t.jpg',
        fullUrl: '/a-f.jpg',
        srcSet: '/a.jpg 800w',
        width: 800,
        height: 600,
      },
      {
        id: 'p2',
        url: '/b.jpg',
        thumbUrl: '/b-t.jpg',
        fullUrl: '/b-f.jpg',
        srcSet: '/b.jpg 800w',
        width: 800,
        height: 600,
      },
    ],
    math: { cashToClose: 20_000, estimatedEquity: 100_000, totalMonthlyPayment: 2200, monthsToMaturity: 60 },
    originator: {
      firstName: 'Sam',
      companyName: 'Acme Homes',
      logoUrl: null,
      callBookingUrl: 'https://cal.example.test/sam',
    },
    ...over,
  });

function mockApi(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
}

function renderPage(session: Session, client = createQueryClient()) {
  const router = createMemoryRouter([{ path: '/deals/:id', element: <DealDetailPage /> }], {
    initialEntries: [`/deals/${DEAL_ID}`],
  });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider value={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the /deals/:id detail', () => {
  it('shows every group of terms, the notice, the math, the originator and the edit link', async () => {
    mockApi(() => Response.json(detail()));
    renderPage(signedIn(['originator', 'buyer']));
    expect(await screen.findByRole('heading', { name: '12 Oak Street, B', level: 1 })).toBeTruthy();
    expect(screen.getByText('This deal is pending: no new offers.')).toBeTruthy();
    for (const title of [
      'Price and terms',
      'Subject-to loan',
      'Seller financing',
      'The property',
      'Parking, solar, HOA and restrictions',
      'Description',
      'Deal math',
      'Tags',
      'Listed by',
    ]) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Lease option' })).toBeNull();
    const math = screen.getByRole('region', { name: 'Deal math' });
    expect(within(math).getByText('$20,000')).toBeTruthy();
    expect(within(math).getByText('60 months')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/deals/${DEAL_ID}/edit`);
    expect(screen.getByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Book a call with Sam/ }).getAttribute('href')).toBe(
      'https://cal.example.test/sam',
    );
  });

  // The wait for the lazily loaded formulas below may take up to 15 s, which with the waits before
  // it could pass the project's 20 s a test: this one has 40 s.
  it("shows the deal's risks, each figure's formula and the loans to maturity with the balloon", async () => {
    const user = userEvent.setup();
    const deal = detail({ status: 'active', emd: 5_000, entryFee: 15_000, interestRate: 3 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/disclosures')
          ? Response.json({
              items: [
                {
                  key: 'dueOnSale',
                  title: 'Due-on-sale clause',
                  body: "The seller's mortgage stays in the seller's name.",
                  help: '/training?lesson=subject-to-and-due-on-sale',
                },
              ],
            })
          : Response.json(deal),
      ),
    );
    renderPage(signedIn(['buyer']));
    const risks = await screen.findByRole('region', { name: 'Risks of these terms' });
    expect(within(risks).getByRole('heading', { name: 'Due-on-sale clause', level: 3 })).toBeTruthy();
    expect(
      within(risks)
        .getByRole('link', { name: 'Learn more about this risk: Due-on-sale clause' })
        .getAttribute('href'),
    ).toBe('/training?lesson=subject-to-and-due-on-sale');

    // The formulas are the math section's lazily loaded part. It takes the place of the section's
    // fallback (the same figures without formulas, in a section of its own) once its code is there,
    // and shows the formulas once the trust texts are too: the section is looked up again until then.
    // Holding the first one found failed in three CI runs and four of twenty loaded local runs, when
    // the risks above showed before the part had replaced the fallback: the formulas came in the
    // part's section while the test read on in the fallback's, gone from the page.
    await user.click(
      await waitFor(
        () =>
          within(screen.getByRole('region', { name: 'Deal math' })).getByText(
            'How is cash to close computed?',
          ),
        { timeout: 15_000 },
      ),
    );
    const math = screen.getByRole('region', { name: 'Deal math' });
    expect(within(math).getByTestId('formula-cashToClose').textContent).toBe(
      'Cash to close = entry fee $15,000 + EMD $5,000',
    );
    await user.click(within(math).getByText('How is estimated equity computed?'));
    expect(within(math).getByTestId('formula-estimatedEquity').textContent).toBe(
      'Estimated equity = purchase price $400,000 − loan balance $250,000 − seller loan $50,000',
    );

    const loans = screen.getByRole('region', { name: 'Loans to maturity' });
    const seller = within(loans).getByTestId('loan-seller');
    // $50,000 at 6 % paying $400 a month, maturing 2031-01-01: most of it is still owed then.
    expect(within(seller).getByText(/^Amount due at maturity \(Jan 1, 2031\): \$4\d,\d{3}$/)).toBeTruthy();
    await user.click(within(seller).getByText('Show the schedule'));
    const table = within(seller).getByRole('table', { name: 'Year-by-year amortisation: Seller financing' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(2);
    const existing = within(loans).getByTestId('loan-existing');
    expect(within(existing).getByText('Paid off by maturity: no balloon.')).toBeTruthy();
  }, 40_000);

  it('moves through the photos with the thumbnails and the arrow keys', async () => {
    mockApi(() => Response.json(detail({ status: 'active' })));
    renderPage(signedIn(['buyer']));
    const first = await screen.findByRole('button', { name: 'Photo 1 of 2' });
    expect(first.getAttribute('aria-current')).toBe('true');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    const second = screen.getByRole('button', { name: 'Photo 2 of 2' });
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('img', { name: 'Photo 2 of 2' }).getAttribute('src')).toBe('/b.jpg');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('hides the address when the deal does and says when it is sold', async () => {
    mockApi(() =>
      Response.json(
        detail({ status: 'sold', streetAddress: undefined, addressHidden: true, isOwn: false, photos: [] }),
      ),
    );
    renderPage(signedIn(['buyer']));
    expect(await screen.findByRole('heading', { name: 'Address undisclosed', level: 1 })).toBeTruthy();
    expect(screen.getByText('Austin, TX 78701')).toBeTruthy();
    expect(screen.getByText('This deal is no longer available.')).toBeTruthy();
  });

  it('leads the members of a deal’s closing room into it, as the API names them, and no one else', async () => {
    const roomLink = () => screen.queryByRole('link', { name: /Open the closing room/ });
    mockApi(() =>
      Response.json(detail({ engagement: { offers: 2, interests: 1 }, closing: { status: 'open' } })),
    );
    renderPage(signedIn(['originator']));
    expect(await screen.findByRole('heading', { name: '12 Oak Street, B', level: 1 })).toBeTruthy();
    expect(roomLink()?.getAttribute('href')).toBe(`/deals/${DEAL_ID}/closing`);
    cleanup();

    mockApi(() =>
      Response.json(
        detail({ isOwn: false, myOffer: createOffer({ status: 'accepted' }), closing: { status: 'open' } }),
      ),
    );
    renderPage(signedIn(['buyer']));
    expect(await screen.findByRole('heading', { name: '12 Oak Street, B', level: 1 })).toBeTruthy();
    expect(roomLink()).toBeTruthy();
    cleanup();

    mockApi(() =>
      Response.json(detail({ isOwn: false, myOffer: createOffer({ status: 'declined' }), closing: null })),
    );
    renderPage(signedIn(['buyer']));
    expect(await screen.findByRole('heading', { name: '12 Oak Street, B', level: 1 })).toBeTruthy();
    expect(roomLink()).toBeNull();
  });

  it("says 'Listing not found' on a 404", async () => {
    mockApi(() =>
      Response.json({ code: 'LISTING_NOT_FOUND', message: 'Listing not found' }, { status: 404 }),
    );
    renderPage(signedIn(['buyer']));
    expect(await screen.findByRole('heading', { name: 'Listing not found', level: 1 })).toBeTruthy();
  });

  it('gives a deleted deal no way to its offers, even for an admin', async () => {
    mockApi(() =>
      Response.json(detail({ status: 'deleted', isOwn: false, engagement: { offers: 2, interests: 1 } })),
    );
    renderPage(signedIn(['admin']));
    expect(await screen.findByRole('heading', { name: '12 Oak Street, B', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Offers and interested buyers/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('starts the offer panel afresh on another deal', async () => {
    const user = userEvent.setup();
    const otherId = '22222222-2222-4222-8222-222222222222';
    const deals = [
      createDeal({ myOffer: createOffer() }),
      createDeal({ id: otherId, streetAddress: '34 Elm Street', myOffer: createOffer({ dealId: otherId }) }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        json(
          200,
          deals.find((deal) => url === `/api/deals/${deal.id}`),
        ),
      ),
    );
    const client = createQueryClient();
    // The other deal was seen before: its page shows at once, from the cache.
    client.setQueryData(dealKeys.detail(otherId), deals[1]);
    const router = renderPage(signedIn(['buyer']), client);

    await user.click(await screen.findByRole('button', { name: 'Replace my offer' }));
    expect(screen.getByRole('form', { name: 'Replace my offer' })).toBeTruthy();
    await act(() => router.navigate(`/deals/${otherId}`));
    expect(await screen.findByRole('heading', { name: '34 Elm Street', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Replace my offer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace my offer' })).toBeTruthy();
  });
});
