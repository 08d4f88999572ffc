import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadList } from '@dealclub/shared/chat-rules';
import { json } from '@/test/json';
import { renderRoutes } from '@/test/render';
import { createDealInfo, createMessage, createThread, createThreadList } from '@/test/chat';
import ChatPage from './chat';

afterEach(() => vi.unstubAllGlobals());

function renderList(answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '/chat', element: <ChatPage /> }], '/chat', ['originator']);
  return fetchMock;
}

describe('the conversations list', () => {
  it('shows each conversation with its party, deal, last message, unread count and state, and loads more', async () => {
    const first: ThreadList = {
      items: [
        createThread({
          threadId: 't1',
          otherParty: { id: 'b1', firstName: 'Bianca', lastName: 'Buyer', side: 'buyer' },
          unreadCount: 2,
          lastMessage: createMessage({ kind: 'system', event: 'interest', body: 'Love the yard.' }),
          lastMessageAt: new Date(Date.now() - 120_000).toISOString(),
        }),
        createThread({
          threadId: 't2',
          deal: createDealInfo({ address: null }),
          blocked: true,
          lastMessage: createMessage({ senderId: 'u1', body: 'Thanks anyway.' }),
        }),
      ],
      nextCursor: 'next',
      total: 3,
    };
    const more: ThreadList = createThreadList([createThread({ threadId: 't3' })], { total: 3 });
    const fetchMock = renderList((url) => json(200, url.includes('cursor=next') ? more : first));

    const items = await screen.findAllByTestId('thread-item');
    expect(items[0]!.getAttribute('href')).toBe('/chat/t1');
    expect(items[0]!.textContent).toContain('Bianca Buyer');
    expect(items[0]!.textContent).toContain('Buyer');
    expect(items[0]!.textContent).toContain('12 Oak Street');
    expect(items[0]!.textContent).toContain('Interested in this deal · Love the yard.');
    expect(within(items[0]!).getByText('2 unread messages')).toBeTruthy();
    expect(items[0]!.textContent).toContain('2 minutes ago');
    expect(items[1]!.textContent).toContain('Address undisclosed, Austin, TX 78701');
    expect(items[1]!.textContent).toContain('You: Thanks anyway.');
    expect(within(items[1]!).getByText('Blocked')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more conversations' }));
    await waitFor(() => expect(screen.getAllByTestId('thread-item')).toHaveLength(3));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/chat/threads?limit=30');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/chat/threads?cursor=next&limit=30');
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();
  });

  it('says there are none yet', async () => {
    renderList(() => json(200, createThreadList()));
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });

  it('offers to try again when the list cannot be read', async () => {
    let fail = true;
    renderList(() =>
      fail ? json(403, { code: 'FORBIDDEN', message: 'no' }) : json(200, createThreadList()),
    );
    expect(await screen.findByText("We couldn't load your conversations.")).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });
});
