/**
 * The US ZIP code reference data (ZIP → city, state, latitude, longitude) from the `zipcodes` npm
 * package (BSD licence, 42,555 codes). The migration runner loads it, in its transaction, into an
 * empty `zip_codes` table, so every database has it: the started product, each test database and a
 * server database migrated by several instances at once.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { ZipInfo } from '@dealclub/shared/geo';
import { queryRows, type Db } from './client';
import { zipCodes } from './schema';

interface PackageZip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const BATCH = 2000;

export function packagedZipCodes(): ZipInfo[] {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as {
    codes: Record<string, PackageZip>;
  };
  return Object.values(codes)
    .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && Number.isFinite(c.latitude))
    .map(({ zip, city, state, latitude, longitude }) => ({ zip, city, state, latitude, longitude }));
}

/** Fills `zip_codes` when it is empty; answers how many rows it wrote. */
export async function loadZipCodes(db: Db): Promise<number> {
  const [present] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${zipCodes}`);
  if (Number(present?.n) > 0) return 0;
  const rows = packagedZipCodes();
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(zipCodes)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing();
  }
  return rows.length;
}
