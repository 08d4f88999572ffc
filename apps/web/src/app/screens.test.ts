import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES } from '@dealclub/shared/routes';
import { setAuthHandlers } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { receivedOffersOptions } from '@/features/deals/api/deal-offers';
import { appRoutes } from './router';
import { SCREENS } from './screens';

describe('screens', () => {
  it('has a screen for every built route and none for routes not built yet', () => {
    const built = APP_ROUTES.filter((r) => r.built && !('redirectTo' in r)).map((r) => r.id);
    expect(Object.keys(SCREENS).sort()).toEqual([...built].sort());
  });

  // Transforming every screen's module graph for the first time takes a while (the map demo's
  // 41,000 ZIP centroids and the US atlas alone take seconds on a loaded 2-core machine): a safety
  // net, not a speed goal.
  it('loads every screen as a module with a default component', { timeout: 60_000 }, async () => {
    for (const load of Object.values(SCREENS)) {
      expect(typeof (await load()).default).toBe('function');
    }
  });

  it('ends the route list with the not-found catch-all and gives each screen an error boundary', () => {
    const children = appRoutes()[0]?.children ?? [];
    expect(children.at(-1)?.path).toBe('*');
    for (const child of children.filter((c) => c.lazy)) expect(child.errorElement).toBeTruthy();
  });
});

describe('the reads a screen starts as soon as its code has come, beside the session check', () => {
  const DEAL = '00000000-0000-4000-8000-00000000000a';
  /** A token as the identity service signs it (the signature is not checked here). */
  const token = (groups: string[]) =>
    ['{"alg":"RS256"}', JSON.stringify({ sub: 'u1', email: 'a@demo.test', 'cognito:groups': groups }), 'sig']
      .map((part, i) => (i < 2 ? btoa(part).replace(/=+$/, '') : part))
      .join('.');
  let asked: string[] = [];

  /** Opens `address` as the router does: the route's code, then its loader; the API paths asked for. */
  async function open(path: string, address: string, groups = ['originators']) {
    setAuthHandlers({ getToken: () => token(groups), refresh: async () => token(groups) });
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input instanceof Request ? input.url : input), 'http://x.test');
        asked.push(`${url.pathname}${url.search}`);
        return new Response('{"items":[],"nextCursor":null}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const route = appRoutes()[0]!.children!.find((child) => child.path === path)!;
    const loaded = await (route.lazy as () => Promise<RouteObject>)();
    const loader = (route.loader ?? loaded.loader) as ((args: LoaderFunctionArgs) => unknown) | undefined;
    const url = new URL(address, 'http://x.test');
    const params = Object.fromEntries(
      path
        .split('/')
        .map((part, i) => [part, url.pathname.split('/')[i]] as const)
        .filter(([part]) => part.startsWith(':'))
        .map(([part, value]) => [part.slice(1), value]),
    );
    loader?.({ params, request: new Request(url), context: undefined } as LoaderFunctionArgs);
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthHandlers(null);
    queryClient.clear();
  });

  it("asks for the offers screen's deal, offers in the address's order and interested buyers at once, under the screen's keys", async () => {
    await open('/deals/:id/offers', `/deals/${DEAL}/offers?sort=cash-desc&status=all`);
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect([...asked].sort()).toEqual([
      `/api/deals/${DEAL}`,
      `/api/deals/${DEAL}/interests?limit=25`,
      `/api/deals/${DEAL}/offers?sort=cash-desc&status=all&limit=25`,
    ]);
    // The screen's own query finds the answer: nothing is asked for twice.
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData(receivedOffersOptions(DEAL, 'cash-desc', 'all').queryKey),
      ).toBeDefined(),
    );
  });

  it.each([
    ['/dashboard', '/dashboard', '/api/dashboard'],
    ['/deals/:id/closing', `/deals/${DEAL}/closing`, `/api/deals/${DEAL}/closing`],
    ['/deals/:id/analytics', `/deals/${DEAL}/analytics`, `/api/deals/${DEAL}/analytics`],
    ['/buyers', '/buyers?maxPrice=1500000', '/api/analytics/buyers?maxPrice=1500000'],
  ])('asks for what %s shows', async (path, address, read) => {
    await open(path, address);
    await vi.waitFor(() => expect(asked).toContain(read));
  });

  it('asks for nothing without a stored session, and no buyer map for a buyer', async () => {
    await open('/buyers', '/buyers', ['buyers']);
    setAuthHandlers(null);
    await open('/deals/:id/offers', `/deals/${DEAL}/offers`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked.filter((path) => path.startsWith('/api/analytics'))).toEqual([]);
  });
});
