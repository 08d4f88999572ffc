import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/auth';
import { multipartFile, PNG_1PX, pngOfSize } from '../../test/multipart';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const put = (user: TestUser, url: string, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers: user.headers, payload: payload as object });
const get = (user: TestUser, url: string) => app.inject({ url, headers: user.headers });
const me = async (user: TestUser) => (await get(user, '/api/auth/me')).json();

const buyerPreferences = {
  useCase: 'investment',
  homeType: 'single-story',
  state: 'TX',
  city: 'Austin',
  zipCodes: ['78701', '78702'],
  propertyTypes: ['singleFamily', '24unit'],
  minYearBuilt: 1980,
  minSquareFootage: 1200,
  bedrooms: 3,
  bathrooms: 2.5,
  minLotSize: 0.25,
  lotSizeUnit: 'acres',
  maxMonthlyPayment: 2500,
  maxDownPayment: 40000,
  excludeHoa: true,
  newConstructionOnly: false,
  condition: 'minor-work',
  schools: 'must-have',
  publicTransport: 'no-preference',
  rentalPotential: 'nice-to-have',
  notes: 'Close to downtown.',
  preApproved: true,
  preApprovedAmount: 350000,
  financingType: 'conventional',
  creditScoreRange: 'good',
};

const fieldErrors = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { path: string; message: string }[] }).errors ?? []).map((e) => [
    e.path,
    e.message,
  ]);

describe('Preferences tab', () => {
  it('starts with e-mail in real time, saves language, channels and frequency', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    expect((await get(user, '/api/profile/preferences')).json()).toEqual({
      languagePreference: 'en',
      notificationChannels: ['email'],
      searchFrequency: 'realtime',
      alertEmails: true,
    });
    const saved = await put(user, '/api/profile/preferences', {
      languagePreference: 'es',
      notificationChannels: ['email', 'sms', 'push', 'sms'],
      searchFrequency: 'weekly',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      languagePreference: 'es',
      notificationChannels: ['email', 'sms', 'push'],
      searchFrequency: 'weekly',
      alertEmails: true,
    });
    expect(await me(user)).toMatchObject({ languagePreference: 'es' });
  });

  it('shows alert e-mails turned off by an unsubscribe and turns them back on; omitted, they stay', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    // The one-click unsubscribe of an alert e-mail sets the column.
    await app.database.db.execute(sql`update users set alert_emails = false where id = ${user.id}`);
    expect((await get(user, '/api/profile/preferences')).json()).toMatchObject({ alertEmails: false });
    const tab = { languagePreference: 'en', notificationChannels: ['email'], searchFrequency: 'daily' };
    expect((await put(user, '/api/profile/preferences', tab)).json()).toMatchObject({ alertEmails: false });
    const on = await put(user, '/api/profile/preferences', { ...tab, alertEmails: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ alertEmails: true, searchFrequency: 'daily' });
    expect((await get(user, '/api/profile/preferences')).json()).toMatchObject({ alertEmails: true });
    const bad = await put(user, '/api/profile/preferences', { ...tab, alertEmails: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual([['alertEmails', 'Alert e-mails are either on or off.']]);
  });

  it('refuses unknown channels and frequencies, and SMS without a phone number', async () => {
    app = await createTestApp();
    const user = await createUser(app, { phoneNumber: null });
    const bad = await put(user, '/api/profile/preferences', {
      languagePreference: 'fr',
      notificationChannels: ['fax'],
      searchFrequency: 'hourly',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).map(([path]) => path)).toEqual(
      expect.arrayContaining(['languagePreference', 'notificationChannels.0', 'searchFrequency']),
    );
    const sms = await put(user, '/api/profile/preferences', {
      languagePreference: 'en',
      notificationChannels: ['sms'],
      searchFrequency: 'daily',
    });
    expect(sms.statusCode).toBe(400);
    expect(fieldErrors(sms)).toEqual([
      ['notificationChannels', 'Add a phone number on the Profile tab to receive SMS.'],
    ]);
    expect((await get(user, '/api/profile/preferences')).json()).toMatchObject({
      searchFrequency: 'realtime',
    });
  });
});

describe('Buyer preferences tab', () => {
  it('saves every field and completes a buyer profile', async () => {
    app = await createTestApp();
    const buyer = await createUser(app, { roles: ['buyer'] });
    expect(await me(buyer)).toMatchObject({
      profileComplete: false,
      missingProfileParts: ['buyerPreferences'],
    });
    expect((await get(buyer, '/api/profile/buyer-preferences')).json()).toBeNull();

    const saved = await put(buyer, '/api/profile/buyer-preferences', buyerPreferences);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(buyerPreferences);
    expect((await get(buyer, '/api/profile/buyer-preferences')).json()).toMatchObject(buyerPreferences);
    expect(await me(buyer)).toMatchObject({ profileComplete: true, missingProfileParts: [] });
  });

  it('refuses 6 ZIP codes with the limit, and keeps what was saved', async () => {
    app = await createTestApp();
    const buyer = await createUser(app);
    await put(buyer, '/api/profile/buyer-preferences', buyerPreferences);
    const six = await put(buyer, '/api/profile/buyer-preferences', {
      ...buyerPreferences,
      city: 'Round Rock',
      zipCodes: ['78701', '78702', '78703', '78704', '78705', '78712'],
    });
    expect(six.statusCode).toBe(400);
    expect(six.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fieldErrors(six)).toEqual([['zipCodes', 'Add at most 5 ZIP codes.']]);
    expect((await get(buyer, '/api/profile/buyer-preferences')).json()).toMatchObject({
      city: 'Austin',
      zipCodes: ['78701', '78702'],
    });
  });

  it('flags ZIP codes that do not exist, are not 5 digits or lie in another state', async () => {
    app = await createTestApp();
    const buyer = await createUser(app);
    const format = await put(buyer, '/api/profile/buyer-preferences', {
      ...buyerPreferences,
      zipCodes: ['7870', '787011', 'abcde'],
    });
    expect(format.statusCode).toBe(400);
    expect(fieldErrors(format)).toEqual([
      ['zipCodes.0', 'ZIP codes have 5 digits.'],
      ['zipCodes.1', 'ZIP codes have 5 digits.'],
      ['zipCodes.2', 'ZIP codes have 5 digits.'],
    ]);
    const places = await put(buyer, '/api/profile/buyer-preferences', {
      ...buyerPreferences,
      zipCodes: ['78701', '00000', '90210'],
    });
    expect(places.statusCode).toBe(400);
    expect(fieldErrors(places)).toEqual([
      ['zipCodes.1', '00000 is not a US ZIP code.'],
      ['zipCodes.2', '90210 is not in TX.'],
    ]);
    expect((await get(buyer, '/api/profile/buyer-preferences')).json()).toBeNull();
  });

  it('refuses each bad field with its message', async () => {
    app = await createTestApp();
    const buyer = await createUser(app);
    const res = await put(buyer, '/api/profile/buyer-preferences', {
      ...buyerPreferences,
      useCase: 'flip',
      state: 'XX',
      city: ' ',
      minYearBuilt: 1700,
      bathrooms: 2.25,
      maxMonthlyPayment: -5,
      preApprovedAmount: null,
      creditScoreRange: 'stellar',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.fromEntries(fieldErrors(res))).toEqual({
      useCase: 'Choose primary residence or investment.',
      state: 'Choose a valid US state (2 letters).',
      city: 'Enter a city.',
      minYearBuilt: 'Year built must be 1800 or later.',
      bathrooms: 'Enter a number of rooms from 0 to 50.',
      maxMonthlyPayment: 'Enter a positive number.',
      creditScoreRange: 'Choose a credit score range.',
    });
    const noAmount = await put(buyer, '/api/profile/buyer-preferences', {
      ...buyerPreferences,
      preApprovedAmount: null,
    });
    expect(fieldErrors(noAmount)).toEqual([['preApprovedAmount', 'Enter the pre-approved amount.']]);
    const notes = await put(buyer, '/api/profile/buyer-preferences', {
      ...buyerPreferences,
      notes: 'x'.repeat(2001),
    });
    expect(fieldErrors(notes)).toEqual([['notes', 'Notes can be up to 2,000 characters.']]);
  });

  it('is for buyers, owners and admins: an originator only gets 403', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    expect((await get(seller, '/api/profile/buyer-preferences')).statusCode).toBe(403);
    expect((await put(seller, '/api/profile/buyer-preferences', buyerPreferences)).statusCode).toBe(403);
    expect(
      (await put(seller, '/api/profile/buy-box', { type: 'any', state: 'TX', city: 'Austin' })).statusCode,
    ).toBe(403);
  });
});

describe('Buy box tab', () => {
  it('takes 50 ZIP codes of the chosen state, refuses 51, and completes an owner profile', async () => {
    app = await createTestApp();
    const owner = await createUser(app, { roles: ['owner'] });
    expect(await me(owner)).toMatchObject({ profileComplete: false, missingProfileParts: ['buyBox'] });
    const zips = (
      await queryRows<{ zip: string }>(
        app.database.db,
        sql`select zip from zip_codes where state = 'AZ' order by zip limit 51`,
      )
    ).map((r) => r.zip);
    expect(zips).toHaveLength(51);

    const tooMany = await put(owner, '/api/profile/buy-box', {
      type: 'SubTo',
      state: 'AZ',
      city: 'Phoenix',
      zipCodes: zips,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(fieldErrors(tooMany)).toEqual([['zipCodes', 'Add at most 50 ZIP codes.']]);
    expect((await get(owner, '/api/profile/buy-box')).json()).toBeNull();

    const fifty = await put(owner, '/api/profile/buy-box', {
      type: 'SubTo',
      state: 'az',
      city: 'Phoenix',
      zipCodes: zips.slice(0, 50),
    });
    expect(fifty.statusCode).toBe(200);
    expect(fifty.json()).toMatchObject({
      type: 'SubTo',
      state: 'AZ',
      city: 'Phoenix',
      zipCodes: zips.slice(0, 50),
    });
    expect(await me(owner)).toMatchObject({ profileComplete: true });
  });

  it('requires type, state and city, and flags a ZIP outside the state', async () => {
    app = await createTestApp();
    const buyer = await createUser(app);
    const empty = await put(buyer, '/api/profile/buy-box', { zipCodes: [] });
    expect(Object.fromEntries(fieldErrors(empty))).toEqual({
      type: 'Choose a type.',
      state: 'Choose a valid US state (2 letters).',
      city: 'Enter a city.',
    });
    const elsewhere = await put(buyer, '/api/profile/buy-box', {
      type: 'cash',
      state: 'FL',
      city: 'Miami',
      zipCodes: ['33101', '10001'],
    });
    expect(fieldErrors(elsewhere)).toEqual([['zipCodes.1', '10001 is not in FL.']]);
  });
});

describe('Seller preferences tab', () => {
  it('saves markets, deal types and the call-booking link, and completes an originator profile', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    expect(await me(seller)).toMatchObject({ missingProfileParts: ['sellerPreferences'] });
    const saved = await put(seller, '/api/profile/seller-preferences', {
      markets: [{ state: 'TX', city: 'Austin' }, { state: 'fl' }],
      dealTypes: ['SubTo', 'SellerFinance'],
      callBookingUrl: 'https://cal.example.test/seller',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      markets: [
        { state: 'TX', city: 'Austin' },
        { state: 'FL', city: '' },
      ],
      dealTypes: ['SubTo', 'SellerFinance'],
      callBookingUrl: 'https://cal.example.test/seller',
    });
    expect(await me(seller)).toMatchObject({ profileComplete: true });
    // The call-booking link is one field, shown on the company tab as well.
    expect((await get(seller, '/api/profile/company')).json()).toMatchObject({
      callBookingUrl: 'https://cal.example.test/seller',
    });
  });

  it('needs a market and a deal type, and a link that is a web address', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const res = await put(seller, '/api/profile/seller-preferences', {
      markets: [],
      dealTypes: [],
      callBookingUrl: 'javascript:alert(1)',
    });
    expect(Object.fromEntries(fieldErrors(res))).toEqual({
      markets: 'Add at least one market.',
      dealTypes: 'Choose at least one deal type.',
      callBookingUrl: 'Enter a full link starting with https://',
    });
    const buyer = await createUser(app, { roles: ['buyer'] });
    expect((await get(buyer, '/api/profile/seller-preferences')).statusCode).toBe(403);
  });

  it('asks a buyer-and-originator for both parts, buyer preferences first', async () => {
    app = await createTestApp();
    const hybrid = await createUser(app, { roles: ['buyer', 'originator'] });
    expect(await me(hybrid)).toMatchObject({
      missingProfileParts: ['buyerPreferences', 'sellerPreferences'],
    });
    await put(hybrid, '/api/profile/buyer-preferences', buyerPreferences);
    expect(await me(hybrid)).toMatchObject({
      profileComplete: false,
      missingProfileParts: ['sellerPreferences'],
    });
    await put(hybrid, '/api/profile/seller-preferences', { markets: [{ state: 'TX' }], dealTypes: ['cash'] });
    expect(await me(hybrid)).toMatchObject({ profileComplete: true, missingProfileParts: [] });
  });

  it('asks everyone for names and phone first, and admins for nothing more', async () => {
    app = await createTestApp();
    const noPhone = await createUser(app, { roles: ['owner'], phoneNumber: null });
    expect(await me(noPhone)).toMatchObject({ missingProfileParts: ['basics', 'buyBox'] });
    const admin = await createUser(app, { roles: ['admin'] });
    expect(await me(admin)).toMatchObject({ profileComplete: true, missingProfileParts: [] });
  });
});

describe('Company tab', () => {
  it('saves name, phone (11 digits starting with 1 accepted), e-mail and link', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const saved = await put(seller, '/api/profile/company', {
      companyName: 'Lone Star Homes LLC',
      companyPhone: '1 (512) 555-0142',
      companyEmail: 'Deals@LoneStar.example',
      callBookingUrl: '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      companyName: 'Lone Star Homes LLC',
      companyPhone: '5125550142',
      companyEmail: 'deals@lonestar.example',
      callBookingUrl: null,
      logoUrl: null,
    });
  });

  it('refuses bad phone numbers and e-mail, and keeps what was saved', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    await put(seller, '/api/profile/company', { companyName: 'Kept', companyPhone: '5125550100' });
    for (const phone of ['512555010', '25125550100', '(512) 555-01000', 'call us']) {
      const res = await put(seller, '/api/profile/company', { companyName: 'New', companyPhone: phone });
      expect(res.statusCode, phone).toBe(400);
      expect(fieldErrors(res)).toEqual([['companyPhone', 'Enter a 10-digit phone number.']]);
    }
    const email = await put(seller, '/api/profile/company', {
      companyName: 'New',
      companyEmail: 'not-an-email',
    });
    expect(fieldErrors(email)).toEqual([['companyEmail', 'Please enter a valid e-mail address.']]);
    expect((await get(seller, '/api/profile/company')).json()).toMatchObject({
      companyName: 'Kept',
      companyPhone: '5125550100',
    });
  });

  it('takes a logo by its bytes: a PNG named .jpg is stored as PNG; other bytes named .jpg are refused', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const upload = (bytes: Uint8Array, filename: string, contentType: string) => {
      const body = multipartFile(bytes, { filename, contentType });
      return app.inject({
        method: 'POST',
        url: '/api/profile/logo',
        headers: { ...seller.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const renamed = await upload(PNG_1PX, 'logo.jpg', 'image/jpeg');
    expect(renamed.statusCode).toBe(200);
    const { logoUrl } = renamed.json() as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/files\/logos\/[0-9a-f-]{36}\.png$/);
    const served = await app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);

    const fake = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'logo.jpg',
      'image/jpeg',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({
      code: 'IMAGE_TYPE_UNSUPPORTED',
      message: 'Only JPEG, PNG or WebP images are accepted.',
    });

    const big = await upload(pngOfSize(600 * 1024), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'LOGO_TOO_LARGE', message: 'The logo must be 500 KB or smaller.' });
    const atLimit = await upload(pngOfSize(500 * 1024), 'edge.png', 'image/png');
    expect(atLimit.statusCode).toBe(200);

    // The refused uploads changed nothing; the replaced logo is gone.
    expect((await get(seller, '/api/profile/company')).json().logoUrl).toBe(atLimit.json().logoUrl);
    expect((await app.inject({ url: logoUrl })).statusCode).toBe(404);

    const removed = await app.inject({ method: 'DELETE', url: '/api/profile/logo', headers: seller.headers });
    expect(removed.json()).toMatchObject({ logoUrl: null });
    expect((await app.inject({ url: atLimit.json().logoUrl })).statusCode).toBe(404);
  });

  it('asks for a file when none is sent', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/logo',
      headers: seller.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED' });
  });
});

describe('Profile picture', () => {
  it('takes JPEG, PNG or WebP up to 5 MB and shows it on the profile', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const send = (bytes: Uint8Array) => {
      const body = multipartFile(bytes, { filename: 'me.png', contentType: 'image/png' });
      return app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const tooBig = await send(pngOfSize(5 * 1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PICTURE_TOO_LARGE' });
    const ok = await send(PNG_1PX);
    expect(ok.statusCode).toBe(200);
    const url = ok.json().profilePictureUrl as string;
    expect(url).toMatch(/^\/files\/pictures\//);
    expect((await get(user, '/api/profile')).json()).toMatchObject({ profilePictureUrl: url });
    expect((await app.inject({ url })).statusCode).toBe(200);
  });
});

describe('ZIP code look-up', () => {
  it('answers city, state and position of known ZIP codes and leaves unknown ones out', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const res = await get(user, '/api/geo/zip-codes?codes=90210,00000,78701');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ zip: '90210', city: 'Beverly Hills', state: 'CA' }),
      expect.objectContaining({ zip: '78701', city: 'Austin', state: 'TX' }),
    ]);
    expect(res.json().items[0].latitude).toBeCloseTo(34.09, 1);
    expect(res.json()).toMatchObject({ nextCursor: null, total: 2 });
    expect((await get(user, '/api/geo/zip-codes?codes=abc')).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/geo/zip-codes?codes=90210' })).statusCode).toBe(401);
  });
});
