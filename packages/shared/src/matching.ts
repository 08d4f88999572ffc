/**
 * Matching (DECISIONS.md, Matching and alerts): whether a deal fits a buyer, its score 0–100 and the
 * reasons criterion by criterion, with both numbers. One implementation, used by the API for scores,
 * sorting and alerts (its SQL fan-out mirrors these rules and is tested against them); zod-free.
 *
 * A buyer is matched through their buyer preferences and through their buy box, each on its own;
 * the better of the two counts (a deal fits a buyer when it fits either). A limit the deal's data
 * cannot answer is unknown (`met: null`), never met.
 */
import { dealMath } from './deal-rules';

export const MATCH_CRITERIA = [
  'location',
  'monthlyPayment',
  'cashToClose',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'yearBuilt',
  'squareFootage',
  'lotSize',
  'hoa',
  'dealType',
] as const;
export type MatchCriterion = (typeof MATCH_CRITERIA)[number];

/**
 * The weights of DECISIONS.md: location 30, monthly payment 20, cash to close 20, property type 10,
 * beds and baths 10 (shared by the two), the rest 10 (shared by those the buyer set). A criterion the
 * buyer did not set is left out, and the score is the weighted share of the criteria set.
 */
export const MATCH_WEIGHTS = {
  location: 30,
  monthlyPayment: 20,
  cashToClose: 20,
  propertyType: 10,
  rooms: 10,
  rest: 10,
} as const;

const ROOM_CRITERIA: readonly MatchCriterion[] = ['bedrooms', 'bathrooms'];
const REST_CRITERIA: readonly MatchCriterion[] = ['yearBuilt', 'squareFootage', 'lotSize', 'hoa', 'dealType'];

export const SQFT_PER_ACRE = 43_560;

/** What matching reads of a deal. Terms the deal form leaves optional may be null. */
export interface MatchDeal {
  category: string;
  purchaseType: string | null;
  propertyType: string;
  state: string;
  city: string;
  zipCode: string;
  purchasePrice: number;
  bedrooms: number;
  bathrooms: number;
  yearBuilt: number | null;
  squareFootage: number | null;
  lotSize: number | null;
  lotSizeUnit: string | null;
  hoaMonthlyFee: number | null;
  solarMonthlyFee: number | null;
  emd: number | null;
  entryFee: number | null;
  optionFee: number | null;
  interestRate: number | null;
  sellerInterestRate: number | null;
  loanBalance: number | null;
  sellerLoanAmount: number | null;
  piti: number | null;
  piMonthlyPayment: number | null;
  loanMaturityDate: string | null;
  sellerLoanMaturity: string | null;
  monthlyLeasePayment: number | null;
}

/** The limits of buyer preferences that matching reads (the rest are soft wishes). */
export interface MatchPreferences {
  state: string;
  city: string;
  zipCodes: readonly string[];
  propertyTypes: readonly string[];
  minYearBuilt: number | null;
  minSquareFootage: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  minLotSize: number | null;
  lotSizeUnit: string;
  maxMonthlyPayment: number | null;
  maxDownPayment: number | null;
  excludeHoa: boolean;
}

export interface MatchBuyBox {
  type: string;
  state: string;
  city: string;
  zipCodes: readonly string[];
}

export interface MatchProfile {
  preferences: MatchPreferences | null;
  buyBox: MatchBuyBox | null;
}

/** Where a deal is, or where a buyer looks. */
export interface MatchPlace {
  state: string;
  city: string;
  zipCodes: readonly string[];
}

export type MatchValue = number | string | MatchPlace | readonly string[] | null;

export interface MatchReason {
  criterion: MatchCriterion;
  /** true met · false not met · null unknown (the deal's data cannot answer). */
  met: boolean | null;
  /** The deal's figure (null when it does not give it). */
  deal: MatchValue;
  /** The buyer's limit. */
  limit: MatchValue;
}

export interface Match {
  score: number;
  /** The deal meets every limit set (location included): it fits, and it alerts. */
  matches: boolean;
  /** Which of the buyer's profiles gave this result. */
  source: 'preferences' | 'buyBox';
  reasons: MatchReason[];
}

/** A deal's type as a buy box names it: `cash`, or the creative purchase type. */
export function dealTypeOf(deal: Pick<MatchDeal, 'category' | 'purchaseType'>): string | null {
  return deal.category === 'cash' ? 'cash' : deal.purchaseType;
}

/**
 * The money matching compares (the deal math of DECISIONS.md): a creative deal's total monthly
 * payment and cash to close; for a cash deal, its price is the cash to close and the monthly payment
 * is what remains without a loan (HOA and solar fees).
 */
export function matchMoney(deal: MatchDeal): MatchMoney {
  // One deal is matched against thousands of buyers (the alert fan-out): its deal math is worked
  // out once per deal object, not once per buyer.
  let money = moneyOfDeal.get(deal);
  if (!money) {
    money = moneyOf(deal);
    moneyOfDeal.set(deal, money);
  }
  return money;
}

type MatchMoney = Readonly<{ monthlyPayment: number | null; cashToClose: number | null }>;
const moneyOfDeal = new WeakMap<MatchDeal, MatchMoney>();

function moneyOf(deal: MatchDeal): MatchMoney {
  if (deal.category === 'cash') {
    return {
      monthlyPayment: (deal.hoaMonthlyFee ?? 0) + (deal.solarMonthlyFee ?? 0),
      cashToClose: deal.purchasePrice,
    };
  }
  const math = dealMath({
    ...deal,
    category: 'creative',
    purchaseType: deal.purchaseType as never,
  });
  return { monthlyPayment: math?.totalMonthlyPayment ?? null, cashToClose: math?.cashToClose ?? null };
}

const lower = (text: string) => text.trim().toLowerCase();

function locationReason(deal: MatchDeal, place: MatchPlace): MatchReason {
  const sameState = deal.state === place.state;
  const met = !sameState
    ? false
    : place.zipCodes.length > 0
      ? place.zipCodes.includes(deal.zipCode)
      : place.city.trim() === '' || lower(place.city) === lower(deal.city);
  return {
    criterion: 'location',
    met,
    deal: { state: deal.state, city: deal.city, zipCodes: [deal.zipCode] },
    limit: { state: place.state, city: place.city, zipCodes: [...place.zipCodes] },
  };
}

/** `value` at most / at least `limit`; unknown when the deal does not give the value. */
function compare(
  criterion: MatchCriterion,
  value: number | null,
  limit: number,
  way: 'atMost' | 'atLeast',
): MatchReason {
  const met = value === null ? null : way === 'atMost' ? value <= limit : value >= limit;
  return { criterion, met, deal: value, limit };
}

function lotSizeInSqft(size: number | null, unit: string | null): number | null {
  if (size === null) return null;
  return unit === 'acres' ? size * SQFT_PER_ACRE : size;
}

function preferenceReasons(deal: MatchDeal, prefs: MatchPreferences): MatchReason[] {
  const money = matchMoney(deal);
  const reasons: MatchReason[] = [locationReason(deal, prefs)];
  if (prefs.maxMonthlyPayment !== null) {
    reasons.push(compare('monthlyPayment', money.monthlyPayment, prefs.maxMonthlyPayment, 'atMost'));
  }
  if (prefs.maxDownPayment !== null) {
    reasons.push(compare('cashToClose', money.cashToClose, prefs.maxDownPayment, 'atMost'));
  }
  if (prefs.propertyTypes.length > 0) {
    reasons.push({
      criterion: 'propertyType',
      met: prefs.propertyTypes.includes(deal.propertyType),
      deal: deal.propertyType,
      limit: [...prefs.propertyTypes],
    });
  }
  if (prefs.bedrooms !== null) reasons.push(compare('bedrooms', deal.bedrooms, prefs.bedrooms, 'atLeast'));
  if (prefs.bathrooms !== null)
    reasons.push(compare('bathrooms', deal.bathrooms, prefs.bathrooms, 'atLeast'));
  if (prefs.minYearBuilt !== null) {
    reasons.push(compare('yearBuilt', deal.yearBuilt, prefs.minYearBuilt, 'atLeast'));
  }
  if (prefs.minSquareFootage !== null) {
    reasons.push(compare('squareFootage', deal.squareFootage, prefs.minSquareFootage, 'atLeast'));
  }
  if (prefs.minLotSize !== null) {
    const dealSqft = lotSizeInSqft(deal.lotSize, deal.lotSizeUnit);
    const limitSqft = lotSizeInSqft(prefs.minLotSize, prefs.lotSizeUnit)!;
    reasons.push(compare('lotSize', dealSqft, limitSqft, 'atLeast'));
  }
  if (prefs.excludeHoa) {
    // A deal without an HOA fee has no HOA: the deal form asks for the fee when there is one.
    const fee = deal.hoaMonthlyFee ?? 0;
    reasons.push({ criterion: 'hoa', met: fee === 0, deal: fee, limit: 0 });
  }
  return reasons;
}

function buyBoxReasons(deal: MatchDeal, box: MatchBuyBox): MatchReason[] {
  const reasons: MatchReason[] = [locationReason(deal, box)];
  if (box.type !== 'any') {
    const type = dealTypeOf(deal);
    reasons.push({
      criterion: 'dealType',
      met: type === null ? null : type === box.type,
      deal: type,
      limit: box.type,
    });
  }
  return reasons;
}

/** The weight of each reason: the fixed ones, and the shared ones split among those present. */
function weightOf(criterion: MatchCriterion, present: readonly MatchCriterion[]): number {
  if (ROOM_CRITERIA.includes(criterion)) {
    return MATCH_WEIGHTS.rooms / present.filter((c) => ROOM_CRITERIA.includes(c)).length;
  }
  if (REST_CRITERIA.includes(criterion)) {
    return MATCH_WEIGHTS.rest / present.filter((c) => REST_CRITERIA.includes(c)).length;
  }
  return MATCH_WEIGHTS[criterion as 'location' | 'monthlyPayment' | 'cashToClose' | 'propertyType'];
}

/** The weighted share (0–100, whole) of the criteria met. */
export function scoreOf(reasons: readonly MatchReason[]): number {
  const present = reasons.map((r) => r.criterion);
  let total = 0;
  let met = 0;
  for (const reason of reasons) {
    const weight = weightOf(reason.criterion, present);
    total += weight;
    if (reason.met === true) met += weight;
  }
  return total === 0 ? 0 : Math.round((met / total) * 100);
}

function resultOf(source: Match['source'], reasons: MatchReason[]): Match {
  return { score: scoreOf(reasons), matches: reasons.every((r) => r.met === true), source, reasons };
}

/**
 * How well `deal` fits the buyer: the better of their preferences and their buy box (a fit before
 * a higher score); null when they have neither.
 */
export function matchDeal(deal: MatchDeal, profile: MatchProfile): Match | null {
  const results: Match[] = [];
  if (profile.preferences)
    results.push(resultOf('preferences', preferenceReasons(deal, profile.preferences)));
  if (profile.buyBox) results.push(resultOf('buyBox', buyBoxReasons(deal, profile.buyBox)));
  if (results.length === 0) return null;
  const better = (a: Match, b: Match) => (a.matches !== b.matches ? a.matches : a.score > b.score);
  return results.reduce((best, next) => (better(next, best) ? next : best));
}

/** The figures of a deal that matching compares, as the deals table keeps them for SQL. */
export function matchFacts(deal: MatchDeal) {
  const money = matchMoney(deal);
  return {
    dealType: dealTypeOf(deal),
    matchMonthlyPayment: money.monthlyPayment,
    matchCashToClose: money.cashToClose,
    yearBuilt: deal.yearBuilt,
    squareFootage: deal.squareFootage,
    lotSizeSqft: lotSizeInSqft(deal.lotSize, deal.lotSizeUnit),
    hoaFee: deal.hoaMonthlyFee ?? 0,
  };
}
