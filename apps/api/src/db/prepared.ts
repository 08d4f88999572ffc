/**
 * Prepared statements named by their SQL text. A name is prepared once per database connection and
 * kept with it: a statement whose text changed (a new version of the app, a pooler that keeps server
 * connections across instances) must not reuse the old one's name. `<prefix>_<16 hex digits of the
 * text's SHA-1>` is the same for the same text, and another for any other.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';

export function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/** `query.prepare()` under {@link statementName} of its SQL text: built once, planned once per connection. */
export function prepareNamed<Q extends { toSQL(): { sql: string }; prepare(name: string): unknown }>(
  prefix: string,
  query: Q,
): ReturnType<Q['prepare']> {
  return query.prepare(statementName(prefix, query.toSQL().sql)) as ReturnType<Q['prepare']>;
}

/**
 * Whether a statement is worth keeping prepared: a plain data statement (select, insert, update,
 * delete, with), one of them, of a bounded text and parameter count. DDL, scripts and bulk inserts
 * of thousands of values run unnamed.
 */
export function keptStatement(text: string, paramCount: number): boolean {
  return (
    KEPT.test(text) && text.length <= KEPT_TEXT_MAX && paramCount <= KEPT_PARAMS_MAX && !text.includes(';')
  );
}
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;
const KEPT_TEXT_MAX = 32_000;
const KEPT_PARAMS_MAX = 256;

/** The most statements one server connection keeps prepared; past it, statements run unnamed. */
export const SERVER_PREPARED_MAX = 500;

/**
 * A `pg` client that prepares every kept statement drizzle sends it (decision 035): named by
 * {@link statementName} of its text, it is parsed and planned once per connection, and each later
 * run sends only Bind and Execute — as the API's hottest statements already were with
 * {@link prepareNamed}, now every one of them.
 */
export class PreparingClient extends pg.Client {
  #named = new Set<string>();
  /** Texts whose prepared plan broke (a table changed under it): run unnamed on this connection. */
  #unnamed = new Set<string>();

  override query(...args: unknown[]): never {
    const [config, values] = args as [unknown, unknown];
    let name: string | undefined;
    if (config && typeof config === 'object' && !('submit' in config)) {
      const query = config as { text?: unknown; name?: unknown; values?: unknown };
      const given = Array.isArray(values) ? values : Array.isArray(query.values) ? query.values : [];
      if (
        typeof query.text === 'string' &&
        query.name === undefined &&
        !this.#unnamed.has(query.text) &&
        keptStatement(query.text, given.length)
      ) {
        const candidate = statementName('dc', query.text);
        // The values converted first: pg closes a named statement whose value fails to convert,
        // yet still counts it parsed, and the name would fail on this connection from then on.
        const converted = convertible(given);
        if (converted && (this.#named.has(candidate) || this.#named.size < SERVER_PREPARED_MAX)) {
          name = candidate;
          this.#named.add(name);
          args[0] = { ...query, name, values: undefined };
          args[1] = converted;
        }
      }
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (name && result instanceof Promise) {
      const text = (config as { text: string }).text;
      return result.catch((error: unknown) => {
        this.#forget(name, text, error);
        throw error;
      }) as never;
    }
    return result as never;
  }

  /**
   * After a named statement failed for its name: one that no longer exists on the server (26000) is
   * parsed again by its next run; one whose plan broke ("cached plan must not change result type",
   * 0A000) runs unnamed on this connection from then on (its name is taken on the server).
   */
  #forget(name: string, text: string, error: unknown) {
    const code = (error as { code?: string }).code;
    if (code !== '26000' && code !== '0A000') return;
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } })
      .connection.parsedStatements;
    delete parsed[name];
    if (code === '0A000') this.#unnamed.add(text);
  }
}

/** pg's own conversion of a value (exported by pg, not declared by its types). */
const pgUtils = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/** The values as pg sends them, or null when one cannot be converted (pg then refuses it, unnamed). */
function convertible(values: unknown[]): unknown[] | null {
  try {
    return values.map((value) => pgUtils.prepareValue(value));
  } catch {
    return null;
  }
}

interface BuiltQuery {
  sql: string;
  params: unknown[];
}

interface SessionOf {
  _: {
    session: {
      prepareQuery(
        query: BuiltQuery,
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }> };
    };
  };
  dialect: { sqlToQuery(sql: SQL): BuiltQuery };
}

/**
 * A statement built once — its text and the order of its parameters, with `sql.placeholder`s for
 * what a call gives — and run on any handle, a transaction's included, with a call's values (the
 * placeholders' column encoders applied as drizzle applies them). `prepareNamed` does this for a
 * statement run on the database handle itself; this is for a statement a transaction runs, which
 * drizzle would otherwise build again, every clause and column of it, on every request (issue 32:
 * building texts was 43 % of the API's CPU in an offer). Rows come back as the driver gives them,
 * keyed by column name (`rowFromJson` maps a `to_json` column to its table's row). A placeholder a
 * column's encoder fills must not be given null (a jsonb one would write JSON's null, a timestamp one
 * throw): wrap a nullable one in sql`${sql.placeholder('x')}`, which skips the encoder.
 */
export function prebuilt<Row, Handle extends object = object>(prefix: string, build: (db: Handle) => SQL) {
  let built: { query: BuiltQuery; name: string } | undefined;
  // `db`: a drizzle handle (the database's, or a transaction's); the first one builds the text.
  return async (db: Handle, values: Record<string, unknown>): Promise<Row[]> => {
    const handle = db as unknown as SessionOf;
    if (!built) {
      const query = handle.dialect.sqlToQuery(build(db));
      built = { query, name: statementName(prefix, query.sql) };
    }
    const result = await handle._.session
      .prepareQuery(built.query, undefined, built.name, false)
      .execute(values);
    return result.rows as Row[];
  };
}
