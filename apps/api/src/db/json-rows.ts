/**
 * Rows that a statement answers as JSON (`to_json(t)`, `json_agg(t)`), so that one statement can
 * carry a row's related rows (a deal page's photos, an offer's counter and history) instead of one
 * round trip each. The JSON has the database's column names and JSON's types; {@link rowFromJson}
 * maps it back to the row Drizzle would have answered, through each column's own driver mapping
 * (timestamps to Date, numerics, arrays), so the code after it cannot tell the difference.
 */
import { getTableColumns, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';

/**
 * A column of the enclosing query, for a correlated subquery: always written qualified
 * (`"deals"."id"`). Drizzle writes the top-level columns of a single-table select bare (`"id"`),
 * which inside a subquery would name the subquery's own column of that name.
 */
export const outerRef = (column: SQLWrapper): SQL => sql`${column}`;

/** A row of `table` from its `to_json` form. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** `rowFromJson` of a nullable object (a left-joined row that may be missing). */
export function rowFromJsonOrNull<T extends Table>(
  table: T,
  json: Record<string, unknown> | null | undefined,
): T['$inferSelect'] | null {
  return json ? rowFromJson(table, json) : null;
}

/** The rows of `json_agg` (null when it aggregated nothing). */
export function rowsFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>[] | null | undefined,
): T['$inferSelect'][] {
  return (json ?? []).map((item) => rowFromJson(table, item));
}
