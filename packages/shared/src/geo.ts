/**
 * US states and ZIP codes (core §3, §5). State names are locale keys (`states.CA`); the list is the
 * 50 states, the District of Columbia and the inhabited territories that have ZIP codes.
 */
import { z } from 'zod';
import { isUsState, ZIP_PATTERN } from './geo-rules';

export * from './geo-rules';

/** Exactly two letters and a US state code; lower case is accepted and upper-cased. */
export const stateField = z
  .string({ error: 'geo.validation.state' })
  .trim()
  .toUpperCase()
  .refine(isUsState, 'geo.validation.state');

export const cityField = z
  .string({ error: 'geo.validation.city' })
  .trim()
  .min(1, 'geo.validation.city')
  .max(80, 'geo.validation.city');

/** A list of distinct 5-digit ZIP codes, at most `max` (5 in buyer preferences, 50 in a buy box). */
export function zipListField(max: number, tooMany: string) {
  return z
    .array(z.string({ error: 'geo.validation.zip' }).trim().regex(ZIP_PATTERN, 'geo.validation.zip'), {
      error: 'geo.validation.zip',
    })
    .max(max, tooMany)
    .transform((zips) => [...new Set(zips)]);
}

/** Splits what a user typed ("85001, 85002 85003") into ZIP candidates. */
export function splitZipInput(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((z) => z.trim())
    .filter(Boolean);
}

/** One ZIP code of the reference data set. */
export interface ZipInfo {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** Why a ZIP of a list is refused, given what the data set knows (undefined: fine). */
export function zipProblem(
  zip: string,
  known: ZipInfo | undefined,
  state?: string,
): 'unknown' | 'otherState' | undefined {
  if (!known) return 'unknown';
  if (state && known.state !== state) return 'otherState';
  return undefined;
}
