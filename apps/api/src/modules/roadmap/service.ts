/**
 * The feature roadmap (DECISIONS.md, Pages the spec lists without content): items in English and
 * Spanish by status (planned, in progress, done) and position, managed by admins; signed-in users
 * vote once per item and can take the vote back. Votes are counted in the reading statement.
 */
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Language } from '@dealclub/shared/constants';
import {
  ROADMAP_ITEMS_MAX,
  ROADMAP_STATUSES,
  type AdminRoadmapItem,
  type RoadmapItem,
  type RoadmapStatus,
  type RoadmapVoteResult,
} from '@dealclub/shared/roadmap';
import { advisoryXactLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { outerRef } from '../../db/json-rows';
import { roadmapItems, roadmapVotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export interface RoadmapItemInput {
  title: { en: string; es: string };
  description: { en: string; es: string };
  status: RoadmapStatus;
  position?: number | undefined;
}

const t = roadmapItems;

/** Planned, then in progress, then done. */
const statusOrder = sql`array_position(array[${sql.join(
  ROADMAP_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${t.status})`;

const voteCount = sql<number>`(select count(*) from ${roadmapVotes} where ${roadmapVotes.itemId} = ${outerRef(t.id)})::int`;

/** Every item in `lang`, by status then position, with its votes and whether `userId` voted. */
export async function listItems(db: Db, lang: Language, userId: string | null): Promise<RoadmapItem[]> {
  const es = lang === 'es';
  const rows = await db
    .select({
      id: t.id,
      title: es ? t.titleEs : t.titleEn,
      description: es ? t.descriptionEs : t.descriptionEn,
      status: t.status,
      position: t.position,
      votes: voteCount,
      votedByMe: userId
        ? sql<boolean>`exists (select 1 from ${roadmapVotes} where ${roadmapVotes.itemId} = ${outerRef(t.id)} and ${roadmapVotes.userId} = ${userId})`
        : sql<boolean>`false`,
    })
    .from(t)
    .orderBy(asc(statusOrder), asc(t.position), asc(t.createdAt), asc(t.id));
  return rows.map((r) => ({
    ...r,
    status: r.status as RoadmapStatus,
    votes: Number(r.votes),
    votedByMe: Boolean(r.votedByMe),
  }));
}

async function countVotes(db: Db, itemId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(roadmapVotes).where(eq(roadmapVotes.itemId, itemId));
  return row?.n ?? 0;
}

async function assertExists(db: Db, id: string) {
  const [item] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (!item) throw new AppError('ROADMAP_ITEM_NOT_FOUND');
}

/**
 * Records `userId`'s vote for the item. Idempotent: a second vote changes nothing and answers the
 * same state (`created` false).
 */
export async function addVote(
  db: Db,
  itemId: string,
  userId: string,
): Promise<RoadmapVoteResult & { created: boolean }> {
  await assertExists(db, itemId);
  let created: boolean;
  try {
    const inserted = await db
      .insert(roadmapVotes)
      .values({ itemId, userId })
      .onConflictDoNothing()
      .returning({ itemId: roadmapVotes.itemId });
    created = inserted.length > 0;
  } catch (error) {
    // Deleted by an admin between the two statements.
    if (isForeignKeyViolation(error)) throw new AppError('ROADMAP_ITEM_NOT_FOUND');
    throw error;
  }
  return { votes: await countVotes(db, itemId), votedByMe: true, created };
}

/** Takes `userId`'s vote back; without one, nothing changes. */
export async function removeVote(db: Db, itemId: string, userId: string): Promise<void> {
  await assertExists(db, itemId);
  await db.delete(roadmapVotes).where(and(eq(roadmapVotes.itemId, itemId), eq(roadmapVotes.userId, userId)));
}

// ---------------------------------------------------------------------------------------------
// The admin's roadmap

type Row = typeof roadmapItems.$inferSelect;

function toAdminItem(row: Row, votes: number): AdminRoadmapItem {
  return {
    id: row.id,
    title: { en: row.titleEn, es: row.titleEs },
    description: { en: row.descriptionEn, es: row.descriptionEs },
    status: row.status as RoadmapStatus,
    position: row.position,
    votes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Every item in both languages, in the roadmap's order. */
export async function adminList(db: Db, id?: string): Promise<AdminRoadmapItem[]> {
  const rows = await db
    .select({ row: t, votes: voteCount })
    .from(t)
    .where(id ? eq(t.id, id) : undefined)
    .orderBy(asc(statusOrder), asc(t.position), asc(t.createdAt), asc(t.id));
  return rows.map(({ row, votes }) => toAdminItem(row, Number(votes)));
}

export async function adminItem(db: Db, id: string): Promise<AdminRoadmapItem> {
  const [item] = await adminList(db, id);
  if (!item) throw new AppError('ROADMAP_ITEM_NOT_FOUND');
  return item;
}

const contentColumns = (input: RoadmapItemInput) => ({
  titleEn: input.title.en,
  titleEs: input.title.es,
  descriptionEn: input.description.en,
  descriptionEs: input.description.es,
  status: input.status,
});

async function lastPosition(db: Db, status: RoadmapStatus): Promise<number> {
  const [last] = await db
    .select({ position: max(t.position) })
    .from(t)
    .where(eq(t.status, status));
  return last?.position ?? 0;
}

/** Adds an item, last in its status unless a position is given. */
export async function createItem(db: Db, input: RoadmapItemInput, adminId: string | null): Promise<string> {
  return db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    await advisoryXactLock(d, 'roadmap');
    const [size] = await d.select({ n: count() }).from(t);
    if ((size?.n ?? 0) >= ROADMAP_ITEMS_MAX) throw new AppError('ROADMAP_LIMIT');
    const position = input.position ?? (await lastPosition(d, input.status)) + 1;
    const [row] = await d
      .insert(t)
      .values({ ...contentColumns(input), position, updatedBy: adminId })
      .returning({ id: t.id });
    return row!.id;
  });
}

/**
 * Replaces an item's texts and status. Its position stays unless given, except that an item moved
 * to another status goes last there.
 */
export async function updateItem(
  db: Db,
  id: string,
  input: RoadmapItemInput,
  adminId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    await advisoryXactLock(d, 'roadmap');
    const [current] = await d.select({ status: t.status }).from(t).where(eq(t.id, id));
    if (!current) throw new AppError('ROADMAP_ITEM_NOT_FOUND');
    let position = input.position;
    if (position === undefined && current.status !== input.status)
      position = (await lastPosition(d, input.status)) + 1;
    await d
      .update(t)
      .set({
        ...contentColumns(input),
        ...(position !== undefined ? { position } : {}),
        updatedAt: new Date(),
        updatedBy: adminId,
      })
      .where(eq(t.id, id));
  });
}

/** Deletes an item with its votes. */
export async function deleteItem(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  if (deleted.length === 0) throw new AppError('ROADMAP_ITEM_NOT_FOUND');
}
