/**
 * The screens the browser benches open (`lighthouse.ts`, `page-requests.ts`), each as the role that
 * opens it, and how a bench signs in as that role: the demo accounts' tokens put into the browser's
 * storage as a sign-in leaves them. Every request goes to the product on 127.0.0.1.
 */
import type { Browser } from 'puppeteer-core';
import { openChromium, startProduct } from './product';
import { STORAGE_KEYS } from '@dealclub/shared/constants';

export const ACCOUNTS = {
  buyer: { email: 'buyer@demo.test', password: 'DemoPass!2026' },
  seller: { email: 'seller@demo.test', password: 'DemoPass!2026' },
};

export type Role = 'visitor' | keyof typeof ACCOUNTS;

export interface Ids {
  /** The buyer's first listed deal with a cover photo. */
  dealId: string;
  /** The demo seller's first active deal (its offers and analytics). */
  sellerDealId: string;
  /** A demo deal of the seller's with an open closing room. */
  closingDealId: string;
}

/**
 * The screens measured, each as the role that opens it: the three of issue 18 first, then issue
 * 32's table (the screens people open next) and the closing room.
 */
export const SCREENS: {
  name: string;
  role: Role;
  path: (ids: Ids) => string;
  label: string;
  score?: number;
}[] = [
  // Issue 32: at least 97 on these three, so that 95 is no longer the edge.
  { name: 'home', role: 'buyer', path: () => '/', label: '/', score: 97 },
  { name: 'deals', role: 'buyer', path: () => '/deals', label: '/deals', score: 97 },
  { name: 'deal', role: 'buyer', path: (ids) => `/deals/${ids.dealId}`, label: '/deals/{id}', score: 97 },
  { name: 'buyers', role: 'seller', path: () => '/buyers', label: '/buyers (seller)' },
  {
    name: 'zip',
    role: 'visitor',
    path: () => '/zip/78701/analytics',
    label: '/zip/78701/analytics (public)',
  },
  { name: 'deal-new', role: 'seller', path: () => '/deals/new', label: '/deals/new (seller)' },
  { name: 'profile', role: 'buyer', path: () => '/profile', label: '/profile (buyer)' },
  {
    name: 'deal-offers',
    role: 'seller',
    path: (ids) => `/deals/${ids.sellerDealId}/offers`,
    label: '/deals/{id}/offers (seller)',
  },
  {
    name: 'deal-analytics',
    role: 'seller',
    path: (ids) => `/deals/${ids.sellerDealId}/analytics`,
    label: '/deals/{id}/analytics (seller)',
  },
  { name: 'dashboard', role: 'seller', path: () => '/dashboard', label: '/dashboard (seller)' },
  { name: 'training', role: 'buyer', path: () => '/training', label: '/training (buyer)' },
  { name: 'features', role: 'visitor', path: () => '/features', label: '/features (public)' },
  { name: 'chat', role: 'buyer', path: () => '/chat', label: '/chat (buyer)' },
  { name: 'help', role: 'buyer', path: () => '/help', label: '/help (buyer)' },
  {
    name: 'closing',
    role: 'seller',
    path: (ids) => `/deals/${ids.closingDealId}/closing`,
    label: '/deals/{id}/closing (seller)',
  },
];

export async function signIn(origin: string, account: { email: string; password: string }) {
  const config = (await (await fetch(`${origin}/api/auth/public-config`)).json()) as { clientId: string };
  const res = await fetch(`${origin}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string; RefreshToken: string } };
  if (!body.AuthenticationResult)
    throw new Error(`${account.email}'s sign-in failed: ${JSON.stringify(body)}`);
  return body.AuthenticationResult;
}

/** The first deal of the buyer's list that has a cover photo, else the first deal. */
export async function dealWithPhoto(origin: string, idToken: string): Promise<string> {
  const res = await fetch(`${origin}/api/deals?limit=24`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const { items } = (await res.json()) as { items: { id: string; coverPhotoUrl: string | null }[] };
  const deal = items.find((d) => d.coverPhotoUrl) ?? items[0];
  if (!deal) throw new Error('the demo data has no deal to open');
  return deal.id;
}

/** The demo seller's first active deal, and one of theirs with an open closing room. */
export async function sellerDeals(origin: string, idToken: string): Promise<Omit<Ids, 'dealId'>> {
  const headers = { authorization: `Bearer ${idToken}` };
  const mine = async (status: string) =>
    (
      (await (await fetch(`${origin}/api/deals/mine?status=${status}`, { headers })).json()) as {
        items: { id: string }[];
      }
    ).items;
  const active = (await mine('active'))[0];
  if (!active) throw new Error('the demo seller has no active deal');
  for (const deal of await mine('pending')) {
    const room = await fetch(`${origin}/api/deals/${deal.id}/closing`, { headers });
    if (room.ok && ((await room.json()) as { status: string }).status === 'open')
      return { sellerDealId: active.id, closingDealId: deal.id };
  }
  throw new Error('the demo seller has no deal in closing');
}

/** The tokens a sign-in gave each demo account. */
export type Tokens = Record<keyof typeof ACCOUNTS, { IdToken: string; RefreshToken: string }>;

/**
 * Leaves the browser signed in as `role` as a sign-in leaves it (the tokens in local storage), or
 * signed out for a visitor; the next page opened on `origin` starts that way.
 */
export async function openAsRole(browser: Browser, origin: string, role: Role, tokens: Tokens) {
  const page = await browser.newPage();
  await page.goto(`${origin}/terms`);
  await page.evaluate(
    (keys, t) => {
      for (const key of [keys.idToken, keys.refreshToken, keys.authenticated]) localStorage.removeItem(key);
      if (t) {
        localStorage.setItem(keys.idToken, t.IdToken);
        localStorage.setItem(keys.refreshToken, t.RefreshToken);
        localStorage.setItem(keys.authenticated, 'true');
      }
      localStorage.setItem('language', 'en');
    },
    STORAGE_KEYS,
    role === 'visitor' ? null : tokens[role],
  );
  await page.close();
}

/** The demo buyer and seller signed in, and the ids of the screens that name a deal. */
export async function demoSession(origin: string): Promise<{ tokens: Tokens; ids: Ids }> {
  const tokens: Tokens = {
    buyer: await signIn(origin, ACCOUNTS.buyer),
    seller: await signIn(origin, ACCOUNTS.seller),
  };
  const ids: Ids = {
    dealId: await dealWithPhoto(origin, tokens.buyer.IdToken),
    ...(await sellerDeals(origin, tokens.seller.IdToken)),
  };
  return { tokens, ids };
}

/** What a browser bench works with: the product's origin, the demo accounts signed in, Chromium. */
export interface DemoBrowser {
  origin: string;
  tokens: Tokens;
  ids: Ids;
  browser: Browser;
  /** Chromium's debugging port (Lighthouse drives it there). */
  port: number;
}

/**
 * Starts the product (a build of its own unless `prebuilt` names one), signs the demo accounts in,
 * opens Chromium, runs `work`, and ends both whatever happens.
 */
export async function withDemoBrowser<T>(
  prebuilt: string | undefined,
  work: (demo: DemoBrowser) => Promise<T>,
): Promise<T> {
  const product = await startProduct(prebuilt);
  const { origin } = product;
  let chrome: Awaited<ReturnType<typeof openChromium>>['chrome'] | undefined;
  try {
    const { tokens, ids } = await demoSession(origin);
    const opened = await openChromium();
    chrome = opened.chrome;
    try {
      return await work({ origin, tokens, ids, browser: opened.browser, port: chrome.port });
    } finally {
      await opened.browser.disconnect();
    }
  } finally {
    await chrome?.kill();
    await product.stop();
  }
}
