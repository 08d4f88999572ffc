import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { toastsAsked } from '@/test/toasts';
import { PushSetting } from './push-setting';

const toast = toastsAsked();

// A VAPID public key: 0x04 then 64 bytes (its value does not matter to the browser edges here).
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};

type Permission = 'default' | 'granted' | 'denied';

/** The browser edges: Notification, the service worker container, its registration's PushManager. */
function mockBrowser({
  permission = 'default' as Permission,
  answer = 'granted' as Permission,
  subscribed = false,
} = {}) {
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  let current: PushSubscription | null = null;
  const makeSubscription = (key: ArrayBuffer) =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSubscription(KEY_BYTES.buffer);
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      current = makeSubscription((options.applicationServerKey as Uint8Array<ArrayBuffer>).buffer);
      return current;
    }),
  };
  const registration = { pushManager, scope: '/' };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (subscribed || current ? registration : undefined)),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { notification, pushManager, serviceWorker, current: () => current };
}

function mockApi({ publicKey = PUBLIC_KEY as string | null, saveStatus = 204 } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/push/key') return Response.json({ publicKey });
    if (url === '/api/push/subscriptions') {
      if (init?.method === 'POST' && saveStatus !== 204) {
        return Response.json({ code: 'VALIDATION_FAILED', message: 'no' }, { status: saveStatus });
      }
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === '/api/push/subscriptions' && init?.method === method)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { fetchMock, calls };
}

function renderSetting() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushSetting />
    </QueryClientProvider>,
  );
}

const toggle = () => screen.getByRole('switch', { name: 'Send notifications to this browser' });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  toast.mockReset();
});

describe('Browser notifications (Preferences tab)', () => {
  it('is not shown when the server has no VAPID key', async () => {
    mockBrowser();
    const api = mockApi({ publicKey: null });
    renderSetting();
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Browser notifications')).toBeNull();
  });

  it('says so when the browser cannot do push', async () => {
    mockApi();
    renderSetting();
    expect(await screen.findByText('This browser does not support notifications.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('turns on: permission, the service worker, a subscription with the server key, saved', async () => {
    const browser = mockBrowser();
    const api = mockApi();
    renderSetting();
    expect(await screen.findByText('Off for this browser.')).toBeTruthy();
    expect((toggle() as HTMLInputElement).checked).toBe(false);

    await userEvent.click(toggle());

    expect(await screen.findByText('On: this browser shows your deal alerts.')).toBeTruthy();
    expect((toggle() as HTMLInputElement).checked).toBe(true);
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(api.calls('POST')).toEqual([SUBSCRIPTION_JSON]);
    expect(toast).toHaveBeenCalledWith({ title: 'Browser notifications are on' });
  });

  it('turns off: unsubscribes this browser and forgets the endpoint on the server', async () => {
    const browser = mockBrowser({ permission: 'granted', subscribed: true });
    const api = mockApi();
    renderSetting();
    expect(await screen.findByText('On: this browser shows your deal alerts.')).toBeTruthy();
    // The subscription that is on is saved again, for whoever is signed in now.
    expect(api.calls('POST')).toEqual([SUBSCRIPTION_JSON]);

    await userEvent.click(toggle());

    expect(await screen.findByText('Off for this browser.')).toBeTruthy();
    expect(browser.current()).toBeNull();
    expect(api.calls('DELETE')).toEqual([{ endpoint: ENDPOINT }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Browser notifications are off' });
  });

  it('shows a browser that blocks notifications, and the switch cannot be used', async () => {
    mockBrowser({ permission: 'denied' });
    mockApi();
    renderSetting();
    expect(await screen.findByText(/^Blocked by the browser/)).toBeTruthy();
    expect((toggle() as HTMLInputElement).disabled).toBe(true);
  });

  it('stays off when the person refuses the permission prompt', async () => {
    const browser = mockBrowser({ answer: 'denied' });
    const api = mockApi();
    renderSetting();
    await userEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText(/^Blocked by the browser/)).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls('POST')).toEqual([]);
  });

  it('undoes the subscription when the server refuses it', async () => {
    const browser = mockBrowser();
    mockApi({ saveStatus: 400 });
    renderSetting();
    await userEvent.click(await screen.findByRole('switch'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Browser notifications could not be changed. Try again.',
        variant: 'destructive',
      }),
    );
    expect(browser.current()).toBeNull();
    expect(await screen.findByText('Off for this browser.')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('es');
    try {
      mockBrowser();
      mockApi();
      renderSetting();
      expect(await screen.findByText('Notificaciones del navegador')).toBeTruthy();
      expect(await screen.findByText('Desactivadas en este navegador.')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
