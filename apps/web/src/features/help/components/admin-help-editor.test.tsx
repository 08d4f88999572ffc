import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { toastsAsked } from '@/test/toasts';
import type { AdminHelpItem } from '../api/admin-help';
import { AdminHelpEditor, editorPath } from './admin-help-editor';

const toast = toastsAsked();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const QUESTION: AdminHelpItem = {
  kind: 'qa',
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'can-i-change-my-offer',
  category: 'offers',
  position: 3,
  published: false,
  title: { en: 'Can I change my offer?', es: '' },
  body: { en: 'Yes, while it is **open**.', es: '' },
  votes: { helpful: 4, notHelpful: 1 },
  updatedAt: '2026-11-01T10:00:00Z',
};

function renderEditor(item: AdminHelpItem | undefined, reply: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => reply(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminHelpEditor kind="qa" item={item} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose };
}

const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeAll(() => Promise.all([loadLocaleSection('help', 'en'), loadLocaleSection('helpAdmin', 'en')]));
afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('editorPath', () => {
  it('reads a Q&A’s question and answer as the editor’s title and body', () => {
    expect(editorPath('qa', 'question.es')).toBe('title.es');
    expect(editorPath('qa', 'answer.en')).toBe('body.en');
    expect(editorPath('article', 'body.es')).toBe('body.es');
    expect(editorPath('qa', 'slug')).toBe('slug');
  });
});

describe('AdminHelpEditor', () => {
  it('previews each language’s answer and refuses to publish without Spanish before sending', async () => {
    const { fetchMock } = renderEditor(QUESTION, () => json(500, {}));
    const preview = screen.getByRole('region', { name: 'Preview (English)' });
    expect(preview.querySelector('strong')?.textContent).toBe('open');
    await userEvent.type(screen.getByLabelText('Answer (Español)'), 'Sí, mientras siga *abierta*.');
    const spanishPreview = screen.getByRole('region', { name: 'Preview (Español)' });
    await waitFor(() => expect(spanishPreview.querySelector('em')?.textContent).toBe('abierta'));

    await userEvent.click(screen.getByLabelText('Published (readers can find and read it)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(
      'Question (Español): Translate this into Spanish before publishing.',
    );
    expect(errorOf(screen.getByLabelText('Question (Español)'))).toContain(
      'Translate this into Spanish before publishing.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors on the fields they name, by the Q&A’s own field names', async () => {
    const { fetchMock, onClose } = renderEditor(undefined, () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: [
          {
            path: 'answer.es',
            message: 'Translate this into Spanish before publishing.',
            key: 'help.validation.spanishRequired',
          },
        ],
      }),
    );
    await userEvent.type(screen.getByLabelText('Question (English)'), 'How do webhooks retry?');
    await userEvent.type(screen.getByLabelText('Answer (English)'), 'Up to five times.');
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Answer (Español)'))).toContain(
        'Translate this into Spanish before publishing.',
      ),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/help/admin/qa');
    expect(JSON.parse(String(init.body))).toEqual({
      category: 'gettingStarted',
      question: { en: 'How do webhooks retry?', es: '' },
      answer: { en: 'Up to five times.', es: '' },
      published: false,
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
