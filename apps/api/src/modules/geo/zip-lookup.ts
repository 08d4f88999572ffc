/**
 * ZIP codes against the reference data: which exist, and whether they lie in a chosen state. The
 * buyer preferences and buy box refuse a ZIP that does not exist or is in another state.
 */
import { inArray } from 'drizzle-orm';
import type { FieldError } from '@dealclub/shared/errors';
import { zipProblem, type ZipInfo } from '@dealclub/shared/geo';
import type { Db } from '../../db/client';
import { zipCodes } from '../../db/schema';
import { fieldError } from '../../lib/app-error';

export async function lookupZips(db: Db, zips: readonly string[]): Promise<Map<string, ZipInfo>> {
  if (zips.length === 0) return new Map();
  const rows = await db
    .select()
    .from(zipCodes)
    .where(inArray(zipCodes.zip, [...zips]));
  return new Map(rows.map((row) => [row.zip, row]));
}

/** One field error per ZIP that does not exist or lies outside `state` (`zipCodes.<index>`). */
export async function zipErrors(db: Db, zips: readonly string[], state?: string): Promise<FieldError[]> {
  const known = await lookupZips(db, zips);
  const errors: FieldError[] = [];
  zips.forEach((zip, index) => {
    const problem = zipProblem(zip, known.get(zip), state);
    if (problem === 'unknown') {
      errors.push(fieldError(`zipCodes.${index}`, 'geo.validation.zipUnknown', { zip }));
    } else if (problem === 'otherState') {
      errors.push(
        fieldError(`zipCodes.${index}`, 'geo.validation.zipOtherState', { zip, state: state ?? '' }),
      );
    }
  });
  return errors;
}
