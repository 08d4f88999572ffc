import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessagePage } from '@dealclub/shared/chat-rules';
import { json } from '@/test/json';
import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import {
  createMessage,
  createMessagePage,
  createNotification,
  createNotificationList,
  createThread,
  DEAL_ID,
  THREAD_ID,
} from '@/test/chat';
import ChatThreadPage from './chat-thread';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The conversation page; `page` answers the first read of the messages unless `handler` says more. */
function renderThread(page: MessagePage | Handler) {
  const handler: Handler =
    typeof page === 'function'
      ? page
      : (url) =>
          url.startsWith('/api/chat/notifications') ? json(200, createNotificationList()) : json(200, page);
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes(
    [
      { path: '/chat/:threadId', element: <ChatThreadPage /> },
      { path: '/deals/:id', element: <p>Deal page</p> },
    ],
    `/chat/${THREAD_ID}`,
    ['buyer'],
  );
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderThread>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const texts = () => screen.getAllByTestId('chat-message').map((li) => li.textContent ?? '');

describe('a conversation', () => {
  it('shows the other party, the deal and the messages oldest first, mine as mine, events worded', async () => {
    renderThread(
      createMessagePage({
        items: [
          createMessage({ id: 'm3', senderId: 'u1', senderName: 'Rosa Díaz', body: 'Saturday works.' }),
          createMessage({ id: 'm2', body: 'When can you visit?' }),
          createMessage({
            id: 'm1',
            kind: 'system',
            event: 'offer',
            senderId: 'u1',
            senderName: 'Rosa Díaz',
            params: { type: 'cash', amount: 380000, closeDate: '2026-03-01' },
            body: 'Proof of funds attached.',
          }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Seller (Seller)' })).toBeTruthy();
    const deal = screen.getByRole('link', { name: '12 Oak Street, Austin, TX 78701' });
    expect(deal.getAttribute('href')).toBe(`/deals/${DEAL_ID}`);

    const [event, theirs, mine] = texts();
    expect(event).toContain('Made a cash offer: $380,000, closing Mar 1, 2026');
    expect(event).toContain('“Proof of funds attached.”');
    expect(theirs).toMatch(/^Sam Seller · .*When can you visit\?$/);
    expect(mine).toMatch(/^You · .*Saturday works\.$/);
    const items = screen.getAllByTestId('chat-message');
    expect(items[2]!.querySelector('[data-own="true"]')?.className).toContain('items-end');
    expect(items[1]!.querySelector('[data-own="false"]')?.className).toContain('items-start');
  });

  it('counts the characters, sends on Enter, keeps Shift+Enter for a new line, and shows the sent message', async () => {
    const user = userEvent.setup();
    const fetchMock = renderThread((url, init) => {
      if (url.startsWith('/api/chat/notifications')) return json(200, createNotificationList());
      if (init?.method === 'POST') {
        const { body } = JSON.parse(String(init.body)) as { body: string };
        return json(201, createMessage({ id: 'new', senderId: 'u1', senderName: 'Rosa Díaz', body }));
      }
      return json(200, createMessagePage({ items: [createMessage({ body: 'Hello Rosa' })] }));
    });
    const box = await screen.findByLabelText('Your message');
    await user.type(box, 'See you');
    expect(screen.getByText('7 / 2,000 characters')).toBeTruthy();
    await user.type(box, '{Shift>}{Enter}{/Shift}Sat');
    expect(posts(fetchMock)).toHaveLength(0);
    await user.type(box, '{Enter}');

    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`/api/chat/threads/${THREAD_ID}/messages`);
    expect(JSON.parse(String(init?.body))).toEqual({ body: 'See you\nSat' });
    await waitFor(() => expect(texts().at(-1)).toMatch(/^You · .*See you\nSat$/));
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('0 / 2,000 characters')).toBeTruthy();
  });

  it('refuses an over-long message before sending it', async () => {
    const fetchMock = renderThread(createMessagePage());
    const box = await screen.findByLabelText('Your message');
    expect(box.getAttribute('maxlength')).toBe('2000');
    // Past the attribute, as a paste by script would be.
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000 characters')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Messages are at most 2,000 characters.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("shows the server's field error in the reader's language and keeps the text", async () => {
    await i18n.changeLanguage('es');
    try {
      const user = userEvent.setup();
      renderThread((url, init) => {
        if (url.startsWith('/api/chat/notifications')) return json(200, createNotificationList());
        if (init?.method === 'POST') {
          return json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            errors: [
              {
                path: 'body',
                message: 'Messages are at most 2,000 characters.',
                key: 'chat.validation.tooLong',
              },
            ],
          });
        }
        return json(200, createMessagePage());
      });
      const box = await screen.findByLabelText('Tu mensaje');
      await user.type(box, 'Hola');
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(await screen.findByText('Los mensajes tienen como máximo 2.000 caracteres.')).toBeTruthy();
      expect((box as HTMLTextAreaElement).value).toBe('Hola');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says a conversation blocked meanwhile is blocked, then shows the notice instead of the box', async () => {
    const user = userEvent.setup();
    let blocked = false;
    renderThread((url, init) => {
      if (url.startsWith('/api/chat/notifications')) return json(200, createNotificationList());
      if (init?.method === 'POST') {
        blocked = true;
        return json(409, { code: 'THREAD_BLOCKED', message: 'blocked' });
      }
      return json(200, createMessagePage({ thread: createThread({ blocked }) }));
    });
    await user.type(await screen.findByLabelText('Your message'), 'Still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This conversation was blocked.')).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('shows who blocked it instead of the reply box', async () => {
    renderThread(createMessagePage({ thread: createThread({ blocked: true, blockedByMe: true }) }));
    expect(await screen.findByText('You blocked this conversation.')).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block conversation' })).toBeNull();
  });

  it('blocks after confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderThread((url, init) => {
      if (url.startsWith('/api/chat/notifications')) return json(200, createNotificationList());
      if (init?.method === 'POST') return json(200, createThread({ blocked: true, blockedByMe: true }));
      return json(200, createMessagePage());
    });
    await user.click(await screen.findByRole('button', { name: 'Block conversation' }));
    // The dialog's code loads when it is first asked for.
    const dialog = await screen.findByRole('alertdialog', { name: 'Block this conversation?' });
    expect(dialog.textContent).toContain('Sam Seller · 12 Oak Street');
    await user.click(within(dialog).getByRole('button', { name: 'Block conversation' }));
    expect(await screen.findByText('You blocked this conversation.')).toBeTruthy();
    expect(posts(fetchMock)[0]![0]).toBe(`/api/chat/threads/${THREAD_ID}/block`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('loads older messages above, from the button and when the top scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          observers.splice(observers.indexOf(this.entry), 1);
        }
      },
    );
    const user = userEvent.setup();
    const fetchMock = renderThread((url) => {
      if (url.startsWith('/api/chat/notifications')) return json(200, createNotificationList());
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      if (cursor === 'c2') {
        return json(
          200,
          createMessagePage({ items: [createMessage({ id: 'm2', body: 'Second' })], nextCursor: 'c3' }),
        );
      }
      if (cursor === 'c3') {
        return json(200, createMessagePage({ items: [createMessage({ id: 'm1', body: 'First' })] }));
      }
      return json(
        200,
        createMessagePage({ items: [createMessage({ id: 'm3', body: 'Third' })], nextCursor: 'c2' }),
      );
    });
    await screen.findByText('Third');
    expect(texts()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(texts()).toHaveLength(2));
    expect(texts()[0]).toContain('Second');

    // Scrolling to the top: the sentinel comes into view.
    await waitFor(() => expect(observers.at(-1)?.target).toBeTruthy());
    const top = observers.at(-1)!;
    act(() =>
      top.callback(
        [{ isIntersecting: true, target: top.target! } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() =>
      expect(texts().map((text) => /(First|Second|Third)$/.exec(text)?.[1])).toEqual([
        'First',
        'Second',
        'Third',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    const cursors = fetchMock.mock.calls
      .map(([url]) => new URL(url, 'http://x').searchParams.get('cursor'))
      .filter(Boolean);
    expect(cursors).toEqual(['c2', 'c3']);
  });

  it("shows a reply the bell's poll announces, without a realtime connection", async () => {
    let notificationReads = 0;
    let messageReads = 0;
    renderThread((url) => {
      if (url.startsWith('/api/chat/notifications')) {
        notificationReads += 1;
        // The read after the first page finds a new, unread message of this conversation.
        const fresh =
          notificationReads === 2
            ? [createNotification({ notificationId: 'n2', createdAt: '2026-02-03T10:05:00.000Z' })]
            : [];
        return json(200, createNotificationList(fresh));
      }
      messageReads += 1;
      const reply = createMessage({
        id: 'm2',
        body: 'Saturday at ten?',
        createdAt: '2026-02-03T10:05:00.000Z',
      });
      const first = createMessage({ id: 'm1', body: 'Hello Rosa', createdAt: '2026-02-03T10:00:00.000Z' });
      return json(200, createMessagePage({ items: messageReads === 1 ? [first] : [reply, first] }));
    });
    expect(await screen.findByText('Saturday at ten?')).toBeTruthy();
    expect(messageReads).toBe(2);
  });

  it('says Conversation not found for a conversation one is not in', async () => {
    renderThread((url) =>
      url.startsWith('/api/chat/notifications')
        ? json(200, createNotificationList())
        : json(404, { code: 'THREAD_NOT_FOUND', message: 'Conversation not found' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All conversations' }).getAttribute('href')).toBe('/chat');
  });
});
