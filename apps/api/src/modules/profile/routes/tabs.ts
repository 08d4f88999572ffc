/**
 * The preference tabs of `/profile` (core §2, §3, §5): preferences (language, notification
 * channels, search frequency), buyer preferences, seller preferences, buy box and company with its
 * logo. Each PUT validates the whole tab (ZIP codes against the reference data too) and saves it in
 * one statement or one transaction, so a refused request changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@dealclub/shared/constants';
import {
  BUY_BOX_TYPES,
  buyBoxSchema,
  buyerPreferencesSchema,
  companySchema,
  DEAL_TYPES,
  MAX_LOGO_BYTES,
  NOTIFICATION_CHANNELS,
  preferencesSchema,
  SEARCH_FREQUENCIES,
  sellerPreferencesSchema,
} from '@dealclub/shared/preferences';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import { buyBoxes, buyerPreferences, sellerPreferences, users } from '../../../db/schema';
import { AppError, fieldError } from '../../../lib/app-error';
import { fileUrl, newFileKey } from '../../../lib/storage';
import { readImageUpload } from '../../../lib/uploads';
import { requireUser } from '../../../plugins/auth';
import { zipErrors } from '../../geo';
import type { UserRow } from '../../../db/rows';

const Preferences = z.object({
  languagePreference: z.enum(LANGUAGES),
  notificationChannels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  searchFrequency: z.enum(SEARCH_FREQUENCIES),
  /** Deal alert e-mails are on (off after the one-click unsubscribe of an alert e-mail). */
  alertEmails: z.boolean(),
});

const BuyerPreferences = z.object({
  useCase: z.string(),
  homeType: z.string(),
  state: z.string(),
  city: z.string(),
  zipCodes: z.array(z.string()),
  propertyTypes: z.array(z.string()),
  minYearBuilt: z.number().nullable(),
  minSquareFootage: z.number().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  minLotSize: z.number().nullable(),
  lotSizeUnit: z.string(),
  maxMonthlyPayment: z.number().nullable(),
  maxDownPayment: z.number().nullable(),
  excludeHoa: z.boolean(),
  newConstructionOnly: z.boolean(),
  condition: z.string(),
  schools: z.string(),
  publicTransport: z.string(),
  rentalPotential: z.string(),
  notes: z.string(),
  preApproved: z.boolean(),
  preApprovedAmount: z.number().nullable(),
  financingType: z.string().nullable(),
  creditScoreRange: z.string().nullable(),
  updatedAt: z.date(),
});

const BuyBox = z.object({
  type: z.enum(BUY_BOX_TYPES),
  state: z.string(),
  city: z.string(),
  zipCodes: z.array(z.string()),
  updatedAt: z.date(),
});

const SellerPreferences = z.object({
  markets: z.array(z.object({ state: z.string(), city: z.string() })),
  dealTypes: z.array(z.enum(DEAL_TYPES)),
  callBookingUrl: z.string().nullable(),
  updatedAt: z.date().nullable(),
});

const Company = z.object({
  companyName: z.string().nullable(),
  companyPhone: z.string().nullable(),
  companyEmail: z.string().nullable(),
  callBookingUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
});

const preferencesOf = (row: UserRow) => ({
  languagePreference: row.languagePreference === 'es' ? ('es' as const) : ('en' as const),
  notificationChannels: row.notificationChannels.filter((c): c is (typeof NOTIFICATION_CHANNELS)[number] =>
    (NOTIFICATION_CHANNELS as readonly string[]).includes(c),
  ),
  searchFrequency: (SEARCH_FREQUENCIES as readonly string[]).includes(row.searchFrequency)
    ? (row.searchFrequency as (typeof SEARCH_FREQUENCIES)[number])
    : 'realtime',
  alertEmails: row.alertEmails,
});

const companyOf = (row: UserRow) => ({
  companyName: row.companyName,
  companyPhone: row.companyPhone,
  companyEmail: row.companyEmail,
  callBookingUrl: row.callBookingUrl,
  logoUrl: fileUrl(row.companyLogoKey),
});

const auth = { security: [{ bearerAuth: [] }] };

export const profileTabRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  /**
   * Buyer preferences and the buy box: every ZIP must exist and lie in the chosen state; then the
   * user's one row is written in one statement, so a refused request changes nothing.
   */
  async function saveWithZipsInState<T extends typeof buyerPreferences | typeof buyBoxes>(
    table: T,
    userId: string,
    body: { zipCodes: string[]; state: string },
  ) {
    const errors = await zipErrors(db(), body.zipCodes, body.state);
    if (errors.length) throw new AppError('VALIDATION_FAILED', undefined, errors);
    const values = { ...body, userId, updatedAt: new Date() };
    const [row] = await db()
      .insert(table)
      // The body is the table's validated input (shared schema), so the generic insert is safe.
      .values(values as never)
      .onConflictDoUpdate({ target: table.userId, set: values as never })
      .returning();
    // The ZIP analytics and the buyer map count this buyer where they are now.
    app.buyerAnalytics.changed();
    return row as T['$inferSelect'];
  }

  app.get(
    '/api/profile/preferences',
    {
      schema: { tags: ['profile'], summary: 'The Preferences tab', ...auth, response: { 200: Preferences } },
    },
    async (request) => preferencesOf(requireUser(request).row),
  );

  app.put(
    '/api/profile/preferences',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Save language, notification channels (email, sms, push), search frequency and alert e-mails (omitted: unchanged)',
        ...auth,
        body: preferencesSchema,
        response: { 200: Preferences },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { languagePreference, notificationChannels, searchFrequency, alertEmails } = request.body;
      if (notificationChannels.includes('sms') && !user.row.phoneNumber) {
        throw new AppError('VALIDATION_FAILED', undefined, [
          fieldError('notificationChannels', 'preferences.validation.smsNeedsPhone'),
        ]);
      }
      const [row] = await db()
        .update(users)
        .set({
          languagePreference,
          notificationChannels,
          searchFrequency,
          ...(alertEmails === undefined ? {} : { alertEmails }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return preferencesOf(row!);
    },
  );

  app.get(
    '/api/profile/buyer-preferences',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'The Buyer preferences tab (null until saved)',
        ...auth,
        response: { 200: BuyerPreferences.nullable() },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await db().select().from(buyerPreferences).where(eq(buyerPreferences.userId, user.id));
      return row ?? null;
    },
  );

  app.put(
    '/api/profile/buyer-preferences',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'Save buyer preferences (up to 5 ZIP codes, each in the chosen state)',
        ...auth,
        body: buyerPreferencesSchema,
        response: { 200: BuyerPreferences },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await saveWithZipsInState(buyerPreferences, user.id, request.body);
      return row;
    },
  );

  app.get(
    '/api/profile/buy-box',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'The Buy box tab (null until saved)',
        ...auth,
        response: { 200: BuyBox.nullable() },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await db().select().from(buyBoxes).where(eq(buyBoxes.userId, user.id));
      return row ? { ...row, type: row.type as (typeof BUY_BOX_TYPES)[number] } : null;
    },
  );

  app.put(
    '/api/profile/buy-box',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'Save the buy box: type, state and city, up to 50 ZIP codes in that state',
        ...auth,
        body: buyBoxSchema,
        response: { 200: BuyBox },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await saveWithZipsInState(buyBoxes, user.id, request.body);
      return { ...row, type: row.type as (typeof BUY_BOX_TYPES)[number] };
    },
  );

  const sellerPreferencesOf = async (row: UserRow) => {
    const [saved] = await db().select().from(sellerPreferences).where(eq(sellerPreferences.userId, row.id));
    return {
      markets: saved?.markets ?? [],
      dealTypes: (saved?.dealTypes ?? []).filter((t): t is (typeof DEAL_TYPES)[number] =>
        (DEAL_TYPES as readonly string[]).includes(t),
      ),
      callBookingUrl: row.callBookingUrl,
      updatedAt: saved?.updatedAt ?? null,
    };
  };

  app.get(
    '/api/profile/seller-preferences',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'The Seller preferences tab',
        ...auth,
        response: { 200: SellerPreferences },
      },
    },
    async (request) => sellerPreferencesOf(requireUser(request).row),
  );

  app.put(
    '/api/profile/seller-preferences',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['profile'],
        summary: 'Save markets served, deal types offered and the call-booking link',
        ...auth,
        body: sellerPreferencesSchema,
        response: { 200: SellerPreferences },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { markets, dealTypes, callBookingUrl } = request.body;
      const row = await db().transaction(async (tx) => {
        const now = new Date();
        const values = { userId: user.id, markets, dealTypes, updatedAt: now };
        await tx
          .insert(sellerPreferences)
          .values(values)
          .onConflictDoUpdate({ target: sellerPreferences.userId, set: values });
        const [updated] = await tx
          .update(users)
          .set({ callBookingUrl, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        return updated!;
      });
      return sellerPreferencesOf(row);
    },
  );

  app.get(
    '/api/profile/company',
    { schema: { tags: ['profile'], summary: 'The Company tab', ...auth, response: { 200: Company } } },
    async (request) => companyOf(requireUser(request).row),
  );

  app.put(
    '/api/profile/company',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save company name, phone, e-mail and call-booking link',
        ...auth,
        body: companySchema,
        response: { 200: Company },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await db()
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return companyOf(row!);
    },
  );

  app.post(
    '/api/profile/logo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload the company logo (multipart field `file`; JPEG, PNG or WebP by its bytes, 500 KB)',
        ...auth,
        consumes: ['multipart/form-data'],
        response: { 200: Company },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const image = await readImageUpload(request, MAX_LOGO_BYTES, 'LOGO_TOO_LARGE');
      const key = newFileKey('logos', image.type);
      await app.storage.put(key, image.bytes, image.type);
      const [row] = await db()
        .update(users)
        .set({ companyLogoKey: key, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (user.row.companyLogoKey) await app.storage.delete(user.row.companyLogoKey);
      return companyOf(row!);
    },
  );

  app.delete(
    '/api/profile/logo',
    {
      schema: { tags: ['profile'], summary: 'Remove the company logo', ...auth, response: { 200: Company } },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await db()
        .update(users)
        .set({ companyLogoKey: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (user.row.companyLogoKey) await app.storage.delete(user.row.companyLogoKey);
      return companyOf(row!);
    },
  );
};
