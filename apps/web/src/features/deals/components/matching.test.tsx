import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@dealclub/shared/roles';
import { renderRoutes } from '@/test/render';
import type { Match } from '@/lib/deals';
import DealDetailPage from '../routes/deal-detail';
import DealsPage from '../routes/deals';
import { createCard, createDeal, DEAL_ID } from '@/test/deals';

/** A fit, with one reason of each kind the screens write. */
const fit: Match = {
  score: 100,
  matches: true,
  reasons: [
    {
      criterion: 'location',
      met: true,
      detail: '',
      deal: { state: 'TX', city: 'Austin', zipCodes: ['78704'] },
      limit: { state: 'TX', city: 'Austin', zipCodes: ['78704', '78701'] },
    },
    { criterion: 'monthlyPayment', met: true, detail: '', deal: 2272, limit: 2500 },
    {
      criterion: 'propertyType',
      met: true,
      detail: '',
      deal: 'singleFamily',
      limit: ['singleFamily', 'condo'],
    },
  ],
};
const partial: Match = {
  score: 60,
  matches: false,
  reasons: [
    {
      criterion: 'location',
      met: true,
      detail: '',
      deal: { state: 'TX', city: 'Austin', zipCodes: ['78704'] },
      limit: { state: 'TX', city: 'Austin', zipCodes: [] },
    },
    { criterion: 'cashToClose', met: false, detail: '', deal: 12000, limit: 10000 },
    { criterion: 'lotSize', met: null, detail: '', deal: null, limit: 5000 },
  ],
};

type Handler = (url: string, init?: RequestInit) => Response;

function renderAt(path: string, url: string, element: React.ReactNode, handler: Handler, roles: Role[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes(
    [
      { path, element },
      { path: '/chat/:threadId', element: <p>The conversation</p> },
    ],
    url,
    roles,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('matching on the screens', () => {
  it('shows "Matched for you" best first with each card\'s match', async () => {
    const fetchMock = renderAt(
      '/deals',
      '/deals?view=matched',
      <DealsPage />,
      (url) =>
        url.startsWith('/api/matches')
          ? Response.json({
              items: [
                createCard({ match: fit }),
                createCard({ id: '22222222-2222-4222-8222-222222222222', match: partial }),
              ],
              nextCursor: null,
              total: 2,
            })
          : Response.json({ items: [], nextCursor: null, total: 0 }),
      ['buyer'],
    );
    expect(await screen.findByText('2 deals fit you')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Matched for you' }).getAttribute('aria-current')).toBe('page');
    const badges = screen.getAllByTestId('match-badge').map((b) => b.textContent);
    expect(badges).toEqual(['Fits you · 100%', '60% match']);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/matches'))).toBe(true);
  });

  it('says so when nothing fits yet', async () => {
    renderAt(
      '/deals',
      '/deals?view=matched',
      <DealsPage />,
      () => Response.json({ items: [], nextCursor: null, total: 0 }),
      ['buyer'],
    );
    expect(await screen.findByText('No deal fits your preferences or buy box yet.')).toBeTruthy();
  });

  it('explains on the deal page how it fits, criterion by criterion, with both numbers', async () => {
    renderAt(
      '/deals/:id',
      `/deals/${DEAL_ID}`,
      <DealDetailPage />,
      (url) =>
        url.endsWith('/disclosures')
          ? Response.json({ items: [] })
          : Response.json(createDeal({ match: partial })),
      ['buyer'],
    );
    const section = await screen.findByRole('region', { name: 'How this deal fits you' }, { timeout: 5000 });
    expect(within(section).getByTestId('match-summary').textContent).toBe(
      '60% match: it misses some of your limits.',
    );
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Met: Austin, TX 78704 — you look in Austin, TX',
      'Not met: Cash to close $12,000 — your maximum down payment $10,000',
      'Unknown: Lot size: the deal does not say — your limit 5,000',
    ]);
  });

  it('shows the originator the matching buyers and lets them write to one', async () => {
    const user = userEvent.setup();
    const fetchMock = renderAt(
      '/deals/:id',
      `/deals/${DEAL_ID}`,
      <DealDetailPage />,
      (url, init) => {
        if (url.startsWith(`/api/deals/${DEAL_ID}/matches`)) {
          // A page at a time: the counts are of every matching buyer on each page.
          return Response.json(
            url.includes('cursor=more')
              ? {
                  count: 3,
                  certifiedCount: 1,
                  items: [
                    { buyer: { id: 'b3', firstName: 'Al', lastName: 'Later' }, score: 80, certified: false },
                  ],
                  nextCursor: null,
                  total: 3,
                }
              : {
                  count: 3,
                  certifiedCount: 1,
                  items: [
                    {
                      buyer: { id: 'b1', firstName: 'Cy', lastName: 'Certified' },
                      score: 100,
                      certified: true,
                    },
                    { buyer: { id: 'b2', firstName: 'Bea', lastName: 'Match' }, score: 92, certified: false },
                  ],
                  nextCursor: 'more',
                  total: 3,
                },
          );
        }
        if (url === '/api/chat/threads' && init?.method === 'POST') {
          return Response.json({ thread: { threadId: 't1' }, message: {} }, { status: 201 });
        }
        return Response.json(
          createDeal({ isOwn: true, status: 'exclusive', engagement: { offers: 0, interests: 0 } }),
        );
      },
      ['originator'],
    );
    const section = await screen.findByRole('region', { name: 'Matching buyers' }, { timeout: 5000 });
    expect((await within(section).findByTestId('matching-count')).textContent).toBe(
      '3 buyers match this deal. 1 of them is a Certified Buyer.',
    );
    expect(
      within(section).getByText(/1 priority buyer \(certified and matching\) has it first/),
    ).toBeTruthy();
    const rows = within(section).getAllByTestId('matching-buyer');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['100%', '92%']);
    await user.click(within(section).getByRole('button', { name: 'Show more buyers' }));
    await waitFor(() => expect(within(section).getAllByTestId('matching-buyer')).toHaveLength(3));
    expect(within(section).getAllByTestId('matching-buyer')[2]!.textContent).toContain('Al Later');
    expect(within(section).queryByRole('button', { name: 'Show more buyers' })).toBeNull();
    expect(within(section).getByTestId('matching-count').textContent).toContain('3 buyers match this deal.');

    await user.click(within(section).getByRole('button', { name: 'Message Bea Match' }));
    // The form's code comes on the press.
    await user.type(
      await within(section).findByLabelText('Your message to Bea Match'),
      'It fits your Austin search.',
    );
    await user.click(within(section).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.find(([url, init]) => url === '/api/chat/threads' && init?.method === 'POST'),
      ).toBeTruthy(),
    );
    const [, init] = fetchMock.mock.calls.find(
      ([url, i]) => url === '/api/chat/threads' && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(init?.body))).toEqual({
      dealId: DEAL_ID,
      body: 'It fits your Austin search.',
      buyerId: 'b2',
    });
    // The conversation opens, as after a buyer's first message.
    expect(await screen.findByText('The conversation')).toBeTruthy();
  });
});
