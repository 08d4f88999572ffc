/**
 * Deals: create, update, status changes (with the history) and the shapes the API answers. Every
 * write runs in one transaction; status changes lock the deal row so that two changes cannot both
 * pass the transition check.
 */
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  canChangeStatus,
  dealMath,
  effectiveEntryFee,
  normalizedAddress,
  systemTagsFor,
  type DealStatus,
  type DealValues,
} from '@dealclub/shared/deals';
import type { Language } from '@dealclub/shared/constants';
import { matchFacts, type MatchProfile } from '@dealclub/shared/matching';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { outerRef, rowFromJson, rowFromJsonOrNull, rowsFromJson } from '../../db/json-rows';
import { prepareNamed } from '../../db/prepared';
import { dealPhotos, dealStatusHistory, deals, favorites, interests, offers, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { enqueueAlertFanOut } from '../alerts/enqueue-fan-out';
import { fileUrl } from '../../lib/storage';
import { engagementSql, interestOf, offerOf } from '../offers/service';
import { eventsSql, latestCounterSql, trailFromJson } from '../offers/offer-history';
import { settleOffers } from '../offers/settle-offers';
import { termsVerifiedOf } from './terms-verified';
import { matchDealOf } from '../matching/deal-facts';
import { countMatchingBuyers } from '../matching/fan-out';
import { matchOfDeal, matchProfileFromJson, matchProfileSql } from '../matching/profile';
import { photoSrcSet, variantKey } from './photos';
import { managesDeal, seesAddress, visibleTo, type Viewer } from './visibility';
import type { DealRow } from '../../db/rows';


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

export async function createDeal(
  db: Db,
  originatorId: string,
  values: DealValues,
  exclusivityHours: number,
): Promise<DealRow> {
  const status: DealStatus = values.exclusive && exclusivityHours > 0 ? 'exclusive' : 'active';
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(deals)
        .values({
          ...columnsOf(values),
          originatorId,
          status,
          exclusiveUntil: status === 'exclusive' ? new Date(Date.now() + exclusivityHours * 3_600_000) : null,
        })
        .returning();
      await tx
        .insert(dealStatusHistory)
        .values({ dealId: row!.id, status, source: 'platform', actorId: originatorId });
      // Listed: its matching buyers are alerted (only the priority buyers while it is exclusive).
      await enqueueAlertFanOut(tx, row!.id);
      return row!;
    });
  } catch (error) {
    if (isDuplicateAddress(error)) throw await duplicateError(db, values);
    throw error;
  }
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

export interface StatusChange {
  status: DealStatus;
  reason?: string | null;
  throughPlatform: boolean;
  comments?: string | null;
}

/** Applies one status change under a row lock; refuses what the transition table does not allow. */
export async function changeStatus(
  db: Db,
  dealId: string,
  change: StatusChange,
  actorId: string,
): Promise<DealRow> {
  // Canceling needs a reason (core §5), whoever asks: the dialog, the API or a script.
  if (change.status === 'canceled' && !change.reason?.trim()) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      fieldError('reason', 'deals.validation.reasonRequired'),
    ]);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
    if (!current) throw new AppError('LISTING_NOT_FOUND');
    if (!canChangeStatus(current.status as DealStatus, change.status)) {
      throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
    }
    const now = new Date();
    const [row] = await tx
      .update(deals)
      .set({
        status: change.status,
        updatedAt: now,
        deletedAt: change.status === 'deleted' ? now : current.deletedAt,
        exclusiveUntil: change.status === 'exclusive' ? (current.exclusiveUntil ?? now) : null,
        // Reactivate: the accepted buyer no longer has a claim on the address.
        acceptedBuyerId: change.status === 'active' ? null : current.acceptedBuyerId,
      })
      .where(eq(deals.id, dealId))
      .returning();
    await settleOffers(tx, dealId, current.status as DealStatus, change.status, actorId);
    await tx.insert(dealStatusHistory).values({
      dealId,
      status: change.status,
      source: change.throughPlatform ? 'platform' : 'off-platform',
      reason: change.reason?.trim() || null,
      comments: change.comments?.trim() || null,
      actorId,
    });
    // Visible to buyers it was hidden from: every matching buyer once the exclusive window is given
    // up; the priority buyers when it becomes exclusive. Each buyer is alerted once per deal.
    const visibleToMore = change.status === 'active' && current.status === 'exclusive';
    if (visibleToMore || change.status === 'exclusive') await enqueueAlertFanOut(tx, dealId);
    return row!;
  });
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

/**
 * The statement of a deal page: the deal if the viewer may see it, with everything the page shows
 * joined in (photos, the originator card, whether the viewer saved it, their interest, their offer
 * with its counter and history, their match profile; for its manager the status history and the
 * engagement counts). One for admins, one for everyone else; prepared once per database handle.
 */
function prepareDealPage(db: Db, isAdmin: boolean) {
  const viewer = sql.placeholder('viewer');
  const deal = outerRef(deals.id);
  // The history and the counts are the originator's and the moderators'.
  const manages = isAdmin ? sql`true` : sql`${outerRef(deals.originatorId)} = ${viewer}`;
  const query = db
    .select({
      row: deals,
      isFavorite: isFavoriteSql(viewer, deals.id),
      photos: sql<
        Record<string, unknown>[]
      >`(select coalesce(json_agg(to_json(p) order by p.position), '[]'::json) from ${dealPhotos} p where p.deal_id = ${deal})`,
      originator: sql<OriginatorCard | null>`(select json_build_object('firstName', u.first_name, 'companyName', u.company_name, 'companyLogoKey', u.company_logo_key, 'callBookingUrl', u.call_booking_url) from ${users} u where u.id = ${outerRef(deals.originatorId)})`,
      // The viewer's own interest and current offer, for the buyer's panel of the page.
      myInterest: sql<Record<
        string,
        unknown
      > | null>`(select to_json(i) from ${interests} i where i.deal_id = ${deal} and i.buyer_id = ${viewer})`,
      myOffer: sql<{
        offer: Record<string, unknown>;
        counter: Record<string, unknown> | null;
        events: Record<string, unknown>[];
      } | null>`(select json_build_object('offer', to_json(o), 'counter', ${latestCounterSql(sql.raw('o.id'))}, 'events', ${eventsSql(sql.raw('o.id'))})
        from ${offers} o where o.deal_id = ${deal} and o.buyer_id = ${viewer} and o.status <> 'replaced'
        order by o.created_at desc limit 1)`,
      history: sql<
        Record<string, unknown>[] | null
      >`case when ${manages} then (select coalesce(json_agg(to_json(h) order by h.created_at), '[]'::json) from ${dealStatusHistory} h where h.deal_id = ${deal}) end`,
      engagement: sql<{
        interests: number;
        offers: number;
      } | null>`case when ${manages} then ${engagementSql(deals.id)} end`,
      profile: matchProfileSql(viewer),
    })
    .from(deals)
    .where(and(eq(deals.id, sql.placeholder('id')), visibleTo({ id: viewer, isAdmin })));
  return prepareNamed(isAdmin ? 'deal_page_for_admin' : 'deal_page', query);
}

const pageQueries = new WeakMap<Db, { admin: DealPageQuery; viewer: DealPageQuery }>();
type DealPageQuery = ReturnType<typeof prepareDealPage>;
export type DealPage = Awaited<ReturnType<DealPageQuery['execute']>>[number];

interface OriginatorCard {
  firstName: string;
  companyName: string | null;
  companyLogoKey: string | null;
  callBookingUrl: string | null;
}

/**
 * A deal and everything its page shows, if the viewer may see it (the seller side that is not the
 * buyer side is checked by the caller, routes.ts `readsDeal`): one statement.
 */
export async function readDealPage(db: Db, viewer: Viewer, dealId: string): Promise<DealPage | undefined> {
  let prepared = pageQueries.get(db);
  if (!prepared) {
    prepared = { admin: prepareDealPage(db, true), viewer: prepareDealPage(db, false) };
    pageQueries.set(db, prepared);
  }
  const [found] = await (viewer.isAdmin ? prepared.admin : prepared.viewer).execute({
    id: dealId,
    viewer: viewer.id,
  });
  return found;
}

/** The viewer's match profile that {@link readDealPage} read with the deal. */
export function profileOfPage(page: DealPage) {
  return matchProfileFromJson(page.profile);
}

/** The answer of a deal page from {@link readDealPage}; the seller of an exclusive deal adds one statement. */
export async function detailOf(db: Db, viewer: Viewer, page: DealPage, match?: MatchContext) {
  const { row } = page;
  const manages = managesDeal(viewer, row);
  // The seller of an exclusive deal sees how many priority buyers have it first.
  const priorityBuyers = manages && row.status === 'exclusive' ? await priorityBuyerCount(db, row) : null;
  const photos = rowsFromJson(dealPhotos, page.photos);
  const history = manages ? rowsFromJson(dealStatusHistory, page.history) : [];
  const myInterest = rowFromJsonOrNull(interests, page.myInterest);
  const myOffer = page.myOffer ? rowFromJson(offers, page.myOffer.offer) : null;
  const originator = page.originator;
  const terms = row.terms as Omit<DealValues, 'streetAddress' | 'unit'>;
  const values = {
    ...terms,
    category: row.category,
    purchaseType: row.purchaseType,
    purchasePrice: row.purchasePrice,
  } as DealValues;
  return {
    ...cardOf(viewer, row, { cover: photos[0] ?? null, isFavorite: Boolean(page.isFavorite), match }),
    ...terms,
    description: row.description,
    exclusiveUntil: row.exclusiveUntil?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    photos: photos.map(photoOf),
    math: dealMath(values),
    originator: {
      firstName: originator?.firstName ?? '',
      companyName: originator?.companyName ?? null,
      logoUrl: fileUrl(originator?.companyLogoKey ?? null),
      callBookingUrl: originator?.callBookingUrl ?? null,
    },
    myInterest: myInterest ? interestOf(myInterest) : null,
    // With the seller's latest counter and the offer's history (DECISIONS.md, Trust on creative terms).
    myOffer:
      myOffer && page.myOffer
        ? {
            ...offerOf(myOffer),
            ...trailFromJson(myOffer.buyerId, page.myOffer.counter, page.myOffer.events),
          }
        : null,
    engagement:
      manages && page.engagement
        ? { interests: Number(page.engagement.interests), offers: Number(page.engagement.offers) }
        : null,
    priorityBuyers,
    statusHistory: history.map((h) => ({
      status: h.status,
      source: h.source,
      reason: h.reason,
      comments: h.comments,
      date: h.createdAt.toISOString(),
    })),
  };
}
