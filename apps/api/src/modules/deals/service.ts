/**
 * Deals: create, update, status changes (with the history) and the shapes the API answers. Every
 * write runs in one transaction; status changes lock the deal row so that two changes cannot both
 * pass the transition check.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
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
import { dealPhotos, dealStatusHistory, deals, favorites, interests, offers, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { enqueueAlertFanOut } from '../alerts/enqueue-fan-out';
import { fileUrl } from '../../lib/storage';
import { engagementOf, interestOf, offerOf } from '../offers/service';
import { trailOf } from '../offers/offer-history';
import { settleOffers } from '../offers/settle-offers';
import { termsVerifiedOf } from '../verifications/terms-verified';
import { matchDealOf } from '../matching/deal-facts';
import { countMatchingBuyers } from '../matching/fan-out';
import { matchOfDeal } from '../matching/profile';
import { photoSrcSet, variantKey } from './photos';
import { managesDeal, seesAddress, type Viewer } from './visibility';

export type DealRow = typeof deals.$inferSelect;

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

/** The cards of a list: each deal with its cover photo and whether the viewer saved it. */
export async function dealCards(db: Db, viewer: Viewer, rows: DealRow[], match?: MatchContext) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [covers, saved] = await Promise.all([
    db
      .selectDistinctOn([dealPhotos.dealId], {
        dealId: dealPhotos.dealId,
        key: dealPhotos.key,
        width: dealPhotos.width,
        height: dealPhotos.height,
      })
      .from(dealPhotos)
      .where(inArray(dealPhotos.dealId, ids))
      .orderBy(dealPhotos.dealId, asc(dealPhotos.position)),
    db
      .select({ dealId: favorites.dealId })
      .from(favorites)
      .where(and(eq(favorites.userId, viewer.id), inArray(favorites.dealId, ids))),
  ]);
  const coverByDeal = new Map(covers.map((c) => [c.dealId, c]));
  const savedIds = new Set(saved.map((s) => s.dealId));
  return rows.map((row) =>
    cardOf(viewer, row, { cover: coverByDeal.get(row.id) ?? null, isFavorite: savedIds.has(row.id), match }),
  );
}

/** The photos and the originator card of a deal page, prepared once per database handle. */
const detailQueries = new WeakMap<Db, ReturnType<typeof prepareDetailQueries>>();
function prepareDetailQueries(db: Db) {
  return {
    photos: db
      .select()
      .from(dealPhotos)
      .where(eq(dealPhotos.dealId, sql.placeholder('deal')))
      .orderBy(asc(dealPhotos.position))
      .prepare('deal_photos_of_deal'),
    originator: db
      .select({
        firstName: users.firstName,
        companyName: users.companyName,
        companyLogoKey: users.companyLogoKey,
        callBookingUrl: users.callBookingUrl,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('user')))
      .prepare('deal_originator_card'),
  };
}

/** The priority buyers of an exclusive deal: certified, and it matches them (those its fan-out alerts first). */
export function priorityBuyerCount(db: Db, row: DealRow): Promise<number> {
  return countMatchingBuyers(db, row, { certifiedOnly: true });
}

export async function detailOf(
  db: Db,
  viewer: Viewer,
  row: DealRow,
  isFavorite: boolean,
  match?: MatchContext,
) {
  const manages = managesDeal(viewer, row);
  let prepared = detailQueries.get(db);
  if (!prepared) detailQueries.set(db, (prepared = prepareDetailQueries(db)));
  const [photos, history, [originator], [myInterest], [myOffer], engagement, priorityBuyers] =
    await Promise.all([
      prepared.photos.execute({ deal: row.id }),
      // The history (with reasons and comments) is the originator's and the moderators'.
      manages
        ? db
            .select()
            .from(dealStatusHistory)
            .where(eq(dealStatusHistory.dealId, row.id))
            .orderBy(asc(dealStatusHistory.createdAt))
        : Promise.resolve([]),
      prepared.originator.execute({ user: row.originatorId }),
      // The viewer's own interest and current offer, for the buyer's panel of the page.
      db
        .select()
        .from(interests)
        .where(and(eq(interests.dealId, row.id), eq(interests.buyerId, viewer.id))),
      db
        .select()
        .from(offers)
        .where(and(eq(offers.dealId, row.id), eq(offers.buyerId, viewer.id), ne(offers.status, 'replaced')))
        .orderBy(desc(offers.createdAt))
        .limit(1),
      manages ? engagementOf(db, row.id) : Promise.resolve(null),
      // The seller of an exclusive deal sees how many priority buyers have it first.
      manages && row.status === 'exclusive' ? priorityBuyerCount(db, row) : Promise.resolve(null),
    ]);
  const terms = row.terms as Omit<DealValues, 'streetAddress' | 'unit'>;
  const values = {
    ...terms,
    category: row.category,
    purchaseType: row.purchaseType,
    purchasePrice: row.purchasePrice,
  } as DealValues;
  return {
    ...cardOf(viewer, row, { cover: photos[0] ?? null, isFavorite, match }),
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
    myOffer: myOffer ? { ...offerOf(myOffer), ...(await trailOf(db, myOffer)) } : null,
    engagement,
    priorityBuyers,
    statusHistory: manages
      ? history.map((h) => ({
          status: h.status,
          source: h.source,
          reason: h.reason,
          comments: h.comments,
          date: h.createdAt.toISOString(),
        }))
      : [],
  };
}
