import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** Helpers that prepare data through the product's own HTTP surface, as a user or admin would. */
export const DEMO_PASSWORD = 'DemoPass!2026';

/** A page of its own browser context, signed in through the sign-in form and landed on home. */
export async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  return page;
}

/** Signs `page` in through the form; done once the account menu (the user's first name) shows. */
export async function signInOnPage(page: Page, email: string, firstName: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: firstName })).toBeVisible();
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
): Promise<{ IdToken: string; RefreshToken: string }> {
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
 * A cash deal listed by the demo seller through the API, at a street of its own; returns its id.
 * `overrides` change any field (hideAddress, price, description…). In ZIP 78745, which the demo
 * buyer's preferences leave out: a deal the tests list must not alert them in the middle of
 * another test (one toast at a time).
 */
export async function listDemoCashDeal(
  request: APIRequestContext,
  street: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const sellerToken = await idTokenOf(request, 'seller@demo.test');
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
