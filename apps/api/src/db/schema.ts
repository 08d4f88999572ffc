/**
 * The database schema. Every table of the product is declared here so that drizzle-kit can
 * generate the migrations from one place (`npm run db:generate`).
 */
import { sql } from 'drizzle-orm';
import type { NotificationType, SystemEvent } from '@dealclub/shared/chat';
import type { OfferStatus, OfferType } from '@dealclub/shared/offers';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Which seeds (demo data sets) have run on this database, so each runs once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The product's users, keyed by the identity provider's `sub`, whichever provider signed them in
 * (the embedded one or AWS Cognito). Roles here are authoritative: an admin's change applies on the
 * user's next call, without waiting for a new token.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{buyer}'::text[]`),
    languagePreference: text('language_preference').notNull().default('en'),
    isActive: boolean('is_active').notNull().default(true),
    /** Preferences tab: channels for alerts and transactional messages (email, sms, push). */
    notificationChannels: text('notification_channels')
      .array()
      .notNull()
      .default(sql`'{email}'::text[]`),
    /** Preferences tab: how often deal matches are sent (realtime, daily, weekly). */
    searchFrequency: text('search_frequency').notNull().default('realtime'),
    /** Deal-alert e-mails (matches, digests); one click in an alert e-mail turns them off. */
    alertEmails: boolean('alert_emails').notNull().default(true),
    /** Company tab and seller preferences: where buyers book a call. */
    callBookingUrl: text('call_booking_url'),
    companyName: text('company_name'),
    companyPhone: text('company_phone'),
    companyEmail: text('company_email'),
    /** Storage keys of the company logo and the profile picture (served under `/files/`). */
    companyLogoKey: text('company_logo_key'),
    profilePictureKey: text('profile_picture_key'),
    /** The Certified Buyer badge (training); certified buyers with a match are priority buyers. */
    certifiedBuyer: boolean('certified_buyer').notNull().default(false),
    /** When the badge was granted (completing every published lesson); kept when lessons are added. */
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    /**
     * Integrations tab: the seller's offer webhook (DECISIONS.md). The secret signs every delivery;
     * the API shows it once, when it is made.
     */
    offerWebhookUrl: text('offer_webhook_url'),
    offerWebhookEnabled: boolean('offer_webhook_enabled').notNull().default(false),
    offerWebhookSecret: text('offer_webhook_secret'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The buyer map's list (analytics/buyer-analytics.ts), in name order a page at a time.
    index('users_name_idx').on(t.lastName, t.firstName, t.id),
    // The owners club (analytics/owners.ts): the few owners among every user.
    index('users_owners_idx')
      .on(t.lastName, t.firstName, t.id)
      .where(sql`${t.roles} @> '{owner}'::text[]`),
  ],
);

/** The embedded identity provider's directory (PROTOCOLS.md A). Unused when AWS Cognito is configured. */
export const identityUsers = pgTable(
  'identity_users',
  {
    sub: uuid('sub').primaryKey(),
    /** The sign-in name: the e-mail address, lower-cased. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** UNCONFIRMED | CONFIRMED | FORCE_CHANGE_PASSWORD | RESET_REQUIRED */
    status: text('status').notNull(),
    /** Other user attributes (given_name, family_name, phone_number, custom:*). */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    groups: text('groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** A requested e-mail change, applied when its code is verified. */
    pendingEmail: text('pending_email'),
    /** Two-step sign-in (decision 027): whether a sign-in asks for an authenticator code. */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The verified TOTP secret, sealed with the secrets key (`enc1:…`, decision 018). */
    mfaSecret: text('mfa_secret'),
    /** A secret given by AssociateSoftwareToken and not verified yet, sealed the same way. */
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The last TOTP step accepted: a code of that step or an earlier one is never taken again. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('identity_users_username_idx').on(t.username)],
);

/** RS256 signing keys, generated per installation; the newest unretired key signs. */
export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  /** Sealed with the secrets key (a JSON string `enc1:…`, decision 018); an object: from before sealing. */
  privateJwk: jsonb('private_jwk').$type<string | Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  /** Retired keys no longer sign; they stay published until tokens they signed have expired. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** Opaque refresh tokens, stored as SHA-256 hashes only. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    originJti: uuid('origin_jti').notNull(),
    authTime: integer('auth_time').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_refresh_tokens_sub_idx').on(t.sub),
    // Every authenticated call asks whether its sign-in was revoked.
    index('identity_refresh_tokens_origin_jti_idx').on(t.originJti),
  ],
);

/** One-time codes: sign-up confirmation, password reset, e-mail verification. Hashed, 24 h. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('identity_codes_sub_purpose_idx').on(t.sub, t.purpose)],
);

/**
 * Challenge sessions (NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA, MFA_SETUP): the opaque `Session`
 * string, hashed, 3 minutes.
 */
export const identityChallenges = pgTable('identity_challenges', {
  sessionHash: text('session_hash').primaryKey(),
  sub: uuid('sub')
    .notNull()
    .references(() => identityUsers.sub, { onDelete: 'cascade' }),
  challengeName: text('challenge_name').notNull(),
  /** Wrong authenticator codes answered on this session (it ends at the limit). */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Invitations (DECISIONS.md, People and access): a link with a random token that signs up one
 * account with the role it fixes; valid 90 days; pending until used (or past its expiry).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    role: text('role').notNull(),
    /** Who created it; null for invitations the system issues (request access, waitlist). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the invitation was issued for a known address (request access, waitlist). */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBy: uuid('used_by'),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_idx').on(t.token),
    index('invitations_created_by_idx').on(t.createdBy),
  ],
);

/** People who asked for access while the club was full (DECISIONS.md, Capacity). */
export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: createdAt(),
    /** When an admin invited them; the invitation is then in `invitations` with this e-mail. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('waitlist_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Every outgoing e-mail and SMS is written here first, in the transaction of what caused it; a
 * worker delivers it (SMTP when configured) and admins can read it in the mailbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part of an e-mail, when it has one (alert and digest e-mails); `body` is its text part. */
    html: text('html'),
    /** Extra e-mail headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Not sent before this time (SMS held through the recipient's quiet hours). */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    /**
     * The recipient's time zone (IANA) for an alert SMS: it is never sent between 21:00 and 08:00
     * there, a retry included (outbox/deliver.ts claims it only in the day).
     */
    quietZone: text('quiet_zone'),
    /** What kind of message (confirm_signup, forgot_password, invitation, …), for filtering. */
    template: text('template').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The SMS provider's (or SMTP server's) own code for the latest failure: SNS's error code
     * (`InvalidParameter`), Twilio's numeric code (`21211`), the SMTP reply code; or
     * `OUTCOME_UNKNOWN` for an SMS whose sender stopped mid-send (decision 030).
     */
    providerCode: text('provider_code'),
    /** The provider's id of the message it accepted: SNS's MessageId, Twilio's SID. */
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);

/** Durable background jobs, claimed with FOR UPDATE SKIP LOCKED so several instances can work. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one job per key, ever (a repeat's period): a second insert with it does nothing. */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_singleton_key_idx').on(t.singletonKey),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.completedAt} is null`),
    // The hourly prune of finished jobs (decision 018).
    index('jobs_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.completedAt} is not null`),
  ],
);

/** Buyer preferences (core §3), one row per buyer once saved. */
export const buyerPreferences = pgTable(
  'buyer_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    useCase: text('use_case').notNull(),
    homeType: text('home_type').notNull().default('no-preference'),
    state: text('state').notNull(),
    city: text('city').notNull(),
    zipCodes: text('zip_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    propertyTypes: text('property_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minYearBuilt: integer('min_year_built'),
    minSquareFootage: integer('min_square_footage'),
    bedrooms: integer('bedrooms'),
    bathrooms: numeric('bathrooms', { mode: 'number' }),
    minLotSize: numeric('min_lot_size', { mode: 'number' }),
    lotSizeUnit: text('lot_size_unit').notNull().default('sqft'),
    maxMonthlyPayment: integer('max_monthly_payment'),
    maxDownPayment: integer('max_down_payment'),
    excludeHoa: boolean('exclude_hoa').notNull().default(false),
    newConstructionOnly: boolean('new_construction_only').notNull().default(false),
    condition: text('condition').notNull().default('no-preference'),
    schools: text('schools').notNull().default('no-preference'),
    publicTransport: text('public_transport').notNull().default('no-preference'),
    rentalPotential: text('rental_potential').notNull().default('no-preference'),
    notes: text('notes').notNull().default(''),
    preApproved: boolean('pre_approved').notNull().default(false),
    preApprovedAmount: integer('pre_approved_amount'),
    financingType: text('financing_type'),
    creditScoreRange: text('credit_score_range'),
    updatedAt: updatedAt(),
  },
  // The fan-out of a new deal (matching/fan-out.ts): by ZIP code, or, for those who listed none, by
  // state and city in id order, so that each batch of the fan-out starts at its first buyer.
  (t) => [
    index('buyer_preferences_zip_idx').using('gin', t.zipCodes),
    index('buyer_preferences_city_idx')
      .on(t.state, sql`lower(${t.city})`, t.userId)
      .where(sql`cardinality(${t.zipCodes}) = 0`),
    // The buyer analytics' data version (analytics/buyer-analytics.ts).
    index('buyer_preferences_updated_idx').on(t.updatedAt),
  ],
);

/** Seller preferences: markets served and the deal types usually offered. */
export const sellerPreferences = pgTable('seller_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  markets: jsonb('markets').$type<{ state: string; city: string }[]>().notNull().default([]),
  dealTypes: text('deal_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

/** A buyer's buy box: type, state, city and up to 50 ZIP codes. */
export const buyBoxes = pgTable(
  'buy_boxes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    zipCodes: text('zip_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  // As buyer_preferences: by ZIP code, or by state and city (in id order) for those who listed none.
  (t) => [
    index('buy_boxes_zip_idx').using('gin', t.zipCodes),
    index('buy_boxes_city_idx')
      .on(t.state, sql`lower(${t.city})`, t.userId)
      .where(sql`cardinality(${t.zipCodes}) = 0`),
    index('buy_boxes_updated_idx').on(t.updatedAt),
  ],
);

/**
 * US ZIP codes (ZIP → city, state, latitude, longitude), loaded from the `zipcodes` npm package by
 * the migration runner; used to check ZIPs and, later, for the maps.
 */
export const zipCodes = pgTable(
  'zip_codes',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('zip_codes_state_idx').on(t.state),
    // A market's centroid (the owners map): the ZIP codes of a city.
    index('zip_codes_city_idx').on(t.state, sql`lower(${t.city})`),
  ],
);

/**
 * Deals (listings). The columns the browse list filters and sorts on are columns of their own, with
 * indexes; every other term of the validated form lives in `terms` (jsonb). `normalized_address`
 * carries the duplicate rule: unique among deals that are not deleted.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    streetAddress: text('street_address').notNull(),
    unit: text('unit').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    normalizedAddress: text('normalized_address').notNull(),
    hideAddress: boolean('hide_address').notNull().default(false),
    category: text('category').notNull(),
    purchaseType: text('purchase_type'),
    propertyType: text('property_type').notNull(),
    purchasePrice: integer('purchase_price').notNull(),
    /** The entry fee that counts (the option fee for lease options), for sorting and tags. */
    entryFee: integer('entry_fee'),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: numeric('bathrooms', { mode: 'number' }).notNull(),
    tags: text('tags').array().notNull(),
    systemTags: text('system_tags').array().notNull(),
    description: text('description').notNull(),
    /** The rest of the deal form, as validated by the shared schema. */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    /** When the exclusivity window ends (exclusive deals only). */
    exclusiveUntil: timestamp('exclusive_until', { withTimezone: true }),
    /** The buyer whose offer was accepted while the deal is pending: they may see a hidden address. */
    acceptedBuyerId: uuid('accepted_buyer_id'),
    /**
     * Verified terms (DECISIONS.md, Trust on creative terms): when an admin approved the mortgage
     * statement, and the loan fields (name → value) it confirmed. Cleared when one of those fields
     * changes or the verification lapses after 90 days.
     */
    termsVerifiedAt: timestamp('terms_verified_at', { withTimezone: true }),
    termsVerifiedFields: jsonb('terms_verified_fields').$type<Record<string, unknown>>(),
    /**
     * What matching compares (packages/shared/src/matching.ts), kept on every save so that the
     * fan-out and the match sort run in SQL: the deal type a buy box names, the total monthly payment
     * and cash to close of the deal math, and the property figures in one unit.
     */
    dealType: text('deal_type'),
    matchMonthlyPayment: integer('match_monthly_payment'),
    matchCashToClose: integer('match_cash_to_close'),
    yearBuilt: integer('year_built'),
    squareFootage: integer('square_footage'),
    lotSizeSqft: doublePrecision('lot_size_sqft'),
    hoaFee: integer('hoa_fee').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deals_address_unique_idx')
      .on(t.normalizedAddress)
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_originator_idx').on(t.originatorId, t.createdAt),
    // ORDER BY x DESC means NULLS FIRST; the index must say so too or the planner cannot use it.
    index('deals_browse_idx')
      .on(t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_price_idx')
      .on(t.purchasePrice, t.id)
      .where(sql`${t.status} <> 'deleted'`),
    // deals_state_price_idx (state, purchase_price) INCLUDE (…) is in migration 0006: drizzle's
    // index builder has no INCLUDE.
    index('deals_zip_idx').on(t.zipCode),
    index('deals_purchase_type_idx')
      .on(t.purchaseType, t.createdAt)
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_property_type_idx')
      .on(t.propertyType, t.createdAt)
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_category_idx')
      .on(t.category, t.createdAt)
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_rooms_idx')
      .on(t.bedrooms, t.bathrooms)
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_entry_fee_idx')
      .on(t.entryFee, t.id)
      .where(sql`${t.status} <> 'deleted'`),
    index('deals_city_idx').on(t.state, sql`lower(${t.city})`),
    index('deals_tags_idx').using('gin', t.tags),
    index('deals_system_tags_idx').using('gin', t.systemTags),
    index('deals_terms_verified_idx')
      .on(t.termsVerifiedAt)
      .where(sql`${t.termsVerifiedAt} is not null and ${t.status} <> 'deleted'`),
  ],
);

/** Every status change of a deal (DECISIONS.md): who, when, through the platform or not, why. */
export const dealStatusHistory = pgTable(
  'deal_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    source: text('source').notNull(),
    reason: text('reason'),
    comments: text('comments'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('deal_status_history_deal_idx').on(t.dealId, t.createdAt)],
);

/** A deal's photos in their order; the first is the cover. `key` is the storage key of the original. */
export const dealPhotos = pgTable(
  'deal_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('deal_photos_deal_idx').on(t.dealId, t.position)],
);

/** A buyer's saved deals. */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] }), index('favorites_deal_idx').on(t.dealId)],
);

/**
 * Deal views (DECISIONS.md, Analytics and maps): a signed-in user who does not manage the deal,
 * once per viewer and day (UTC). Built for counting: the key leads with the deal and the day, so a
 * deal's 30 days are one range of the primary key. Written in batches off the request
 * (analytics/view-buffer.ts); a view stays counted when its viewer's account goes.
 */
export const dealViews = pgTable(
  'deal_views',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.day, t.viewerId] })],
);

/**
 * Expressions of interest: one per buyer and deal (a second one updates the message and time).
 * The buyer's name, e-mail and phone are read from `users`, so they stay current.
 */
export const interests = pgTable(
  'interests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('interests_deal_buyer_idx').on(t.dealId, t.buyerId),
    index('interests_deal_time_idx').on(t.dealId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('interests_buyer_time_idx').on(t.buyerId, t.updatedAt.desc().nullsFirst()),
  ],
);

/**
 * Offers (core §3, DECISIONS.md). A buyer has at most one open offer per deal (a resubmission
 * replaces it; the old row is kept as `replaced`), and a deal at most one accepted offer: both are
 * unique indexes, so no race between two requests can break them.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<OfferType>().notNull(),
    purchasePrice: integer('purchase_price'),
    entryFee: integer('entry_fee'),
    estimatedCloseDate: text('estimated_close_date').notNull(),
    message: text('message').notNull().default(''),
    status: text('status').$type<OfferStatus>().notNull().default('open'),
    /** The offer this one replaced, when the buyer submitted again. */
    replacesId: uuid('replaces_id'),
    /** The deal's disclosure keys the buyer acknowledged with a creative offer (none for cash). */
    acknowledgedRisks: text('acknowledged_risks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The seller's counter the buyer accepted, when the offer was accepted that way. */
    acceptedCounterId: uuid('accepted_counter_id'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offers_one_open_per_buyer_idx')
      .on(t.dealId, t.buyerId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('offers_one_accepted_per_deal_idx')
      .on(t.dealId)
      .where(sql`${t.status} = 'accepted'`),
    index('offers_deal_time_idx').on(t.dealId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('offers_buyer_time_idx').on(t.buyerId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Deal alerts (DECISIONS.md, Matching and alerts): one row per buyer and deal, made when the deal
 * first became visible to a matching buyer, so a retried job or a second instance never alerts twice.
 * `due_at` is when it goes out: at once for real time (and priority buyers of an exclusive deal), the
 * next digest otherwise. status: pending | sent | skipped (nothing to send on any channel).
 */
export const dealAlerts = pgTable(
  'deal_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    /** realtime | daily | weekly | priority */
    frequency: text('frequency').notNull(),
    /** The saved search that matched, when it was one rather than the preferences or buy box. */
    savedSearchId: uuid('saved_search_id'),
    status: text('status').notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_alerts_user_deal_idx').on(t.userId, t.dealId),
    // The digest run walks the buyers with pending alerts in id order, never the sent history.
    index('deal_alerts_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('deal_alerts_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('deal_alerts_deal_idx').on(t.dealId),
  ],
);

/** A browser's Web Push subscription (DECISIONS.md, Matching and alerts: push), one per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A buyer's saved search: the `/deals` filters with a name, alerting at its own frequency. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    /** realtime | daily | weekly */
    frequency: text('frequency').notNull(),
    /** The state the filters name, when they name one: the fan-out reads searches by state. */
    state: text('state'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_state_idx').on(t.state),
  ],
);

/**
 * Counter-offers (DECISIONS.md, Trust on creative terms): the originator's counter to an open offer.
 * At most one counter per offer is open; a newer one supersedes it; it expires after 72 hours.
 * status: open | accepted | declined | expired | superseded.
 */
export const offerCounters = pgTable(
  'offer_counters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    purchasePrice: integer('purchase_price'),
    entryFee: integer('entry_fee'),
    estimatedCloseDate: text('estimated_close_date').notNull(),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offer_counters_one_open_idx')
      .on(t.offerId)
      .where(sql`${t.status} = 'open'`),
    index('offer_counters_offer_time_idx').on(t.offerId, t.createdAt),
    index('offer_counters_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * An offer's history, shown to both sides: one row per step. kind: submitted | replaced | countered |
 * counter_accepted | counter_declined | counter_expired | accepted | declined | released. The terms
 * are the step's own (the counter's for a counter).
 */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    counterId: uuid('counter_id').references(() => offerCounters.id, { onDelete: 'set null' }),
    purchasePrice: integer('purchase_price'),
    entryFee: integer('entry_fee'),
    estimatedCloseDate: text('estimated_close_date'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('offer_events_offer_time_idx').on(t.offerId, t.createdAt)],
);

/**
 * Verified terms: the mortgage statement an originator uploads for a subject-to or hybrid deal, kept
 * in private storage (never served to anyone but the originator and admins), and the admin's
 * decision. status: pending | approved | rejected | lapsed. `fields` are the deal's loan fields when
 * the statement was uploaded, which the admin compares with it.
 */
export const dealVerifications = pgTable(
  'deal_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    note: text('note').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Approved verifications lapse then (90 days after approval). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Why it lapsed: edited (a verified field changed) or expired. */
    lapsedReason: text('lapsed_reason'),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('deal_verifications_deal_time_idx').on(t.dealId, t.createdAt.desc().nullsFirst()),
    index('deal_verifications_status_time_idx').on(t.status, t.createdAt),
    index('deal_verifications_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'approved'`),
  ],
);

/**
 * The offer webhook's deliveries (DECISIONS.md): one row per event and seller, its payload fixed
 * when the event happened; the `webhook.deliver` job posts it and retries with backoff for 24 hours.
 * The integrations tab shows the latest as the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** offer.submitted | offer.accepted | webhook.test */
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_user_time_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The hourly prune of old deliveries and the sweep of pending ones a crash left (decision 018).
    index('webhook_deliveries_created_idx').on(t.createdAt),
    index('webhook_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Conversations (DECISIONS.md Conversations and notifications): one per deal and buyer, with the
 * deal's originator. Each side's read mark (the time of the newest message they were shown) counts
 * its unread messages; `*_emailed_at` (the time of the message last e-mailed about) keeps the
 * unread-message e-mail to one per unread stretch. A blocked thread takes no new user messages.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }),
    originatorReadAt: timestamp('originator_read_at', { withTimezone: true }),
    buyerEmailedAt: timestamp('buyer_emailed_at', { withTimezone: true }),
    originatorEmailedAt: timestamp('originator_emailed_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_threads_deal_buyer_idx').on(t.dealId, t.buyerId),
    index('chat_threads_buyer_idx').on(
      t.buyerId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('chat_threads_originator_idx').on(
      t.originatorId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A conversation's messages: `user` messages from a participant, `system` messages for the
 * marketplace events (interest, offer, offer accepted) with their figures in `params`.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of a thread's messages (two in one transaction share `created_at`). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'user' | 'system'>().notNull().default('user'),
    event: text('event').$type<SystemEvent>(),
    params: jsonb('params').$type<Record<string, string | number>>(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.threadId, t.seq.desc().nullsFirst())],
);

/**
 * The bell's notifications (shell §3): one per recipient, thread and kind of news; a new message in
 * a thread with an unread `new_message` notification refreshes it instead of adding another.
 */
export const chatNotifications = pgTable(
  'chat_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The thread it opens; null for notifications about a deal (`deal_match` opens `/deals/{id}`). */
    threadId: uuid('thread_id').references(() => chatThreads.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_notifications_unread_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.readAt} is null`),
    index('chat_notifications_thread_idx').on(t.threadId, t.userId),
  ],
);

/**
 * Training (DECISIONS.md Training): the course's lessons in English and Spanish, in `position`
 * order. Only published lessons are shown to learners and count towards the badge. Spanish may be
 * empty while a lesson is a draft.
 */
export const trainingLessons = pgTable(
  'training_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name of a seeded lesson; null for lessons admins write. */
    slug: text('slug'),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(false),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    summaryEs: text('summary_es').notNull().default(''),
    /** Markdown, rendered without raw HTML. */
    bodyEn: text('body_en').notNull(),
    bodyEs: text('body_es').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('training_lessons_position_idx').on(t.position),
    uniqueIndex('training_lessons_slug_idx').on(t.slug),
  ],
);

/** A lesson's quiz questions, in order. The hint is shown after a wrong answer, the explanation after completion. */
export const trainingQuestions = pgTable(
  'training_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => trainingLessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionEn: text('question_en').notNull(),
    questionEs: text('question_es').notNull().default(''),
    hintEn: text('hint_en').notNull().default(''),
    hintEs: text('hint_es').notNull().default(''),
    explanationEn: text('explanation_en').notNull().default(''),
    explanationEs: text('explanation_es').notNull().default(''),
  },
  (t) => [index('training_questions_lesson_idx').on(t.lessonId, t.position)],
);

/** A question's answers; exactly one is right. Never sent to a learner before they complete the lesson. */
export const trainingOptions = pgTable(
  'training_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => trainingQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en').notNull(),
    textEs: text('text_es').notNull().default(''),
    correct: boolean('correct').notNull().default(false),
  },
  (t) => [index('training_options_question_idx').on(t.questionId, t.position)],
);

/** How far each learner got in each lesson: reached (opened as their current lesson), attempts, completed. */
export const trainingProgress = pgTable(
  'training_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => trainingLessons.id, { onDelete: 'cascade' }),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('training_progress_lesson_idx').on(t.lessonId),
  ],
);

/** A full-text search document; written by PostgreSQL (generated columns), read only in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A generated search document over a title and a plain-text body in one text search configuration
 * (DECISIONS.md, Help: `english` and `spanish`): title words weigh A, body words B.
 */
const searchDocument = (name: string, config: 'english' | 'spanish', title: string, body: string) =>
  tsvector(name)
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('${config}'::regconfig, "${title}"), 'A') || setweight(to_tsvector('${config}'::regconfig, "${body}"), 'B')`,
      ),
    );

/**
 * Help articles (DECISIONS.md, Help, feedback and roadmap), in English and Spanish, Markdown.
 * Readers see published ones only; a published article is complete in both languages. `plain_*`
 * is the body as plain text (written with it), which the search documents and snippets read.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(false),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull().default(''),
    bodyEn: text('body_en').notNull(),
    bodyEs: text('body_es').notNull().default(''),
    plainEn: text('plain_en').notNull().default(''),
    plainEs: text('plain_es').notNull().default(''),
    searchEn: searchDocument('search_en', 'english', 'title_en', 'plain_en'),
    searchEs: searchDocument('search_es', 'spanish', 'title_es', 'plain_es'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('help_articles_slug_idx').on(t.slug),
    index('help_articles_list_idx').on(t.category, t.position),
    index('help_articles_search_en_idx').using('gin', t.searchEn),
    index('help_articles_search_es_idx').using('gin', t.searchEs),
  ],
);

/**
 * Help questions and their answers: the shape of articles, the question for a title and the answer
 * for a body. The properties carry the articles' names (`titleEn` is `question_en`), so one service
 * serves both.
 */
export const helpQa = pgTable(
  'help_qa',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(false),
    titleEn: text('question_en').notNull(),
    titleEs: text('question_es').notNull().default(''),
    bodyEn: text('answer_en').notNull(),
    bodyEs: text('answer_es').notNull().default(''),
    plainEn: text('plain_en').notNull().default(''),
    plainEs: text('plain_es').notNull().default(''),
    searchEn: searchDocument('search_en', 'english', 'question_en', 'plain_en'),
    searchEs: searchDocument('search_es', 'spanish', 'question_es', 'plain_es'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('help_qa_slug_idx').on(t.slug),
    index('help_qa_list_idx').on(t.category, t.position),
    index('help_qa_search_en_idx').using('gin', t.searchEn),
    index('help_qa_search_es_idx').using('gin', t.searchEs),
  ],
);

/**
 * 'Was this helpful?' answers: one per voter and item, changed in place. The voter is `u:<user id>`
 * when signed in, else `a:<keyed hash of the address>` (the address itself is never stored).
 */
export const helpVotes = pgTable(
  'help_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id').references(() => helpArticles.id, { onDelete: 'cascade' }),
    qaId: uuid('qa_id').references(() => helpQa.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('help_votes_one_item', sql`num_nonnulls(${t.articleId}, ${t.qaId}) = 1`),
    uniqueIndex('help_votes_article_voter_idx')
      .on(t.articleId, t.voter)
      .where(sql`${t.articleId} is not null`),
    uniqueIndex('help_votes_qa_voter_idx')
      .on(t.qaId, t.voter)
      .where(sql`${t.qaId} is not null`),
    index('help_votes_user_idx').on(t.userId),
  ],
);

/**
 * The feature roadmap (DECISIONS.md, Pages the spec lists without content): items in English and
 * Spanish with a status (planned, in_progress, done), ordered by position within their status.
 */
export const roadmapItems = pgTable(
  'roadmap_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleEn: text('title_en').notNull(),
    descriptionEn: text('description_en').notNull(),
    titleEs: text('title_es').notNull(),
    descriptionEs: text('description_es').notNull(),
    status: text('status').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('roadmap_items_status', sql`${t.status} in ('planned', 'in_progress', 'done')`),
    index('roadmap_items_order_idx').on(t.status, t.position),
  ],
);

/** A signed-in user's vote for a roadmap item: at most one per user and item. */
export const roadmapVotes = pgTable(
  'roadmap_votes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => roadmapItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('roadmap_votes_user_idx').on(t.userId)],
);

/**
 * Feedback (shell §2, §3, §5; DECISIONS.md, Help, feedback and roadmap): from the signed-in widget
 * (`source` widget, with the sender's account) or the public `/feedback` and `/owners-feedback`
 * pages (`page`, `owners`; an optional e-mail). The screenshot is a file-storage key under
 * `feedback/`, which `/files/` never serves: admins read it through the admin API.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    comment: text('comment').notNull(),
    /** The app path the widget was opened on (`/deals/…`), or the public form's. */
    page: text('page'),
    source: text('source').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    /** The sender's language when sent, for the e-mail that tells them it was resolved. */
    language: text('language').notNull().default('en'),
    screenshotKey: text('screenshot_key'),
    status: text('status').notNull().default('open'),
    statusNote: text('status_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('feedback_type', sql`${t.type} in ('bug', 'idea', 'question', 'other')`),
    check('feedback_source', sql`${t.source} in ('widget', 'page', 'owners')`),
    check('feedback_status', sql`${t.status} in ('open', 'in_progress', 'resolved')`),
    index('feedback_list_idx').on(t.status, t.createdAt),
    index('feedback_user_idx').on(t.userId),
  ],
);

/**
 * Every admin action (issue 16: "recorded with the admin as actor"): who, what (`feedback.status`,
 * `help.article.update`, …), on which record, with the details that matter. Kept, never edited.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt), index('admin_audit_actor_idx').on(t.actorId)],
);

/**
 * Human-check proofs already spent (DECISIONS.md, Help, feedback and roadmap: single use): the
 * signature of each solved challenge, kept until the challenge would have expired anyway.
 */
export const spentHumanChecks = pgTable(
  'spent_human_checks',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_human_checks_expires_idx').on(t.expiresAt)],
);

/**
 * The closing room (DECISIONS.md, The closing room): opened when an offer is accepted, one per
 * accepted offer; at most one open per deal. `close_date` starts as the offer's estimated close date
 * and changes when a proposed one is accepted. `backup_offer_ids` are the seller's ranked backups.
 * Ended rooms (`closed`, `fell_through`) are kept and stay readable by their members.
 */
export const closingRooms = pgTable(
  'closing_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    /** Cash, SubTo, SellerFinance, Hybrid, LeaseOption, or null (every deal's milestones only). */
    kind: text('kind'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** The acceptance's calendar day (UTC), from which due dates count. */
    acceptedOn: date('accepted_on', { mode: 'string' }).notNull(),
    closeDate: date('close_date', { mode: 'string' }).notNull(),
    proposedCloseDate: date('proposed_close_date', { mode: 'string' }),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    backupOfferIds: uuid('backup_offer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    daysToClose: integer('days_to_close'),
  },
  (t) => [
    uniqueIndex('closing_rooms_offer_idx').on(t.offerId),
    uniqueIndex('closing_rooms_one_open_per_deal_idx')
      .on(t.dealId)
      .where(sql`${t.status} = 'open'`),
    index('closing_rooms_deal_idx').on(t.dealId, t.openedAt.desc().nullsFirst()),
    index('closing_rooms_seller_idx').on(t.sellerId, t.status),
    index('closing_rooms_buyer_idx').on(t.buyerId, t.status),
    check('closing_rooms_status', sql`${t.status} in ('open', 'closed', 'fell_through')`),
  ],
);

/** A room's milestones, made from the product's defaults when the room opens. */
export const closingMilestones = pgTable(
  'closing_milestones',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => closingRooms.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    party: text('party').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** Raised by every change; a tick carrying an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.key] }),
    index('closing_milestones_due_idx')
      .on(t.dueDate)
      .where(sql`${t.done} = false`),
  ],
);

/** Documents of a milestone, in private storage (never served by `/files`). */
export const closingDocuments = pgTable(
  'closing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => closingRooms.id, { onDelete: 'cascade' }),
    milestoneKey: text('milestone_key').notNull(),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('closing_documents_room_idx').on(t.roomId, t.milestoneKey, t.uploadedAt)],
);

/** The room's timeline: append-only, every step with who did it and when. */
export const closingEvents = pgTable(
  'closing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => closingRooms.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('closing_events_room_idx').on(t.roomId, t.id)],
);

/** Reminders sent: one per milestone, member and local day at most, whichever instance runs. */
export const closingReminders = pgTable(
  'closing_reminders',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => closingRooms.id, { onDelete: 'cascade' }),
    milestoneKey: text('milestone_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.milestoneKey, t.userId, t.day] })],
);

/**
 * The `Idempotency-Key`s of the create calls a retry could repeat (API.md, Conventions; decision
 * 028), per user: claimed before the call runs (`status_code` null while it is in flight), then
 * holding its first 2xx answer — the status and the body exactly as sent — for 24 hours.
 * `request_hash` is what the key was first sent with (method, path, body). A failed call deletes
 * its claim; rows past 24 hours are taken over by a new claim, and swept (jobs/prune-old-rows.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
