import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@dealclub/shared/roles';
import type { SavedSearch } from '@dealclub/shared/saved-searches';
import { loadLocaleSection } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';
import { PreferencesTab } from './preferences-tab';

// The tab's texts are a section of the profile's, which its screen loads (useLocaleSection).
beforeAll(() => loadLocaleSection('profile', 'en'));

const toast = toastsAsked();

const PREFERENCES = {
  languagePreference: 'en',
  notificationChannels: ['email'],
  searchFrequency: 'realtime',
  alertEmails: false,
};

const search = (over: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 's1',
  name: 'Austin family homes',
  filters: { city: 'Austin', state: 'TX', maxPrice: 500000, minBedrooms: 3 },
  frequency: 'daily',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function mockApi({ searches = [search()] }: { searches?: SavedSearch[] } = {}) {
  let list = searches;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/profile/preferences') {
      return json(200, init?.method === 'PUT' ? JSON.parse(String(init.body)) : PREFERENCES);
    }
    if (url === '/api/saved-searches?limit=20')
      return json(200, { items: list, nextCursor: null, total: list.length });
    if (url.startsWith('/api/saved-searches/') && init?.method === 'DELETE') {
      list = list.filter((s) => !url.endsWith(s.id));
      return new Response(null, { status: 204 });
    }
    // Web Push is not configured.
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTab(roles: Role[] = ['buyer']) {
  const router = renderRoutes(
    [
      { path: '/profile', element: <PreferencesTab /> },
      { path: '/deals', element: <p>Deals page</p> },
    ],
    '/profile',
    roles,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('the Preferences tab', () => {
  it('shows alert e-mails turned off by an unsubscribe, and turns them back on', async () => {
    const fetchMock = mockApi();
    renderTab();
    const alertEmails = (await screen.findByRole('switch', {
      name: 'Send me e-mails about new deals that match my preferences and saved searches',
    })) as HTMLInputElement;
    expect(alertEmails.checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Deal alert e-mails' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(alertEmails);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Preferences saved' }));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toMatchObject({
      alertEmails: true,
      searchFrequency: 'realtime',
    });
    expect(alertEmails.checked).toBe(true);
  });

  it('shows neither alert e-mails nor saved searches to the seller side only', async () => {
    const fetchMock = mockApi();
    renderTab(['originator']);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /e-mails about new deals/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Saved searches' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/saved-searches'))).toBe(false);
  });

  it('lists the saved searches with their filters, frequency and a link to the deals they find', async () => {
    mockApi({
      searches: [
        search(),
        search({
          id: 's2',
          name: 'Verified SubTo',
          filters: { purchaseType: 'SubTo', tags: ['off-market'], verified: true, sort: 'match' },
          frequency: 'weekly',
        }),
      ],
    });
    const router = renderTab();
    const items = await screen.findAllByTestId('saved-search');
    expect(screen.getByRole('heading', { name: 'Saved searches', level: 2 })).toBeTruthy();
    const [austin, subTo] = items as [HTMLElement, HTMLElement];
    expect(within(austin).getByRole('heading', { name: 'Austin family homes' })).toBeTruthy();
    expect(austin.textContent).toContain('Austin, TX · Up to $500K · 3+ bedrooms');
    expect(austin.textContent).toContain('Alerts: Daily digest');
    expect(subTo.textContent).toContain(
      'Subject-to · Off market · Only verified terms · Sorted by Best match',
    );
    expect(subTo.textContent).toContain('Alerts: Weekly summary');

    const open = within(austin).getByRole('link', { name: 'Open in deals: Austin family homes' });
    expect(open.getAttribute('href')).toBe('/deals?city=Austin&state=TX&maxPrice=500000&minBedrooms=3');
    expect(
      within(subTo).getByRole('link', { name: 'Open in deals: Verified SubTo' }).getAttribute('href'),
    ).toBe('/deals?purchaseType=SubTo&tags=off-market&verified=true&sort=match');
    await userEvent.setup().click(open);
    expect(await screen.findByText('Deals page')).toBeTruthy();
    expect(router.state.location.search).toBe('?city=Austin&state=TX&maxPrice=500000&minBedrooms=3');
  });

  it('deletes a saved search after a confirmation', async () => {
    const fetchMock = mockApi();
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Austin family homes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
    expect(confirm.textContent).toContain('Austin family homes');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no saved searches yet.')).toBeTruthy();
    const deleted = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deleted![0]).toBe('/api/saved-searches/s1');
    expect(toast).toHaveBeenCalledWith({ title: 'Saved search deleted' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Its Delete button is gone: the focus waits on the list's heading, not at the top of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved searches', level: 2 })),
    );
  });

  it('keeps a saved search that Cancel spared', async () => {
    const fetchMock = mockApi();
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Austin family homes' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getAllByTestId('saved-search')).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});
