/**
 * A buyer's saved searches (DECISIONS.md, Matching and alerts; API.md, saved searches): list, save
 * (the filters read by the deal list's own schema, at most MAX_SAVED_SEARCHES per buyer) and delete.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { savedDealFiltersSchema, type SavedDealFilters } from '@dealclub/shared/deal-filters';
import type { FieldError } from '@dealclub/shared/errors';
import type { SearchFrequency } from '@dealclub/shared/preferences';
import { MAX_SAVED_SEARCHES, type SavedSearchForm } from '@dealclub/shared/saved-searches';
import type { Db } from '../../db/client';
import { dealAlerts, savedSearches, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A saved search as the API answers it. */
export function savedSearchOf(row: SavedSearchRow) {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters as SavedDealFilters,
    frequency: row.frequency as SearchFrequency,
    createdAt: row.createdAt,
  };
}

/** The filters of a request, as a saved search keeps them; SAVED_SEARCH_FILTERS_INVALID otherwise. */
export function parseSavedFilters(input: unknown): SavedDealFilters {
  const parsed = savedDealFiltersSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => {
    const path = ['filters', ...issue.path.map(String)].join('.');
    // The schema's messages are locale keys; a zod default (none expected) is kept as it is.
    return /^[a-z]\w*(\.\w+)+$/.test(issue.message)
      ? fieldError(path, issue.message)
      : { path, message: issue.message };
  });
  throw new AppError('SAVED_SEARCH_FILTERS_INVALID', undefined, errors);
}

/** The buyer's saved searches, newest first (at most MAX_SAVED_SEARCHES: one page). */
/**
 * A page of the buyer's saved searches, newest first (at most MAX_SAVED_SEARCHES in all, so the
 * default page holds them all). The cursor is the last one's id, read from the buyer's own rows.
 */
export async function listSavedSearches(
  db: Db,
  userId: string,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
) {
  const mine = eq(savedSearches.userId, userId);
  const lastId = decodeCursor(cursor);
  const after = lastId
    ? sql`(${savedSearches.createdAt}, ${savedSearches.id}) < ((select s.created_at from saved_searches s where s.id = ${lastId} and s.user_id = ${userId}), ${lastId}::uuid)`
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(savedSearches)
      .where(and(mine, after))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(savedSearches).where(mine),
  ]);
  const page = rows.slice(0, limit);
  return {
    items: page.map(savedSearchOf),
    nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
    total: Number(counted?.n ?? 0),
  };
}

/**
 * Saves a search. The buyer's row is locked while counting, so that two saves at once cannot both
 * pass the limit.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  input: SavedSearchForm & { filters?: unknown },
) {
  const filters = parseSavedFilters(input.filters);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [held] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if (Number(held?.n ?? 0) >= MAX_SAVED_SEARCHES) {
      throw new AppError('SAVED_SEARCH_LIMIT', undefined, undefined, { limit: String(MAX_SAVED_SEARCHES) });
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name,
        filters: filters as Record<string, unknown>,
        frequency: input.frequency,
        // The fan-out reads saved searches by the deal's state (saved_searches_state_idx).
        state: filters.state ?? null,
      })
      .returning();
    return savedSearchOf(row!);
  });
}

/** Deletes one of the buyer's saved searches; another user's is "not found". */
export async function deleteSavedSearch(db: Db, userId: string, id: string) {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError('SAVED_SEARCH_NOT_FOUND');
  // Its alerts still waiting for a digest go with it.
  await db.delete(dealAlerts).where(and(eq(dealAlerts.savedSearchId, id), eq(dealAlerts.status, 'pending')));
}
