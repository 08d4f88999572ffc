import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { sessionManager } from '@/lib/session/session-manager';
import { rememberReturnTo, rememberSessionEnd } from '@/lib/session/session-end';
import SignInPage from './sign-in';

afterEach(async () => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

/** The sign-in page as a full load finds it (no router memory), with the private page it leads to. */
function renderFreshLoad() {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <SignInPage /> },
      { path: '/profile', element: <p>profile page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/auth'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the sign-in page after a session ended', () => {
  for (const [language, text] of [
    ['en', 'Session Error: Your authentication session has expired. Please sign in again.'],
    ['es', 'Error de sesión: Tu sesión de autenticación venció. Inicia sesión de nuevo.'],
  ] as const) {
    it(`says why, and leads back to the page and query of before, across a reload (${language})`, async () => {
      await i18n.changeLanguage(language);
      rememberSessionEnd('startupExpired');
      rememberReturnTo('/profile?tab=buybox');
      const signIn = vi.spyOn(sessionManager, 'signIn').mockResolvedValue({ status: 'signedIn' });
      const router = renderFreshLoad();

      expect((await screen.findByRole('status')).textContent).toBe(text);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(i18n.t('auth.email')), 'ana@example.test');
      await user.type(screen.getByLabelText(i18n.t('auth.password')), 'Secret-Pass-123');
      await user.click(screen.getByRole('button', { name: i18n.t('auth.signIn') }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      expect(router.state.location.search).toBe('?tab=buybox');
      expect(signIn).toHaveBeenCalledWith('ana@example.test', 'Secret-Pass-123');
      // Once back, the next visit to the sign-in page is an ordinary one.
      expect(sessionStorage.length).toBe(0);
    });
  }

  it('says why even when its first render is thrown away while a part of the page loads', async () => {
    rememberSessionEnd('expired');
    // A sibling that suspends the first render: React renders the page again from the start.
    let loaded = false;
    const loading = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => {
      loaded = true;
    });
    function LoadsOnce() {
      if (!loaded) throw loading;
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/auth',
          element: (
            <Suspense fallback={null}>
              <SignInPage />
              <LoadsOnce />
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/auth'] },
    );
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Authentication session expired. Please sign in again.',
    );
    // Shown, it is forgotten: the next visit is an ordinary one. The page forgets it in an effect,
    // which runs after the render that shows it (CI on a slow machine read the storage between).
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });

  it('never leads to another origin', async () => {
    rememberReturnTo('//evil.example/steal');
    vi.spyOn(sessionManager, 'signIn').mockResolvedValue({ status: 'signedIn' });
    const router = renderFreshLoad();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.test');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

/** The texts a field's `aria-describedby` points to (its hint and its error). */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the sign-in form', () => {
  it('checks the e-mail and password before asking the identity service, and says what is wrong', async () => {
    const signIn = vi.spyOn(sessionManager, 'signIn').mockResolvedValue({ status: 'signedIn' });
    renderFreshLoad();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedBy(email)).toContain(i18n.t('auth.validation.email'));
    expect(describedBy(screen.getByLabelText('Password'))).toContain(
      'Password must be at least 6 characters.',
    );
    expect(signIn).not.toHaveBeenCalled();

    // Mended, the form goes through with the address as the schema reads it.
    await user.clear(email);
    await user.type(email, ' Ana@Example.test ');
    await user.type(screen.getByLabelText('Password'), '-Pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('ana@example.test', 'short-Pass-123'));
  });

  it('asks for a new password when the account has a temporary one, then signs in with it', async () => {
    vi.spyOn(sessionManager, 'signIn').mockResolvedValue({ status: 'newPasswordRequired' });
    const complete = vi
      .spyOn(sessionManager, 'completeNewPasswordChallenge')
      .mockResolvedValue({ status: 'signedIn' });
    const router = renderFreshLoad();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.test');
    await user.type(screen.getByLabelText('Password'), 'Temporary-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const stepHeading = await screen.findByRole('heading', { name: 'Choose a new password' });
    // The password form that had the focus is gone: the focus is on the step's heading.
    await waitFor(() => expect(document.activeElement).toBe(stepHeading));
    await user.type(screen.getByLabelText('New password'), 'Tangerine-Harbor-Velvet-42');
    await user.type(screen.getByLabelText('Confirm password'), 'Tangerine-Harbor-Velvet-43');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    await screen.findByText('Passwords do not match.');
    expect(complete).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Tangerine-Harbor-Velvet-42');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    await waitFor(() => expect(complete).toHaveBeenCalledWith('Tangerine-Harbor-Velvet-42'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
