/**
 * The server's driver prepares every kept statement once per connection (db/prepared.ts, decision
 * 035): checked against the PostgreSQL server of the server pass.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, isServerPass, type TestDatabase } from '../test/app';
import { keptStatement, prebuilt, PreparingClient, SERVER_PREPARED_MAX, statementName } from './prepared';

describe('keptStatement', () => {
  it('keeps one data statement of a bounded size, nothing else', () => {
    expect(keptStatement('select 1', 0)).toBe(true);
    expect(keptStatement('  WITH x as (select 1) select * from x', 0)).toBe(true);
    expect(keptStatement('insert into t values ($1)', 1)).toBe(true);
    expect(keptStatement('create table t (n int)', 0)).toBe(false);
    expect(keptStatement('select 1; select 2', 0)).toBe(false);
    expect(keptStatement('insert into t values ($1)', 257)).toBe(false);
    expect(keptStatement(`select '${'x'.repeat(32_001)}'`, 0)).toBe(false);
  });
});

describe('prebuilt', { tags: ['server'] }, () => {
  it('builds its statement once and runs it in the transaction it is handed, with the values of each call', async () => {
    const database = await createTestDatabase();
    try {
      let builds = 0;
      const setting = prebuilt<{ value: string | null; n: number }>('test_prebuilt', () => {
        builds++;
        return sql`select current_setting('dealclub.test', true) as value, ${sql.placeholder('n')}::int + 1 as n`;
      });
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('dealclub.test', 'inside', true)`);
        // In the transaction: it sees what only the transaction set.
        expect(await setting(tx, { n: 1 })).toEqual([{ value: 'inside', n: 2 }]);
      });
      const [after] = await setting(database.db, { n: 2 });
      expect(after!.n).toBe(3);
      expect(after!.value).not.toBe('inside');
      expect(builds).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(isServerPass)(
  'the server driver with its statements kept prepared',
  { tags: ['server'] },
  () => {
    let database: TestDatabase;
    let pool: pg.Pool;
    beforeAll(async () => {
      database = await createTestDatabase();
      // One connection, so that what one query prepared is there for the next.
      pool = new pg.Pool({ Client: PreparingClient, connectionString: database.url!, max: 1 });
    });
    afterAll(async () => {
      await pool?.end();
      await database?.close();
    });

    const prepared = async () =>
      (await pool.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);

    it('names a data statement by its text and parses it once per connection; runs the rest unnamed', async () => {
      const text = 'select $1::int + 1 as n';
      for (const n of [1, 2, 3]) {
        expect((await pool.query({ text, values: [n] })).rows).toEqual([{ n: n + 1 }]);
      }
      expect((await pool.query({ text, values: [1], rowMode: 'array' })).rows).toEqual([[2]]);
      await pool.query('create temporary table scratch (n int)');
      const names = await prepared();
      expect(names.filter((name) => name === statementName('dc', text))).toHaveLength(1);
      expect(
        names.some((name) => name === statementName('dc', 'create temporary table scratch (n int)')),
      ).toBe(false);
      // A statement named by its caller keeps its own name.
      await pool.query({ name: 'own_name', text: 'select 2 as two' });
      expect(await prepared()).toContain('own_name');
    });

    it('keeps a statement usable after a value that cannot be sent, and after its table changed', async () => {
      // One connection held throughout, as a transaction holds it (the pool drops one that failed).
      const client = await pool.connect();
      try {
        const text = 'select $1::jsonb as value';
        expect((await client.query({ text, values: [{ a: 1 }] })).rows).toEqual([{ value: { a: 1 } }]);
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        await expect(client.query({ text, values: [circular] })).rejects.toThrow(/circular/i);
        expect((await client.query({ text, values: [{ b: 2 }] })).rows).toEqual([{ value: { b: 2 } }]);

        await client.query('create temporary table prepared_scratch (n int)');
        await client.query('insert into prepared_scratch values (1)');
        const all = 'select * from prepared_scratch where n = $1';
        expect((await client.query({ text: all, values: [1] })).rows).toEqual([{ n: 1 }]);
        await client.query('alter table prepared_scratch add column note text');
        // The server refuses the old plan once ("cached plan must not change result type")…
        await expect(client.query({ text: all, values: [1] })).rejects.toMatchObject({ code: '0A000' });
        // …and the text then runs unnamed on this connection, with the new column.
        expect((await client.query({ text: all, values: [1] })).rows).toEqual([{ n: 1, note: null }]);
      } finally {
        client.release(true);
      }
    });

    it(`keeps at most ${SERVER_PREPARED_MAX} per connection, and runs the rest unnamed with the same answers`, async () => {
      for (let n = 0; n < SERVER_PREPARED_MAX + 5; n++) {
        expect((await pool.query<{ n: number }>({ text: `select ${n}::int as n` })).rows).toEqual([{ n }]);
      }
      const names = await prepared();
      expect(names.filter((name) => name.startsWith('dc_')).length).toBe(SERVER_PREPARED_MAX);
    });
  },
);
