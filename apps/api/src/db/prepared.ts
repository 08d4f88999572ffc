/**
 * Prepared statements named by their SQL text. A name is prepared once per database connection and
 * kept with it: a statement whose text changed (a new version of the app, a pooler that keeps server
 * connections across instances) must not reuse the old one's name. `<prefix>_<16 hex digits of the
 * text's SHA-1>` is the same for the same text, and another for any other.
 */
import { createHash } from 'node:crypto';

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
