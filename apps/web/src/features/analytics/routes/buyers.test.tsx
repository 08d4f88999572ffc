import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyerMapAnswer } from '@dealclub/shared/analytics';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { signedIn } from '@/test/session';
import { json } from '@/test/json';
import BuyersPage from './buyers';

// jsdom draws no map: it stands in; the legend, the filters and the summary are what these read.
vi.mock('@/components/maps/lazy-us-map', () => ({
  LazyUsMap: () => <p>map</p>,
  preloadUsMap: () => {},
}));

function answer(query: URLSearchParams): BuyerMapAnswer {
  const capped = query.has('maxPrice');
  return {
    zips: [
      {
        zipCode: '78701',
        lat: 30.27,
        lng: -97.74,
        buyerCount: capped ? 1 : 3,
        averageDownPayment: 20_000,
        averageMonthlyPayment: 2000,
      },
    ],
    totalBuyers: capped ? 1 : 3,
    buyersWithoutBudget: 2,
    lastUpdated: '2026-01-03T00:00:00.000Z',
    buyers: { items: [], nextCursor: null, total: capped ? 1 : 3 },
  };
}

function renderPage(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/analytics/buyers') return json(200, answer(url.searchParams));
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: '/buyers', element: <BuyersPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider value={signedIn(['originator'])}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/buyers: the budget filter says what it means', () => {
  it('names the pre-approval in the label and the legend, and counts buyers without a budget', async () => {
    renderPage('/buyers');
    const budget = await screen.findByRole('combobox', { name: 'Budget cap (pre-approval)' });
    expect(budget.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(budget.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A budget cap keeps the buyers pre-approved for at most that amount; those who stated no budget are counted apart.',
    );
    const legend = await screen.findByTestId('map-legend-budget');
    expect(legend.textContent).toBe(
      "Budget cap: the buyer's pre-approval amountAny pre-approval amount, or none stated",
    );
    const summary = screen.getByTestId('buyer-map-summary');
    expect(await within(summary).findByText('3 buyers')).toBeTruthy();
    // Without a cap they are among the buyers shown, and still said.
    expect(within(summary).getByTestId('buyer-map-without-budget').textContent).toBe(
      '2 buyers without a stated budget',
    );
  });

  it('under a cap, says the cap in the legend and the buyers it leaves out', async () => {
    renderPage('/buyers?maxPrice=500000');
    const summary = await screen.findByTestId('buyer-map-summary');
    expect(await within(summary).findByText('1 buyer')).toBeTruthy();
    expect(within(summary).getByTestId('buyer-map-without-budget').textContent).toBe(
      '2 buyers without a stated budget, not counted under this cap',
    );
    expect(screen.getByTestId('map-legend-budget').textContent).toContain('Pre-approved for at most $500K');
  });

  it('reads in Spanish', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('es');
    try {
      renderPage('/buyers?maxPrice=1000000');
      expect(
        await screen.findByRole('combobox', { name: 'Tope de presupuesto (preaprobación)' }),
      ).toBeTruthy();
      const summary = screen.getByTestId('buyer-map-summary');
      expect((await within(summary).findByTestId('buyer-map-without-budget')).textContent).toBe(
        '2 compradores sin presupuesto indicado, no contados con este tope',
      );
      const legend = screen.getByTestId('map-legend-budget');
      expect(legend.textContent).toContain('Tope de presupuesto: el importe preaprobado del comprador');
      expect(legend.textContent).toMatch(/Preaprobados por hasta 1\s?M\s?US\$|Preaprobados por hasta \$1M/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
