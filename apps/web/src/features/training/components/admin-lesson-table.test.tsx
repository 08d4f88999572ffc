import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminLesson } from '@dealclub/shared/training';
import { loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { toastsAsked } from '@/test/toasts';
import { useAdminLessons } from '../api/training';
import { AdminLessonTable } from './admin-lesson-table';

const toast = toastsAsked();

let lastId = 0;
function createLesson(overrides: Partial<AdminLesson> = {}): AdminLesson {
  lastId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(lastId).padStart(12, '0')}`,
    position: lastId,
    published: true,
    title: { en: `Lesson ${lastId}`, es: `Lección ${lastId}` },
    summary: { en: '', es: '' },
    body: { en: 'Text', es: 'Texto' },
    quiz: [],
    reached: 12,
    completed: 9,
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The table as the screen shows it: fed by the lessons query, read again after each change. */
function Screen() {
  const lessons = useAdminLessons();
  return lessons.data ? <AdminLessonTable lessons={lessons.data.items} /> : null;
}

/**
 * A server holding `lessons` in order: the list answers them, and `change` answers the other calls
 * (by default a reorder is saved).
 */
async function renderTable(
  lessons: AdminLesson[],
  change?: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  let course = lessons;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (!init.method || init.method === 'GET') {
      return json(200, { items: course, nextCursor: null, total: course.length, buyers: 40, certified: 7 });
    }
    if (change) return change(url, init);
    const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
    course = ids.map((id) => course.find((l) => l.id === id)!);
    return json(200, { ids });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table');
  return { fetchMock, writes: () => fetchMock.mock.calls.filter(([, init]) => init?.method !== 'GET') };
}

const titlesInOrder = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').querySelector('[lang="en"]')?.textContent);

// The screen's texts are a section of their own, loaded by the screen (useLocaleSection).
beforeAll(() => Promise.all([loadLocaleSection('training', 'en'), loadLocaleSection('training', 'es')]));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('AdminLessonTable', () => {
  it('moves a lesson with the arrow keys on its reorder button, announces it and saves the new order', async () => {
    const [a, b, c] = [
      createLesson({ title: { en: 'Liens', es: 'Gravámenes' } }),
      createLesson(),
      createLesson(),
    ];
    const { fetchMock, writes } = await renderTable([a!, b!, c!]);
    const user = userEvent.setup();
    const handle = screen.getByRole('button', { name: 'Reorder “Liens”, position 1 of 3' });
    handle.focus();
    await user.keyboard('{ArrowDown}');

    expect(titlesInOrder()).toEqual([b!.title.en, 'Liens', c!.title.en]);
    expect(screen.getByRole('status').textContent).toBe('“Liens” moved to position 2 of 3.');
    // The focus stays with the lesson, on its own reorder button.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Reorder “Liens”, position 2 of 3' }),
    );
    await waitFor(() => expect(writes()).toHaveLength(1));
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/admin/training/order');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ ids: [b!.id, a!.id, c!.id] });
    // Saved and read again: the order stays.
    const reads = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'GET');
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(titlesInOrder()).toEqual([b!.title.en, 'Liens', c!.title.en]);
  });

  it('puts the previous order back, with a message, when the new one cannot be saved', async () => {
    const lessons = [createLesson(), createLesson(), createLesson()];
    const before = lessons.map((l) => l.title.en);
    let fail = () => {};
    await renderTable(
      lessons,
      () =>
        new Promise<Response>((resolve) => {
          fail = () => resolve(json(500, { code: 'INTERNAL', message: 'Unknown error occurred' }));
        }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: `Move “${before[0]}” down` }));
    // Shown at once, while the save is on its way.
    expect(titlesInOrder()).toEqual([before[1], before[0], before[2]]);
    fail();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The new order could not be saved, so the previous order is back.');
    expect(titlesInOrder()).toEqual(before);
  });

  it('shows why the server refused to publish a lesson, with a way to the editor', async () => {
    const draft = createLesson({
      published: false,
      title: { en: 'Liens', es: '' },
      body: { en: 'T', es: '' },
    });
    const { writes } = await renderTable([createLesson(), draft], () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: [
          {
            path: 'title.es',
            message: 'Translate this into Spanish before publishing.',
            key: 'training.admin.validation.spanishRequired',
          },
          {
            path: 'body.es',
            message: 'Translate this into Spanish before publishing.',
            key: 'training.admin.validation.spanishRequired',
          },
        ],
      }),
    );
    const row = screen.getByRole('row', { name: /Liens/ });
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('No Spanish yet')).toBeTruthy();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Publish “Liens”' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('“Liens” could not be published.')).toBeTruthy();
    expect(within(alert).getAllByText('Translate this into Spanish before publishing.')).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: 'Edit the lesson' }).getAttribute('href')).toBe(
      `/admin/training?edit=${draft.id}`,
    );
    const [url, init] = writes()[0]!;
    expect(url).toBe(`/api/admin/training/lessons/${draft.id}`);
    const sent = JSON.parse(String(init?.body));
    expect(sent).toMatchObject({ published: true, title: { en: 'Liens', es: '' } });
    expect(toast).not.toHaveBeenCalled();
  });
});
