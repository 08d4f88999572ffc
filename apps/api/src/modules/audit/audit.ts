/**
 * The admin audit (issue 16: "every admin action is recorded with the admin as actor"): one row per
 * mutation an admin makes, written beside it (in its transaction when it has one).
 */
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit } from '../../db/schema';

export interface AdminAction {
  actorId: string;
  /** What was done, `<area>.<verb>`: `feedback.status`, `help.article.update`, `user.roles`, … */
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAdminAction(db: Db, entry: AdminAction): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
  });
}

/** The newest first, `limit` from `offset`, with the total. */
export async function listAdminActions(db: Db, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(adminAudit),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * An admin acting on a deal they did not list, as moderator (an edit, a status, a deletion, an
 * accepted offer) or reading out its buyers (the offers and interests CSV exports): recorded with
 * the admin as actor. The originator's own actions are not admin actions and are not recorded.
 */
export async function recordModeration(
  db: Db,
  user: { id: string; roles: readonly string[] },
  deal: { id: string; originatorId: string },
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  if (deal.originatorId === user.id || !user.roles.includes('admin')) return;
  await recordAdminAction(db, { actorId: user.id, action, targetType: 'deal', targetId: deal.id, details });
}
