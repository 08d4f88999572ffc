import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Verification } from '@dealclub/shared/verifications';
import { loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json } from '@/test/json';
import { VerifyTermsSection } from './verify-terms-section';

// The verification's texts are a section of the deal form's, which the edit screen loads.
beforeAll(() => loadLocaleSection('dealForm', 'en'));

const dealId = '7d1f6a52-3a43-4f0e-9c55-6b1b3c1d2e10';
const rejected: Verification = {
  id: 'b0c1b5a4-1111-4c3d-9f00-000000000001',
  dealId,
  status: 'rejected',
  note: 'The balance on the statement is $298,400.',
  fileName: 'statement.pdf',
  contentType: 'application/pdf',
  sizeBytes: 1200,
  fields: {
    loanType: 'FHA',
    interestRate: 2.75,
    loanBalance: 310000,
    loanMaturityDate: '2051-06-01',
    piti: 2100,
  },
  createdAt: '2026-03-01T10:00:00Z',
  decidedAt: '2026-03-02T10:00:00Z',
  expiresAt: null,
  lapsedReason: null,
  lapsedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

function renderSection(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VerifyTermsSection dealId={dealId} canUpload />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('Verify your terms', () => {
  it("shows the admin's note of a rejection and checks a file before sending it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = renderSection(async (url, init) => {
      if (init?.method === 'POST') {
        return json(201, { verification: { ...rejected, status: 'pending', note: '', decidedAt: null } });
      }
      return json(200, { verification: rejected });
    });
    expect((await screen.findByTestId('verification-note')).textContent).toContain('$298,400');
    expect(screen.getByTestId('verification-state').textContent).toContain('Not approved on Mar 2, 2026.');

    const input = screen.getByLabelText('Mortgage statement (PDF, JPEG or PNG, up to 10 MB)');
    await user.upload(input, new File(['just some text'], 'statement.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload statement' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The statement must be a PDF, JPEG or PNG file.',
    );
    expect(document.activeElement).toBe(input);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.upload(input, new File(['%PDF-1.7 …'], 'may.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload statement' }));
    expect(await screen.findByText('Statement uploaded. An admin will review it.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('verification-state').textContent).toContain('Under review'),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/deals/${dealId}/verification`);
    expect((post[1]!.body as FormData).get('file')).toBeInstanceOf(File);
  });
});
