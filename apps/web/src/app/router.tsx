import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { APP_ROUTES, matchBuiltRoute } from '@dealclub/shared/routes';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { queryClient, type ScreenPrefetch } from '@/lib/query-client';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { PREFETCH, SCREENS } from './screens';

/**
 * A route's loader that starts a screen's reads and waits for none of them. A read that cannot
 * start (a stored token it cannot read) is the screen's to ask for again: the screen still opens.
 */
const startReads =
  (prefetch: ScreenPrefetch) =>
  ({ params, request }: LoaderFunctionArgs) => {
    try {
      prefetch(queryClient, { params, url: new URL(request.url) });
    } catch {
      // The screen's own queries ask, and show what goes wrong.
    }
    return null;
  };

/**
 * A screen's own reads start once per arrival at its address: a new order or filter in the query
 * string is the screen's to ask for (re-running the loader would read again whatever has gone
 * stale, the buyer map's every page among it).
 */
const onArrival = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  currentUrl.pathname !== nextUrl.pathname;

/** The route objects of the built screens and redirects; everything else is the not-found page. */
export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of APP_ROUTES) {
    const handle = { recent: 'recent' in route ? route.recent : false };
    if ('redirectTo' in route) {
      // A redirect of the spec (DECISIONS.md) works once its target screen exists.
      if (matchBuiltRoute(route.redirectTo)) {
        const target = route.redirectTo;
        children.push({ path: route.path, loader: () => redirect(target) });
      }
      continue;
    }
    const load = SCREENS[route.id];
    if (!load) continue;
    const prefetch = PREFETCH[route.id];
    children.push({
      path: route.path,
      handle,
      errorElement: <RouteError />,
      // Starts the screen's reads while its code loads; never waits for them (the query cache
      // holds them for the screen).
      ...(prefetch && { loader: startReads(prefetch) }),
      // A screen whose module names its reads (`prefetch`) starts them as soon as its code has
      // come, beside the session check, not after it (issue 32: its first load's chain of requests).
      lazy: async () => {
        const screen = await load();
        return {
          Component: screen.default,
          ...(!prefetch &&
            screen.prefetch && { loader: startReads(screen.prefetch), shouldRevalidate: onArrival }),
        };
      },
    });
  }
  children.push({
    path: '*',
    errorElement: <RouteError />,
    // Already in the main chunk: the route error boundary renders it for 404s.
    Component: NotFoundPage,
  });
  return [{ element: <RootLayout />, errorElement: <RouteError />, children }];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
