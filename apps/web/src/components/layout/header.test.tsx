import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@dealclub/shared/roles';
import { SessionProvider, type Session } from '@/lib/session/session-context';
import { createQueryClient } from '@/lib/query-client';
import { signedIn } from '@/test/session';
import { Header } from './header';

/** Stands for the conversations feature's bell, which the app's shell passes in. */
function Bell({ roles }: { roles: readonly Role[] }) {
  return <button type="button">{`Notifications of a ${roles.join(', ')}`}</button>;
}

function renderHeader(session: Session) {
  const router = createMemoryRouter([{ path: '*', element: <Header notifications={Bell} /> }]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider value={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('Header', () => {
  it('shows Login and Sign up when signed out', () => {
    renderHeader({ status: 'unauthenticated', user: null });
    const nav = screen.getByTestId('desktop-nav');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveProperty('pathname', '/auth');
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveProperty('pathname', '/signup');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('gives an originator the seller-side links and a menu button with their first name', () => {
    renderHeader(signedIn(['originator']));
    const nav = screen.getByTestId('desktop-nav');
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Listings', 'Dashboard', 'Buyers', 'Owners Club', 'Help']);
    expect(screen.getAllByRole('button', { name: /Rosa/ }).length).toBeGreaterThan(0);
  });

  it('gives a buyer Listings and Help only', () => {
    renderHeader(signedIn(['buyer']));
    const names = within(screen.getByTestId('desktop-nav'))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Listings', 'Help']);
  });

  it('shows the notification bell to a signed-in user only, in the bar at every width', () => {
    renderHeader(signedIn(['buyer']));
    let element: HTMLElement | null = screen.getByRole('button', { name: 'Notifications of a buyer' });
    for (; element && element.tagName !== 'HEADER'; element = element.parentElement) {
      expect(element.className).not.toMatch(/(^|\s)hidden/);
    }
  });

  it('has no bell when signed out', () => {
    renderHeader({ status: 'unauthenticated', user: null });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('opens the narrow-screen list with Profile, Conversations and Sign out', async () => {
    const signOut = vi.fn();
    renderHeader(signedIn(['buyer'], { signOut }));
    const menuButton = screen
      .getAllByRole('button', { name: /Rosa/ })
      .find((b) => b.hasAttribute('aria-controls'))!;
    await userEvent.click(menuButton);
    const list = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    const labels = within(list)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Listings', 'Help', 'Profile', 'Conversations']);
    await userEvent.click(within(list).getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });
});
