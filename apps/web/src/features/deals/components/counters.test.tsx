import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferCounter, OfferEvent } from '@dealclub/shared/counter-rules';
import { notificationPath } from '@dealclub/shared/chat-rules';
import { createQueryClient } from '@/lib/query-client';
import type { ReceivedOffer } from '../api/deal-offers';
import { createReceivedOffer } from '../test-factories';
import { createOffer, DEAL_ID } from '@/test/deals';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';
import { CounterCell } from './counter-cell';
import { MyOfferCounter } from './counter-panel';

const toast = toastsAsked();

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
/** A close date the counter form takes (within two years). */
const soon = inHours(30 * 24).slice(0, 10);

function counter(overrides: Partial<OfferCounter> = {}): OfferCounter {
  return {
    id: 'c1',
    purchasePrice: 455_000,
    entryFee: null,
    estimatedCloseDate: '2099-03-01',
    message: 'Meet me at 455k.',
    status: 'open',
    expiresAt: inHours(48),
    createdAt: inHours(-24),
    decidedAt: null,
    ...overrides,
  };
}

const history: OfferEvent[] = [
  {
    id: 'e1',
    kind: 'submitted',
    actor: 'buyer',
    counterId: null,
    purchasePrice: 390_000,
    entryFee: null,
    estimatedCloseDate: '2099-03-01',
    message: 'Cash.',
    createdAt: '2026-02-01T15:00:00.000Z',
  },
  {
    id: 'e2',
    kind: 'countered',
    actor: 'seller',
    counterId: 'c1',
    purchasePrice: 455_000,
    entryFee: null,
    estimatedCloseDate: '2099-03-01',
    message: 'Meet me at 455k.',
    createdAt: '2026-02-02T15:00:00.000Z',
  },
];

function renderWith(ui: ReactNode) {
  const client = createQueryClient();
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function stubFetch(answer: (url: URL, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) =>
    answer(new URL(input, 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.mockReset();
});

describe("the buyer's counter panel", () => {
  it('shows the terms, message and expiry, and accepts the counter it shows after a confirmation', async () => {
    const user = userEvent.setup();
    const offer = createOffer({ counter: counter(), history });
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/offers/o1/accept-counter'
        ? json(200, {
            offer: { ...offer, status: 'accepted', counter: counter({ status: 'accepted' }) },
            deal: { id: DEAL_ID, status: 'pending' },
          })
        : json(200, {}),
    );
    renderWith(<MyOfferCounter dealId={DEAL_ID} offer={offer} />);

    const panel = await screen.findByRole('region', { name: "The seller's counter-offer" });
    expect(within(panel).getByText('$455,000')).toBeTruthy();
    expect(within(panel).getByText('Meet me at 455k.')).toBeTruthy();
    expect(within(panel).getByText(/^Expires /)).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Accept counter-offer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this counter-offer?' });
    expect(within(dialog).getByText(/Cash · \$455,000 · closing/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Accept counter-offer' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Counter-offer accepted. The deal is now pending.' }),
    );
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(input, 'http://localhost').pathname).toBe('/api/offers/o1/accept-counter');
    expect(bodyOf(init)).toEqual({ counterId: 'c1' });
  });

  it('declines at once, and words a refusal by its code (the counter expired meanwhile)', async () => {
    const user = userEvent.setup();
    const offer = createOffer({ counter: counter(), history });
    const fetchMock = stubFetch(() =>
      json(409, { code: 'COUNTER_EXPIRED', message: 'This counter-offer has expired.' }),
    );
    renderWith(<MyOfferCounter dealId={DEAL_ID} offer={offer} />);

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'This counter-offer has expired.',
        variant: 'destructive',
      }),
    );
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(input, 'http://localhost').pathname).toBe('/api/offers/o1/decline-counter');
    expect(bodyOf(init)).toEqual({ counterId: 'c1' });
  });

  it('offers no answer to a counter whose 72 hours passed, and shows the history on demand', async () => {
    const user = userEvent.setup();
    const offer = createOffer({ counter: counter({ expiresAt: inHours(-1) }), history });
    renderWith(<MyOfferCounter dealId={DEAL_ID} offer={offer} />);

    expect(await screen.findByText(/^This counter-offer expired on /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept counter-offer' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show history (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const steps = within(screen.getByRole('list', { name: 'Offer history' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Offer madeBuyer · .*\$390,000, closing Mar 1, 2099“Cash\.”$/),
      expect.stringMatching(
        /^Counter-offer sentSeller · .*\$455,000, closing Mar 1, 2099“Meet me at 455k\.”$/,
      ),
    ]);
  });
});

describe("the seller's counter", () => {
  const received = (overrides: Partial<ReceivedOffer> = {}) =>
    createReceivedOffer(
      {
        id: 'o2',
        type: 'creative',
        purchasePrice: null,
        entryFee: 12_000,
        estimatedCloseDate: soon,
        ...overrides,
      },
      { firstName: 'Ana', lastName: 'Ruiz' },
    );

  it('asks the entry fee of a creative offer, refuses a missing one, and sends the counter', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((_url, init) =>
      json(201, { ...received(), counter: counter({ entryFee: bodyOf(init).entryFee as number }) }),
    );
    renderWith(<CounterCell offer={received()} canCounter />);

    await user.click(await screen.findByRole('button', { name: 'Counter the offer from Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter this offer' });
    expect(within(dialog).getByText(/^Ana Ruiz offered \$12,000, closing .+ 72 hours/)).toBeTruthy();
    const fee = within(dialog).getByLabelText('Entry fee (USD)');
    expect(within(dialog).queryByLabelText('Purchase price (USD)')).toBeNull();
    expect(document.activeElement && dialog.contains(document.activeElement)).toBe(true);

    await user.clear(fee);
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(await within(dialog).findByText('Enter the entry fee of your counter-offer.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(fee, '15000');
    await user.type(
      within(dialog).getByLabelText('Message to the buyer (optional)'),
      'Closer to asking, please.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Counter-offer sent. The buyer has 72 hours to answer.' }),
    );
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(input, 'http://localhost').pathname).toBe('/api/offers/o2/counter');
    expect(bodyOf(init)).toMatchObject({
      entryFee: 15000,
      estimatedCloseDate: soon,
      message: 'Closer to asking, please.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows "Countered, expires …" with the terms and offers to counter again; no Counter when the deal takes no offers', async () => {
    const offer = received({ counter: counter({ purchasePrice: null, entryFee: 15_000 }), history });
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <CounterCell offer={offer} canCounter />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/^Countered, expires /)).toBeTruthy();
    expect(screen.getByText('Counter: $15,000, closing Mar 1, 2099')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Counter again: offer from Ana Ruiz' })).toBeTruthy();
    unmount();

    renderWith(<CounterCell offer={offer} canCounter={false} />);
    expect(await screen.findByText(/^Countered, expires /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Counter/ })).toBeNull();
  });
});

describe('counter notifications', () => {
  it('lead to the page where the counter is answered', () => {
    const dealInfo = {
      dealId: DEAL_ID,
      address: null,
      hideAddress: true,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    };
    expect(notificationPath({ type: 'offer_countered', threadId: 't1', dealInfo })).toBe(`/deals/${DEAL_ID}`);
    expect(notificationPath({ type: 'counter_declined', threadId: 't1', dealInfo })).toBe(
      `/deals/${DEAL_ID}/offers`,
    );
    expect(notificationPath({ type: 'new_message', threadId: 't1', dealInfo })).toBe('/chat/t1');
  });
});
