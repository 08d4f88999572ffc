import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';

/**
 * Opaque keyset cursors of API.md's lists: the id of the last row of the page. Queries compare
 * (created_at, id) with that row's own values in SQL, so timestamps keep full precision.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(row: { id: string }): string {
  return Buffer.from(row.id).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!UUID.test(id)) throw new AppError('BAD_REQUEST');
  return id;
}

/** A cursor of a list in match order: the last row's rank (rank-sql.ts) and id. */
export function encodeRankCursor(rank: number, id: string): string {
  return Buffer.from(`r:${rank}:${id}`).toString('base64url');
}

export function decodeRankCursor(cursor: string | undefined): { rank: number; id: string } | undefined {
  if (!cursor) return undefined;
  const match = /^r:(\d{1,4}):(.+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || !UUID.test(match[2]!)) throw new AppError('BAD_REQUEST');
  return { rank: Number(match[1]), id: match[2]! };
}

/**
 * SQL: the rows after row `lastId` in `(time desc, id desc)` order. The last row's time is read in
 * SQL, so it keeps the database's full precision.
 */
export function afterRow(table: PgTable, time: PgColumn, id: PgColumn, lastId: string | undefined) {
  return lastId
    ? sql`(${time}, ${id}) < ((select ${time} from ${table} where ${id} = ${lastId}), ${lastId})`
    : undefined;
}

/** Offset cursors, for lists whose orders are not all keyset-friendly (a deal's offers). */
export const encodeOffset = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

export function decodeOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_REQUEST');
  return Number(match[1]);
}

/**
 * A cursor that holds the last row's place itself (its time as PostgreSQL's text, full precision,
 * and its id), for lists whose rows may leave between two pages (an unsaved favorite): the next
 * page still starts where the last one ended.
 */
export const encodePlaceCursor = (time: string, id: string) =>
  Buffer.from(`p:${time}|${id}`).toString('base64url');

const PLACE_CURSOR =
  /^p:(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function decodePlaceCursor(cursor: string | undefined): { time: string; id: string } | undefined {
  if (!cursor) return undefined;
  const match = PLACE_CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_REQUEST');
  return { time: match[1]!, id: match[2]! };
}
