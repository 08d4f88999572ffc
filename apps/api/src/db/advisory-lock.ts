import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The product's PostgreSQL advisory locks, in one namespace with one key each, so that two parts
 * never share a lock by accident (two ints keep clear of other users of advisory locks on a shared
 * server). Transaction-scoped: released at commit or rollback.
 */
const NAMESPACE = 0x0dea1c1b;
export const LOCKS = {
  migrations: 1,
  seeds: 2,
  signingKeys: 3,
  /** Capacity checks of request access (invitation or waitlist). */
  capacity: 4,
  /** The training course's order and size. */
  course: 5,
  /** The help centre's slugs, positions and size. */
  help: 6,
  /** The roadmap's positions and size. */
  roadmap: 7,
} as const;

/** Waits for the lock `key` until the transaction `tx` ends. */
export async function advisoryXactLock(tx: Pick<Db, 'execute'>, key: keyof typeof LOCKS): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NAMESPACE}, ${LOCKS[key]})`);
}
