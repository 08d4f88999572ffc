import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyerMapAnswer } from '@dealclub/shared/analytics';
import type { MapPoint } from '@/components/maps/map-point';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { signedIn } from '@/test/session';
import { json } from '@/test/json';
import BuyersPage from './buyers';

// jsdom draws no map: a list of its points stands in (each a button named by its label, as the
// map's focusable points are), with the place it zooms to; the legend, the filters and the summary
// are what the other tests read.
vi.mock('@/components/maps/lazy-us-map', () => ({
  LazyUsMap: ({
    points,
    onPointClick,
    focusedId,
    center,
  }: {
    points: MapPoint[];
    onPointClick: (point: MapPoint) => void;
    focusedId: string | null;
    center: { lat: number; lng: number } | null;
  }) => (
    <ul
      data-testid="map-points"
      data-focused={focusedId ?? ''}
      data-center={center ? `${center.lat},${center.lng}` : ''}
    >
      {points.map((point) => (
        <li key={point.id}>
          <button type="button" data-radius={point.radius} onClick={() => onPointClick(point)}>
            {point.label}
          </button>
        </li>
      ))}
    </ul>
  ),
  preloadUsMap: () => {},
}));

function answer(query: URLSearchParams): BuyerMapAnswer {
  const capped = query.has('maxPrice');
  return {
    regions: null,
    zipCount: 1,
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

const zip = (zipCode: string, buyerCount: number, averageMonthlyPayment: number) => ({
  zipCode,
  lat: 30.27,
  lng: -97.74,
  buyerCount,
  averageDownPayment: 20_000,
  averageMonthlyPayment,
});

/** A national map, over the server's limit of ZIP codes sent one by one: by region. */
function nationalAnswer(query: URLSearchParams): BuyerMapAnswer {
  const region = query.get('region');
  const regions = [
    {
      region: '787',
      lat: 30.27,
      lng: -97.74,
      zipCount: 2,
      buyerCount: 5,
      averageDownPayment: 20_000,
      averageMonthlyPayment: 2100,
    },
    {
      region: '100',
      lat: 40.75,
      lng: -73.99,
      zipCount: 1,
      buyerCount: 1,
      averageDownPayment: null,
      averageMonthlyPayment: null,
    },
  ];
  return {
    zips: region === '787' ? [zip('78701', 3, 2000), zip('78702', 2, 2250)] : null,
    regions: region ? null : regions,
    zipCount: 3,
    totalBuyers: 6,
    buyersWithoutBudget: 0,
    lastUpdated: '2026-01-03T00:00:00.000Z',
    buyers: { items: [], nextCursor: null, total: query.get('zipCode') ? 3 : 6 },
  };
}

function renderPage(path: string, answerOf = answer) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/analytics/buyers') return json(200, answerOf(url.searchParams));
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
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
  return { router, fetchMock };
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

describe('/buyers: a national map comes by region', () => {
  it('shows the regions, opens one into its ZIP codes on the map, and a ZIP narrows the list', async () => {
    const { router, fetchMock } = renderPage('/buyers', nationalAnswer);
    const summary = screen.getByTestId('buyer-map-summary');
    expect(await within(summary).findByText('6 buyers')).toBeTruthy();
    expect(summary.textContent).toContain('3 ZIP codes');
    expect(screen.getByTestId('buyer-map-regions').textContent).toBe(
      'Shown by region (2 regions): the ZIP codes that share their first three digits. Open a region for its ZIP codes.',
    );
    const points = screen.getByTestId('map-points');
    const legendCaption = () =>
      within(screen.getByTestId('map-legend')).getAllByRole('figure')[0]!.textContent;
    expect(legendCaption()).toMatch(/^Buyers per region \(ZIP codes sharing their first three digits\)/);
    const radius = (name: RegExp) => Number(within(points).getByRole('button', { name }).dataset.radius);
    const largest = radius(/^Region 787xx/);
    expect(radius(/^Region 100xx/)).toBeLessThan(largest);
    fireEvent.click(
      within(points).getByRole('button', {
        name: 'Region 787xx: 5 buyers in 2 ZIP codes, average monthly payment $2,100',
      }),
    );
    // Its ZIP codes, asked for by region, take its place; the map goes to it.
    expect(
      await within(points).findByRole('button', {
        name: 'ZIP 78702: 2 buyers, average monthly payment $2,250',
      }),
    ).toBeTruthy();
    expect(within(points).queryByRole('button', { name: /^Region 787xx/ })).toBeNull();
    expect(
      within(points).getByRole('button', { name: /^Region 100xx: 1 buyer in 1 ZIP code,/ }),
    ).toBeTruthy();
    expect(points.dataset.center).toBe('30.27,-97.74');
    // Its ZIP codes on a scale of their own, which the legend now gives: the busiest is drawn as
    // large as the busiest region, not as 3 of 5 buyers.
    expect(legendCaption()).toMatch(/^Buyers per ZIP code/);
    expect(radius(/^ZIP 78701:/)).toBe(largest);
    expect(radius(/^ZIP 78702:/)).toBeLessThan(largest);
    expect(router.state.location.search).toBe('?region=787');
    const asked = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost').searchParams);
    expect(asked.some((q) => q.get('region') === '787')).toBe(true);
    expect(screen.getByTestId('buyer-map-regions').textContent).toBe(
      'Region 787xx: its ZIP codes are on the map and in the table.',
    );

    fireEvent.click(within(points).getByRole('button', { name: /^ZIP 78701:/ }));
    expect(await screen.findByRole('heading', { name: 'Buyers in 78701', level: 2 })).toBeTruthy();
    expect(router.state.location.search).toBe('?region=787&zip=78701');
    expect(points.dataset.focused).toBe('78701');

    // Clearing the ZIP keeps its region open.
    fireEvent.click(screen.getByRole('button', { name: 'All ZIP codes' }));
    await waitFor(() => expect(router.state.location.search).toBe('?region=787'));

    fireEvent.click(screen.getByRole('button', { name: 'All regions' }));
    expect(await within(points).findByRole('button', { name: /^Region 787xx/ })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    // The button went with the open region: the focus is on the note saying what the map shows.
    expect(document.activeElement).toBe(screen.getByTestId('buyer-map-regions'));
  });

  it('gives the regions as a table, most buyers first, and a region’s ZIP codes when opened', async () => {
    renderPage('/buyers', nationalAnswer);
    fireEvent.click(await screen.findByRole('button', { name: 'Table' }));
    const regions = await screen.findByTestId('region-table');
    const rows = within(regions).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['787xx25$20,000$2,100', '100xx11Not givenNot given']);
    fireEvent.click(within(regions).getByRole('button', { name: '787xx: show its ZIP codes' }));
    const zips = await screen.findByTestId('zip-table');
    expect(
      within(zips)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['787013$20,000$2,000', '787022$20,000$2,250']);
    expect(screen.queryByTestId('region-table')).toBeNull();
  });
});
