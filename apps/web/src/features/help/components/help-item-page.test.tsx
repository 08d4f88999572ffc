import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HelpArticle, HelpQa } from '@dealclub/shared/help-rules';
import { markdownTree } from '@dealclub/shared/markdown-tree';
import { loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { HelpItemPage } from './help-item-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The API sends each text with its tree (decision 039), built by the same function.
const ARTICLE_BODY =
  '## Cash or creative\n\nAn offer is **binding** once accepted.\n\n<script>window.__injected = 1</script>';

const ARTICLE: HelpArticle = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'making-an-offer',
  category: 'offers',
  title: 'Making an offer',
  body: ARTICLE_BODY,
  bodyTree: markdownTree(ARTICLE_BODY),
  updatedAt: '2026-11-01T10:00:00Z',
  myVote: null,
  language: 'en',
};

const QA: HelpQa = {
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'can-i-change-my-offer',
  category: 'offers',
  question: 'Can I change my offer?',
  answer: 'Yes, while it is open.',
  answerTree: markdownTree('Yes, while it is open.'),
  updatedAt: '2026-11-01T10:00:00Z',
  myVote: true,
  language: 'en',
};

function renderPage(path: string, reply: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => reply(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/help/article/:id', element: <HelpItemPage kind="article" /> },
      { path: '/help/qa/:id', element: <HelpItemPage kind="qa" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeAll(() => loadLocaleSection('help', 'en'));
afterEach(() => vi.unstubAllGlobals());

describe('a help article or Q&A page', () => {
  it('renders the Markdown without raw HTML, and records the reader’s answer, which they can change', async () => {
    const votes: boolean[] = [];
    const fetchMock = renderPage('/help/article/making-an-offer', (url, init) => {
      if (init.method === 'POST') {
        const { helpful } = JSON.parse(String(init.body)) as { helpful: boolean };
        votes.push(helpful);
        return json(200, { myVote: helpful });
      }
      return json(200, ARTICLE);
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Making an offer' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cash or creative' })).toBeTruthy();
    expect(document.querySelector('article strong')?.textContent).toBe('binding');
    expect(document.querySelector('article script')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/help/articles/making-an-offer?lang=en');

    const yes = screen.getByRole('button', { name: 'Yes' });
    const no = screen.getByRole('button', { name: 'No' });
    expect(yes.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(yes);
    await waitFor(() => expect(yes.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText(/You answered that this was helpful/)).toBeTruthy();
    await userEvent.click(no);
    await waitFor(() => expect(no.getAttribute('aria-pressed')).toBe('true'));
    expect(yes.getAttribute('aria-pressed')).toBe('false');
    expect(votes).toEqual([true, false]);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url)).toEqual([
      `/api/help/articles/${ARTICLE.id}/helpful`,
      `/api/help/articles/${ARTICLE.id}/helpful`,
    ]);
  });

  it('shows a Q&A with the reader’s earlier answer pressed', async () => {
    renderPage('/help/qa/can-i-change-my-offer', () => json(200, QA));
    expect(await screen.findByRole('heading', { level: 1, name: 'Can I change my offer?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Offers and counter-offers' }).getAttribute('href')).toBe(
      '/help?category=offers',
    );
  });

  it('is the not-found page for an item that does not exist or is not published', async () => {
    renderPage('/help/article/no-such-article', () =>
      json(404, { code: 'HELP_ARTICLE_NOT_FOUND', message: 'Help article not found' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(document.title).toBe('Page not found | DealClub');
  });
});
