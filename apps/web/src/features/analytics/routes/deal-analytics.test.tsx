import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DealAnalytics } from '@dealclub/shared/analytics';
import type { Role } from '@dealclub/shared/roles';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { signedIn } from '@/test/session';
import { createDeal, DEAL_ID } from '@/test/deals';
import { json } from '@/test/json';
import DealAnalyticsPage from './deal-analytics';

const day = (date: string, views = 0, favorites = 0, interests = 0, offers = 0) => ({
  date,
  views,
  favorites,
  interests,
  offers,
});

const analytics: DealAnalytics = {
  dealId: DEAL_ID,
  views: 12,
  uniqueViewers: 8,
  favorites: 4,
  interests: 2,
  offers: 1,
  daily: [day('2026-11-25', 5, 1), day('2026-11-26', 7, 3, 2, 1)],
  funnel: { view: 8, favorite: 4, interest: 2, offer: 1 },
  offerRange: { basis: 'purchasePrice', min: 300_000, max: 320_000 },
  daysOnMarket: 6,
  matchingBuyers: 3,
};

function mockApi(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === `/api/deals/${DEAL_ID}/analytics`) return answer();
      if (path === `/api/deals/${DEAL_ID}`) return json(200, createDeal({ isOwn: true }));
      if (path === `/api/deals/${DEAL_ID}/matches`) {
        return json(200, { items: [], nextCursor: null, total: 0, count: 3, certifiedCount: 1 });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

function renderPage(roles: Role[] = ['originator']) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  const router = createMemoryRouter([{ path: '/deals/:id/analytics', element: <DealAnalyticsPage /> }], {
    initialEntries: [`/deals/${DEAL_ID}/analytics`],
  });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider value={signedIn(roles)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/deals/:id/analytics', () => {
  it('shows the figures, the range of the offers, the funnel and the daily table', async () => {
    const user = userEvent.setup();
    mockApi(() => json(200, analytics));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Deal analytics' })).toBeTruthy();
    // The figures come in the render after the heading's (a deferred value).
    expect((await screen.findByTestId('stat-views')).textContent).toBe('Views12');
    expect(screen.getByTestId('stat-uniqueViewers').textContent).toBe('Unique viewers8');
    expect(screen.getByTestId('stat-daysOnMarket').textContent).toBe('Days on market6');
    expect(screen.getByTestId('stat-matchingBuyers').textContent).toBe('Matching buyers3');
    expect(screen.getByTestId('stat-offerRange').textContent).toBe('Offered prices$300,000 – $320,000');

    const funnel = screen.getByTestId('funnel');
    const saved = within(funnel).getByRole('row', { name: /Saved/ });
    expect(
      within(saved)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '50%', '50%']);
    const offered = within(funnel).getByRole('row', { name: /Made an offer/ });
    expect(
      within(offered)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '50%', '12.5%']);

    await user.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: /per day, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Nov 267321', 'Nov 255100']);
  });

  it('says when an entry fee range is shown, and when there are no offers yet', async () => {
    mockApi(() =>
      json(200, { ...analytics, offers: 0, offerRange: { basis: 'entryFee', min: null, max: null } }),
    );
    renderPage();
    expect((await screen.findByTestId('stat-offerRange')).textContent).toBe(
      'Offered entry feesNo offers yet',
    );
  });

  it('is the not-found page for a buyer (403) and for someone else’s deal (404)', async () => {
    mockApi(() => json(403, { code: 'FORBIDDEN', message: 'Forbidden' }));
    renderPage(['buyer']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('says the spec’s message when the analytics cannot be read, with a retry', async () => {
    mockApi(() => json(500, { code: 'INTERNAL', message: 'Unknown error occurred' }));
    renderPage();
    expect(await screen.findByText('Failed to load analytics data', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
