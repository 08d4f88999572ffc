/** A screen rendered for a unit test as the app renders it. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Role } from '@dealclub/shared/roles';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session/session-context';
import { signedIn } from './session';

/**
 * `routes` in a memory router at `path`, for a session signed in with `roles` (see `signedIn`) and
 * a query client of its own; returns the router, to follow or make navigations.
 */
export function renderRoutes(routes: RouteObject[], path: string, roles: Role[] = ['buyer']) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider value={signedIn(roles)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}
