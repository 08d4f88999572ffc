import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session/session-context';
import { createQueryClient } from '@/lib/query-client';
import { signedIn } from '@/test/session';
import type { ReceivedOffer } from '../api/deal-offers';
import type { DealDetail } from '@/lib/deals';
import DealOffersPage from '../routes/deal-offers';
import { createInterest, createReceivedOffer } from '../test-factories';
import { createDeal, DEAL_ID } from '@/test/deals';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';

const toast = toastsAsked();

const cashOffer = createReceivedOffer(
  { id: 'o1', type: 'cash', purchasePrice: 390_000, estimatedCloseDate: '2026-03-01' },
  { firstName: 'Rosa', lastName: 'Díaz', certifiedBuyer: true },
);
const creativeOffer = createReceivedOffer(
  {
    id: 'o2',
    type: 'creative',
    purchasePrice: null,
    entryFee: 12_000,
    estimatedCloseDate: '2026-02-20',
    message: 'Flexible on the date',
  },
  { id: 'b3', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.test' },
);

interface State {
  deal: DealDetail;
  offers: ReceivedOffer[];
}

type Handler = (url: URL, init?: RequestInit) => Response | undefined;

/** The API of the page over a little state, so that an accept shows in the reads after it. */
function mockApi(state: State, override: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = override(url, init);
    if (answer) return answer;
    const path = url.pathname;
    if (path === `/api/deals/${DEAL_ID}`) return json(200, state.deal);
    if (path === `/api/deals/${DEAL_ID}/offers`) {
      return json(200, {
        items: state.offers,
        nextCursor: null,
        total: state.offers.length,
        deal: {
          id: DEAL_ID,
          status: state.deal.status,
          category: state.deal.category,
          purchasePrice: state.deal.purchasePrice,
          entryFee: state.deal.entryFee,
          acceptedOfferId: state.offers.find((o) => o.status === 'accepted')?.id ?? null,
        },
      });
    }
    if (path === `/api/deals/${DEAL_ID}/interests`) {
      return json(200, { items: [createInterest()], nextCursor: null, total: 1 });
    }
    const accept = /^\/api\/offers\/(\w+)\/accept$/.exec(path);
    if (accept && init?.method === 'POST') {
      state.deal = { ...state.deal, status: 'pending' };
      state.offers = state.offers.map((o) =>
        o.id === accept[1] ? { ...o, status: 'accepted' } : { ...o, status: 'declined' },
      );
      const offer = state.offers.find((o) => o.id === accept[1]);
      return json(200, { offer, deal: { id: DEAL_ID, status: 'pending' } });
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const client = createQueryClient();
  // Failed reads are retried by the app; the tests do not wait for the back-off.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  const router = createMemoryRouter([{ path: '/deals/:id/offers', element: <DealOffersPage /> }], {
    initialEntries: [`/deals/${DEAL_ID}/offers`],
  });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider value={signedIn(['originator'])}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const ownDeal = () => createDeal({ isOwn: true, engagement: { offers: 2, interests: 1 } });
const offerCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname === `/api/deals/${DEAL_ID}/offers`);

/**
 * jsdom has neither object URLs nor downloads: the file a download would save is recorded
 * instead, its name and URL as they were when the link was clicked.
 */
function catchDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:offers');
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
  const saved: { download: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
  return { createObjectURL, saved };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.mockReset();
});

describe('/deals/:id/offers', () => {
  it('compares every offer normalised and sorts on the server by the column clicked', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ deal: ownDeal(), offers: [cashOffer, creativeOffer] });
    renderPage();

    const rosa = await screen.findByRole('row', { name: /Rosa Díaz/ });
    expect(within(rosa).getByText('Certified Buyer')).toBeTruthy();
    // A cash offer's effective price is its price, all of it paid at closing.
    expect(within(rosa).getAllByText('$390,000')).toHaveLength(2);
    expect(within(rosa).getByTestId('acknowledged-risks').textContent).toBe('None');
    expect(within(rosa).getByText('97.5% of price')).toBeTruthy();
    expect(within(rosa).getByText('Open')).toBeTruthy();
    // No message: said in words, which a screen reader reads, rather than a dash.
    expect(within(rosa).getByText('Not provided')).toBeTruthy();
    const ana = screen.getByRole('row', { name: /Ana Ruiz/ });
    expect(within(ana).getByTestId('effective-price').textContent).toBe('$12,000');
    expect(within(ana).getByText('80% of entry fee')).toBeTruthy();
    expect(within(ana).getByText('15 days')).toBeTruthy();
    expect(within(ana).getByText('Flexible on the date')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Offers and interested buyers', level: 1 })).toBeTruthy();

    const submitted = screen.getByRole('columnheader', { name: /Submitted/ });
    const cash = screen.getByRole('columnheader', { name: /Cash to seller/ });
    expect(submitted.getAttribute('aria-sort')).toBe('descending');
    expect(cash.getAttribute('aria-sort')).toBe('none');
    expect(offerCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBe('newest');

    await user.click(within(cash).getByRole('button', { name: /Cash to seller/ }));
    await waitFor(() => expect(offerCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBe('cash-desc'));
    expect(cash.getAttribute('aria-sort')).toBe('descending');
    expect(submitted.getAttribute('aria-sort')).toBe('none');

    const close = screen.getByRole('columnheader', { name: /Close date/ });
    await user.click(within(close).getByRole('button'));
    await waitFor(() => expect(offerCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBe('close-asc'));
    expect(close.getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('checkbox', { name: 'Show replaced and released offers' }));
    await waitFor(() => expect(offerCalls(fetchMock).at(-1)?.searchParams.get('status')).toBe('all'));
  });

  it('accepts an offer after the confirmation, and the deal shows pending', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ deal: ownDeal(), offers: [cashOffer, creativeOffer] });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Accept offer from Rosa Díaz' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this offer?' });
    expect(
      within(dialog).getByText(
        'The deal will turn pending and no other offer can be accepted. The buyer and you will be notified.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept offer' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Offer accepted. The deal is now pending.' }),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/offers/o1/accept');
    expect(await screen.findByText('This deal is pending: no other offer can be accepted.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accept offer from/ })).toBeNull();
    expect(within(screen.getByRole('row', { name: /Rosa Díaz/ })).getByText('Accepted')).toBeTruthy();
    // The accepted offer leads into the closing room that opened with it.
    expect(
      within(screen.getByRole('row', { name: /Rosa Díaz/ }))
        .getByRole('link', { name: 'Open the closing room of the offer from Rosa Díaz' })
        .getAttribute('href'),
    ).toBe(`/deals/${DEAL_ID}/closing`);
    expect(within(screen.getByRole('row', { name: /Ana Ruiz/ })).queryByRole('link')).toBeNull();
  });

  it('reports a refused accept with its coded message and any other failure with the spec copy', async () => {
    const user = userEvent.setup();
    // The server's own sentence differs from the locale's: the toast must come from the code.
    let refusal = json(409, { code: 'OFFER_ALREADY_ACCEPTED', message: 'Offer o9 was accepted first' });
    mockApi({ deal: ownDeal(), offers: [cashOffer] }, (url, init) =>
      init?.method === 'POST' ? refusal : undefined,
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Accept offer from Rosa Díaz' }));
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'An offer on this deal has already been accepted.',
        variant: 'destructive',
      }),
    );

    refusal = json(500, { code: 'INTERNAL', message: 'Unknown error occurred' });
    await user.click(await screen.findByRole('button', { name: 'Accept offer from Rosa Díaz' }));
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'There was an error accepting the offer. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it('lists the interested buyers with mail and phone links and the time of their latest message', async () => {
    const updatedAt = '2026-02-04T15:30:00.000Z';
    mockApi({ deal: ownDeal(), offers: [] }, (url) =>
      url.pathname.endsWith('/interests')
        ? json(200, { items: [createInterest({ updatedAt })], nextCursor: null, total: 1 })
        : undefined,
    );
    renderPage();
    const row = await screen.findByRole('row', { name: /Lee Park/ });
    expect(row.querySelector('time')?.getAttribute('dateTime')).toBe(updatedAt);
    expect(within(row).getByRole('link', { name: 'lee@example.test' }).getAttribute('href')).toBe(
      'mailto:lee@example.test',
    );
    expect(within(row).getByRole('link', { name: '(512) 555-0100' }).getAttribute('href')).toBe(
      'tel:+15125550100',
    );
    expect(within(row).getByText('Is the roof new?')).toBeTruthy();
    expect(screen.getByText('No offers yet.')).toBeTruthy();
  });

  it('downloads the offers CSV through the API and toasts a failed download', async () => {
    const user = userEvent.setup();
    let csv = new Response('\uFEFFBuyer\r\nRosa\r\n', {
      status: 200,
      headers: {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="offers-12-oak.csv"',
      },
    });
    const fetchMock = mockApi({ deal: ownDeal(), offers: [cashOffer] }, (url) =>
      url.pathname.endsWith('/offers.csv') ? csv : undefined,
    );
    const { createObjectURL, saved } = catchDownloads();
    renderPage();

    const button = await screen.findByRole('button', { name: 'Download CSV of offers' });
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    // Checked here, not in the click: a failed expect there would be caught as a failed download.
    expect(saved[0]).toEqual({ download: 'offers-12-oak.csv', href: 'blob:offers' });
    expect(toast).not.toHaveBeenCalled();
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toContain('Rosa');
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/offers.csv'))!;
    expect((init?.headers as Record<string, string>).accept).toBe('text/csv');

    csv = json(500, { code: 'INTERNAL', message: 'Unknown error occurred' });
    await user.click(button);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Failed to download offers CSV', variant: 'destructive' }),
    );
    expect(saved).toHaveLength(1);
  });

  it('toasts a failed download of the interested buyers CSV, and saves no file', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ deal: ownDeal(), offers: [] }, (url) =>
      url.pathname.endsWith('/interests.csv')
        ? json(500, { code: 'INTERNAL', message: 'Unknown error occurred' })
        : undefined,
    );
    const { saved } = catchDownloads();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Download CSV of interested buyers' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Failed to download CSV', variant: 'destructive' }),
    );
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/interests.csv'))).toBe(true);
    expect(saved).toHaveLength(0);
  });

  it('exports the offers the table shows: the replaced and released ones too when they are shown', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ deal: ownDeal(), offers: [cashOffer] }, (url) =>
      url.pathname.endsWith('/offers.csv') ? new Response('Buyer\r\n', { status: 200 }) : undefined,
    );
    catchDownloads();
    const csvCalls = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(input, 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/offers.csv'));
    renderPage();

    const button = await screen.findByRole('button', { name: 'Download CSV of offers' });
    await user.click(button);
    await waitFor(() => expect(csvCalls()).toHaveLength(1));
    expect(csvCalls()[0]!.searchParams.has('status')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Show replaced and released offers' }));
    await user.click(button);
    await waitFor(() => expect(csvCalls()).toHaveLength(2));
    expect(csvCalls()[1]!.searchParams.get('status')).toBe('all');
  });

  it('says when the offers or the interested buyers cannot be loaded', async () => {
    mockApi({ deal: ownDeal(), offers: [] }, (url) =>
      url.pathname.endsWith('/offers') || url.pathname.endsWith('/interests')
        ? json(500, { code: 'INTERNAL', message: 'Unknown error occurred' })
        : undefined,
    );
    renderPage();
    expect(await screen.findByText('Failed to load submitted offers')).toBeTruthy();
    expect(await screen.findByText('Failed to load interested users')).toBeTruthy();
  });

  it('has no offers page for a deleted deal, and does not ask for its offers', async () => {
    const deleted = createDeal({ isOwn: true, status: 'deleted', engagement: { offers: 1, interests: 0 } });
    const fetchMock = mockApi({ deal: deleted, offers: [cashOffer] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Listing not found', level: 1 })).toBeTruthy();
    expect(offerCalls(fetchMock)).toHaveLength(0);
  });

  it("gives anyone but the deal's originator and admins the detail's not-found page", async () => {
    mockApi({ deal: createDeal({ engagement: null }), offers: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Listing not found', level: 1 })).toBeTruthy();
  });
});
