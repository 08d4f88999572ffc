import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';
import { dialogTargets, StatusDialog } from './status-dialog';

const toast = toastsAsked();

const detail = {
  id: '7d1f6a52-3a43-4f0e-9c55-6b1b3c1d2e10',
  status: 'pending',
  statusHistory: [
    { status: 'active', source: 'platform', reason: null, comments: null, date: '2026-01-02T10:00:00Z' },
    {
      status: 'pending',
      source: 'off-platform',
      reason: null,
      comments: 'Under contract',
      date: '2026-01-05T10:00:00Z',
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

function renderDialog(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StatusDialog
        dealId={detail.id}
        address="12 Oak Street"
        status="pending"
        defaultOpen
        trigger={<button type="button">Change status</button>}
      />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('dialogTargets', () => {
  it('offers the allowed transitions without delete, and Reactivate instead of active for pending', () => {
    expect(dialogTargets('active')).toEqual(['exclusive', 'pending', 'sold', 'canceled']);
    expect(dialogTargets('pending')).toEqual(['sold', 'canceled']);
    expect(dialogTargets('sold')).toEqual([]);
  });
});

describe('StatusDialog', () => {
  it('shows the history, requires a reason to cancel and reports a refused change', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDialog(async (url, init) => {
      if (init?.method === 'PUT') {
        return json(409, { code: 'STATUS_CHANGE_NOT_ALLOWED', message: 'This status change is not allowed' });
      }
      return json(200, detail);
    });
    expect(await screen.findByText('Under contract')).toBeTruthy();
    expect(screen.getByText('Off-platform')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Active' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Canceled' }));
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(screen.getByText('A reason is required to cancel.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('Reason for canceling'), 'Seller backed out');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'This status change is not allowed',
        variant: 'destructive',
      }),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      status: 'canceled',
      throughPlatform: false,
      reason: 'Seller backed out',
      comments: null,
    });
  });

  it('toasts the generic failure', async () => {
    const user = userEvent.setup();
    renderDialog(async (_url, init) =>
      init?.method === 'PUT'
        ? json(500, { code: 'INTERNAL', message: 'Unknown error occurred' })
        : json(200, detail),
    );
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Failed to update listing status',
        variant: 'destructive',
      }),
    );
  });
});
