import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '@dealclub/shared/offer-rules';
import type { Role } from '@dealclub/shared/roles';
import { renderRoutes } from '@/test/render';
import type { DealDetail } from '@/lib/deals';
import type { DisclosureItem } from '../api/disclosures';
import DealDetailPage from '../routes/deal-detail';
import { createDeal, createOffer, DEAL_ID } from '@/test/deals';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';

const toast = toastsAsked();

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The deal's risk disclosures as `GET /api/deals/:id/disclosures` answers them (a subject-to deal). */
const DUE_ON_SALE: DisclosureItem = {
  key: 'dueOnSale',
  title: 'Due-on-sale clause',
  body: "The seller's mortgage stays in the seller's name.",
  help: '/training?lesson=subject-to-and-due-on-sale',
};

function renderDetail(
  deal: DealDetail | Handler,
  roles: Role[] = ['buyer'],
  disclosures: Handler = () => json(200, { items: [DUE_ON_SALE] }),
) {
  const handler: Handler = typeof deal === 'function' ? deal : () => json(200, deal);
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url.endsWith('/disclosures') ? disclosures(url, init) : handler(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '/deals/:id', element: <DealDetailPage /> }], `/deals/${DEAL_ID}`, roles);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderDetail>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** A close date two weeks ahead, well inside the allowed window. */
function futureDay() {
  const day = new Date();
  day.setDate(day.getDate() + 14);
  return localToday(day);
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('the offer form of the deal detail', () => {
  it('takes only cash offers on a cash deal', async () => {
    renderDetail(createDeal({ category: 'cash', purchaseType: null, entryFee: null }));
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    const types = within(form).getAllByRole('radio');
    expect(types.map((radio) => radio.getAttribute('value'))).toEqual(['cash']);
    expect((types[0] as HTMLInputElement).checked).toBe(true);
    expect(within(form).queryByRole('radio', { name: 'Creative' })).toBeNull();
    expect(within(form).getByLabelText('Purchase price (USD)')).toBeTruthy();
    expect(within(form).queryByLabelText('Entry fee (USD)')).toBeNull();
    expect(within(form).getByLabelText('Estimated close date').getAttribute('min')).toBe(localToday());
  });

  it('requires the type, the amount of that type and the close date, with the spec messages', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(createDeal());
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    expect(
      within(form)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['cash', 'creative']);

    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));
    expect(await within(form).findByText('Choose cash or creative.')).toBeTruthy();
    expect(within(form).getByText('Enter the estimated close date.')).toBeTruthy();

    await user.click(within(form).getByRole('radio', { name: 'Cash' }));
    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));
    expect(await within(form).findByText('Enter the purchase price you offer.')).toBeTruthy();

    // A price typed before switching type does not count for, nor block, the creative offer.
    await user.type(within(form).getByLabelText('Purchase price (USD)'), '-5');
    await user.click(within(form).getByRole('radio', { name: 'Creative' }));
    expect(within(form).getByText('Asking entry fee: $15,000')).toBeTruthy();
    await user.click(await within(form).findByRole('checkbox', { name: /I understand: Due-on-sale clause/ }));
    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));
    expect(await within(form).findByText('Enter the entry fee you offer.')).toBeTruthy();
    expect(within(form).queryByText('Enter a positive amount.')).toBeNull();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('says the offer went through but the refresh failed when the deal cannot be read again', async () => {
    const user = userEvent.setup();
    const close = futureDay();
    let reads = 0;
    const fetchMock = renderDetail((url, init) => {
      if (init?.method === 'POST') {
        return json(201, createOffer({ type: 'creative', purchasePrice: null, entryFee: 12_000 }));
      }
      reads += 1;
      return reads === 1
        ? json(200, createDeal())
        : json(500, { code: 'INTERNAL', message: 'Unknown error occurred' });
    });
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    await user.click(within(form).getByRole('radio', { name: 'Creative' }));
    await user.type(within(form).getByLabelText('Entry fee (USD)'), '12000');
    fireEvent.change(within(form).getByLabelText('Estimated close date'), { target: { value: close } });
    await user.type(within(form).getByLabelText('Message to the seller (optional)'), 'Quick close');
    expect(within(form).getByText('11 / 2,000 characters')).toBeTruthy();
    await user.click(within(form).getByRole('checkbox', { name: /I understand: Due-on-sale clause/ }));
    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title:
          "Your offer was submitted, but we couldn't refresh the data. Please reload the page to see your offer.",
        variant: 'destructive',
      }),
    );
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`/api/deals/${DEAL_ID}/offers`);
    expect(JSON.parse(String(init?.body))).toEqual({
      type: 'creative',
      purchasePrice: null,
      entryFee: 12_000,
      estimatedCloseDate: close,
      message: 'Quick close',
      acknowledgedRisks: ['dueOnSale'],
    });
    expect(reads).toBe(2);
    // The offer the API answered is shown, with "Replace my offer".
    expect(await screen.findByRole('button', { name: 'Replace my offer' })).toBeTruthy();
  });

  it('asks a creative offer to acknowledge each risk before Submit is enabled, and again when the terms changed', async () => {
    const user = userEvent.setup();
    const hoa: DisclosureItem = {
      key: 'hoaApproval',
      title: 'Homeowners association approval',
      body: 'The home is in a homeowners association ($85 a month).',
      help: '/training?lesson=due-diligence-and-offering-on-dealclub',
    };
    let risks = [DUE_ON_SALE, hoa];
    const fetchMock = renderDetail(
      (_url, init) =>
        init?.method === 'POST'
          ? json(422, {
              code: 'RISKS_NOT_ACKNOWLEDGED',
              message: 'Please acknowledge each risk of these terms before submitting your offer.',
            })
          : json(200, createDeal()),
      ['buyer'],
      () => json(200, { items: risks }),
    );
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    const submit = within(form).getByRole('button', { name: 'Submit offer' });
    // A cash offer on a creative deal acknowledges nothing.
    await user.click(within(form).getByRole('radio', { name: 'Cash' }));
    expect(within(form).queryByRole('group', { name: 'Risks of these terms' })).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    await user.click(within(form).getByRole('radio', { name: 'Creative' }));
    const group = await within(form).findByRole('group', { name: 'Risks of these terms' });
    expect(within(group).getByText(hoa.body)).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(group).getByRole('checkbox', { name: /Due-on-sale clause/ }));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    // The keyboard reaches and ticks the second one.
    await user.tab();
    await user.keyboard(' ');
    expect(
      (within(group).getByRole('checkbox', { name: /association approval/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    await user.type(within(form).getByLabelText('Entry fee (USD)'), '9000');
    fireEvent.change(within(form).getByLabelText('Estimated close date'), { target: { value: futureDay() } });
    // The seller added leased solar meanwhile: the server refuses and the form shows the risks as they are.
    risks = [DUE_ON_SALE, hoa, { ...hoa, key: 'solarLease', title: 'Leased solar panels', body: 'Leased.' }];
    await user.click(submit);
    expect(
      await within(form).findByText(
        'Please acknowledge each risk of these terms before submitting your offer.',
      ),
    ).toBeTruthy();
    expect(await within(form).findByRole('checkbox', { name: /Leased solar panels/ })).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse(String(posts(fetchMock)[0]![1]?.body)).acknowledgedRisks).toEqual([
      'dueOnSale',
      'hoaApproval',
    ]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows the coded refusal of a pending deal, and the generic failure otherwise', async () => {
    const user = userEvent.setup();
    // The server's own sentence differs from the locale's: the toast must come from the code.
    let answer = json(409, { code: 'DEAL_PENDING', message: 'Deal went pending at 10:02' });
    renderDetail((_url, init) =>
      init?.method === 'POST' ? answer : json(200, createDeal({ category: 'cash' })),
    );
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    await user.type(within(form).getByLabelText('Purchase price (USD)'), '380000');
    fireEvent.change(within(form).getByLabelText('Estimated close date'), { target: { value: futureDay() } });
    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'This deal is pending: no new offers.',
        variant: 'destructive',
      }),
    );

    answer = json(500, { code: 'INTERNAL', message: 'Unknown error occurred' });
    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith({
        title: 'There was an error submitting your offer. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it("puts the API's field errors on their fields", async () => {
    const user = userEvent.setup();
    renderDetail((_url, init) =>
      init?.method === 'POST'
        ? json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            errors: [
              {
                path: 'estimatedCloseDate',
                message: 'The close date cannot be in the past.',
                key: 'offers.validation.closeDatePast',
              },
            ],
          })
        : json(200, createDeal({ category: 'cash' })),
    );
    const form = await screen.findByRole('form', { name: 'Make an offer' });
    await user.type(within(form).getByLabelText('Purchase price (USD)'), '380000');
    fireEvent.change(within(form).getByLabelText('Estimated close date'), { target: { value: futureDay() } });
    await user.click(within(form).getByRole('button', { name: 'Submit offer' }));
    expect(await within(form).findByText('The close date cannot be in the past.')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('the buyer side and the seller side of the deal detail', () => {
  it("shows the buyer's offer with its state and no form on a pending deal", async () => {
    renderDetail(
      createDeal({
        status: 'pending',
        myOffer: createOffer({ status: 'declined' }),
        myInterest: {
          id: 'i1',
          dealId: DEAL_ID,
          message: 'Is the roof new?',
          createdAt: '2026-02-02T10:00:00.000Z',
          updatedAt: '2026-02-02T10:00:00.000Z',
        },
      }),
    );
    const offer = await screen.findByTestId('my-offer');
    expect(within(offer).getByText('Not selected')).toBeTruthy();
    expect(within(offer).getByText('$390,000')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Make an offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make a new offer' })).toBeNull();
    expect(screen.getByText('You expressed interest on Feb 2, 2026.')).toBeTruthy();
    expect(screen.getByText('Is the roof new?')).toBeTruthy();
    expect(screen.getByText('This deal is pending: no new offers.')).toBeTruthy();
  });

  it('sends an expression of interest and then shows it', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail((_url, init) =>
      init?.method === 'POST'
        ? json(201, {
            id: 'i1',
            dealId: DEAL_ID,
            message: 'Can I visit on Saturday?',
            createdAt: '2026-02-03T10:00:00.000Z',
            updatedAt: '2026-02-03T10:00:00.000Z',
          })
        : json(200, createDeal()),
    );
    const send = await screen.findByRole('button', { name: 'Express interest' });
    await user.click(send);
    expect(await screen.findByText('Write a message to the seller.')).toBeTruthy();
    await user.type(screen.getByLabelText('Message to the seller'), 'Can I visit on Saturday?');
    await user.click(send);
    expect(await screen.findByText('You expressed interest on Feb 3, 2026.')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Your interest was sent to the seller.' });
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`/api/deals/${DEAL_ID}/interest`);
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'Can I visit on Saturday?' });
    expect(screen.getByRole('button', { name: 'Update my message' })).toBeTruthy();
  });

  it('hides the buyer panels on my own deal and links its originator to the offers', async () => {
    renderDetail(createDeal({ isOwn: true, engagement: { offers: 3, interests: 1 } }), [
      'originator',
      'buyer',
    ]);
    const link = await screen.findByRole('link', {
      name: 'Offers and interested buyers (3 offers, 1 interested)',
    });
    expect(link.getAttribute('href')).toBe(`/deals/${DEAL_ID}/offers`);
    expect(screen.queryByRole('form', { name: 'Make an offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Express interest' })).toBeNull();
  });
});
