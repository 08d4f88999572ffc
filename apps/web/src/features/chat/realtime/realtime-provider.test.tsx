import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@dealclub/shared/roles';
import { json } from '@/test/json';
import { dealKeys } from '@/lib/deals';
import { renderRoutes } from '@/test/render';
import { toastsAsked } from '@/test/toasts';
import { NotificationBell } from '../components/notification-bell';
import type { RealtimeClient } from './realtime-connection';
import { RealtimeProvider } from './realtime-provider';

const toast = toastsAsked();

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
  roomReads.mockReset();
});

const roomReads = vi.hoisted(() => vi.fn());

/** A closing room's page as far as its query goes: it counts the reads of the room. */
function RoomProbe() {
  const { dealId = '' } = useParams();
  const room = useQuery({ queryKey: dealKeys.closing(dealId), queryFn: async () => roomReads(dealId) ?? 1 });
  return <p>Closing room {room.data === undefined ? '' : 'read'}</p>;
}

/** The shell as the app has it: the provider around the header's bell and the page. */
function renderShell(roles: Role[], path = '/') {
  const handlers = new Map<string, (data: never) => void>();
  const open = vi.fn(async (): Promise<RealtimeClient> => ({
    subscribe: () => ({ bind: (event, callback) => handlers.set(event, callback) }),
    disconnect: () => {},
    connection: { state: 'connected', bind: () => {} },
  }));
  const fetchMock = vi.fn(async () => json(200, { items: [], nextCursor: null, total: 0, unreadCount: 0 }));
  vi.stubGlobal('fetch', fetchMock);
  const router = renderRoutes(
    [
      {
        element: (
          <RealtimeProvider open={open}>
            <NotificationBell roles={roles} />
            <Outlet />
          </RealtimeProvider>
        ),
        children: [
          { path: '/', element: <p>Home page</p> },
          { path: '/chat/:threadId', element: <p>Conversation page</p> },
          { path: '/deals/:dealId', element: <p>Deal page</p> },
          { path: '/deals/:dealId/closing', element: <RoomProbe /> },
        ],
      },
    ],
    path,
    roles,
  );
  const emit = (event: string, data: unknown) => act(() => handlers.get(event)?.(data as never));
  return { open, emit, router, fetchMock };
}

describe('the realtime provider in the shell', () => {
  it("connects a buyer when they open the bell's dropdown, not before", async () => {
    const { open } = renderShell(['buyer']);
    await screen.findByText('Home page');
    await new Promise((r) => setTimeout(r, 20));
    expect(open).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Notifications/ }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
  });

  it("toasts a seller's new message with the sender, the first 50 characters and View", async () => {
    const { open, emit, router, fetchMock } = renderShell(['originator']);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const long = 'Could we meet at the property on Saturday morning around ten?';
    emit('new-message', { senderName: 'Bianca Buyer', message: long, threadId: 't5' });

    expect(toast).toHaveBeenCalledTimes(1);
    const shown = toast.mock.calls[0]![0];
    expect(shown.title).toBe('New Message');
    expect(shown.description).toBe(`Bianca Buyer: ${long.slice(0, 50)}…`);
    expect(shown.action?.label).toBe('View');
    // The bell is read again at once.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    act(() => shown.action!.onClick());
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/t5'));

    emit('new-thread', { senderName: 'Lee Park', message: 'Hello', thread: { threadId: 't6' } });
    expect(toast.mock.calls[1]![0]).toMatchObject({
      title: 'New Conversation',
      description: 'Lee Park: Hello',
    });
  });

  it('toasts a deal match with its place and score, refreshes the bell, and View opens the deal', async () => {
    const { open, emit, router, fetchMock } = renderShell(['owner']);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    emit('deal-match', { dealId: 'd42', place: 'Reno, NV 89501', score: 92 });

    expect(toast).toHaveBeenCalledTimes(1);
    const shown = toast.mock.calls[0]![0];
    expect(shown).toMatchObject({ title: 'New deal match', description: 'Reno, NV 89501 · 92% match' });
    expect(shown.action).toMatchObject({ label: 'View', altText: 'Open the deal' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    act(() => shown.action!.onClick());
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/d42'));
    expect(await screen.findByText('Deal page')).toBeTruthy();

    // On that deal's page already: the bell is refreshed, no toast.
    emit('deal-match', { dealId: 'd42', place: 'Reno, NV 89501', score: 92 });
    expect(toast).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it('reads an open closing room again when a step is taken in it, without a toast', async () => {
    const { open, emit } = renderShell(['originator'], '/deals/d42/closing');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await screen.findByText('Closing room read');
    expect(roomReads).toHaveBeenCalledTimes(1);

    emit('closing-updated', { dealId: 'd7', roomId: 'r7', event: 'tick' });
    emit('closing-updated', { dealId: 'd42', roomId: 'r42', event: 'tick' });
    await waitFor(() => expect(roomReads).toHaveBeenCalledTimes(2));
    expect(roomReads.mock.calls.map(([id]) => id)).toEqual(['d42', 'd42']);
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts a deal match in Spanish', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('es');
    try {
      const { open, emit } = renderShell(['originator']);
      await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
      emit('deal-match', { dealId: 'd1', place: 'Reno, NV 89501', score: 75 });
      expect(toast.mock.calls[0]![0]).toMatchObject({
        title: 'Nueva oportunidad para ti',
        description: 'Reno, NV 89501 · 75% de coincidencia',
        action: { label: 'Ver', altText: 'Abrir la oportunidad' },
      });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('does not toast a message of the conversation being read', async () => {
    const { open, emit } = renderShell(['owner'], '/chat/t5');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    emit('new-message', { senderName: 'Bianca Buyer', message: 'Hi', threadId: 't5' });
    expect(toast).not.toHaveBeenCalled();
  });
});
