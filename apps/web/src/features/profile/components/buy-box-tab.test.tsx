import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLocaleSection } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';
import { BuyBoxTab } from './buy-box-tab';

// The tab's texts are a section of the profile's, which its screen loads (useLocaleSection).
beforeAll(() => loadLocaleSection('profile', 'en'));

const toast = toastsAsked();
// The forms' checks (zod) come as a file of their own on a form's first focus; here it cannot be
// downloaded (offline, or a new release replaced it).
vi.mock('../lib/resolvers', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const SAVED = {
  type: 'cash',
  state: 'TX',
  city: 'Austin',
  zipCodes: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('the Buy box tab without its check', () => {
  it('sends nothing and says once that the check could not be loaded, not that the save failed', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/profile/buy-box' && (init?.method ?? 'GET') === 'GET'
        ? json(200, SAVED)
        : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/profile', element: <BuyBoxTab /> }], '/profile', ['buyer']);
    const city = await screen.findByLabelText('City');
    const user = userEvent.setup();
    await user.clear(city);
    await user.type(city, 'Round Rock');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'This could not be loaded. Check your connection and try again.',
        variant: 'destructive',
      }),
    );
    expect(toast.mock.calls.map(([call]) => (call as { title: string }).title)).toEqual([
      'This could not be loaded. Check your connection and try again.',
    ]);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
    // What was typed stays in the field.
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Round Rock');
  });
});
