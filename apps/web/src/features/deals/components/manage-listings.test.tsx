import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ManageListings } from './manage-listings';

const card = (id: string, status: string, streetAddress: string) => ({
  id,
  status,
  streetAddress,
  unit: '',
  addressHidden: false,
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  purchasePrice: 325000,
  coverPhotoUrl: null,
  coverPhoto: null,
  createdAt: '2026-01-01T00:00:00Z',
});

const counts = { exclusive: 0, active: 1, pending: 1, sold: 0, canceled: 0, deleted: 2 };

afterEach(() => vi.unstubAllGlobals());

describe('ManageListings', () => {
  it('lists my deals with the counts and the actions the status allows, and filters by status', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const pending = url.includes('status=pending');
      const items = pending
        ? [card('22222222-2222-4222-8222-222222222222', 'pending', '7 Elm Road')]
        : [
            card('11111111-1111-4111-8111-111111111111', 'active', '12 Oak Street'),
            card('22222222-2222-4222-8222-222222222222', 'pending', '7 Elm Road'),
          ];
      return new Response(JSON.stringify({ items, nextCursor: null, total: items.length, counts }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderRoutes([{ path: '/deals', element: <ManageListings /> }], '/deals?view=mine', [
      'originator',
    ]);
    const active = await screen.findByRole('row', { name: /12 Oak Street/ });
    expect(screen.getByRole('button', { name: 'All (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deleted (2)' })).toBeTruthy();
    expect(within(active).getByText('$325,000')).toBeTruthy();
    expect(within(active).getByRole('link', { name: 'View 12 Oak Street' }).getAttribute('href')).toBe(
      '/deals/11111111-1111-4111-8111-111111111111',
    );
    expect(within(active).getByRole('link', { name: 'Edit 12 Oak Street' })).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Delete 12 Oak Street' })).toBeTruthy();
    // A pending deal cannot be deleted (the transition table), but its status can change.
    const pendingRow = screen.getByRole('row', { name: /7 Elm Road/ });
    expect(within(pendingRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(pendingRow).getByRole('button', { name: 'Change status of 7 Elm Road' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pending (1)' }));
    expect(await screen.findByRole('button', { name: 'Pending (1)', pressed: true })).toBeTruthy();
    expect(router.state.location.search).toBe('?view=mine&status=pending');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/deals/mine?status=pending'))).toBe(
      true,
    );
  });
});
