/**
 * The embedded database's statements kept prepared (db/pglite-prepared.ts): what drizzle reads of
 * a statement — rows, fields, counts, errors — is what PGlite's own `query` answers, and a
 * statement is parsed once however often it runs.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_STATEMENTS_MAX, withPreparedStatements } from './pglite-prepared';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table items (
      id serial primary key,
      name text not null unique,
      price numeric,
      tags text[] not null default '{}',
      data jsonb,
      seen_at timestamptz,
      active boolean not null default true
    );
    insert into items (name, price, tags, data, seen_at)
      values ('one', 1.5, '{a,b}', '{"k": 1}', '2026-11-29T10:00:00Z'), ('two', null, '{}', null, null);
  `);
});
afterAll(async () => {
  await pg.close();
});

/** Drizzle's own options: timestamps and dates left as text, rows as arrays. */
const asDrizzle = {
  rowMode: 'array' as const,
  parsers: { 1184: (value: string) => value, 1114: (value: string) => value, 1082: (value: string) => value },
};

describe('PGlite with its statements kept prepared', () => {
  it('answers every statement as PGlite does: rows, fields, parsed values, counts', async () => {
    const { client, stats } = withPreparedStatements(pg);
    const statements: [string, unknown[], object?][] = [
      ['select * from items order by id', []],
      ['select * from items where name = $1', ['one'], asDrizzle],
      [
        'select $1::text[] as tags, $2::jsonb as data, $3::timestamptz as at',
        [['x', 'y'], { a: [1] }, new Date(0)],
      ],
      ['select id, price from items where active = $1 and price > $2', [true, 1]],
      ['update items set price = price + 1 where name = any($1) returning id, price', [['one', 'two']]],
      ['insert into items (name) values ($1), ($2)', ['three', 'four']],
      ['delete from items where name in ($1, $2)', ['three', 'four']],
      [
        'with gone as (delete from items where name = $1 returning *) select count(*)::int as n from gone',
        ['none'],
      ],
      ['select $1::bytea as b, $2::text as n, $3::int as u', [new Uint8Array([1, 2, 255]), null, undefined]],
      ['select tags, data, seen_at, price from items order by id', [], asDrizzle],
    ];
    for (const [text, params, options] of statements) {
      for (let run = 0; run < 3; run++) {
        // PGlite's own answer first, inside the same transaction, then rolled back to run again.
        const own = await pg.transaction(async (tx) => {
          const result = await tx.query(text, params, options);
          await tx.rollback();
          return result;
        });
        const kept = await client.transaction(async (tx) => {
          const result = await tx.query(text, params, options);
          await tx.rollback();
          return result;
        });
        expect(kept, text).toEqual(own);
      }
    }
    // Each text parsed once, then only bound and executed.
    expect(stats.prepared).toBe(statements.length);
    expect(stats.reused).toBe(statements.length * 2);
    // Outside a transaction too (the reads).
    for (const [text, params, options] of statements.filter(([text]) => text.startsWith('select'))) {
      expect(await client.query(text, params, options), text).toEqual(await pg.query(text, params, options));
    }
  });

  it('runs a query outside a transaction after it, and one inside it within it', async () => {
    const { client } = withPreparedStatements(pg);
    let reached!: () => void;
    const inside = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const price = 'select price from items where name = $1';
    const transaction = client
      .transaction(async (tx) => {
        await tx.query('update items set price = $1 where name = $2', [99, 'two']);
        const seen = (await tx.query<{ price: string }>(price, ['two'])).rows[0];
        reached();
        await held;
        throw Object.assign(new Error('rolled back'), { seen });
      })
      .catch((error: { seen: unknown }) => error.seen);
    await inside;
    // Outside, the query waits while the transaction is open…
    let answered = false;
    const outside = client.query<{ price: string | null }>(price, ['two']).then((result) => {
      answered = true;
      return result.rows[0];
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    // …and reads what is committed: never the rolled-back price the transaction saw.
    expect(await transaction).toEqual({ price: '99' });
    expect(await outside).toEqual({ price: null });
  });

  it('throws the database error as PGlite does, with its code, constraint and query, and rolls back', async () => {
    const { client } = withPreparedStatements(pg);
    const insert = 'insert into items (name) values ($1)';
    const error = await client.query(insert, ['one']).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
      query: insert,
      params: ['one'],
    });
    const own = await pg.query(insert, ['one']).catch((e: unknown) => e);
    expect((error as Error).message).toBe((own as Error).message);
    // In a transaction: the failed statement aborts it, nothing of it stays.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ['five']);
        await tx.query(insert, ['one']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(
      (await client.query('select count(*)::int as n from items where name = $1', ['five'])).rows,
    ).toEqual([{ n: 0 }]);
    // And the connection goes on.
    expect((await client.query('select name from items where name = $1', ['one'])).rows).toEqual([
      { name: 'one' },
    ]);
  });

  it('prepares a statement again when its table changed under it, closing the old one', async () => {
    const { client, stats } = withPreparedStatements(pg);
    const preparedInDatabase = async () =>
      (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    const text = 'select * from items where name = $1';
    await client.query(text, ['one']);
    const before = await preparedInDatabase();
    await pg.exec('alter table items add column note text');
    try {
      // Outside a transaction: run again at once, prepared anew, with the new column.
      const again = await client.query<Record<string, unknown>>(text, ['one']);
      expect(Object.keys(again.rows[0]!)).toContain('note');
      expect(stats).toMatchObject({ prepared: 2, closed: 1 });
      await pg.exec('alter table items drop column note');
      // Inside one: it fails as on a server ("cached plan must not change result type"), and the
      // next run is prepared anew.
      await expect(client.transaction((tx) => tx.query(text, ['one']))).rejects.toMatchObject({
        code: '0A000',
      });
      const after = await client.transaction((tx) => tx.query<Record<string, unknown>>(text, ['one']));
      expect(Object.keys(after.rows[0]!)).not.toContain('note');
      expect(stats).toMatchObject({ prepared: 3, closed: 2 });
      // The closed ones are gone from the database: one kept, as before.
      expect(await preparedInDatabase()).toBe(before);
    } finally {
      await pg.exec('alter table items drop column if exists note');
    }
  });

  it('leaves to PGlite what it does not keep, and keeps at most the maximum, closing the oldest', async () => {
    const { client, stats, size } = withPreparedStatements(pg);
    const preparedInDatabase = async () =>
      (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    const before = await preparedInDatabase();
    await client.query('create temporary table scratch (n int)');
    await client.query('drop table scratch');
    expect(stats).toMatchObject({ prepared: 0, unprepared: 2 });
    for (let n = 0; n < PREPARED_STATEMENTS_MAX + 3; n++) {
      expect((await client.query<{ n: number }>(`select ${n}::int as n`)).rows).toEqual([{ n }]);
    }
    expect(size()).toBe(PREPARED_STATEMENTS_MAX);
    expect(stats.closed).toBe(3);
    // The oldest was closed: it runs again, prepared anew.
    const prepared = stats.prepared;
    expect((await client.query<{ n: number }>('select 0::int as n')).rows).toEqual([{ n: 0 }]);
    expect(stats.prepared).toBe(prepared + 1);
    // A closed name is gone from the database too: only the kept ones remain prepared there.
    expect(await preparedInDatabase()).toBe(before + PREPARED_STATEMENTS_MAX);
  });

  it('is a PGlite in every other respect', async () => {
    const { client } = withPreparedStatements(pg);
    const [result] = await client.exec('select 1 as one; select 2 as two');
    expect(result!.rows).toEqual([{ one: 1 }]);
    expect(client.ready).toBe(true);
  });
});
