/**
 * The database schema. Every table of the product is declared here (or in a file this one
 * re-exports) so that drizzle-kit can generate the migrations from one place.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which seeds (demo data sets) have run on this database, so each runs once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
