/**
 * Drafts (issue 33): what a user typed comes back after the form is gone (a session that ended, a
 * reload), with a notice, the files to choose again and a way to discard it; a submission sent
 * again carries the same Idempotency-Key; a saved form leaves no draft.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readDraft, writeDraft } from '@/lib/drafts';
import { loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { json } from '@/test/json';
import { signedIn } from '@/test/session';
import { toastsAsked } from '@/test/toasts';
import { DealForm } from './deal-form';
import { InterestPanel } from './interest-panel';

// The deal form's texts are a section of their own, loaded by its pages.
beforeAll(() => loadLocaleSection('dealForm', 'en'));

const toast = toastsAsked();

const DEAL = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.mockReset();
});

function renderSignedIn(element: React.ReactNode, userId = 'u1') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/deals/new'] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider value={signedIn(['originator', 'buyer'], { userId })}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('the deal form’s draft', () => {
  it('comes back with a notice naming the photos to choose again, and goes when discarded', async () => {
    const user = userEvent.setup();
    const first = renderSignedIn(<DealForm />);
    await user.type(screen.getByLabelText('Street address'), '12 Oak Street');
    await user.type(screen.getByLabelText('City'), 'Austin');
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
    const file = new File([jpeg], 'front-porch.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/Add photos/), file);
    await waitFor(() =>
      expect(readDraft({ userId: 'u1', form: 'deal-new' })).toMatchObject({
        values: { streetAddress: '12 Oak Street', city: 'Austin' },
        files: ['front-porch.jpg'],
      }),
    );
    first.unmount();

    // Another user of the same browser starts from an empty form.
    const other = renderSignedIn(<DealForm />, 'u2');
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    other.unmount();

    renderSignedIn(<DealForm />);
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('12 Oak Street');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Austin');
    const notice = await screen.findByTestId('draft-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('Your draft from');
    expect(notice.textContent).toContain('Files are not kept. Choose this one again: front-porch.jpg.');

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('');
    expect(readDraft({ userId: 'u1', form: 'deal-new' })).toBeNull();
    // The focus is on the form's first field, not lost with the notice.
    await waitFor(() => expect(document.activeElement?.tagName).toMatch(/INPUT|SELECT|TEXTAREA/));
  });
});

describe('the interest form’s draft and its Idempotency-Key', () => {
  it('sends a repeat of the same message with the same key, and leaves no draft once sent', async () => {
    const user = userEvent.setup();
    const sent: { key: string | null; body: unknown }[] = [];
    let answer: 'lost' | 'ok' = 'lost';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push({
          key: new Headers(init.headers).get('idempotency-key'),
          body: JSON.parse(String(init.body)),
        });
        if (answer === 'lost') throw new TypeError('Failed to fetch');
        const now = '2026-11-28T12:00:00.000Z';
        return json(201, {
          id: 'i1',
          dealId: DEAL,
          message: 'Still available?',
          createdAt: now,
          updatedAt: now,
        });
      }),
    );
    const first = renderSignedIn(<InterestPanel dealId={DEAL} interest={null} canSend />);
    await user.type(screen.getByLabelText('Message to the seller'), 'Still available?');
    await user.click(screen.getByRole('button', { name: 'Express interest' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(toast).toHaveBeenCalled());
    first.unmount();

    // Back after signing in again: the message is there, and sending it again is the same request.
    answer = 'ok';
    renderSignedIn(<InterestPanel dealId={DEAL} interest={null} canSend />);
    expect((screen.getByLabelText('Message to the seller') as HTMLTextAreaElement).value).toBe(
      'Still available?',
    );
    expect(await screen.findByTestId('draft-notice')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Express interest' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual({ message: 'Still available?' });
    await waitFor(() => expect(readDraft({ userId: 'u1', form: 'interest', id: DEAL })).toBeNull());
  });

  it('starts from a draft of this user only, kept less than 7 days', () => {
    writeDraft(
      { userId: 'u2', form: 'interest', id: DEAL },
      { values: { message: 'Not Rosa’s' }, files: [] },
    );
    renderSignedIn(<InterestPanel dealId={DEAL} interest={null} canSend />);
    expect((screen.getByLabelText('Message to the seller') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('draft-notice')).toBeNull();
  });
});
