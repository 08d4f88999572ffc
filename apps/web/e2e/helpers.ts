import {
  CognitoIdentityProviderClient,
  GlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@dealclub/shared/constants';

/** Helpers that prepare data through the product's own HTTP surface, as a user or admin would. */
export const DEMO_PASSWORD = 'DemoPass!2026';

type Tokens = { IdToken: string; RefreshToken: string };
type SessionOptions = { password?: string; language?: 'en' | 'es' };

/** Sign-ins made through the identity protocol, one per account and worker while its tokens last. */
const signIns = new Map<string, Promise<Tokens>>();
/** A session this close to its end is not handed out again (the web client would refresh it). */
const SESSION_MARGIN_S = 10 * 60;

function sessionTokens(request: APIRequestContext, email: string, password: string): Promise<Tokens> {
  const key = `${email}\n${password}`;
  const cached = signIns.get(key);
  if (cached) {
    return cached.then((tokens) => {
      const { exp } = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString());
      if (exp - Date.now() / 1000 > SESSION_MARGIN_S) return tokens;
      signIns.delete(key);
      return sessionTokens(request, email, password);
    });
  }
  const tokens = tokensOf(request, email, password);
  signIns.set(key, tokens);
  tokens.catch(() => signIns.delete(key));
  return tokens;
}

/**
 * A browser's storage as the web client leaves it once `email` has signed in (the tokens under the
 * client's keys) with `language` chosen: a context or page given it opens signed in, without the
 * form. For tests whose subject is not the sign-in, which auth.spec.ts and profile.spec.ts walk.
 */
export async function sessionState(request: APIRequestContext, email: string, options: SessionOptions = {}) {
  const tokens = await sessionTokens(request, email, options.password ?? DEMO_PASSWORD);
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(test.info().project.use.baseURL!).origin,
        localStorage: [
          { name: STORAGE_KEYS.idToken, value: tokens.IdToken },
          { name: STORAGE_KEYS.refreshToken, value: tokens.RefreshToken },
          { name: STORAGE_KEYS.authenticated, value: 'true' },
          { name: 'language', value: options.language ?? 'en' },
        ],
      },
    ],
  };
}

/** Signs `page`'s browser in as `email` (see sessionState): the next page it loads is signed in. */
export async function signInWithSession(page: Page, email: string, options: SessionOptions = {}) {
  await page.context().setStorageState(await sessionState(page.request, email, options));
}

/** A page of its own browser context, signed in as `email` (see sessionState), on no page yet. */
export async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithSession(page, email, { password });
  return page;
}

/** Sends the sign-in form for `email` (for the tests whose subject is signing in or what it leads to). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the identity protocol, as the web client does, and returns the ID token. */
export async function idTokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  return (await tokensOf(request, email, password)).IdToken;
}

/** The same sign-in's tokens, as the web client keeps them. */
export async function tokensOf(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Tokens> {
  const config = await (await request.get('/api/auth/public-config')).json();
  const res = await request.post('/cognito/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  return (await res.json()).AuthenticationResult;
}

export async function newInvitation(request: APIRequestContext, role: 'buyer' | 'originator') {
  const token = await idTokenOf(request, 'owner@demo.test');
  const res = await request.post('/api/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { role, count: 1 },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).items[0].link as string;
}

/** The code in the newest e-mail to `recipient`, read from the admin mailbox. */
export async function lastCode(request: APIRequestContext, recipient: string) {
  const token = await idTokenOf(request, 'admin@demo.test');
  const res = await request.get(`/api/admin/outbox?recipient=${encodeURIComponent(recipient)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const items = (await res.json()).items as { body: string }[];
  return /\b(\d{6})\b/.exec(items[0]?.body ?? '')?.[1] ?? '';
}

/** A confirmed account made through invitation sign-up: names but no phone, so incomplete. */
export async function newConfirmedUser(request: APIRequestContext, role: 'buyer' | 'originator' = 'buyer') {
  const token = new URL(await newInvitation(request, role)).searchParams.get('token')!;
  const email = `fresh.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'Str0ng!Pass';
  const signUp = await request.post('/api/aws-auth/signup-with-invitation', {
    data: { email, password, firstName: 'Fresh', lastName: 'Person', invitationToken: token },
  });
  expect(signUp.status()).toBe(200);
  const config = await (await request.get('/api/auth/public-config')).json();
  const confirm = await request.post('/cognito/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ConfirmSignUp',
    },
    data: JSON.stringify({
      ClientId: config.clientId,
      Username: email,
      ConfirmationCode: await lastCode(request, email),
    }),
  });
  expect(confirm.status()).toBe(200);
  return { email, password };
}

/** Saves names and phone through the API, as the Profile tab would. */
export async function savePhone(request: APIRequestContext, user: { email: string; password: string }) {
  const token = await idTokenOf(request, user.email, user.password);
  const res = await request.put('/api/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Fresh', lastName: 'Person', phoneNumber: '5125550177' },
  });
  expect(res.status()).toBe(200);
}

/** Saves a seller's markets and deal types through the API, as the Seller preferences tab would. */
export async function saveSellerPreferences(
  request: APIRequestContext,
  user: { email: string; password: string },
) {
  const token = await idTokenOf(request, user.email, user.password);
  const res = await request.put('/api/profile/seller-preferences', {
    headers: { authorization: `Bearer ${token}` },
    data: { markets: [{ state: 'TX', city: 'Austin' }], dealTypes: ['cash'], callBookingUrl: '' },
  });
  expect(res.status()).toBe(200);
}

/**
 * A seller of the test's own, with names, phone and markets, and its ID token. The demo seller gets
 * realtime toasts from other tests' offers and messages, and one toast at a time would hide the one
 * a test reads: a test that reads a seller's toasts lists with its own seller.
 */
export async function newSeller(request: APIRequestContext) {
  const user = await newConfirmedUser(request, 'originator');
  await savePhone(request, user);
  await saveSellerPreferences(request, user);
  return { ...user, token: await idTokenOf(request, user.email, user.password) };
}

/** A new buyer with a complete profile (phone and buyer preferences), so no page redirects them. */
export async function newBuyer(request: APIRequestContext) {
  const user = await newConfirmedUser(request, 'buyer');
  await savePhone(request, user);
  const token = await idTokenOf(request, user.email, user.password);
  const res = await request.put('/api/profile/buyer-preferences', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      useCase: 'investment',
      state: 'TX',
      city: 'Austin',
      zipCodes: ['78701'],
      propertyTypes: ['singleFamily'],
      bedrooms: 3,
      bathrooms: 2,
      maxMonthlyPayment: 2500,
      maxDownPayment: 40000,
    },
  });
  expect(res.status()).toBe(200);
  return user;
}

/**
 * A cash deal listed through the API, at a street of its own, by the demo seller or by the seller
 * whose ID token is `sellerToken` (newSeller's); returns its id. `overrides` change any field
 * (hideAddress, price, description…). In ZIP 78745, which the demo buyer's preferences leave out: a
 * deal the tests list must not alert them in the middle of another test (one toast at a time).
 */
export async function listDemoCashDeal(
  request: APIRequestContext,
  street: string,
  overrides: Record<string, unknown> = {},
  sellerToken?: string,
): Promise<string> {
  sellerToken ??= await idTokenOf(request, 'seller@demo.test');
  const created = await request.post('/api/deals', {
    headers: { authorization: `Bearer ${sellerToken}` },
    data: {
      streetAddress: street,
      city: 'Austin',
      state: 'TX',
      zipCode: '78745',
      hideAddress: false,
      purchasePrice: 310000,
      category: 'cash',
      propertyType: 'singleFamily',
      bedrooms: 3,
      bathrooms: 2,
      squareFootage: 1400,
      yearBuilt: 1985,
      description: 'A cash deal listed by a browser test.',
      tags: ['off-market'],
      legalCertification: true,
      ...overrides,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** `text` as a literal inside a regular expression (names built from data, e.g. a quiz question). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A global sign-out of every device of the user, from "another device": AWS's own SDK. */
export async function signOutEverywhere(
  request: APIRequestContext,
  user: { email: string; password: string },
) {
  const { AccessToken } = (await tokensOf(request, user.email, user.password)) as unknown as {
    AccessToken: string;
  };
  const pool = new CognitoIdentityProviderClient({
    region: 'us-east-2',
    endpoint: new URL('/cognito/', test.info().project.use.baseURL!).href,
    credentials: { accessKeyId: 'e2e', secretAccessKey: 'e2e' },
  });
  await pool.send(new GlobalSignOutCommand({ AccessToken }));
}

/** The first day of the month `months` from now. */
export function monthsAhead(months: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

/**
 * The terms of a subject-to deal with an HOA and a loan maturing in three years: three risks for a
 * buyer to acknowledge (listDemoCashDeal's overrides).
 */
export function riskySubToTerms(description: string) {
  return {
    category: 'creative',
    purchaseType: 'SubTo',
    purchasePrice: 330000,
    loanType: 'FHA',
    interestRate: 3.25,
    loanBalance: 305000,
    loanMaturityDate: monthsAhead(36),
    piti: 2100,
    entryFee: 12000,
    emd: 3000,
    hoaMonthlyFee: 85,
    description,
  };
}

/**
 * Records the text of every toast the page shows from now on. The shell shows one toast at a time,
 * and a live notification from another test's offer to the demo seller can replace a toast before
 * the test reads it; the record keeps what was said. Call `seen()` to read it.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { toastsSaid: string[] }).toastsSaid = said;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const text = toast.textContent ?? '';
        if (!said.includes(text)) said.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return {
    // Nothing after a page load, which ends the record (the test reads a toast of the same page).
    seen: () =>
      page.evaluate(() => ((window as unknown as { toastsSaid?: string[] }).toastsSaid ?? []).join('\n')),
  };
}
