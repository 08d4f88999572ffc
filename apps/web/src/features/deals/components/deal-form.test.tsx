import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLocaleSection } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { DealForm } from './deal-form';

// The deal form's texts are a section of their own, loaded by its pages.
beforeAll(() => loadLocaleSection('dealForm', 'en'));

function renderForm() {
  const router = createMemoryRouter([{ path: '*', element: <DealForm /> }], {
    initialEntries: ['/deals/new'],
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('DealForm', () => {
  it('summarises the errors of an empty submit, focuses the summary and marks each field', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    const summary = await screen.findByText('Please fill in all required fields (14 errors found)');
    const alert = summary.closest('[role="alert"]');
    expect(alert).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByLabelText('Street address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Street address is required.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Choose at least one tag.').length).toBeGreaterThan(0);
    // What was typed stays, and the count follows the fields fixed.
    await user.type(screen.getByLabelText('Street address'), '12 Oak Street');
    expect(await screen.findByText('Please fill in all required fields (13 errors found)')).toBeTruthy();
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('12 Oak Street');
  });

  it('shows the sections of the chosen purchase type only', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByRole('radio', { name: 'Subject-to' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Creative' }));

    await user.click(screen.getByRole('radio', { name: 'Subject-to' }));
    expect(screen.getByLabelText('Loan type')).toBeTruthy();
    expect(screen.getByLabelText('Entry fee (USD)')).toBeTruthy();
    expect(screen.queryByLabelText('Seller loan amount (USD)')).toBeNull();
    expect(screen.queryByLabelText('Option fee (USD)')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Seller finance' }));
    expect(screen.queryByLabelText('Loan type')).toBeNull();
    expect(screen.getByLabelText('Deed transfer type')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Hybrid' }));
    expect(screen.getByLabelText('Loan type')).toBeTruthy();
    expect(screen.getByLabelText('Deed transfer type')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Lease option' }));
    expect(screen.queryByLabelText('Loan type')).toBeNull();
    expect(screen.getByLabelText('Option fee (USD)')).toBeTruthy();
    expect(screen.queryByLabelText('Monthly credit amount (USD)')).toBeNull();
    await user.click(screen.getByLabelText('Part of the monthly payment is credited toward the purchase'));
    expect(screen.getByLabelText('Monthly credit amount (USD)')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    expect(screen.queryByRole('radio', { name: 'Lease option' })).toBeNull();
    expect(screen.queryByLabelText('Option fee (USD)')).toBeNull();
  });

  it('counts the fields of the chosen purchase type in the summary', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: 'Creative' }));
    await user.click(screen.getByRole('radio', { name: 'Lease option' }));
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    // 13 common fields (the category is chosen) and the 4 the lease option requires.
    expect(await screen.findByText('Please fill in all required fields (17 errors found)')).toBeTruthy();
  });
});
