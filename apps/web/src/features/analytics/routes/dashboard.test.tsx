import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@dealclub/shared/roles';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { signedIn } from '@/test/session';
import { createCard } from '@/test/deals';
import { json } from '@/test/json';
import type { Dashboard } from '../api/dashboard';
import DashboardPage from './dashboard';

const buying: NonNullable<Dashboard['buying']> = {
  favorites: { total: 0, latest: [] },
  interests: { items: [], total: 0 },
  offers: { items: [], total: 0 },
  matchedDeals: 2,
  training: { completedLessons: 3, totalLessons: 6, certified: false },
};

const selling: NonNullable<Dashboard['selling']> = {
  listings: {
    counts: { exclusive: 0, active: 1, pending: 0, sold: 0, canceled: 0, deleted: 0 },
    total: 1,
    items: [
      {
        ...createCard({ isOwn: true, streetAddress: '12 Oak Street' }),
        views: 9,
        uniqueViewers: 7,
        interests: 2,
        offers: 1,
      },
    ],
  },
  latestOffers: [],
};

function renderPage(roles: Role[], body: Dashboard) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, body)),
  );
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  return render(
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

describe('/dashboard', () => {
  it('opens a buyer and seller in buying mode, switches, and opens in the mode chosen next time', async () => {
    const user = userEvent.setup();
    const both = { modes: ['buying', 'selling'], buying, selling } satisfies Dashboard;
    const first = renderPage(['buyer', 'originator'], both);
    const buyingButton = await screen.findByRole('button', { name: 'Buying' });
    expect(buyingButton.getAttribute('aria-pressed')).toBe('true');
    // The lists come in the render after the switch's (a deferred value).
    expect(await screen.findByText('3 of 6 lessons completed')).toBeTruthy();
    expect(screen.getByText('You have not saved any deals yet.')).toBeTruthy();
    expect(screen.getByTestId('dashboard-matched').textContent).toContain('2 deals match your preferences');

    await user.click(screen.getByRole('button', { name: 'Selling' }));
    const row = screen.getByRole('row', { name: /12 Oak Street/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Active', '9', '7', '2', '1', 'AnalyticsOffers']);
    expect(
      within(row).getByRole('link', { name: 'Analytics of 12 Oak Street' }).getAttribute('href'),
    ).toMatch(/\/analytics$/);
    expect(screen.getByText('No offers on your listings yet.')).toBeTruthy();

    first.unmount();
    renderPage(['buyer', 'originator'], both);
    expect((await screen.findByRole('button', { name: 'Selling' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a seller only the selling mode, without the switch', async () => {
    renderPage(['originator'], { modes: ['selling'], buying: null, selling });
    expect(await screen.findByTestId('dashboard-selling')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Dashboard mode' })).toBeNull();
  });

  it('shows the seller the deals in closing, overdue ones in words, and those closed through DealClub', async () => {
    renderPage(['originator'], {
      modes: ['selling'],
      buying: null,
      selling: {
        ...selling,
        closings: [
          {
            dealId: 'd1',
            address: '12 Oak Street, Austin, TX 78701',
            closeDate: '2026-04-01',
            done: 3,
            total: 10,
            overdue: 2,
            next: {
              key: 'title-commitment',
              title: 'Title commitment received',
              dueDate: '2026-03-11',
              party: 'seller',
            },
          },
        ],
        closedThroughDealClub: { count: 4, medianDaysToClose: 31.5 },
      },
    });
    const section = await screen.findByTestId('dashboard-in-closing');
    expect(within(section).getByRole('heading', { name: 'In closing (1)' })).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: '12 Oak Street, Austin, TX 78701' }).getAttribute('href'),
    ).toBe('/deals/d1/closing');
    expect(within(section).getByText('3 of 10 milestones done')).toBeTruthy();
    expect(within(section).getByText('Next: Title commitment received, due Mar 11, 2026')).toBeTruthy();
    expect(within(section).getByTestId('closing-overdue').textContent).toBe('2 overdue milestones');
    expect(within(section).getByText('4 deals closed through DealClub')).toBeTruthy();
    expect(within(section).getByText('Median time to close: 32 days')).toBeTruthy();
  });

  it('shows a buyer under contract their room, and no such section otherwise', async () => {
    const room = {
      dealId: 'd2',
      address: '9 Elm Road, Reno, NV 89501',
      closeDate: '2026-04-01',
      done: 10,
      total: 10,
      overdue: 0,
      next: null,
    };
    const first = renderPage(['buyer'], {
      modes: ['buying'],
      buying: { ...buying, closings: [room] },
      selling: null,
    });
    const section = await screen.findByTestId('dashboard-under-contract');
    expect(within(section).getByRole('heading', { name: 'Under contract (1)' })).toBeTruthy();
    expect(within(section).getByText('Every milestone is done.')).toBeTruthy();
    expect(within(section).queryByTestId('closing-overdue')).toBeNull();
    first.unmount();

    renderPage(['buyer'], { modes: ['buying'], buying: { ...buying, closings: [] }, selling: null });
    expect(await screen.findByTestId('dashboard-buying')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-under-contract')).toBeNull();
  });

  it('invites a seller without listings to create one', async () => {
    renderPage(['originator'], {
      modes: ['selling'],
      buying: null,
      selling: { listings: { ...selling.listings, total: 0, items: [] }, latestOffers: [] },
    });
    expect(await screen.findByText('You have no listings yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a deal' }).getAttribute('href')).toBe('/deals/new');
  });
});
