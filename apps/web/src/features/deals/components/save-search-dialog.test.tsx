import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import DealsPage from '../routes/deals';
import { json } from '@/test/json';
import { toastsAsked } from '@/test/toasts';

const toast = toastsAsked();

type Handler = (body: unknown) => Response;

/** The deal list answers empty; `POST /api/saved-searches` answers with `onSave`. */
function mockApi(
  onSave: Handler = (body) => json(201, { id: 's1', createdAt: '2026-01-01', ...(body as object) }),
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/saved-searches' && init?.method === 'POST') {
      return onSave(JSON.parse(String(init.body)));
    }
    return json(200, { items: [], nextCursor: null, total: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(url: string) {
  renderRoutes([{ path: '/deals', element: <DealsPage /> }], url, ['buyer']);
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Save search' }));
  // The dialog is a chunk of its own, with its locale section: the first test of the file loads and
  // transforms them, which on a busy machine takes longer than the default second.
  const loading = { timeout: 5_000 };
  const dialog = await screen.findByRole('dialog', { name: 'Save search' }, loading);
  await within(dialog).findByText('We will alert you about new deals that match these filters.', {}, loading);
  return { user, dialog };
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/saved-searches' && init?.method === 'POST');

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('Save search on /deals', () => {
  it('saves the current filters with a name and a frequency, then closes with a toast', async () => {
    const fetchMock = mockApi();
    renderPage('/deals?state=TX&maxPrice=500000&tags=off-market&verified=true&sort=price-asc');
    const { user, dialog } = await openDialog();

    const filters = within(dialog).getByRole('region', { name: 'Filters' });
    expect(
      within(filters)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Texas', 'Up to $500K', 'Off market', 'Only verified terms', 'Sorted by Price: low to high']);
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Texas · Up to $500K · Off market');
    await user.clear(name);
    await user.type(name, '  Texas under 500K ');
    await user.click(within(dialog).getByRole('radio', { name: 'Daily digest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [[, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Texas under 500K',
      frequency: 'daily',
      filters: {
        state: 'TX',
        maxPrice: 500000,
        tags: ['off-market'],
        verified: true,
        sort: 'price-asc',
      },
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Search saved',
      description: 'You will find it in the Preferences tab of your profile.',
    });
    // The trigger is the dialog's own now, and the focus is back on it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save search' }));
  });

  it('asks for a name before sending anything', async () => {
    const fetchMock = mockApi();
    renderPage('/deals?city=Reno');
    const { user, dialog } = await openDialog();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Enter a name of 1 to 80 characters.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the refusal of the API in the dialog and keeps it open', async () => {
    mockApi(() =>
      json(409, {
        code: 'SAVED_SEARCH_LIMIT',
        message: 'You can keep up to 20 saved searches. Delete one to save another.',
      }),
    );
    renderPage('/deals?city=Reno');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You can keep up to 20 saved searches. Delete one to save another.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('puts a field error of the API on its field', async () => {
    mockApi(() =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        errors: [
          {
            path: 'name',
            message: 'Enter a name of 1 to 80 characters.',
            key: 'savedSearches.validation.name',
          },
        ],
      }),
    );
    renderPage('/deals?city=Reno');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Enter a name of 1 to 80 characters.')).toBeTruthy();
  });

  it('says a filter is needed when none is chosen', async () => {
    const fetchMock = mockApi();
    renderPage('/deals');
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByText(
        'Choose at least one filter first: a saved search alerts you only about the deals that match it.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('reads in Spanish', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('es');
    try {
      mockApi();
      renderPage('/deals?state=TX&minBedrooms=3');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Guardar búsqueda' }));
      const dialog = await screen.findByRole('dialog', { name: 'Guardar búsqueda' });
      expect(
        await within(dialog).findByText(
          'Te avisaremos de las nuevas oportunidades que coincidan con estos filtros.',
        ),
      ).toBeTruthy();
      expect(within(dialog).getByText('3+ habitaciones')).toBeTruthy();
      expect(within(dialog).getByRole('radio', { name: 'Resumen semanal' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
