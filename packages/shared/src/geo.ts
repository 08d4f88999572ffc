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
