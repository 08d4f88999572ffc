/**
 * Verified terms (DECISIONS.md, Trust on creative terms): the originator's mortgage statement, the
 * admin's decision, and the badge on the deal (`terms_verified_at`, `terms_verified_fields`). The
 * deal row is locked before its verifications in every write, so an upload, a decision, an edit and
 * the expiry sweep on the same deal run one after the other.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  changedVerifiedFields,
  isVerifiable,
  VERIFICATION_VALID_MS,
  verifiedFieldsOf,
  type LapsedReason,
  type StatementType,
  type Verification,
  type VerificationDecision,
  type VerificationStatus,
  type VerifiedFields,
} from '@dealclub/shared/verifications';
import type { Db } from '../../db/client';
import { deals, dealVerifications, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { privateFileName } from '../../lib/private-storage';
import { placeFor } from '../deals';
import { notifyUser } from '../outbox';
import type { DealRow, UserRow } from '../../db/rows';

export type VerificationRow = typeof dealVerifications.$inferSelect;

/** The name the statement is shown and downloaded under (the sender's, cleaned). */
export const statementFileName = (given: string, type: StatementType) =>
  privateFileName(given, type, 'statement');

export function verificationOf(row: VerificationRow): Verification {
  return {
    id: row.id,
    dealId: row.dealId,
    status: row.status as VerificationStatus,
    note: row.note,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    fields: row.fields as Partial<VerifiedFields>,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lapsedReason: (row.lapsedReason as LapsedReason | null) ?? null,
    lapsedAt: row.lapsedAt?.toISOString() ?? null,
  };
}

async function lockDeal(db: Db, dealId: string): Promise<DealRow> {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId)).for('update');
  if (!deal) throw new AppError('LISTING_NOT_FOUND');
  return deal;
}

async function userRow(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface NewStatement {
  fileKey: string;
  fileName: string;
  contentType: StatementType;
  sizeBytes: number;
}

/**
 * Records an uploaded statement as the deal's pending verification, with the deal's loan fields as
 * they are now. An older pending one is superseded (removed); returns the keys of the files that are
 * no longer referenced, to delete once the transaction committed.
 */
export async function recordStatement(
  db: Db,
  dealId: string,
  uploadedBy: string,
  statement: NewStatement,
): Promise<{ row: VerificationRow; orphanedKeys: string[] }> {
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (deal.status === 'deleted') throw new AppError('LISTING_NOT_FOUND');
    if (deal.originatorId !== uploadedBy || !isVerifiable(deal)) {
      throw new AppError('VERIFICATION_NOT_AVAILABLE');
    }
    const superseded = await tx
      .delete(dealVerifications)
      .where(and(eq(dealVerifications.dealId, dealId), eq(dealVerifications.status, 'pending')))
      .returning({ fileKey: dealVerifications.fileKey });
    const [row] = await tx
      .insert(dealVerifications)
      .values({
        dealId,
        uploadedBy,
        ...statement,
        fields: verifiedFieldsOf(deal.terms as Record<string, unknown>),
      })
      .returning();
    return { row: row!, orphanedKeys: superseded.map((s) => s.fileKey) };
  });
}

/** The deal's newest verification, whatever its state. */
export async function latestVerification(db: Db, dealId: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(dealVerifications)
    .where(eq(dealVerifications.dealId, dealId))
    .orderBy(desc(dealVerifications.createdAt), desc(dealVerifications.id))
    .limit(1);
  return row ?? null;
}

export async function verificationById(db: Db, id: string): Promise<VerificationRow> {
  const [row] = await db.select().from(dealVerifications).where(eq(dealVerifications.id, id));
  if (!row) throw new AppError('VERIFICATION_NOT_FOUND');
  return row;
}

const day = (date: Date, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/**
 * An admin approves or rejects a pending verification (deciding twice: VERIFICATION_NOT_PENDING).
 * Approving puts the badge on the deal with its loan fields as they are now (the admin compared
 * them with the statement) for 90 days, and retires an earlier approval. The originator is told by
 * e-mail (and SMS when they chose it) in the same transaction.
 */
export async function decideVerification(
  db: Db,
  id: string,
  adminId: string,
  decision: { decision: VerificationDecision; note: string },
  origin: string,
): Promise<VerificationRow> {
  const { dealId } = await verificationById(db, id);
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    const [current] = await tx
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.id, id))
      .for('update');
    if (!current) throw new AppError('VERIFICATION_NOT_FOUND');
    if (current.status !== 'pending') throw new AppError('VERIFICATION_NOT_PENDING');
    const now = new Date();
    const approved = decision.decision === 'approved';
    // A deal that is no longer subject-to or hybrid has no existing loan left to verify.
    if (approved && !isVerifiable(deal)) throw new AppError('VERIFICATION_NOT_AVAILABLE');
    const expiresAt = approved ? new Date(now.getTime() + VERIFICATION_VALID_MS) : null;
    if (approved) {
      await tx
        .update(dealVerifications)
        .set({ status: 'lapsed', lapsedReason: 'superseded', lapsedAt: now })
        .where(
          and(
            eq(dealVerifications.dealId, dealId),
            eq(dealVerifications.status, 'approved'),
            ne(dealVerifications.id, id),
          ),
        );
      await tx
        .update(deals)
        .set({
          termsVerifiedAt: now,
          termsVerifiedFields: verifiedFieldsOf(deal.terms as Record<string, unknown>),
        })
        .where(eq(deals.id, dealId));
    }
    const [row] = await tx
      .update(dealVerifications)
      .set({
        status: decision.decision,
        note: decision.note,
        decidedBy: adminId,
        decidedAt: now,
        expiresAt,
      })
      .where(eq(dealVerifications.id, id))
      .returning();
    const seller = await userRow(tx, deal.originatorId);
    if (seller) {
      await notifyUser(
        tx,
        seller,
        approved ? 'verification_approved' : 'verification_rejected',
        approved
          ? { subject: 'email.verificationApprovedSubject', body: 'email.verificationApprovedBody' }
          : { subject: 'email.verificationRejectedSubject', body: 'email.verificationRejectedBody' },
        (language) => ({
          place: placeFor(seller, deal),
          expires: expiresAt ? day(expiresAt, language) : '',
          note: decision.note,
          link: approved ? `${origin}/deals/${deal.id}` : `${origin}/deals/${deal.id}/edit`,
        }),
      );
    }
    return row!;
  });
}

/**
 * After an edit: when a verified loan field changed (or the deal stopped being subject-to or
 * hybrid), the badge goes and the approval lapses (edited). Compares with what the badge verified,
 * not with the edit's "before", so it is right whatever order edits and decisions commit in.
 * Returns the deal row as it is now.
 */
export async function lapseEditedVerification(db: Db, dealId: string): Promise<DealRow> {
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal.termsVerifiedAt) return deal;
    const stillVerified =
      isVerifiable(deal) &&
      changedVerifiedFields(deal.termsVerifiedFields ?? {}, deal.terms as Record<string, unknown>).length ===
        0;
    if (stillVerified) return deal;
    const now = new Date();
    await tx
      .update(dealVerifications)
      .set({ status: 'lapsed', lapsedReason: 'edited', lapsedAt: now })
      .where(and(eq(dealVerifications.dealId, dealId), eq(dealVerifications.status, 'approved')));
    const [row] = await tx
      .update(deals)
      .set({ termsVerifiedAt: null, termsVerifiedFields: null })
      .where(eq(deals.id, dealId))
      .returning();
    return row!;
  });
}

/** How many approvals the expiry sweep lapses per transaction. */
export const LAPSE_BATCH = 100;

/**
 * The expiry sweep: approvals past `expires_at` lapse (expired) and their deals lose the badge; the
 * originator is told. Deals another worker is sweeping at the same moment are skipped, not waited
 * for (their rows are locked first, in the same order as every other write), and a verification is
 * lapsed only while still approved, so two workers never lapse or notify about one twice. Returns
 * how many it lapsed; a full batch means more may be waiting.
 */
export async function lapseExpiredVerifications(db: Db, origin: string, now = new Date()): Promise<number> {
  const expired = and(
    eq(dealVerifications.status, 'approved'),
    sql`${dealVerifications.expiresAt} <= ${now}`,
  );
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ dealId: dealVerifications.dealId })
      .from(dealVerifications)
      .where(expired)
      .orderBy(asc(dealVerifications.expiresAt))
      .limit(LAPSE_BATCH);
    if (!due.length) return 0;
    const locked = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(
        inArray(
          deals.id,
          due.map((d) => d.dealId),
        ),
      )
      .for('update', { skipLocked: true });
    if (!locked.length) return 0;
    const lapsed = await tx
      .update(dealVerifications)
      .set({ status: 'lapsed', lapsedReason: 'expired', lapsedAt: now })
      .where(
        and(
          expired,
          inArray(
            dealVerifications.dealId,
            locked.map((d) => d.id),
          ),
        ),
      )
      .returning({ dealId: dealVerifications.dealId });
    const dealIds = [...new Set(lapsed.map((l) => l.dealId))];
    if (!dealIds.length) return 0;
    const cleared = await tx
      .update(deals)
      .set({ termsVerifiedAt: null, termsVerifiedFields: null })
      .where(inArray(deals.id, dealIds))
      .returning();
    for (const deal of cleared) {
      const seller = await userRow(tx, deal.originatorId);
      if (!seller) continue;
      await notifyUser(
        tx,
        seller,
        'verification_expired',
        { subject: 'email.verificationExpiredSubject', body: 'email.verificationExpiredBody' },
        () => ({ place: placeFor(seller, deal), link: `${origin}/deals/${deal.id}/edit` }),
      );
    }
    return lapsed.length;
  });
}

/** The admin's list: one status (pending by default), with the deal and its seller. */
export async function listVerifications(db: Db, status: VerificationStatus, offset: number, limit: number) {
  const where = eq(dealVerifications.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ verification: dealVerifications, deal: deals, seller: users })
      .from(dealVerifications)
      .innerJoin(deals, eq(deals.id, dealVerifications.dealId))
      .leftJoin(users, eq(users.id, deals.originatorId))
      .where(where)
      // The review queue oldest first; decided ones newest first.
      .orderBy(
        status === 'pending' ? asc(dealVerifications.createdAt) : desc(dealVerifications.createdAt),
        asc(dealVerifications.id),
      )
      .limit(limit + 1)
      .offset(offset),
    db.select({ n: count() }).from(dealVerifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One entry of the admin's list: the verification, the deal's loan fields now, and its seller. */
export function adminVerificationOf(entry: {
  verification: VerificationRow;
  deal: DealRow;
  seller: UserRow | null;
}) {
  const { deal, seller } = entry;
  return {
    ...verificationOf(entry.verification),
    decidedBy: entry.verification.decidedBy,
    deal: {
      id: deal.id,
      status: deal.status,
      streetAddress: deal.streetAddress,
      unit: deal.unit,
      city: deal.city,
      state: deal.state,
      zipCode: deal.zipCode,
      purchaseType: deal.purchaseType,
      currentFields: verifiedFieldsOf(deal.terms as Record<string, unknown>),
      termsVerifiedAt: deal.termsVerifiedAt?.toISOString() ?? null,
    },
    seller: seller
      ? { id: seller.id, firstName: seller.firstName, lastName: seller.lastName, email: seller.email }
      : null,
  };
}
