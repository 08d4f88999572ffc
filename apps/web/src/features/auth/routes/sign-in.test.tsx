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
    // Shown, it is forgotten: the next visit is an ordinary one.
    expect(sessionStorage.length).toBe(0);
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
