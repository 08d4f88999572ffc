import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HelpArticleSummary, HelpQaSummary } from '@dealclub/shared/help-rules';
import { i18n, loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import HelpPage from './help';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const article: HelpArticleSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'making-an-offer',
  category: 'offers',
  title: { text: 'Cómo hacer una oferta', highlights: [{ start: 15, end: 21 }] },
  snippet: { text: 'Una oferta en efectivo o creativa…', highlights: [{ start: 4, end: 10 }] },
  updatedAt: '2026-11-01T10:00:00Z',
};
const question: HelpQaSummary = {
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'can-i-change-my-offer',
  category: 'offers',
  question: { text: '¿Puedo cambiar mi oferta?', highlights: [{ start: 18, end: 24 }] },
  snippet: { text: 'Sí, mientras siga abierta.', highlights: [] },
  updatedAt: '2026-11-01T10:00:00Z',
};
const page = <T,>(items: T[]) => ({ items, nextCursor: null, total: items.length, language: 'es' });

/** The help centre's API: `search` answers the searches (by kind and words), the categories are fixed. */
function serve(search: (kind: 'articles' | 'qa', q: string) => unknown[]) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/help/categories') {
      return json(200, {
        ...page([
          { key: 'gettingStarted', name: 'x', articles: 1, questions: 2 },
          { key: 'offers', name: 'x', articles: 3, questions: 1 },
          { key: 'account', name: 'x', articles: 0, questions: 0 },
        ]),
      });
    }
    const kind = url.pathname.endsWith('/qa') ? 'qa' : 'articles';
    return json(200, page(search(kind, url.searchParams.get('q') ?? '')));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHelp(path = '/help') {
  const router = createMemoryRouter(
    [
      { path: '/help', element: <HelpPage /> },
      { path: '/help/article/:id', element: <p>article page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const searches = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname !== '/api/help/categories' && url.searchParams.has('q'))
    .map((url) => `${url.pathname}?${url.searchParams}`);

beforeAll(async () => {
  await Promise.all([loadLocaleSection('help', 'en'), loadLocaleSection('help', 'es')]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the help centre', () => {
  it('shows the categories that hold something, with their counts, before any search', async () => {
    serve(() => []);
    renderHelp();
    const categories = await screen.findByRole('region', { name: 'Browse by category' });
    const links = within(categories).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Getting started1 article · 2 questions',
      'Offers and counter-offers3 articles · 1 question',
    ]);
    expect(links[1]?.getAttribute('href')).toBe('/help?category=offers');
  });

  it('searches as the reader pauses, in their language, and marks what matched', async () => {
    await i18n.changeLanguage('es');
    const fetchMock = serve((kind, q) => (q === 'oferta' ? [kind === 'qa' ? question : article] : []));
    const router = renderHelp();
    await userEvent.type(await screen.findByLabelText('Buscar artículos y preguntas'), 'oferta');

    expect(await screen.findByText('2 resultados para «oferta»')).toBeTruthy();
    // One search per kind, for the whole word: the letters typed before the pause sent nothing.
    expect(searches(fetchMock)).toEqual([
      '/api/help/articles?q=oferta&lang=es',
      '/api/help/qa?q=oferta&lang=es',
    ]);
    expect(router.state.location.search).toBe('?q=oferta');

    const link = screen.getByRole('link', { name: 'Cómo hacer una oferta' });
    expect(link.getAttribute('href')).toBe('/help/article/making-an-offer');
    expect(link.querySelector('mark')?.textContent).toContain('oferta');
    expect(screen.getByRole('link', { name: /^¿Puedo cambiar mi oferta/ }).getAttribute('href')).toBe(
      '/help/qa/can-i-change-my-offer',
    );
    expect(screen.getByRole('heading', { name: 'Artículos (1)' })).toBeTruthy();
  });

  it('says when nothing matches, and offers the categories instead', async () => {
    serve(() => []);
    renderHelp('/help?q=zzz');
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeTruthy();
    expect(screen.getByRole('status')?.textContent).toContain('0 results for “zzz”');
    expect(screen.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe('/help');
    expect((screen.getByLabelText('Search articles and questions') as HTMLInputElement).value).toBe('zzz');
  });

  it('lists a category without a search and clears the box when the reader goes back to every category', async () => {
    serve(() => [article]);
    const router = renderHelp('/help?category=offers&q=offer');
    await screen.findByRole('heading', { name: 'Offers and counter-offers' });
    await userEvent.click(screen.getByRole('link', { name: 'Search every category' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=offer'));
    await router.navigate('/help');
    await waitFor(() =>
      expect((screen.getByLabelText('Search articles and questions') as HTMLInputElement).value).toBe(''),
    );
    expect(await screen.findByRole('region', { name: 'Browse by category' })).toBeTruthy();
  });
});
