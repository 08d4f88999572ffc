import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Integration, WebhookDelivery } from '@dealclub/shared/integrations';
import { i18n, loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { toastsAsked } from '@/test/toasts';
import { integrationsTab } from '../api/integrations';
import { tabsFor } from '../routes/profile';
import { IntegrationsTab } from './integrations-tab';

// The tab's own texts come with it; its Save button's are the profile's, which its screen loads.
beforeAll(() => Promise.all([loadLocaleSection('profile', 'en'), loadLocaleSection('profile', 'es')]));

const toast = toastsAsked();

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd1',
  event: 'offer.submitted',
  status: 'failed',
  attempts: 3,
  lastStatusCode: 500,
  lastError: 'http: 500: database is down',
  createdAt: '2026-03-01T15:04:05.000Z',
  lastAttemptAt: '2026-03-01T15:10:00.000Z',
  deliveredAt: null,
  ...over,
});

const empty: Integration = {
  offerWebhookUrl: null,
  offerWebhookEnabled: false,
  hasSecret: false,
  deliveries: [],
};

function mockApi(initial: Integration, put: (body: Record<string, unknown>) => Response) {
  let state = initial;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/profile/integrations' && init?.method === 'PUT') {
      const response = put(JSON.parse(String(init.body)) as Record<string, unknown>);
      if (response.ok) {
        const { secret: _secret, ...saved } = (await response.clone().json()) as Integration & {
          secret?: string;
        };
        state = saved;
      }
      return response;
    }
    if (url === '/api/profile/integrations/test') {
      const sent = delivery({
        id: 'd2',
        event: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 204,
        lastError: null,
      });
      state = { ...state, deliveries: [sent, ...state.deliveries] };
      return Response.json(sent);
    }
    return Response.json(state);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTab() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <IntegrationsTab />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  toast.mockReset();
  await i18n.changeLanguage('en');
});

describe('the Integrations tab', () => {
  it('is the seller side’s', () => {
    expect(tabsFor(['buyer'])).not.toContain('integrations');
    expect(tabsFor(['originator'])).toContain('integrations');
    expect(tabsFor(['owner'])).toContain('integrations');
    expect(tabsFor(['admin'])).toContain('integrations');
  });

  it('saves the first URL and shows the new secret once, with a copy button and a warning', async () => {
    const fetchMock = mockApi(empty, (body) =>
      Response.json({
        ...empty,
        offerWebhookUrl: body.offerWebhookUrl,
        offerWebhookEnabled: true,
        hasSecret: true,
        secret: SECRET,
      }),
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const client = renderTab();

    expect(await screen.findByText('A secret is created when you save your first URL.')).toBeTruthy();
    expect(screen.getByText('No deliveries yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send test event' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.type(screen.getByLabelText('Webhook URL'), 'https://hooks.seller.example/in');
    await userEvent.click(screen.getByRole('switch', { name: 'Send offer events to this URL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText('Copy it now and keep it safe: it will not be shown again.')).toBeTruthy();
    // The saved tab is cached without the secret: only the component holds it.
    expect(client.getQueryData(integrationsTab.options().queryKey)).toMatchObject({ hasSecret: true });
    expect(client.getQueryData(integrationsTab.options().queryKey)).not.toHaveProperty('secret');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole('button', { name: 'Rotate secret' })).toBeTruthy();
  });

  it('asks for a URL before turning the webhook on, and shows the server’s refusal as sent', async () => {
    const fetchMock = mockApi(empty, () =>
      Response.json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          errors: [
            {
              path: 'offerWebhookUrl',
              message: 'The webhook URL must start with https://',
              key: 'integrations.validation.httpsRequired',
            },
          ],
        },
        { status: 400 },
      ),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('switch', { name: 'Send offer events to this URL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the webhook URL to turn the webhook on.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.type(screen.getByLabelText('Webhook URL'), 'http://hooks.seller.example/in');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The webhook URL must start with https://')).toBeTruthy();
  });

  it('rotates the secret after a confirmation, sends a test event and lists the deliveries', async () => {
    const saved: Integration = {
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: true,
      hasSecret: true,
      deliveries: [delivery()],
    };
    const fetchMock = mockApi(saved, () => Response.json({ ...saved, secret: SECRET }));
    renderTab();

    const table = await screen.findByRole('table', { name: 'Delivery log' });
    const [header, row] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Event', 'Status', 'HTTP code', 'Attempts', 'Time', 'Error']);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'offer.submitted',
      'Failed',
      '500',
      '3',
      expect.stringContaining('2026'),
      'The receiver answered HTTP 500: database is down',
    ]);
    expect(
      screen.getByText('A secret is set. It is never shown again; rotate it if you have lost it.'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(screen.getByText('The current secret stops working at once. Rotate it?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, rotate' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: true,
      rotateSecret: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(toast).toHaveBeenCalledWith({ title: 'Test event delivered (HTTP 204)' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('webhook.test');
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/profile/integrations/test' && init?.method === 'POST',
      ),
    ).toBe(true);
  });
  it('says when the settings cannot be loaded, and loads them again on "Try again"', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? Response.json({ code: 'INTERNAL', message: 'Unknown error occurred' }, { status: 500 })
          : Response.json(empty),
      ),
    );
    const client = createQueryClient();
    // The app retries failed reads; the test does not wait for the back-off.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    render(
      <QueryClientProvider client={client}>
        <IntegrationsTab />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Your webhook settings could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Webhook URL')).toBeTruthy();
    expect(screen.queryByText('Your webhook settings could not be loaded.')).toBeNull();
  });

  it('stops showing a new secret once the URL is removed and the secret with it', async () => {
    const saved: Integration = {
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: false,
      hasSecret: true,
      deliveries: [],
    };
    mockApi(saved, (body) =>
      body.rotateSecret
        ? Response.json({ ...saved, secret: SECRET })
        : Response.json({ ...saved, offerWebhookUrl: null, hasSecret: false }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, rotate' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Webhook URL'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A secret is created when you save your first URL.')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();
  });

  it('names a failed test event by its HTTP code and leaves the server’s error to the log', async () => {
    const saved: Integration = {
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: true,
      hasSecret: true,
      deliveries: [],
    };
    const failed = delivery({
      id: 'd3',
      event: 'webhook.test',
      attempts: 1,
      lastError: 'http: 500: database is down',
    });
    let state = saved;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/profile/integrations/test') {
          state = { ...state, deliveries: [failed] };
          return Response.json(failed);
        }
        return Response.json(state);
      }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Test event failed (HTTP 500)',
        description: 'The delivery log shows the error.',
        variant: 'destructive',
      }),
    );
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(table).getByText('The receiver answered HTTP 500: database is down')).toBeTruthy();
  });

  it('shows the delivery log in Spanish: each error by its code, with its detail as sent', async () => {
    await i18n.changeLanguage('es');
    const errors = [
      'refused.private: hooks.seller.example',
      'unresolved: gone.seller.example',
      'http: 500: database is down',
      'redirect: 302',
      'timeout',
      'network: ECONNREFUSED',
      'disabled',
      'expired',
      // Written before the codes: shown as it is.
      'HTTP 502',
    ];
    mockApi(
      {
        offerWebhookUrl: 'https://hooks.seller.example/in',
        offerWebhookEnabled: true,
        hasSecret: true,
        deliveries: errors.map((lastError, i) =>
          delivery({ id: `d${i}`, lastError, lastStatusCode: lastError.startsWith('http') ? 500 : null }),
        ),
      },
      () => Response.json({}),
    );
    renderTab();

    const table = await screen.findByRole('table', { name: 'Registro de envíos' });
    expect(screen.getByText('Los últimos 20 envíos, del más reciente al más antiguo.')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    const column = (index: number) => rows.map((row) => within(row).getAllByRole('cell')[index]!.textContent);
    expect(column(5)).toEqual([
      'Rechazado: hooks.seller.example lleva a una dirección de red privada',
      'No se pudo resolver el nombre de host gone.seller.example',
      'El receptor respondió HTTP 500: database is down',
      'El receptor respondió HTTP 302: las redirecciones no se siguen',
      'El receptor no respondió a tiempo',
      'No se pudo conectar: ECONNREFUSED',
      'El webhook se desactivó o se eliminó antes de este envío',
      'No se envió en 24 horas',
      'HTTP 502',
    ]);
    // The HTTP code column says so in words when there was no answer.
    expect(column(2)).toEqual([
      'Ninguno',
      'Ninguno',
      '500',
      'Ninguno',
      'Ninguno',
      'Ninguno',
      'Ninguno',
      'Ninguno',
      'Ninguno',
    ]);
  });

  it('says a test event was delivered without naming an HTTP code it does not have', async () => {
    const saved: Integration = {
      offerWebhookUrl: 'https://hooks.seller.example/in',
      offerWebhookEnabled: true,
      hasSecret: true,
      deliveries: [],
    };
    const sent = delivery({
      event: 'webhook.test',
      status: 'delivered',
      lastStatusCode: null,
      lastError: null,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        Response.json(String(input) === '/api/profile/integrations/test' ? sent : saved),
      ),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Test event delivered' }));
  });
});
