/**
 * Deals: create and update a listing, end exclusive windows, and the shapes the API answers (cards,
 * photos). Every write commits whole (a listing is one statement, `listDeal`). A status change, which settles the deal's offers,
 * is the offers module's (offers/deal-status.ts); the deal page, which joins the viewer's offer, is
 * composed at the HTTP edge (routes/deal-page.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Language } from '@dealclub/shared/constants';
import {
  effectiveEntryFee,
  normalizedAddress,
  systemTagsFor,
  type DealStatus,
  type DealValues,
} from '@dealclub/shared/deals';
import { matchFacts, type MatchProfile } from '@dealclub/shared/matching';
import { queryRows, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { outerRef, rowFromJson } from '../../db/json-rows';
import { prepareNamed } from '../../db/prepared';
import type { DealRow } from '../../db/rows';
import { dealPhotos, dealStatusHistory, deals, favorites, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fileUrl } from '../../lib/storage';
import { matchDealOf, countMatchingBuyers, matchOfDeal } from '../matching';
import { alertFanOutInsert, enqueueAlertFanOut } from './alert-fan-out';
import { photoSrcSet, variantKey } from './photos';
import { termsVerifiedOf } from './terms-verified';
import { seesAddress, type Viewer } from './visibility';

/** The columns of the deals table that a form's values fill. */
function columnsOf(values: DealValues) {
  const {
    streetAddress,
    unit,
    city,
    state,
    zipCode,
    hideAddress,
    category,
    purchaseType,
    propertyType,
    purchasePrice,
    bedrooms,
    bathrooms,
    tags,
    description,
    exclusive: _exclusive,
    legalCertification: _legalCertification,
    ...terms
  } = values;
  const creativeType = category === 'creative' ? purchaseType : null;
  return {
    streetAddress,
    unit,
    city,
    state,
    zipCode,
    normalizedAddress: normalizedAddress(values),
    hideAddress,
    category,
    purchaseType: creativeType,
    propertyType,
    purchasePrice,
    entryFee: category === 'creative' ? effectiveEntryFee({ ...values, purchaseType: creativeType }) : null,
    bedrooms,
    bathrooms,
    tags,
    systemTags: systemTagsFor({ ...values, purchaseType: creativeType }),
    description,
    terms: { ...terms, legalCertification: true },
    ...matchFacts(matchDealOf({ ...values, purchaseType: creativeType })),
  };
}

const isDuplicateAddress = (error: unknown) => isUniqueViolation(error, 'deals_address_unique_idx');

async function duplicateError(db: Db, values: DealValues, exceptId?: string): Promise<AppError> {
  const [existing] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.normalizedAddress, normalizedAddress(values)), sql`${deals.status} <> 'deleted'`))
    .limit(1);
  return new AppError(
    'DUPLICATE_ADDRESS',
    undefined,
    undefined,
    existing && existing.id !== exceptId ? { dealId: existing.id } : undefined,
  );
}

/** What a deal page shows of its originator (its card), read in the statement that reads the deal. */
export interface OriginatorCard {
  firstName: string;
  companyName: string | null;
  companyLogoKey: string | null;
  callBookingUrl: string | null;
}

/** The originator card of the user `originatorId` (a column or a value) as JSON. */
export const originatorCardSql = (originatorId: SQLWrapper | string) =>
  sql<OriginatorCard | null>`(select json_build_object('firstName', u.first_name, 'companyName', u.company_name, 'companyLogoKey', u.company_logo_key, 'callBookingUrl', u.call_booking_url) from ${users} u where u.id = ${originatorId})`;

/** A deal just listed, with what its page shows besides: its first history entry and its originator's card. */
export interface ListedDeal {
  row: DealRow;
  /** The history entry, as JSON (as the deal page reads its history). */
  history: Record<string, unknown>;
  originator: OriginatorCard | null;
}

/**
 * Lists a deal: the deal, its first status-history entry and its alert fan-out job (its matching
 * buyers are alerted; only the priority buyers while it is exclusive) in ONE statement, three
 * data-modifying CTEs: all three commit together or not at all, as a transaction would have them,
 * in one round trip instead of five (begin, three inserts, commit). The id is made here so that
 * the history entry and the job name it without reading it back. The statement answers what the
 * new deal's page shows besides (the originator's card), so the answer needs no second read.
 */
export async function listDeal(
  db: Db,
  originatorId: string,
  values: DealValues,
  exclusivityHours: number,
): Promise<ListedDeal> {
  const status: DealStatus = values.exclusive && exclusivityHours > 0 ? 'exclusive' : 'active';
  const id = randomUUID();
  const insertDeal = db
    .insert(deals)
    .values({
      ...columnsOf(values),
      id,
      originatorId,
      status,
      exclusiveUntil: status === 'exclusive' ? new Date(Date.now() + exclusivityHours * 3_600_000) : null,
    })
    .returning();
  const insertHistory = db
    .insert(dealStatusHistory)
    .values({ dealId: id, status, source: 'platform', actorId: originatorId })
    .returning();
  try {
    const [listed] = await queryRows<{
      deal: Record<string, unknown>;
      history: Record<string, unknown>;
      originator: OriginatorCard | null;
    }>(
      db,
      sql`with listed as (${insertDeal.getSQL()}), history as (${insertHistory.getSQL()}),
          alert as (${alertFanOutInsert(db, id).getSQL()})
        select to_json(listed) as deal, (select to_json(history) from history) as history,
          ${originatorCardSql(originatorId)} as originator
        from listed`,
    );
    return {
      row: rowFromJson(deals, listed!.deal),
      history: listed!.history,
      originator: listed!.originator,
    };
  } catch (error) {
    if (isDuplicateAddress(error)) throw await duplicateError(db, values);
    throw error;
  }
}

/** {@link listDeal}, for a caller that needs only the deal (the demo club, tests). */
export async function createDeal(
  db: Db,
  originatorId: string,
  values: DealValues,
  exclusivityHours: number,
): Promise<DealRow> {
  return (await listDeal(db, originatorId, values, exclusivityHours)).row;
}

export async function updateDeal(db: Db, deal: DealRow, values: DealValues): Promise<DealRow> {
  if (deal.status === 'deleted') throw new AppError('LISTING_NOT_FOUND');
  try {
    const [row] = await db
      .update(deals)
      .set({ ...columnsOf(values), updatedAt: new Date() })
      .where(eq(deals.id, deal.id))
      .returning();
    return row!;
  } catch (error) {
    if (isDuplicateAddress(error)) throw await duplicateError(db, values, deal.id);
    throw error;
  }
}

/** Ends the exclusivity windows that are over: the system moves those deals to active. */
export async function endExclusivity(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(deals)
      .set({ status: 'active', exclusiveUntil: null, updatedAt: now })
      .where(and(eq(deals.status, 'exclusive'), sql`${deals.exclusiveUntil} <= ${now}`))
      .returning({ id: deals.id });
    if (ended.length) {
      await tx
        .insert(dealStatusHistory)
        .values(ended.map(({ id }) => ({ dealId: id, status: 'active', source: 'system' })));
      // The window is over: every other matching buyer is alerted by their own frequency.
      for (const { id } of ended) await enqueueAlertFanOut(tx, id);
    }
    return ended.length;
  });
}

type PhotoRow = typeof dealPhotos.$inferSelect;

export function photoOf(photo: PhotoRow) {
  return {
    id: photo.id,
    url: fileUrl(variantKey(photo.key, 1200))!,
    thumbUrl: fileUrl(variantKey(photo.key, 400))!,
    fullUrl: fileUrl(photo.key)!,
    srcSet: photoSrcSet(photo.key, photo, (key) => fileUrl(key)!),
    width: photo.width,
    height: photo.height,
  };
}

/** The cover of a card: its small size, every stored size, and its shape (no layout shift). */
function coverOf(cover: Cover | null) {
  if (!cover) return null;
  return {
    url: fileUrl(variantKey(cover.key, 400))!,
    srcSet: photoSrcSet(cover.key, cover, (key) => fileUrl(key)!),
    width: cover.width,
    height: cover.height,
  };
}

/** The address part of an answer: absent (not empty) when the viewer may not see it. */
function addressOf(viewer: Viewer, row: DealRow) {
  return seesAddress(viewer, row)
    ? { streetAddress: row.streetAddress, unit: row.unit, addressHidden: false }
    : { addressHidden: true };
}

type Cover = Pick<PhotoRow, 'key' | 'width' | 'height'>;

/** How a list or page scores deals for the viewer: their match profile and the reader's language. */
export interface MatchContext {
  profile: MatchProfile | null;
  language: Language;
}

export function cardOf(
  viewer: Viewer,
  row: DealRow,
  extra: { cover: Cover | null; isFavorite: boolean; match?: MatchContext },
) {
  const terms = row.terms as Partial<DealValues>;
  return {
    id: row.id,
    status: row.status,
    ...addressOf(viewer, row),
    hideAddress: row.hideAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    category: row.category,
    purchaseType: row.purchaseType,
    propertyType: row.propertyType,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    interestRate: terms.interestRate ?? terms.sellerInterestRate ?? null,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFootage: terms.squareFootage ?? null,
    tags: row.tags,
    systemTags: row.systemTags,
    coverPhotoUrl: extra.cover ? fileUrl(variantKey(extra.cover.key, 400)) : null,
    coverPhoto: coverOf(extra.cover),
    isFavorite: extra.isFavorite,
    isOwn: row.originatorId === viewer.id,
    termsVerified: termsVerifiedOf(row),
    /** For buyers with preferences or a buy box: the score and its reasons (null otherwise). */
    match: extra.match ? matchOfDeal(row, extra.match.profile, extra.match.language) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * SQL: the cover of the deal `dealId` (a column of the enclosing query), its first photo, as JSON
 * `{ key, width, height }`; null without photos.
 */
export function coverSql(dealId: SQLWrapper): SQL<Cover | null> {
  return sql`(select json_build_object('key', p.key, 'width', p.width, 'height', p.height) from ${dealPhotos} p where p.deal_id = ${outerRef(dealId)} order by p.position limit 1)`;
}

/** SQL: whether `viewer` saved the deal `dealId` (a column of the enclosing query). */
export function isFavoriteSql(viewer: string | Placeholder, dealId: SQLWrapper): SQL<boolean> {
  return sql`exists (select 1 from ${favorites} f where f.user_id = ${viewer} and f.deal_id = ${outerRef(dealId)})`;
}

/** The covers and favourite flags of a list's deals, prepared once per database handle. */
const cardQueries = new WeakMap<Db, ReturnType<typeof prepareCardExtras>>();
function prepareCardExtras(db: Db) {
  const id = sql.raw('d.id');
  return prepareNamed(
    'deal_card_extras',
    db
      .select({
        id: sql<string>`d.id`,
        cover: coverSql(id),
        isFavorite: isFavoriteSql(sql.placeholder('viewer'), id),
      })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) as d(id)`),
  );
}

/** The cards of a list: each deal with its cover photo and whether the viewer saved it (one statement). */
export async function dealCards(db: Db, viewer: Viewer, rows: DealRow[], match?: MatchContext) {
  if (rows.length === 0) return [];
  let prepared = cardQueries.get(db);
  if (!prepared) cardQueries.set(db, (prepared = prepareCardExtras(db)));
  const extras = await prepared.execute({ ids: rows.map((r) => r.id), viewer: viewer.id });
  const byDeal = new Map(extras.map((e) => [e.id, e]));
  return rows.map((row) => {
    const extra = byDeal.get(row.id);
    return cardOf(viewer, row, {
      cover: extra?.cover ?? null,
      isFavorite: Boolean(extra?.isFavorite),
      match,
    });
  });
}

/** The priority buyers of an exclusive deal: certified, and it matches them (those its fan-out alerts first). */
export function priorityBuyerCount(db: Db, row: DealRow): Promise<number> {
  return countMatchingBuyers(db, row, { certifiedOnly: true });
}
