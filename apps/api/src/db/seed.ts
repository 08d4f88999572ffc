/**
 * Seeds: product content and demo data (DECISIONS.md, Demo mode). A feature adds its seed to the
 * lists of `src/seeds.ts`. Each seed runs once per database, in its own transaction, under an
 * advisory lock so that two instances never seed twice; its `summary` lines are printed at start-up
 * (for example the demo accounts and their password).
 */
import type { Config } from '../config';
import type { SecretBox } from '../lib/secret-box';
import type { FileStorage } from '../lib/storage';
import type { Db } from './client';
import { seedRuns } from './schema';
import { advisoryXactLock } from './advisory-lock';

/** What a seed may use besides the database (demo photos go to the file storage). */
export interface SeedContext {
  storage?: FileStorage;
  /** The server's configuration (the demo alerts' links and digest hour). */
  config?: Config;
  /** The server's secrets keys (the demo alerts' unsubscribe links derive from a sealed key). */
  secrets?: SecretBox;
}

export interface Seed {
  /** Stable name; renaming a seed makes it run again. */
  name: string;
  run(db: Db, context: SeedContext): Promise<void>;
  /** Lines to print at start-up whenever demo mode is on, seeded now or before. */
  summary?: string[];
}

export interface SeedResult {
  ran: string[];
  summary: string[];
}

export async function runSeeds(
  db: Db,
  seeds: readonly Seed[],
  context: SeedContext = {},
): Promise<SeedResult> {
  const ran: string[] = [];
  for (const seed of seeds) {
    const didRun = await db.transaction(async (tx) => {
      await advisoryXactLock(tx, 'seeds');
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return false;
      await seed.run(tx as unknown as Db, context);
      return true;
    });
    if (didRun) ran.push(seed.name);
  }
  return { ran, summary: seeds.flatMap((s) => s.summary ?? []) };
}
