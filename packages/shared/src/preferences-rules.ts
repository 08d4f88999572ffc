/**
 * The profile's preference tabs without their schemas: the choices, the limits and the image sizes.
 * Kept apart from `preferences.ts` (zod) so that the tabs load zod only when a form is first checked.
 */

/** A buyer preference list holds at most 5 ZIP codes, a buy box 50 (core §9). */
export const MAX_PREFERENCE_ZIPS = 5;
export const MAX_BUY_BOX_ZIPS = 50;
/** Company logo: at most 500 KB (core §5); profile picture: 5 MB (DECISIONS.md Photos). */
export const MAX_LOGO_BYTES = 500 * 1024;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
// The image types and their sniffing (a module of their own: the deal form checks a photo before it
// uploads it); here too for the API's imports.
export { IMAGE_TYPES, sniffImageType, sniffPhotoType, type ImageType } from './image-types';

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const SEARCH_FREQUENCIES = ['realtime', 'daily', 'weekly'] as const;
export type SearchFrequency = (typeof SEARCH_FREQUENCIES)[number];

export const USE_CASES = ['primary', 'investment'] as const;
export const HOME_TYPES = ['no-preference', 'single-story', 'multi-story'] as const;
export const BUYER_PROPERTY_TYPES = ['singleFamily', '24unit', 'condo', 'townhouse', 'land'] as const;
export const CONDITIONS = [
  'no-preference',
  'move-in-ready',
  'minor-work',
  'fixer-upper',
  'teardown',
] as const;
/** How much schools, public transport and rental potential matter. */
export const IMPORTANCE = ['no-preference', 'nice-to-have', 'must-have'] as const;
export const FINANCING_TYPES = ['conventional', 'fha', 'va', 'usda', 'cash', 'other'] as const;
export const CREDIT_SCORE_RANGES = ['excellent', 'good', 'fair', 'poor', 'prefer-not-to-say'] as const;
export const LOT_SIZE_UNITS = ['sqft', 'acres'] as const;
/** The deal types a seller offers and a buy box looks for (core §1). */
export const DEAL_TYPES = ['cash', 'SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'] as const;
export const BUY_BOX_TYPES = ['any', ...DEAL_TYPES] as const;
export const MAX_MARKETS = 25;
