import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import ResetPasswordPage from './reset-password';

const confirmPassword = vi.hoisted(() => vi.fn());
vi.mock('@/lib/session/cognito', () => ({
  cognitoUser: vi.fn(async () => ({ confirmPassword })),
}));

afterEach(async () => {
  confirmPassword.mockReset();
  await i18n.changeLanguage('en');
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/reset-password', element: <ResetPasswordPage /> }], {
    initialEntries: ['/reset-password?step=confirm&email=rosa%40example.test'],
  });
  render(<RouterProvider router={router} />);
}

/** Fills the code and both password fields of the reset step, in the current language. */
async function fill(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(i18n.t('auth.code')), '123456');
  await user.type(screen.getByLabelText(i18n.t('auth.newPassword')), password);
  await user.type(screen.getByLabelText(i18n.t('auth.confirmPassword')), password);
  return user;
}

/** The strength hint under the new password, once the dictionaries are in (first character typed). */
async function hint(expected: (text: string) => void) {
  await waitFor(() => expected(screen.getByTestId('password-strength').textContent ?? ''), {
    timeout: 10_000,
  });
}

const GUESSABLE = [
  {
    language: 'en',
    password: 'Password1!',
    reason: 'Too easy to guess. This is similar to a commonly used password.',
    advice: 'Add more words that are less common.',
    refusal: 'This password is too easy to guess.',
  },
  {
    language: 'es',
    password: 'P@ssw0rd123',
    reason: 'Demasiado fácil de adivinar. Es similar a una contraseña usada habitualmente.',
    advice: 'Evita sustituciones predecibles como "@" por "a".',
    refusal: 'Esta contraseña es demasiado fácil de adivinar.',
  },
] as const;

describe('the password reset screen', () => {
  for (const { language, password, reason, advice, refusal } of GUESSABLE) {
    it(`says why a password is too easy to guess as it is typed, and refuses it (${language})`, async () => {
      await i18n.changeLanguage(language);
      renderPage();
      const user = await fill(password);
      await hint((text) => expect(text).toContain(reason));
      expect(screen.getByTestId('password-strength').textContent).toContain(advice);

      await user.click(screen.getByRole('button', { name: i18n.t('auth.resetSubmit') }));
      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(confirmPassword).not.toHaveBeenCalled();
    });
  }

  it("sends a strong password, and translates the server's refusal of a guessable one", async () => {
    confirmPassword.mockImplementation((_code: string, _password: string, callbacks) =>
      callbacks.onFailure(
        Object.assign(new Error('Password did not conform with policy: Password is too easy to guess'), {
          code: 'InvalidPasswordException',
        }),
      ),
    );
    await i18n.changeLanguage('es');
    renderPage();
    const user = await fill('Quiet-Harbor-Lantern-42');
    await hint((text) => expect(text).toBe('Difícil de adivinar.'));
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña nueva' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Esta contraseña es demasiado fácil de adivinar. Elige una más larga, con palabras menos comunes.',
    );
    expect(confirmPassword).toHaveBeenCalledWith('123456', 'Quiet-Harbor-Lantern-42', expect.anything());
  });
});
