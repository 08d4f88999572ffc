/**
 * A buyer's match profile (their buyer preferences and buy box) and the `match` of a deal as the API
 * answers it (API.md, matching): `{ score, matches, reasons: [{ criterion, met, detail, deal, limit }] }`,
 * the detail written in the reader's language with both numbers ("Total monthly payment $2,272 —
 * your maximum $2,500").
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Language } from '@dealclub/shared/constants';
import {
  matchDeal,
  type Match,
  type MatchPlace,
  type MatchProfile,
  type MatchReason,
  type MatchValue,
} from '@dealclub/shared/matching';
import { rowFromJsonOrNull } from '../../db/json-rows';
import { buyBoxes, buyerPreferences } from '../../db/schema';
import { translate } from '../../lib/i18n';
import type { AuthenticatedUser } from '../identity';
import { matchDealOfRow } from './deal-facts';
import type { DealRow } from '../../db/rows';

/** A buyer's preferences and buy box rows as JSON, as {@link matchProfileSql} answers them. */
export interface MatchProfileJson {
  prefs: Record<string, unknown> | null;
  box: Record<string, unknown> | null;
}

/**
 * SQL: the preferences and buy box of `userId` as JSON (`{ prefs, box }`), to read with
 * {@link matchProfileFromJson}. It names no column of the enclosing query, so PostgreSQL reads it
 * once per statement: a page's statement carries its viewer's profile without a round trip of its own.
 */
export function matchProfileSql(userId: string | Placeholder): SQL<MatchProfileJson> {
  return sql`json_build_object(
    'prefs', (select to_json(bp) from ${buyerPreferences} bp where bp.user_id = ${userId}),
    'box', (select to_json(bb) from ${buyBoxes} bb where bb.user_id = ${userId}))`;
}

/** The name routes ask the auth hook for the match profile by (`config.authJoins`; registered by plugin.ts). */
export const MATCH_PROFILE_JOIN = 'matchProfile';

/** The match profile the auth hook read with the user, on a route that asked for it. */
export function matchProfileOf(user: AuthenticatedUser): MatchProfile | null {
  return matchProfileFromJson(user.joined[MATCH_PROFILE_JOIN] as MatchProfileJson | undefined);
}

export function matchProfileFromJson(json: MatchProfileJson | null | undefined): MatchProfile | null {
  return matchProfileFrom(
    rowFromJsonOrNull(buyerPreferences, json?.prefs) ?? undefined,
    rowFromJsonOrNull(buyBoxes, json?.box) ?? undefined,
  );
}

/** A match profile from a buyer's stored preferences and buy box rows (either may be missing). */
export function matchProfileFrom(
  prefs: typeof buyerPreferences.$inferSelect | undefined,
  box: typeof buyBoxes.$inferSelect | undefined,
): MatchProfile | null {
  if (!prefs && !box) return null;
  return {
    preferences: prefs
      ? {
          state: prefs.state,
          city: prefs.city,
          zipCodes: prefs.zipCodes,
          propertyTypes: prefs.propertyTypes,
          minYearBuilt: prefs.minYearBuilt,
          minSquareFootage: prefs.minSquareFootage,
          bedrooms: prefs.bedrooms,
          bathrooms: prefs.bathrooms === null ? null : Number(prefs.bathrooms),
          minLotSize: prefs.minLotSize === null ? null : Number(prefs.minLotSize),
          lotSizeUnit: prefs.lotSizeUnit,
          maxMonthlyPayment: prefs.maxMonthlyPayment,
          maxDownPayment: prefs.maxDownPayment,
          excludeHoa: prefs.excludeHoa,
        }
      : null,
    buyBox: box ? { type: box.type, state: box.state, city: box.city, zipCodes: box.zipCodes } : null,
  };
}

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/**
 * The formatters and labels of a language, made once per language: every card of a list and every
 * deal of a digest writes its reasons with them (an Intl.NumberFormat costs far more to make than to use).
 */
const WORDS = new Map<Language, ReturnType<typeof makeWords>>();

function words(language: Language) {
  let w = WORDS.get(language);
  if (!w) WORDS.set(language, (w = makeWords(language)));
  return w;
}

function makeWords(language: Language) {
  const locale = LOCALES[language];
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  /** A deal's place in full ("Reno, NV 89501"); a buyer's as they set it (ZIP codes, else the city). */
  const place = (p: MatchPlace, ofDeal: boolean) =>
    ofDeal
      ? `${p.city}, ${p.state} ${p.zipCodes.join(', ')}`
      : p.zipCodes.length > 0
        ? `${p.state} ${p.zipCodes.join(', ')}`
        : `${p.city}, ${p.state}`;
  /** The label of a value in the first group that has one (else the value itself), looked up once. */
  const labels = new Map<string, string>();
  const label = (groups: string | string[], value: string): string => {
    const key = `${String(groups)}\u0000${value}`;
    let text = labels.get(key);
    if (text === undefined) {
      text = value;
      for (const group of Array.isArray(groups) ? groups : [groups]) {
        try {
          text = translate(language, `${group}.${value}`);
          break;
        } catch {
          // not in this group
        }
      }
      labels.set(key, text);
    }
    return text;
  };
  const dealType = (value: string) =>
    value === 'cash'
      ? label('dealCommon.category', 'cash')
      : value === 'any'
        ? translate(language, 'matching.anyType')
        : label('dealCommon.purchaseType', value);
  return { money, number, place, label, dealType };
}

/** A figure of a reason, written for the reader. */
function show(
  reason: MatchReason,
  value: MatchValue,
  w: ReturnType<typeof words>,
  language: Language,
  ofDeal = false,
): string {
  if (value === null) return '';
  switch (reason.criterion) {
    case 'location':
      return w.place(value as MatchPlace, ofDeal);
    case 'monthlyPayment':
    case 'cashToClose':
    case 'hoa':
      return w.money.format(value as number);
    case 'propertyType':
      return (Array.isArray(value) ? value : [value as string])
        .map((v) => w.label(['dealCommon.propertyType', 'buyerPreferences.propertyTypeOption'], v))
        .join(translate(language, 'matching.or'));
    case 'dealType':
      return w.dealType(value as string);
    case 'yearBuilt':
      return String(value);
    default:
      return w.number.format(value as number);
  }
}

export interface MatchOut {
  score: number;
  matches: boolean;
  reasons: {
    criterion: MatchReason['criterion'];
    met: boolean | null;
    detail: string;
    deal: MatchValue;
    limit: MatchValue;
  }[];
}

export function matchOut(match: Match | null, language: Language): MatchOut | null {
  if (!match) return null;
  const w = words(language);
  return {
    score: match.score,
    matches: match.matches,
    reasons: match.reasons.map((reason) => {
      const vars = {
        deal: show(reason, reason.deal, w, language, true),
        limit: show(reason, reason.limit, w, language),
      };
      const detail =
        reason.met === null
          ? translate(language, 'matching.detail.unknown', {
              criterion: translate(language, `matching.criteria.${reason.criterion}`),
              limit: vars.limit,
            })
          : translate(language, `matching.detail.${reason.criterion}`, vars);
      return { criterion: reason.criterion, met: reason.met, detail, deal: reason.deal, limit: reason.limit };
    }),
  };
}

/** The `match` of a stored deal for a viewer with this profile. */
export function matchOfDeal(row: DealRow, profile: MatchProfile | null, language: Language): MatchOut | null {
  return profile ? matchOut(matchDeal(matchDealOfRow(row), profile), language) : null;
}
