/**
 * US states and the ZIP pattern (core §3, §5), without schemas so that the deal filters do not
 * load zod. State names are locale keys (`states.CA`); the list is the 50 states, the District of
 * Columbia and the inhabited territories that have ZIP codes.
 */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
] as const;
export type UsState = (typeof US_STATES)[number];

export function isUsState(value: unknown): value is UsState {
  return typeof value === 'string' && (US_STATES as readonly string[]).includes(value);
}

export const ZIP_PATTERN = /^\d{5}$/;

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
