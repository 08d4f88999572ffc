import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxTestResult } from '@dealclub/shared/outbox';
import { i18n, loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { OutboxTestForm } from './outbox-test-form';

function mockApi(answer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    if (String(input) === '/api/admin/outbox/test') return answer();
    return Response.json({ items: [], nextCursor: null, total: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === '/api/admin/outbox/test')
    .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OutboxTestForm />
    </QueryClientProvider>,
  );
}

beforeAll(() =>
  Promise.all([loadLocaleSection('outboxAdmin', 'en'), loadLocaleSection('outboxAdmin', 'es')]),
);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe("the Outbox tab's 'Send a test message'", () => {
  it('sends an SMS to the number given and shows the provider’s answer in a status region', async () => {
    const answer: OutboxTestResult = {
      channel: 'sms',
      to: '+15125550199',
      provider: 'sns',
      status: 'sent',
      outboxId: 'o1',
      providerMessageId: '6a1f5c3e-0000-4000-8000-000000000001',
      providerCode: null,
      message: null,
    };
    const fetchMock = mockApi(() => Response.json(answer));
    renderForm();

    expect(screen.getByRole('heading', { name: 'Send a test message' })).toBeTruthy();
    const channels = screen.getByRole('group', { name: 'Channel' });
    await userEvent.click(within(channels).getByRole('radio', { name: 'SMS' }));
    expect(screen.getByText('A US phone number')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Recipient'), '(512) 555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Send test message' }));

    const status = screen.getByRole('status');
    expect(await within(status).findByText('Sent: the provider accepted it')).toBeTruthy();
    expect(within(status).getByText('Amazon SNS')).toBeTruthy();
    expect(within(status).getByText('+15125550199')).toBeTruthy();
    expect(within(status).getByText(answer.providerMessageId!)).toBeTruthy();
    expect(sentBodies(fetchMock)).toEqual([
      { method: 'POST', body: { channel: 'sms', to: '(512) 555-0199' } },
    ]);
  });

  it('shows a refusal with the provider’s code and words', async () => {
    mockApi(() =>
      Response.json({
        channel: 'sms',
        to: '+15125550199',
        provider: 'twilio',
        status: 'failed',
        outboxId: 'o2',
        providerMessageId: null,
        providerCode: '21610',
        message: 'Attempt to send to unsubscribed recipient',
      } satisfies OutboxTestResult),
    );
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    await userEvent.type(screen.getByLabelText('Recipient'), '5125550199');
    await userEvent.click(screen.getByRole('button', { name: 'Send test message' }));

    const status = screen.getByRole('status');
    expect(await within(status).findByText('Failed: the provider refused it or did not answer')).toBeTruthy();
    expect(within(status).getByText('Twilio')).toBeTruthy();
    expect(within(status).getByText('21610')).toBeTruthy();
    expect(within(status).getByText('Attempt to send to unsubscribed recipient')).toBeTruthy();
  });

  it('checks the recipient for its channel before sending, in the admin’s language', async () => {
    const fetchMock = mockApi(() => Response.json({}));
    await i18n.changeLanguage('es');
    renderForm();
    const recipient = screen.getByLabelText('Destinatario');
    await userEvent.type(recipient, 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje de prueba' }));
    expect(await screen.findByText('Escribe una dirección de correo electrónico válida')).toBeTruthy();
    expect(recipient.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    await userEvent.clear(recipient);
    await userEvent.type(recipient, '555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje de prueba' }));
    expect(await screen.findByText('Escribe un número de teléfono de EE. UU. (10 dígitos)')).toBeTruthy();
    expect(sentBodies(fetchMock)).toEqual([]);
  });

  it('says when the API refuses the request (rate limit)', async () => {
    mockApi(() => Response.json({ code: 'RATE_LIMITED', message: 'Too many requests' }, { status: 429 }));
    renderForm();
    await userEvent.type(screen.getByLabelText('Recipient'), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send test message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(within(screen.getByRole('status')).queryByText(/Sent|Kept|Failed/)).toBeNull();
  });
});
