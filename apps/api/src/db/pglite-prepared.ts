/**
 * The embedded database with its statements kept prepared (issue 32). PGlite's own `query` sends
 * every statement as an unnamed one: Parse, Describe, Bind, Describe, Execute and Sync, six calls
 * into its WebAssembly, the text parsed, analysed and planned on every run. The server's driver
 * prepares the API's statements once per connection; PGlite, being one connection, gets the same
 * here: a statement's text is parsed once under a name of its own (with its parameter types and
 * row description read once), and every later run is one call — Bind, Execute and Sync — planned
 * as PostgreSQL plans any prepared statement (its generic plan once that is no worse).
 *
 * What drizzle calls, `query` and `transaction`, behaves as PGlite's: the same exclusivity (a query
 * outside a transaction waits for it; one inside runs in it), the same serialisers and parsers, the
 * same results and errors (the database's error, with the query on it). Only plain data statements
 * are kept (select, insert, update, delete, with) of a bounded text and parameter count; anything
 * else — DDL, a multi-statement text, a bulk insert of thousands of values — goes through PGlite's
 * own `query`. At most {@link PREPARED_STATEMENTS_MAX} are kept: the least recently used one is
 * closed to make room. A statement whose plan can no longer be used (its table changed under it)
 * is closed and prepared again: at once outside a transaction, by its next run inside one (the
 * transaction has failed with it, as it would on a server).
 */
import {
  parse,
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { keptStatement } from './prepared';

/** "cached plan must not change result type". */
const PLAN_CHANGED = '0A000';

/** The most statements kept prepared at once. */
export const PREPARED_STATEMENTS_MAX = 500;

/** Names are unique in the process, so that two wrappers of one PGlite never take the same one. */
let counter = 0;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** Its RowDescription (none for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
}

/** What is PGlite's no longer: how a statement is run. */
type PreparedClient = Pick<PGlite, 'query' | 'transaction'>;

function frame(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The database's error as PGlite's own `query` throws it: with the query, its parameters and options. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (error && typeof error === 'object' && 'code' in error)
    Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * `pg` with its data statements kept prepared: a PGlite in every other respect (`exec`, `close`,
 * `dumpDataDir`… are its own); `stats` counts what the statements did (tests).
 */
export function withPreparedStatements(pg: PGlite) {
  const statements = new Map<string, Prepared>();
  const stats = { prepared: 0, reused: 0, closed: 0, unprepared: 0 };
  const { serialize } = protocol;

  async function prepare(text: string): Promise<Prepared> {
    if (statements.size >= PREPARED_STATEMENTS_MAX) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      await pg.execProtocolStream(
        frame([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
        {
          syncToFs: false,
        },
      );
      stats.closed++;
    }
    const name = `dc_${(++counter).toString(36)}`;
    const described = await pg.execProtocolStream(
      frame([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, prepared);
    stats.prepared++;
    return prepared;
  }

  async function forget(text: string, prepared: Prepared) {
    statements.delete(text);
    await pg.execProtocolStream(
      frame([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]),
      {
        syncToFs: false,
      },
    );
    stats.closed++;
  }

  /** One run of `text`, exclusive of any other (the caller holds PGlite's query lock). */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (prepared) {
      // The most recently used last: the first is the one to close when room is needed.
      statements.delete(text);
      statements.set(text, prepared);
      stats.reused++;
    } else {
      prepared = await prepare(text);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = prepared.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? pg.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    let messages: BackendMessage[];
    try {
      messages = await pg.execProtocolStream(
        frame([
          serialize.bind({ statement: prepared.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      // "cached plan must not change result type": a table changed under the statement. It is
      // closed and forgotten; it failed at Bind, before running, so the caller may run it again.
      if ((error as { code?: string }).code === PLAN_CHANGED) await forget(text, prepared);
      throw error;
    }
    const described = prepared.rowDescription ? [prepared.rowDescription, ...messages] : messages;
    return parse.parseResults(described, pg.parsers, options)[0] as Results<T>;
  }

  // A call with options drizzle never passes (parameter types, a notice listener, a blob) is PGlite's.
  const kept = (text: string, params: unknown[], options: QueryOptions | undefined) =>
    keptStatement(text, params.length) && !options?.paramTypes && !options?.onNotice && !options?.blob;

  async function inTransaction<T>(
    tx: Transaction,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ) {
    if (tx.closed) throw new Error('Transaction is closed');
    if (!kept(text, params, options)) {
      stats.unprepared++;
      return tx.query<T>(text, params, options);
    }
    try {
      return await pg._runExclusiveQuery(() => run<T>(text, params, options));
    } catch (error) {
      throw withQuery(error, text, params, options);
    }
  }

  const overrides: PreparedClient = {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!kept(text, params, options)) {
        stats.unprepared++;
        return pg.query<T>(text, params, options);
      }
      await pg._checkReady();
      const once = () =>
        pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(async () => {
            const result = await run<T>(text, params, options);
            await pg.syncToFs();
            return result;
          }),
        );
      try {
        try {
          return await once();
        } catch (error) {
          // Outside a transaction a statement refused for its changed table is run again, prepared
          // anew, as PGlite's unnamed run of it would have succeeded.
          if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
          return await once();
        }
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        callback({
          ...tx,
          get closed() {
            return tx.closed;
          },
          query: (text, params, options) => inTransaction(tx, text, params, options),
        }),
      );
    },
  };
  // Everything else is PGlite's own, on PGlite itself (its methods use its private fields).
  const client = new Proxy(pg, {
    get(target, property) {
      if (property === 'query' || property === 'transaction') return overrides[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { client, stats, size: () => statements.size };
}
