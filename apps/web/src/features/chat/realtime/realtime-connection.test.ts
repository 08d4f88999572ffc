import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_INACTIVITY_CHECK_MS, REALTIME_INACTIVITY_MS } from '@dealclub/shared/chat-rules';
import {
  RealtimeConnection,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeStateChange,
} from './realtime-connection';

interface FakeClient {
  channel: string;
  disconnected: boolean;
  /** Emits a channel event. */
  emit: (event: string, data: unknown) => void;
  /** Moves the connection to another state, as pusher-js does on its own. */
  setState: (state: string) => void;
}

/**
 * A pusher-js stand-in: records subscriptions and lets the test emit channel events and change the
 * connection's state. Like pusher-js, disconnecting moves it to 'disconnected'.
 */
function fakePusher({ initialState = 'connecting' } = {}) {
  const clients: FakeClient[] = [];
  const open = vi.fn(async (): Promise<RealtimeClient> => {
    const handlers = new Map<string, (data: never) => void>();
    const stateListeners: ((change: RealtimeStateChange) => void)[] = [];
    const connection = {
      state: initialState,
      bind: (_event: 'state_change', callback: (change: RealtimeStateChange) => void) =>
        stateListeners.push(callback),
    };
    const client: FakeClient = {
      channel: '',
      disconnected: false,
      emit: (event, data) => handlers.get(event)?.(data as never),
      setState: (current) => {
        const previous = connection.state;
        connection.state = current;
        if (previous !== current) for (const listener of stateListeners) listener({ previous, current });
      },
    };
    clients.push(client);
    return {
      connection,
      subscribe: (channel) => {
        client.channel = channel;
        return { bind: (event, callback) => handlers.set(event, callback) };
      },
      disconnect: () => {
        client.disconnected = true;
        client.setState('disconnected');
      },
    };
  });
  const live = () => clients.filter((c) => !c.disconnected);
  return { open, clients, live };
}

function setup(options?: Parameters<typeof fakePusher>[0]) {
  const pusher = fakePusher(options);
  const events: RealtimeEvent[] = [];
  const connection = new RealtimeConnection({ open: pusher.open, onEvent: (e) => events.push(e) });
  return { pusher, events, connection };
}

/** Lets the connection's pending promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the realtime connection policy', () => {
  it('connects a seller-side user at start, on their private channel', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'seller-1', sellerSide: true });
    await settle();
    expect(pusher.open).toHaveBeenCalledTimes(1);
    expect(pusher.live().map((c) => c.channel)).toEqual(['private-user-seller-1']);
  });

  it('connects a buyer only when the notification dropdown opens, and once', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'buyer-1', sellerSide: false });
    connection.noteActivity();
    await settle();
    expect(pusher.open).not.toHaveBeenCalled();

    connection.dropdownOpened();
    connection.dropdownOpened();
    await settle();
    connection.dropdownOpened();
    await settle();
    expect(pusher.open).toHaveBeenCalledTimes(1);
    expect(pusher.live().map((c) => c.channel)).toEqual(['private-user-buyer-1']);
  });

  it('connects a buyer who becomes seller-side during the session', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'u1', sellerSide: false });
    await settle();
    expect(pusher.open).not.toHaveBeenCalled();
    connection.setUser({ userId: 'u1', sellerSide: true });
    await settle();
    expect(pusher.live()).toHaveLength(1);
  });

  it('disconnects after 15 minutes without activity, checked every 60 s, and reconnects on need', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'buyer-1', sellerSide: false });
    connection.dropdownOpened();
    await settle();
    expect(pusher.live()).toHaveLength(1);

    // Activity 10 minutes in keeps it up past the 15-minute mark of the connection.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    pusher.clients[0]!.emit('new-message', { senderName: 'Sam', message: 'Hi', threadId: 't1' });
    await vi.advanceTimersByTimeAsync(REALTIME_INACTIVITY_MS - 60_000);
    expect(pusher.live()).toHaveLength(1);

    // 15 minutes after the last event: gone at the next 60-second check, not before.
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(pusher.clients[0]!.disconnected).toBe(false);
    await vi.advanceTimersByTimeAsync(REALTIME_INACTIVITY_CHECK_MS);
    expect(pusher.clients[0]!.disconnected).toBe(true);
    expect(connection.active).toBe(false);

    // A buyer's reading of messages is no need to reconnect; the next dropdown open is.
    connection.noteActivity();
    await settle();
    expect(pusher.open).toHaveBeenCalledTimes(1);
    connection.dropdownOpened();
    await settle();
    expect(pusher.open).toHaveBeenCalledTimes(2);
    expect(pusher.live()).toHaveLength(1);
  });

  it('reconnects an idle seller-side user on their next activity', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'seller-1', sellerSide: true });
    await settle();
    await vi.advanceTimersByTimeAsync(REALTIME_INACTIVITY_MS + REALTIME_INACTIVITY_CHECK_MS);
    expect(pusher.live()).toHaveLength(0);
    connection.noteActivity();
    await settle();
    expect(pusher.open).toHaveBeenCalledTimes(2);
    expect(pusher.live()).toHaveLength(1);
  });

  it('connects a buyer who opens a closing room', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'buyer-1', sellerSide: false });
    await settle();
    expect(pusher.open).not.toHaveBeenCalled();
    connection.closingRoomOpened();
    connection.closingRoomOpened();
    await settle();
    expect(pusher.open).toHaveBeenCalledTimes(1);
    expect(pusher.clients[0]!.channel).toBe('private-user-buyer-1');
  });

  it('hands on new-message, new-thread, deal-match and closing-updated events', async () => {
    const { pusher, events, connection } = setup();
    connection.setUser({ userId: 'seller-1', sellerSide: true });
    await settle();
    pusher.clients[0]!.emit('new-message', { senderName: 'Bianca', message: 'Hello', threadId: 't1' });
    pusher.clients[0]!.emit('new-thread', {
      senderName: 'Bianca',
      message: 'Hi',
      thread: { threadId: 't2' },
    });
    pusher.clients[0]!.emit('deal-match', { dealId: 'd1', place: 'Reno, NV 89501', score: 92 });
    pusher.clients[0]!.emit('closing-updated', { dealId: 'd1', roomId: 'r1', event: 'tick' });
    expect(events).toEqual([
      { name: 'new-message', data: { senderName: 'Bianca', message: 'Hello', threadId: 't1' } },
      { name: 'new-thread', data: { senderName: 'Bianca', message: 'Hi', thread: { threadId: 't2' } } },
      { name: 'deal-match', data: { dealId: 'd1', place: 'Reno, NV 89501', score: 92 } },
      { name: 'closing-updated', data: { dealId: 'd1', roomId: 'r1', event: 'tick' } },
    ]);
  });

  it('disconnects on sign-out, and drops a connection that arrives after it', async () => {
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'seller-1', sellerSide: true });
    await settle();
    connection.setUser(null);
    expect(pusher.clients[0]!.disconnected).toBe(true);

    connection.setUser({ userId: 'seller-1', sellerSide: true });
    connection.setUser(null);
    await settle();
    expect(pusher.live()).toHaveLength(0);
  });

  it('only logs a refused channel, and stops trying when realtime is switched off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { pusher, connection } = setup();
    connection.setUser({ userId: 'seller-1', sellerSide: true });
    await settle();
    pusher.clients[0]!.emit('pusher:subscription_error', { type: 'AuthError', status: 403 });
    expect(warn).toHaveBeenCalledWith('Authentication failed: 403');
    warn.mockRestore();

    const off = vi.fn(async () => null);
    const disabled = new RealtimeConnection({ open: off });
    disabled.setUser({ userId: 'seller-1', sellerSide: true });
    await settle();
    disabled.dropdownOpened();
    await settle();
    expect(off).toHaveBeenCalledTimes(1);
  });

  describe('once pusher-js has given up on the connection', () => {
    beforeEach(() => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
    });
    afterEach(() => vi.mocked(console.warn).mockRestore());

    it.each([
      ['closed by the server (a 4301 refusal ends as disconnected)', 'disconnected'],
      ['failed', 'failed'],
    ])('takes it as closed when %s, and opens a new one on the next need', async (_how, state) => {
      const { pusher, connection } = setup();
      connection.setUser({ userId: 'buyer-1', sellerSide: false });
      connection.dropdownOpened();
      await settle();
      pusher.clients[0]!.setState('connected');

      pusher.clients[0]!.setState(state);
      expect(connection.active).toBe(false);
      expect(console.warn).toHaveBeenCalledWith(`Realtime connection ${state}`);

      connection.dropdownOpened();
      await settle();
      expect(pusher.open).toHaveBeenCalledTimes(2);
      expect(pusher.live().map((c) => c.channel)).toEqual(['private-user-buyer-1']);
      expect(connection.active).toBe(true);
    });

    it('reopens for a seller-side user on their next activity, not before', async () => {
      const { pusher, connection } = setup();
      connection.setUser({ userId: 'seller-1', sellerSide: true });
      await settle();
      pusher.clients[0]!.setState('disconnected');
      await vi.advanceTimersByTimeAsync(REALTIME_INACTIVITY_CHECK_MS);
      expect(pusher.open).toHaveBeenCalledTimes(1);

      connection.noteActivity();
      await settle();
      expect(pusher.open).toHaveBeenCalledTimes(2);
      expect(pusher.live()).toHaveLength(1);
    });

    it('notices a connection that had failed already when it was handed over', async () => {
      const { pusher, connection } = setup({ initialState: 'failed' });
      connection.setUser({ userId: 'seller-1', sellerSide: true });
      await settle();
      expect(connection.active).toBe(false);
      connection.noteActivity();
      await settle();
      expect(pusher.open).toHaveBeenCalledTimes(2);
    });

    it('keeps an unavailable connection, which pusher-js retries by itself', async () => {
      const { pusher, connection } = setup();
      connection.setUser({ userId: 'buyer-1', sellerSide: false });
      connection.dropdownOpened();
      await settle();
      pusher.clients[0]!.setState('unavailable');
      expect(connection.active).toBe(true);
      connection.dropdownOpened();
      await settle();
      expect(pusher.open).toHaveBeenCalledTimes(1);
      pusher.clients[0]!.setState('connected');
      expect(pusher.live()).toHaveLength(1);
    });

    it('says nothing when the connection ends because it was closed here', async () => {
      const { pusher, connection } = setup();
      connection.setUser({ userId: 'seller-1', sellerSide: true });
      await settle();
      connection.setUser(null);
      expect(pusher.clients[0]!.disconnected).toBe(true);
      expect(console.warn).not.toHaveBeenCalled();
    });
  });
});
