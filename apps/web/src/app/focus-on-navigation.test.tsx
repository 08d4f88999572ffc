import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusOnNavigation } from './focus-on-navigation';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <>
      <Link to="/other">Header link</Link>
      <main ref={main} id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes a moment after it opens, as one that waits for its data. */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Late page</h1> : <p>Loading</p>;
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            element: (
              <>
                <h1>Start page</h1>
                <Link to="/late">Open the late page</Link>
              </>
            ),
          },
          { path: '/late', element: <LatePage /> },
          { path: '/other', element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the focus after a move to another page', () => {
  it('leaves the first page alone', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it('goes to the main content, then to the new heading, when the control that had it is gone', async () => {
    renderApp();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open the late page' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(document.getElementById('main'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Late page' })),
    );
  });

  it('stays on a control still in the page', async () => {
    renderApp();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Other page' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Header link' }));
  });
});
