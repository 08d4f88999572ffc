import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminLesson } from '@dealclub/shared/training';
import { i18n, loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { toastsAsked } from '@/test/toasts';
import { AdminLessonEditor } from './admin-lesson-editor';

const toast = toastsAsked();

function createLesson(overrides: Partial<AdminLesson> = {}): AdminLesson {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    position: 1,
    published: false,
    title: { en: 'Liens', es: '' },
    summary: { en: '', es: '' },
    body: { en: 'What a lien is.', es: '' },
    quiz: [
      {
        id: 'q1',
        question: { en: 'Which lien comes first?', es: '' },
        options: [
          { id: 'o1', text: { en: 'The first recorded', es: '' }, correct: true },
          { id: 'o2', text: { en: 'The largest', es: '' }, correct: false },
        ],
        hint: { en: '', es: '' },
        explanation: { en: '', es: '' },
      },
    ],
    reached: 0,
    completed: 0,
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderEditor(lesson?: AdminLesson, reply?: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => reply?.(url, init) ?? json(500, {}));
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminLessonEditor lesson={lesson} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose };
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

// The screen's texts are a section of their own, loaded by the screen (useLocaleSection).
beforeAll(() => Promise.all([loadLocaleSection('training', 'en'), loadLocaleSection('training', 'es')]));

afterEach(async () => {
  vi.unstubAllGlobals();
  toast.mockReset();
  await i18n.changeLanguage('en');
});

describe('AdminLessonEditor', () => {
  it('sets the two languages side by side and previews each body as Markdown, without raw HTML', async () => {
    renderEditor();
    const spanish = screen.getByRole('region', { name: 'Español' });
    expect(screen.getByRole('region', { name: 'English' })).toBeTruthy();
    const title = within(spanish).getByLabelText('Title (Español)');
    expect(title.getAttribute('lang')).toBe('es');
    expect(title.getAttribute('maxlength')).toBe('200');

    const user = userEvent.setup();
    await user.click(within(spanish).getByLabelText('Lesson text (Español)'));
    await user.paste(
      '## Gravámenes\n\nUn **gravamen** es una deuda.\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">',
    );
    const preview = await screen.findByRole('region', { name: 'Preview (Español)' });
    expect(await within(preview).findByRole('heading', { name: 'Gravámenes' })).toBeTruthy();
    expect(within(preview).getByText('gravamen').tagName).toBe('STRONG');
    expect(within(preview).getByText('gravamen').closest('[lang]')?.getAttribute('lang')).toBe('es');
    expect(preview.querySelector('script, img')).toBeNull();
  });

  it('checks the lesson with the shared schema first: errors on their fields and in a focused summary', async () => {
    const { fetchMock } = renderEditor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title (English)'), 'Liens');
    await user.type(screen.getByLabelText('Lesson text (English)'), 'What a lien is.');
    await user.click(screen.getByLabelText('Published: learners take this lesson'));
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('The lesson was not saved: 2 fields need attention.');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Title (Español): Translate this into Spanish before publishing.',
      'Lesson text (Español): Translate this into Spanish before publishing.',
    ]);
    const title = screen.getByLabelText('Title (Español)');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(title)).toContain('Translate this into Spanish before publishing.');
    // A summary entry takes the user to its field.
    await user.click(within(summary).getAllByRole('link')[1]!);
    expect(document.activeElement).toBe(screen.getByLabelText('Lesson text (Español)'));

    // A question without a marked answer.
    await user.click(screen.getByLabelText('Published: learners take this lesson'));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));
    const again = await screen.findByRole('alert');
    expect(
      within(again)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Question 1: Question (English): This field is required.',
      'Question 1: Answer 1 (English): This field is required.',
      'Question 1: Answer 2 (English): This field is required.',
      'Question 1: Answers: Mark exactly one answer as correct.',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on their fields, in the user's language", async () => {
    await i18n.changeLanguage('es');
    const lesson = createLesson();
    const { fetchMock, onClose } = renderEditor(lesson, () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: [
          {
            path: 'quiz.0.options.1.text.es',
            message: 'Translate this into Spanish before publishing.',
            key: 'training.admin.validation.spanishRequired',
          },
        ],
      }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar lección' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe(
      'Pregunta 1: Respuesta 2 (Español): Traduzca esto al español antes de publicar.',
    );
    const field = screen.getByLabelText('Respuesta 2 (Español)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field)).toEqual(['Traduzca esto al español antes de publicar.']);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/admin/training/lessons/${lesson.id}`);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates a lesson with its quiz, then says so and closes', async () => {
    const { fetchMock, onClose } = renderEditor(undefined, () => json(201, createLesson()));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title (English)'), 'Liens');
    await user.type(screen.getByLabelText('Lesson text (English)'), 'What a lien is.');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByLabelText('Question (English)'), 'Which lien comes first?');
    await user.type(screen.getByLabelText('Answer 1 (English)'), 'The first recorded');
    await user.type(screen.getByLabelText('Answer 2 (English)'), 'The largest');
    await user.click(screen.getByRole('button', { name: 'Add an answer to question 1' }));
    await user.type(screen.getByLabelText('Answer 3 (English)'), 'The newest');
    await user.click(screen.getByRole('radio', { name: 'Correct: answer 1' }));
    await user.type(screen.getByLabelText('Hint (English)'), 'Think of the recording date.');
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith({ title: 'Lesson created' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/training/lessons');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      title: { en: 'Liens', es: '' },
      summary: { en: '', es: '' },
      body: { en: 'What a lien is.', es: '' },
      published: false,
      quiz: [
        {
          question: { en: 'Which lien comes first?', es: '' },
          hint: { en: 'Think of the recording date.', es: '' },
          explanation: { en: '', es: '' },
          options: [
            { text: { en: 'The first recorded', es: '' }, correct: true },
            { text: { en: 'The largest', es: '' }, correct: false },
            { text: { en: 'The newest', es: '' }, correct: false },
          ],
        },
      ],
    });
  });
});
