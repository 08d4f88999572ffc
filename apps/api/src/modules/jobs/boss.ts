/**
 * pg-boss over our database handle: its `db` option, so that the same Drizzle handle (a `pg` pool,
 * or the one PGlite connection) or a caller's transaction carries its SQL. pg-boss's schema is a
 * migration of ours (drizzle/0022_pg_boss.sql); it runs with `migrate: false` and checks the version.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { queryRows, type Db } from '../../db/client';

/** pg-boss's statements (`$1`…) as Drizzle SQL, so that a transaction handle can run them too. */
function withParams(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/** The executor pg-boss sends its SQL to: `db`, or the caller's transaction when `db` is one. */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: await queryRows(db, withParams(text, values)) };
      // Without parameters it may send several statements at once (its maintenance, in BEGIN …
      // COMMIT), which only the simple query protocol takes: PGlite's `exec`, `pg`'s `query`.
      const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
      if ('exec' in client) return (await client.exec(text)).at(-1) ?? { rows: [] };
      return client.query(text);
    },
  };
}

export interface BossOptions {
  /** How long a fetched job belongs to its worker; also how often expired ones are looked for. */
  leaseMs: number;
  /** Days a finished job is kept (archived after 12 hours, deleted after this). */
  retentionDays?: number;
}

/** A pg-boss instance on `db` with the project's settings. */
export function createBoss(db: Db, { leaseMs, retentionDays = 7 }: BossOptions): PgBoss {
  const leaseSeconds = Math.max(1, Math.round(leaseMs / 1000));
  return new PgBoss({
    db: bossDb(db),
    migrate: false,
    // Repeats are throttled sends (worker.ts); pg-boss's cron has a resolution of a minute.
    schedule: false,
    expireInSeconds: leaseSeconds,
    maintenanceIntervalSeconds: leaseSeconds,
    deleteAfterDays: retentionDays,
  });
}
