import { createMemoryRouter } from 'react-router';
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
  const token = (groups: unknown[]) =>
    ['{"alg":"RS256"}', JSON.stringify({ sub: 'u1', email: 'a@demo.test', 'cognito:groups': groups }), 'sig']
      .map((part, i) => (i < 2 ? btoa(part).replace(/=+$/, '') : part))
      .join('.');
  let asked: string[] = [];
  let router: ReturnType<typeof createMemoryRouter> | undefined;

  /** Opens `address` in the app's router (its routes' code and loaders, nothing rendered). */
  async function open(address: string, groups: unknown[] | null = ['originators']) {
    const signedIn = groups && token(groups);
    setAuthHandlers(signedIn ? { getToken: () => signedIn, refresh: async () => signedIn } : null);
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
    router?.dispose();
    router = createMemoryRouter(appRoutes(), { initialEntries: [address] });
    await vi.waitFor(() => expect(router!.state.initialized).toBe(true));
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  afterEach(() => {
    router?.dispose();
    router = undefined;
    vi.unstubAllGlobals();
    setAuthHandlers(null);
    queryClient.clear();
  });

  it("asks for the offers screen's deal, offers in the address's order and interested buyers at once, under the screen's keys", async () => {
    await open(`/deals/${DEAL}/offers?sort=cash-desc&status=all`);
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
    ['/dashboard', '/api/dashboard'],
    [`/deals/${DEAL}/closing`, `/api/deals/${DEAL}/closing`],
    [`/deals/${DEAL}/analytics`, `/api/deals/${DEAL}/analytics`],
    ['/buyers?maxPrice=1500000', '/api/analytics/buyers?maxPrice=1500000'],
  ])('asks for what %s shows', async (address, read) => {
    await open(address);
    await vi.waitFor(() => expect(asked).toContain(read));
  });

  it("reads once per arrival: a new filter in the address is the screen's to ask for", async () => {
    await open('/buyers');
    await vi.waitFor(() => expect(asked).toEqual(['/api/analytics/buyers']));
    // The list has gone stale meanwhile: the screen reads it again when it wants to, not the loader.
    await vi.waitFor(() => expect(queryClient.getQueryCache().findAll()[0]?.state.status).toBe('success'));
    await queryClient.invalidateQueries({ refetchType: 'none' });
    await router!.navigate('/buyers?zip=78701');
    await settle();
    expect(asked).toEqual(['/api/analytics/buyers']);
  });

  it("asks for nothing without a stored session, and nothing of a seller's for a buyer", async () => {
    for (const address of [`/deals/${DEAL}/offers`, '/dashboard']) {
      await open(address, null);
      await settle();
      expect(asked, address).toEqual([]);
    }
    for (const address of ['/buyers', `/deals/${DEAL}/offers`, `/deals/${DEAL}/analytics`]) {
      await open(address, ['buyers']);
      await settle();
      expect(asked, address).toEqual([]);
    }
  });

  it('opens the screen when its reads cannot start (a stored token it cannot read)', async () => {
    await open('/buyers', [42]);
    await settle();
    expect(router!.state.errors).toBeNull();
    expect(asked).toEqual([]);
  });
});
