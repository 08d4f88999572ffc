/**
 * The realtime connection policy of shell §4, apart from React and from pusher-js so that it can be
 * tested with a fake client:
 *
 * - The connection is created on demand, never at load for everybody.
 * - Seller-side users (originator, owner, admin) connect as soon as they are known, including a user
 *   who gains such a role during the session. Buyer-only users connect only when they open the
 *   notification dropdown or a closing room, and otherwise rely on the bell's polling.
 * - After {@link REALTIME_INACTIVITY_MS} without activity, checked every
 *   {@link REALTIME_INACTIVITY_CHECK_MS}, it disconnects; it reconnects on the next need.
 * - Signing out (no user) disconnects.
 * - A connection that pusher-js gives up on ('failed', or 'disconnected' by the server, e.g. refused
 *   with a 4xxx close code) is taken as closed, so that the next need opens a new one. 'unavailable'
 *   is not an end: pusher-js keeps retrying from it by itself (and at once when the browser is back
 *   online), and the channel is subscribed again when it reconnects.
 *
 * "Activity" is use of the messaging features: a realtime event received, the dropdown opened, a
 * conversation opened or read, a message sent. Other browsing is not: the connection exists for
 * messages, and polling covers an idle tab. "Need" is what brings a closed connection back: for
 * anyone, opening the dropdown; for seller-side users (who are meant to be connected), any activity.
 */
import {
  REALTIME_INACTIVITY_CHECK_MS,
  REALTIME_INACTIVITY_MS,
  userChannel,
  type ClosingUpdatedEvent,
  type DealMatchEvent,
  type NewMessageEvent,
  type NewThreadEvent,
} from '@dealclub/shared/chat-rules';

/** What the policy needs of a pusher-js channel. */
export interface RealtimeChannel {
  bind(event: string, callback: (data: never) => void): unknown;
}

/** A change of state of a pusher-js connection ('connecting', 'connected', 'unavailable', ...). */
export interface RealtimeStateChange {
  previous: string;
  current: string;
}

/** What the policy needs of a pusher-js client. */
export interface RealtimeClient {
  subscribe(channel: string): RealtimeChannel;
  disconnect(): void;
  /** pusher-js's connection manager: its state, and its `state_change` events. */
  connection: {
    readonly state: string;
    bind(event: 'state_change', callback: (change: RealtimeStateChange) => void): unknown;
  };
}

/** The states in which pusher-js no longer tries to connect on its own. */
const ENDED_STATES: ReadonlySet<string> = new Set(['failed', 'disconnected']);

export type { ClosingUpdatedEvent };

export type RealtimeEvent =
  | { name: 'new-message'; data: NewMessageEvent }
  | { name: 'new-thread'; data: NewThreadEvent }
  | { name: 'deal-match'; data: DealMatchEvent }
  | { name: 'closing-updated'; data: ClosingUpdatedEvent };

export interface RealtimeUser {
  userId: string;
  sellerSide: boolean;
}

export interface RealtimeConnectionOptions {
  /** Creates a connected client, or answers null when realtime is switched off. */
  open: () => Promise<RealtimeClient | null>;
  /** Receives each event; may be replaced later with {@link RealtimeConnection.onEvent}. */
  onEvent?: (event: RealtimeEvent) => void;
  now?: () => number;
  inactivityMs?: number;
  checkMs?: number;
}

export class RealtimeConnection {
  private user: RealtimeUser | null = null;
  private client: RealtimeClient | null = null;
  private opening = false;
  /** Bumped on every disconnect, so that a connection still opening is dropped when it arrives. */
  private generation = 0;
  /** Set once the server says realtime is off: nothing more is tried. */
  private disabled = false;
  private lastActivity = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;
  private readonly inactivityMs: number;
  private readonly checkMs: number;
  private handler: (event: RealtimeEvent) => void;

  constructor(private readonly options: RealtimeConnectionOptions) {
    this.handler = options.onEvent ?? (() => {});
    this.now = options.now ?? Date.now;
    this.inactivityMs = options.inactivityMs ?? REALTIME_INACTIVITY_MS;
    this.checkMs = options.checkMs ?? REALTIME_INACTIVITY_CHECK_MS;
  }

  /** Connected, or connecting. */
  get active(): boolean {
    return this.client !== null || this.opening;
  }

  /** Where events go from now on. */
  onEvent(handler: (event: RealtimeEvent) => void) {
    this.handler = handler;
  }

  /** The signed-in user (null once signed out). Seller-side users are connected at once. */
  setUser(user: RealtimeUser | null) {
    if (user?.userId !== this.user?.userId) this.disconnect();
    this.user = user;
    if (user?.sellerSide) this.ensure();
  }

  /** The notification dropdown opened: the buyer's way to a connection, and activity for anyone. */
  dropdownOpened() {
    this.lastActivity = this.now();
    this.ensure();
  }

  /**
   * A closing room is on screen: a need for anyone, buyers included, since both parties see the
   * room change live (issue 28); and activity, so the connection stays while the room is used.
   */
  closingRoomOpened() {
    this.lastActivity = this.now();
    this.ensure();
  }

  /** A conversation was opened or read, or a message sent. */
  noteActivity() {
    this.lastActivity = this.now();
    if (this.user?.sellerSide) this.ensure();
  }

  disconnect() {
    this.generation += 1;
    this.opening = false;
    clearInterval(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = null;
    client?.disconnect();
  }

  /** Signed out or unmounted. */
  dispose() {
    this.user = null;
    this.disconnect();
  }

  private ensure() {
    const user = this.user;
    if (!user || this.disabled || this.active) return;
    this.opening = true;
    this.lastActivity = this.now();
    const generation = this.generation;
    this.options.open().then(
      (client) => {
        if (generation !== this.generation) {
          client?.disconnect();
          return;
        }
        this.opening = false;
        if (!client) {
          this.disabled = true;
          return;
        }
        this.client = client;
        this.subscribe(client, user.userId);
        this.timer = setInterval(() => this.checkInactivity(), this.checkMs);
        this.watch(client);
      },
      (error: unknown) => {
        if (generation === this.generation) this.opening = false;
        console.warn('Realtime connection failed', error);
      },
    );
  }

  private subscribe(client: RealtimeClient, userId: string) {
    const channel = client.subscribe(userChannel(userId));
    const deliver = (event: RealtimeEvent) => {
      this.lastActivity = this.now();
      this.handler(event);
    };
    channel.bind('new-message', (data: NewMessageEvent) => deliver({ name: 'new-message', data }));
    channel.bind('new-thread', (data: NewThreadEvent) => deliver({ name: 'new-thread', data }));
    channel.bind('deal-match', (data: DealMatchEvent) => deliver({ name: 'deal-match', data }));
    channel.bind('closing-updated', (data: ClosingUpdatedEvent) =>
      deliver({ name: 'closing-updated', data }),
    );
    // Shell §8: realtime authorisation failures are only logged.
    channel.bind('pusher:subscription_error', (error: { status?: number }) =>
      console.warn(`Authentication failed: ${error?.status ?? 'unknown'}`),
    );
  }

  /**
   * Takes the connection as closed once pusher-js has given up on it, whatever the reason: the next
   * need opens a new one. Its own disconnect (by {@link disconnect}) is not seen here: by then it is
   * no longer the current client.
   */
  private watch(client: RealtimeClient) {
    const ended = (state: string) => {
      if (this.client !== client || !ENDED_STATES.has(state)) return;
      console.warn(`Realtime connection ${state}`);
      this.disconnect();
    };
    client.connection.bind('state_change', ({ current }) => ended(current));
    // It may have failed already, before there was anybody to tell (no WebSocket support).
    ended(client.connection.state);
  }

  private checkInactivity() {
    if (this.now() - this.lastActivity >= this.inactivityMs) this.disconnect();
  }
}
