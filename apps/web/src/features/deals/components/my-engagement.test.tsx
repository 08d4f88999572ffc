import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import DealsPage from '../routes/deals';
import { createDeal, createOffer } from '@/test/deals';
import { json } from '@/test/json';

/** A deal whose address is hidden from the buyer; the street is there so that a leak would show. */
const hiddenDeal = createDeal({ streetAddress: '12 Oak Street', addressHidden: true, hideAddress: true });

function renderView(view: 'interests' | 'offers') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.startsWith('/api/interests/mine')) {
        return json(200, {
          items: [
            {
              id: 'i1',
              message: 'Is the roof new?',
              createdAt: '2026-02-02T10:00:00.000Z',
              updatedAt: '2026-02-05T10:00:00.000Z',
              deal: createDeal(),
            },
          ],
          nextCursor: null,
          total: 1,
        });
      }
      if (input.startsWith('/api/offers/mine')) {
        return json(200, {
          items: [
            {
              ...createOffer({ type: 'creative', purchasePrice: null, entryFee: 12_000, status: 'accepted' }),
              deal: hiddenDeal,
            },
          ],
          nextCursor: null,
          total: 1,
        });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  renderRoutes([{ path: '/deals', element: <DealsPage /> }], `/deals?view=${view}`, ['buyer']);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the buyer views of /deals', () => {
  it('lists my interests with the deal, my message and when I sent and last updated it', async () => {
    renderView('interests');
    const item = await screen.findByTestId('my-interest-item');
    expect(
      within(item)
        .getByRole('link', { name: /12 Oak Street/ })
        .getAttribute('href'),
    ).toBe(`/deals/${createDeal().id}`);
    expect(within(item).getByText('Austin, TX 78701')).toBeTruthy();
    expect(within(item).getByText('$400,000')).toBeTruthy();
    expect(within(item).getByText('Is the roof new?')).toBeTruthy();
    expect(
      within(item).getByText('You expressed interest on Feb 2, 2026. Updated on Feb 5, 2026.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My interests' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists my offers with the amount, the close date and the state, never a hidden address', async () => {
    renderView('offers');
    const item = await screen.findByTestId('my-offer-item');
    expect(within(item).getByText('Address undisclosed')).toBeTruthy();
    // Nowhere in the item, text or attribute (a link's label, an image's alt).
    expect(item.innerHTML).not.toContain('Oak Street');
    expect(within(item).getByText('Entry fee (USD)')).toBeTruthy();
    expect(within(item).getByText('$12,000')).toBeTruthy();
    expect(within(item).getByText('Mar 1, 2026')).toBeTruthy();
    expect(within(item).getByText('Accepted')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 offer' })).toBeTruthy();
  });
});
