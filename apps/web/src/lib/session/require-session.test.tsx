import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/session';
import { SessionProvider, type Session } from './session-context';
import { RequireSession } from './require-session';
import { returnTo } from './session-end';

/** Shows where signing in would bring the visitor back. */
function SignIn() {
  const state = useLocation().state as { from?: string } | null;
  return <p>Sign in, then back to {state?.from}</p>;
}

function renderGuarded(session: Session, { from }: { from?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/chat',
        element: <RequireSession from={from}>{(user) => <p>Hello {user.firstName}</p>}</RequireSession>,
      },
      { path: '/auth', element: <SignIn /> },
    ],
    { initialEntries: ['/chat?view=unread'] },
  );
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

describe('the session guard of a signed-in page', () => {
  it('shows the page to the signed-in user', () => {
    renderGuarded(signedIn(['buyer']));
    expect(screen.getByText('Hello Rosa')).toBeTruthy();
  });

  it('waits with the spinner while the session is restored', () => {
    renderGuarded({ status: 'loading', user: null });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText(/Hello/)).toBeNull();
  });

  it('sends a visitor to sign in, to come back to the page and its query', async () => {
    const router = renderGuarded({ status: 'unauthenticated', user: null });
    expect(await screen.findByText('Sign in, then back to /chat?view=unread')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('brings the visitor back where the page says instead, when it names another page', async () => {
    renderGuarded({ status: 'unauthenticated', user: null }, { from: '/inbox' });
    expect(await screen.findByText('Sign in, then back to /inbox')).toBeTruthy();
  });

  it('keeps the query when the page names itself, and keeps it in this tab for a reload', async () => {
    renderGuarded({ status: 'unauthenticated', user: null }, { from: '/chat' });
    expect(await screen.findByText('Sign in, then back to /chat?view=unread')).toBeTruthy();
    expect(returnTo(undefined)).toBe('/chat?view=unread');
  });
});
