import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationList } from '@dealclub/shared/chat-rules';
import type { Role } from '@dealclub/shared/roles';
import { json } from '@/test/json';
import { renderRoutes } from '@/test/render';
import { createDealInfo, createNotification, createNotificationList, DEAL_ID } from '@/test/chat';
import { NotificationBell } from './notification-bell';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

beforeAll(() => {
  // Radix measures its popper content; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => vi.unstubAllGlobals());

function renderBell(answer: NotificationList | Handler, roles: Role[] = ['buyer']) {
  const handler: Handler = typeof answer === 'function' ? answer : () => json(200, answer);
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  // The bell sits in the shell, above whichever page is open.
  const router = renderRoutes(
    [
      {
        element: (
          <>
            <NotificationBell roles={roles} />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>Home page</p> },
          { path: '/chat/:threadId', element: <p>Conversation page</p> },
          { path: '/chat', element: <p>Conversations page</p> },
          { path: '/deals/:dealId', element: <p>Deal page</p> },
        ],
      },
    ],
    '/',
    roles,
  );
  return { fetchMock, router };
}

async function openDropdown() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('the notification bell', () => {
  it('stays in view at every width (the header shows it beside the menu button)', async () => {
    renderBell(createNotificationList());
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    expect(bell.className).not.toMatch(/(^|\s)hidden/);
  });

  it('shows Loading notifications... until the list arrives', async () => {
    let release: (r: Response) => void = () => {};
    renderBell(() => new Promise<Response>((resolve) => (release = resolve)));
    const { menu } = await openDropdown();
    expect(within(menu).getByText('Loading notifications...')).toBeTruthy();
    release(json(200, createNotificationList()));
    expect(await within(menu).findByText('No notifications yet')).toBeTruthy();
  });

  it('says there is nothing yet, without a badge, and links to all conversations', async () => {
    const { fetchMock } = renderBell(createNotificationList());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    const { menu } = await openDropdown();
    expect(await within(menu).findByText('No notifications yet')).toBeTruthy();
    expect(within(menu).getByText("You'll see new messages here")).toBeTruthy();
    const all = within(menu).getByRole('menuitem', { name: 'View all conversations' });
    expect(all.getAttribute('href')).toBe('/chat');
  });

  it('lists the unread notifications with the icon and title of their type, the property line and the time', async () => {
    renderBell(
      createNotificationList(
        [
          createNotification({
            notificationId: 'n1',
            dealInfo: createDealInfo({ address: '12345 Long Meadow Creek Boulevard North' }),
          }),
          createNotification({
            notificationId: 'n2',
            type: 'new_thread',
            senderName: 'Bianca Buyer',
            createdAt: new Date().toISOString(),
            dealInfo: createDealInfo({ address: null, city: 'Dallas', zip: '75201' }),
          }),
          createNotification({
            notificationId: 'n3',
            type: 'thread_blocked',
            createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
            dealInfo: createDealInfo({ hideAddress: true }),
          }),
          // Already read: not listed.
          createNotification({ notificationId: 'n4', readAt: new Date().toISOString() }),
        ],
        3,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
    const { menu } = await openDropdown();
    const items = await within(menu).findAllByTestId('notification-item');
    expect(items).toHaveLength(3);

    const [message, thread, blocked] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(message.textContent).toContain('New message from Sam Seller');
    expect(message.textContent).toContain('12345 Long Meadow Creek Boule…');
    expect(message.textContent).toContain('3 minutes ago');
    expect(message.querySelector('svg.lucide-message-square')).toBeTruthy();

    expect(thread.textContent).toContain('New conversation with Bianca Buyer');
    expect(thread.textContent).toContain('Address undisclosed, Dallas, TX 75201');
    expect(thread.textContent).toContain('just now');
    expect(thread.querySelector('svg.lucide-message-square-plus')).toBeTruthy();

    expect(blocked.textContent).toContain('Sam Seller blocked the conversation');
    expect(blocked.textContent).toContain('Address undisclosed, Austin, TX 78701');
    expect(blocked.textContent).toContain('2 hours ago');
    expect(blocked.querySelector('svg.lucide-ban')).toBeTruthy();

    expect(screen.getByTestId('notification-list').style.maxHeight).toBe('400px');
  });

  it("caps the badge at '99+'", async () => {
    renderBell(createNotificationList([createNotification()], 140));
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
  });

  it('marks a clicked notification read, reads the list again and opens its conversation', async () => {
    let unread = true;
    const { fetchMock, router } = renderBell((url, init) => {
      if (init?.method === 'PUT') {
        unread = false;
        return new Response(null, { status: 204 });
      }
      return json(
        200,
        createNotificationList(unread ? [createNotification({ notificationId: 'n7', threadId: 't9' })] : []),
      );
    });
    const { user, menu } = await openDropdown();
    await user.click(await within(menu).findByText('New message from Sam Seller'));

    expect(await screen.findByText('Conversation page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat/t9');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/chat/notifications/n7/read');
    // The list read again after the PUT: the badge is gone.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('shows a deal match with its place and score, and opens the deal, not a conversation', async () => {
    let unread = true;
    const { fetchMock, router } = renderBell((url, init) => {
      if (init?.method === 'PUT') {
        unread = false;
        return new Response(null, { status: 204 });
      }
      return json(
        200,
        createNotificationList(
          unread
            ? [
                createNotification({
                  notificationId: 'n8',
                  type: 'deal_match',
                  threadId: null,
                  senderName: 'DealClub',
                  message: '92% match · Subject-to · $450,000',
                  dealInfo: createDealInfo({ address: null, city: 'Reno', state: 'NV', zip: '89501' }),
                }),
              ]
            : [],
        ),
      );
    });
    const { user, menu } = await openDropdown();
    const [item] = await within(menu).findAllByTestId('notification-item');
    expect(item!.textContent).toContain('New deal match');
    expect(item!.textContent).toContain('Address undisclosed, Reno, NV 89501');
    expect(item!.textContent).toContain('92% match · Subject-to · $450,000');
    expect(item!.querySelector('svg.lucide-sparkles')).toBeTruthy();

    await user.click(item!);
    expect(await screen.findByText('Deal page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/deals/${DEAL_ID}`);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/chat/notifications/n8/read');
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
  });

  it('announces a rise of the unread count, not the first count nor a fall', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const answers = [2, 3, 1];
      const { fetchMock } = renderBell(
        () => json(200, createNotificationList([], answers.shift() ?? 1)),
        ['buyer'],
      );
      const announcer = screen.getByRole('status');
      await screen.findByRole('button', { name: 'Notifications, 2 unread' });
      expect(announcer.textContent).toBe('');
      await vi.advanceTimersByTimeAsync(15_000);
      await screen.findByRole('button', { name: 'Notifications, 3 unread' });
      expect(announcer.textContent).toBe('Notifications, 3 unread');
      await vi.advanceTimersByTimeAsync(15_000);
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      expect(announcer.textContent).toBe('Notifications, 3 unread');
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls every 15 s for a buyer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = renderBell(createNotificationList(), ['buyer']);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(15_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls every 60 s for the seller side', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = renderBell(createNotificationList(), ['originator', 'buyer']);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(15_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(45_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
