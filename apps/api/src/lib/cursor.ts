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
