/**
 * What matching (packages/shared/src/matching.ts) reads of a deal: from the form's values when it is
 * saved (the deals table keeps the figures SQL compares), and from a stored row when it is scored.
 */
import type { DealValues } from '@dealclub/shared/deals';
import type { MatchDeal } from '@dealclub/shared/matching';
import type { DealRow } from '../../db/rows';

/** What matching reads of a deal's form values (packages/shared/src/matching.ts). */
export function matchDealOf(values: DealValues): MatchDeal {
  return {
    category: values.category,
    purchaseType: values.purchaseType,
    propertyType: values.propertyType,
    state: values.state,
    city: values.city,
    zipCode: values.zipCode,
    purchasePrice: values.purchasePrice,
    bedrooms: values.bedrooms,
    bathrooms: values.bathrooms,
    yearBuilt: values.yearBuilt ?? null,
    squareFootage: values.squareFootage ?? null,
    lotSize: values.lotSize ?? null,
    lotSizeUnit: values.lotSizeUnit ?? null,
    hoaMonthlyFee: values.hoaMonthlyFee ?? null,
    solarMonthlyFee: values.solarMonthlyFee ?? null,
    emd: values.emd ?? null,
    entryFee: values.entryFee ?? null,
    optionFee: values.optionFee ?? null,
    interestRate: values.interestRate ?? null,
    sellerInterestRate: values.sellerInterestRate ?? null,
    loanBalance: values.loanBalance ?? null,
    sellerLoanAmount: values.sellerLoanAmount ?? null,
    piti: values.piti ?? null,
    piMonthlyPayment: values.piMonthlyPayment ?? null,
    loanMaturityDate: values.loanMaturityDate || null,
    sellerLoanMaturity: values.sellerLoanMaturity || null,
    monthlyLeasePayment: values.monthlyLeasePayment ?? null,
  };
}

/** The same of a stored deal: its columns and the rest of its form in `terms`. */
export function matchDealOfRow(row: DealRow): MatchDeal {
  return matchDealOf({
    ...(row.terms as Partial<DealValues>),
    category: row.category,
    purchaseType: row.purchaseType,
    propertyType: row.propertyType,
    state: row.state,
    city: row.city,
    zipCode: row.zipCode,
    purchasePrice: row.purchasePrice,
    bedrooms: row.bedrooms,
    bathrooms: Number(row.bathrooms),
  } as DealValues);
}
