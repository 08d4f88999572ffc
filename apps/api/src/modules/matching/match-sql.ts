/**
 * The rules of packages/shared/src/matching.ts in SQL, for what must not load every buyer into the
 * process: the fan-out of a new deal to its matching buyers, the priority buyers who see an exclusive
 * deal, the count of a deal's matching buyers. `matching.sql.test.ts` checks that both agree.
 *
 * The deal is given as SQL fragments: the columns of the `deals` row in scope, or the values of one
 * deal as parameters. A comparison with a figure the deal lacks is null, which is not true: unknown
 * is never met.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SQFT_PER_ACRE } from '@dealclub/shared/matching';
import { deals } from '../../db/schema';
import type { DealRow } from '../../db/rows';

export interface DealFigures {
  state: SQL;
  city: SQL;
  zipCode: SQL;
  dealType: SQL;
  propertyType: SQL;
  bedrooms: SQL;
  bathrooms: SQL;
  yearBuilt: SQL;
  squareFootage: SQL;
  lotSizeSqft: SQL;
  hoaFee: SQL;
  monthlyPayment: SQL;
  cashToClose: SQL;
}

/** The figures of the `deals` row in scope. */
export const dealColumns: DealFigures = {
  state: sql`${deals.state}`,
  city: sql`${deals.city}`,
  zipCode: sql`${deals.zipCode}`,
  dealType: sql`${deals.dealType}`,
  propertyType: sql`${deals.propertyType}`,
  bedrooms: sql`${deals.bedrooms}`,
  bathrooms: sql`${deals.bathrooms}`,
  yearBuilt: sql`${deals.yearBuilt}`,
  squareFootage: sql`${deals.squareFootage}`,
  lotSizeSqft: sql`${deals.lotSizeSqft}`,
  hoaFee: sql`${deals.hoaFee}`,
  monthlyPayment: sql`${deals.matchMonthlyPayment}`,
  cashToClose: sql`${deals.matchCashToClose}`,
};

/** The figures of one stored deal, as typed parameters. */
export function dealValues(row: DealRow): DealFigures {
  return {
    state: sql`${row.state}::text`,
    city: sql`${row.city}::text`,
    zipCode: sql`${row.zipCode}::text`,
    dealType: sql`${row.dealType}::text`,
    propertyType: sql`${row.propertyType}::text`,
    bedrooms: sql`${row.bedrooms}::integer`,
    bathrooms: sql`${row.bathrooms}::numeric`,
    yearBuilt: sql`${row.yearBuilt}::integer`,
    squareFootage: sql`${row.squareFootage}::integer`,
    lotSizeSqft: sql`${row.lotSizeSqft}::double precision`,
    hoaFee: sql`${row.hoaFee}::integer`,
    monthlyPayment: sql`${row.matchMonthlyPayment}::integer`,
    cashToClose: sql`${row.matchCashToClose}::integer`,
  };
}

/** SQL: the place of buyer preferences or a buy box (alias `t`) takes the deal. */
function placeAdmits(t: string, d: DealFigures): SQL {
  const a = sql.raw(t);
  // Cities are stored trimmed (the schemas trim them); lower() alone keeps the (state, lower(city)) index usable.
  return sql`(${a}.state = ${d.state} and case when cardinality(${a}.zip_codes) > 0
    then ${d.zipCode} = any(${a}.zip_codes)
    else lower(${a}.city) = lower(${d.city}) end)`;
}

/** SQL: the buyer preferences row `bp` (alias) admits the deal: location and every limit set. */
export function preferencesAdmit(d: DealFigures, alias = 'bp'): SQL {
  const bp = sql.raw(alias);
  return sql`coalesce(${placeAdmits(alias, d)}
    and (${bp}.max_monthly_payment is null or ${d.monthlyPayment} <= ${bp}.max_monthly_payment)
    and (${bp}.max_down_payment is null or ${d.cashToClose} <= ${bp}.max_down_payment)
    and (cardinality(${bp}.property_types) = 0 or ${d.propertyType} = any(${bp}.property_types))
    and (${bp}.bedrooms is null or ${d.bedrooms} >= ${bp}.bedrooms)
    and (${bp}.bathrooms is null or ${d.bathrooms} >= ${bp}.bathrooms)
    and (${bp}.min_year_built is null or ${d.yearBuilt} >= ${bp}.min_year_built)
    and (${bp}.min_square_footage is null or ${d.squareFootage} >= ${bp}.min_square_footage)
    and (${bp}.min_lot_size is null or ${d.lotSizeSqft} >= ${bp}.min_lot_size
      * (case when ${bp}.lot_size_unit = 'acres' then ${SQFT_PER_ACRE} else 1 end))
    and (not ${bp}.exclude_hoa or ${d.hoaFee} = 0), false)`;
}

/** SQL: the buy box row `bb` (alias) admits the deal: its place and its type. */
export function buyBoxAdmits(d: DealFigures, alias = 'bb'): SQL {
  const bb = sql.raw(alias);
  return sql`coalesce(${placeAdmits(alias, d)}
    and (${bb}.type = 'any' or ${bb}.type = ${d.dealType}), false)`;
}
