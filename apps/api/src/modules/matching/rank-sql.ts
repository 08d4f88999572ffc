/**
 * `GET /api/deals?sort=match` and `GET /api/matches`: the viewer's match of each deal row in SQL, so
 * the database sorts and pages. The viewer's limits are values of the statement (through `v`, as the
 * browse filters), so its text depends only on which limits they set. The rank is 1000 for a deal
 * that fits (every limit met) plus its score 0–100 (packages/shared/src/matching.ts, `scoreOf`),
 * the better of the preferences and the buy box; `match-sql.test.ts` checks it against the rules on random data.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  MATCH_WEIGHTS,
  SQFT_PER_ACRE,
  type MatchCriterion,
  type MatchPlace,
  type MatchProfile,
} from '@dealclub/shared/matching';
import { deals } from '../../db/schema';

type Bind = (name: string, value: unknown) => Placeholder;

const ROOMS: readonly MatchCriterion[] = ['bedrooms', 'bathrooms'];
const REST: readonly MatchCriterion[] = ['yearBuilt', 'squareFootage', 'lotSize', 'hoa', 'dealType'];

/** A fit adds this to the score, so every deal that fits ranks above every deal that does not. */
export const FIT_RANK = 1000;

function place(prefix: string, p: MatchPlace, v: Bind): SQL {
  const state = sql`${deals.state} = ${v(`${prefix}state`, p.state)}`;
  return p.zipCodes.length > 0
    ? sql`(${state} and ${deals.zipCode} = any(${v(`${prefix}zips`, [...p.zipCodes])}::text[]))`
    : sql`(${state} and lower(${deals.city}) = lower(${v(`${prefix}city`, p.city)}))`;
}

/** The rank of one profile: its criteria, each met or not, weighted as the shared rules weigh them. */
function rankOf(criteria: [MatchCriterion, SQL][]): SQL {
  const present = criteria.map(([c]) => c);
  const weight = (c: MatchCriterion) =>
    ROOMS.includes(c)
      ? MATCH_WEIGHTS.rooms / present.filter((x) => ROOMS.includes(x)).length
      : REST.includes(c)
        ? MATCH_WEIGHTS.rest / present.filter((x) => REST.includes(x)).length
        : MATCH_WEIGHTS[c as 'location' | 'monthlyPayment' | 'cashToClose' | 'propertyType'];
  const total = present.reduce((sum, c) => sum + weight(c), 0);
  const met = criteria.map(([, condition]) => sql`coalesce(${condition}, false)`);
  // Summed in the order of the shared rules' reasons and rounded half away from zero (numeric), as
  // Math.round does, so both give the same whole score.
  const points = criteria.map(
    ([c], i) => sql`(case when ${met[i]} then ${sql.raw(String(weight(c)))}::float8 else 0 end)`,
  );
  return sql`((case when ${sql.join(met, sql` and `)} then ${sql.raw(String(FIT_RANK))} else 0 end)
    + round(((${sql.join(points, sql` + `)}) / ${sql.raw(String(total))}::float8 * 100)::numeric)::integer)`;
}

/** The viewer's criteria per profile (preferences, buy box), each as the SQL of "met". */
function profilesOf(profile: MatchProfile, v: Bind): [MatchCriterion, SQL][][] {
  const profiles: [MatchCriterion, SQL][][] = [];
  const p = profile.preferences;
  if (p) {
    const criteria: [MatchCriterion, SQL][] = [['location', place('mp_', p, v)]];
    if (p.maxMonthlyPayment !== null) {
      criteria.push([
        'monthlyPayment',
        sql`${deals.matchMonthlyPayment} <= ${v('mp_mmp', p.maxMonthlyPayment)}`,
      ]);
    }
    if (p.maxDownPayment !== null) {
      criteria.push(['cashToClose', sql`${deals.matchCashToClose} <= ${v('mp_mdp', p.maxDownPayment)}`]);
    }
    if (p.propertyTypes.length > 0) {
      criteria.push([
        'propertyType',
        sql`${deals.propertyType} = any(${v('mp_types', [...p.propertyTypes])}::text[])`,
      ]);
    }
    if (p.bedrooms !== null)
      criteria.push(['bedrooms', sql`${deals.bedrooms} >= ${v('mp_beds', p.bedrooms)}`]);
    if (p.bathrooms !== null) {
      criteria.push(['bathrooms', sql`${deals.bathrooms} >= ${v('mp_baths', p.bathrooms)}::numeric`]);
    }
    if (p.minYearBuilt !== null) {
      criteria.push(['yearBuilt', sql`${deals.yearBuilt} >= ${v('mp_year', p.minYearBuilt)}`]);
    }
    if (p.minSquareFootage !== null) {
      criteria.push(['squareFootage', sql`${deals.squareFootage} >= ${v('mp_sqft', p.minSquareFootage)}`]);
    }
    if (p.minLotSize !== null) {
      const sqft = p.lotSizeUnit === 'acres' ? p.minLotSize * SQFT_PER_ACRE : p.minLotSize;
      criteria.push(['lotSize', sql`${deals.lotSizeSqft} >= ${v('mp_lot', sqft)}::float8`]);
    }
    if (p.excludeHoa) criteria.push(['hoa', sql`${deals.hoaFee} = 0`]);
    profiles.push(criteria);
  }
  const b = profile.buyBox;
  if (b) {
    const criteria: [MatchCriterion, SQL][] = [['location', place('mb_', b, v)]];
    if (b.type !== 'any') criteria.push(['dealType', sql`${deals.dealType} = ${v('mb_type', b.type)}`]);
    profiles.push(criteria);
  }
  return profiles;
}

/** SQL: the viewer's rank of the `deals` row in scope; null when they have no profile. */
export function matchRankSql(profile: MatchProfile | null, v: Bind): SQL | null {
  if (!profile) return null;
  const ranks = profilesOf(profile, v).map(rankOf);
  if (ranks.length === 0) return null;
  return ranks.length === 1 ? ranks[0]! : sql`greatest(${sql.join(ranks, sql`, `)})`;
}

/**
 * The rank of every deal that fits: every criterion of a profile met makes its score 100, and the
 * rank is the better profile's, so all fitting deals tie at FIT_RANK + 100 and rank above the rest
 * (each below 100). Among them the match sort is newest first.
 */
export const FITS_RANK = FIT_RANK + 100;

/**
 * SQL: the deal row in scope fits the viewer (every limit of their preferences, or of their buy box,
 * met): the rank is FITS_RANK exactly when this holds. Written as plain conditions, the place first,
 * so the planner can find the fitting deals through the (state, city) and ZIP indexes of the deals
 * instead of ranking every deal; null when they have no profile.
 */
export function matchFitSql(profile: MatchProfile | null, v: Bind): SQL | null {
  if (!profile) return null;
  const fits = profilesOf(profile, v).map(
    // No coalesce: in a where clause unknown (null) is not met either, and a bare condition is one
    // the planner can match to an index.
    (criteria) =>
      sql`(${sql.join(
        criteria.map(([, condition]) => condition),
        sql` and `,
      )})`,
  );
  if (fits.length === 0) return null;
  return fits.length === 1 ? fits[0]! : sql`(${sql.join(fits, sql` or `)})`;
}
