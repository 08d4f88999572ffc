import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/json';
import { renderRoutes } from '@/test/render';
import { createMessage, createThread, DEAL_ID } from '@/test/chat';
import { toastsAsked } from '@/test/toasts';
import { MessageSellerForm } from './message-seller-form';

const toast = toastsAsked();

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

function renderForm(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const router = renderRoutes(
    [
      { path: '/deals/:id', element: <MessageSellerForm dealId={DEAL_ID} /> },
      { path: '/chat/:threadId', element: <p>Conversation page</p> },
    ],
    `/deals/${DEAL_ID}`,
    ['buyer'],
  );
  return { fetchMock, router };
}

describe('Message the seller', () => {
  it('starts the conversation about the deal and opens it', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderForm(() =>
      json(201, { thread: createThread({ threadId: 't42' }), message: createMessage() }),
    );
    await user.type(screen.getByLabelText('Your message'), 'Is the roof new?');
    expect(screen.getByText('16 / 2,000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/t42'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/threads');
    expect(JSON.parse(String(init.body))).toEqual({ dealId: DEAL_ID, body: 'Is the roof new?' });
  });

  it('asks for a message first and shows a coded refusal', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderForm(() =>
      json(403, { code: 'OWN_DEAL', message: 'This is your own deal.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'This is your own deal: you cannot make offers on it or express interest in it.',
        variant: 'destructive',
      }),
    );
  });
});
