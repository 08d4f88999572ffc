import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import VerifyPage from './verify';

const confirmRegistration = vi.hoisted(() =>
  vi.fn((_code: string, _force: boolean, done: (err: unknown, result: unknown) => void) =>
    done(null, 'SUCCESS'),
  ),
);
const cognitoUser = vi.hoisted(() => vi.fn(async () => ({ confirmRegistration })));
vi.mock('@/lib/session/cognito', () => ({ cognitoUser }));

afterEach(() => {
  confirmRegistration.mockClear();
  cognitoUser.mockClear();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/verify', element: <VerifyPage /> }], {
    initialEntries: ['/verify?email=rosa%40example.test'],
  });
  render(<RouterProvider router={router} />);
}

describe('the e-mail verification screen', () => {
  it('checks the code before asking the identity provider, then confirms the account with it', async () => {
    renderPage();
    const user = userEvent.setup();
    const code = await screen.findByLabelText(i18n.t('auth.code'));
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: i18n.t('access.verify') }));
    await screen.findByText(i18n.t('auth.validation.code'));
    expect(cognitoUser).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: i18n.t('access.verify') }));
    await screen.findByText(i18n.t('access.verified'));
    await waitFor(() => expect(cognitoUser).toHaveBeenCalledWith('rosa@example.test'));
    expect(confirmRegistration.mock.calls[0]?.[0]).toBe('123456');
  });
});
