/**
 * Feedback (shell §3 and §5; DECISIONS.md, Help, feedback and roadmap): storing what users send and
 * the admins' handling of it. Resolving e-mails the sender, when an address is known, through the
 * outbox in the sender's language, in the transaction of the change, with its audit row.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminFeedback, FeedbackSource, FeedbackStatus, FeedbackType } from '@dealclub/shared/feedback';
import type { Db } from '../../db/client';
import { feedback, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { recordAdminAction } from '../audit';
import { enqueueMessage } from '../outbox';

export interface NewFeedback {
  type: FeedbackType;
  comment: string;
  page: string | null;
  source: FeedbackSource;
  userId: string | null;
  email: string | null;
  language: string;
  screenshotKey: string | null;
}

const columns = {
  row: feedback,
  firstName: users.firstName,
  lastName: users.lastName,
  userEmail: users.email,
};

type Joined = {
  row: typeof feedback.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  userEmail: string | null;
};

function toAdmin({ row, firstName, lastName, userEmail }: Joined): AdminFeedback {
  const name = [firstName, lastName].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    type: row.type as FeedbackType,
    comment: row.comment,
    page: row.page,
    source: row.source as FeedbackSource,
    status: row.status as FeedbackStatus,
    statusNote: row.statusNote,
    senderName: name || null,
    senderEmail: userEmail ?? row.email,
    userId: row.userId,
    screenshotUrl: row.screenshotKey ? `/api/admin/feedback/${row.id}/screenshot` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

export async function createFeedback(db: Db, input: NewFeedback): Promise<AdminFeedback> {
  const [row] = await db.insert(feedback).values(input).returning({ id: feedback.id });
  return getFeedback(db, row!.id);
}

export async function getFeedback(db: Db, id: string): Promise<AdminFeedback> {
  const [found] = await db
    .select(columns)
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id));
  if (!found) throw new AppError('FEEDBACK_NOT_FOUND');
  return toAdmin(found);
}

export async function screenshotKeyOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ key: feedback.screenshotKey }).from(feedback).where(eq(feedback.id, id));
  if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
  return row.key;
}

export interface FeedbackFilters {
  status?: FeedbackStatus;
  type?: FeedbackType;
  source?: FeedbackSource;
}

/** Newest first, filtered, `limit` from `offset`, with the total. */
export async function listFeedback(db: Db, filters: FeedbackFilters, offset: number, limit: number) {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(feedback.status, filters.status));
  if (filters.type) where.push(eq(feedback.type, filters.type));
  if (filters.source) where.push(eq(feedback.source, filters.source));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(condition)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(feedback).where(condition),
  ]);
  return { items: rows.map(toAdmin), total: total?.n ?? 0 };
}

/**
 * An admin's status change, with its note. Moving to `resolved` (from another status) e-mails the
 * sender when an address is known; every change writes an audit row with the admin as actor.
 */
export async function changeStatus(
  db: Db,
  id: string,
  change: { status: FeedbackStatus; note?: string | null },
  adminId: string,
): Promise<{ emailed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        row: feedback,
        userEmail: users.email,
        userLanguage: users.languagePreference,
      })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id))
      .for('update', { of: feedback });
    if (!current) throw new AppError('FEEDBACK_NOT_FOUND');
    const { row } = current;
    const resolving = change.status === 'resolved' && row.status !== 'resolved';
    const note = change.note?.trim() || null;
    await tx
      .update(feedback)
      .set({
        status: change.status,
        statusNote: change.note === undefined ? row.statusNote : note,
        updatedAt: new Date(),
        resolvedAt: change.status === 'resolved' ? (resolving ? new Date() : row.resolvedAt) : null,
        resolvedBy: change.status === 'resolved' ? (resolving ? adminId : row.resolvedBy) : null,
      })
      .where(eq(feedback.id, id));
    const recipient = current.userEmail ?? row.email;
    const emailed = resolving && !!recipient;
    if (emailed) {
      const language = current.userLanguage ?? row.language;
      const date = new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(row.createdAt);
      await enqueueMessage(tx as unknown as Db, {
        channel: 'email',
        recipient: recipient!,
        template: 'feedback_resolved',
        subject: translate(language, 'email.feedbackResolvedSubject'),
        body: translate(language, 'email.feedbackResolvedBody', {
          date,
          comment: row.comment,
          note: note ? translate(language, 'email.feedbackResolvedNote', { note }) : '',
        }),
      });
    }
    await recordAdminAction(tx as unknown as Db, {
      actorId: adminId,
      action: 'feedback.status',
      targetType: 'feedback',
      targetId: id,
      details: { from: row.status, to: change.status, ...(note ? { note } : {}), emailed },
    });
    return { emailed };
  });
}
