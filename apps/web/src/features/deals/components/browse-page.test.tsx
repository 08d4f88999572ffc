import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '@/lib/session/session-context';
import { createQueryClient } from '@/lib/query-client';
import { signedIn } from '@/test/session';
import type { Card } from '@/lib/deals';
import DealsPage from '../routes/deals';
import { createCard } from '@/test/deals';

const card = (over: Partial<Card> = {}): Card =>
  createCard({
    streetAddress: '1234 Extraordinarily Long Boulevard Name',
    purchasePrice: 350_000,
    entryFee: 20_000,
    tags: ['off-market'],
    systemTags: ['low-entry-fee'],
    ...over,
  });

function mockApi(items: Card[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT' || init?.method === 'DELETE') return new Response(null, { status: 204 });
    if (url.startsWith('/api/deals')) {
      return Response.json({ items, nextCursor: null, total: items.length });
    }
    return Response.json({ items: [], nextCursor: null, total: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(session: Session, url = '/deals') {
  const router = createMemoryRouter([{ path: '/deals', element: <DealsPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
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

describe('the /deals browse list', () => {
  it('shows the cards with the count, truncated or undisclosed addresses and the heart', async () => {
    mockApi([
      card(),
      card({
        id: '22222222-2222-4222-8222-222222222222',
        streetAddress: undefined,
        addressHidden: true,
        hideAddress: true,
      }),
    ]);
    renderPage(signedIn(['buyer']));
    expect(await screen.findByRole('heading', { name: '2 deals', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deals', level: 1 })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByRole('link').textContent).toContain('1234 Extraordinarily Long Bou…');
    expect(within(cards[1]!).getByRole('link').textContent).toBe('Address undisclosedAustin, TX 78701');
    expect(within(cards[0]!).getByText('Low entry fee')).toBeTruthy();
    expect(within(cards[0]!).getByText('$350,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All deals' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Favorites' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'List a deal' })).toBeNull();
  });

  it('keeps the filters in the URL and sends them to the API', async () => {
    const fetchMock = mockApi([card()]);
    const router = renderPage(signedIn(['buyer']), '/deals?state=TX&tags=off-market');
    await screen.findByRole('heading', { name: '1 deal' });
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('TX');
    expect((screen.getByRole('checkbox', { name: 'Off market' }) as HTMLInputElement).checked).toBe(true);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('state=TX');

    await userEvent.selectOptions(screen.getByLabelText('Budget'), 'Up to $1M');
    await userEvent.selectOptions(screen.getByLabelText('Bedrooms'), '3+');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?state=TX&tags=off-market&maxPrice=1000000&minBedrooms=3&sort=price-asc',
      ),
    );
    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('maxPrice=1000000&minBedrooms=3'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc'));
  });

  it('saves a deal with the heart at once', async () => {
    const fetchMock = mockApi([card()]);
    renderPage(signedIn(['buyer']));
    await userEvent.click(await screen.findByRole('button', { name: 'Save to favorites' }));
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/deals/11111111-1111-4111-8111-111111111111/favorite');
  });

  it('shows the empty state with a way to clear the filters', async () => {
    mockApi([]);
    renderPage(signedIn(['owner']), '/deals?city=Nowhere');
    expect(await screen.findByText('No deals match your filters.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'List a deal' }).getAttribute('href')).toBe('/deals/new');
    expect(screen.getByRole('link', { name: 'Manage my listings' })).toBeTruthy();
  });

  it('points an originator to their listings instead of browsing', async () => {
    const fetchMock = mockApi([card()]);
    renderPage(signedIn(['originator']));
    expect(screen.getByRole('heading', { name: 'Browsing is for buyers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage my listings' }).getAttribute('href')).toBe(
      '/deals?view=mine',
    );
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/deals?'))).toHaveLength(0);
  });
});
