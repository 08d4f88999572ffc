/**
 * A deal's risk disclosures (DECISIONS.md, Trust on creative terms) as the API serves them: the
 * shared computation from the deal's terms, written out in the reader's language with the deal's
 * own dates and amounts. The offer checks use the keys of the same computation.
 */
import type { Language } from '@dealclub/shared/constants';
import type { ComparedDeal } from '@dealclub/shared/offer-rules';
import { disclosuresFor, type Disclosure, type TrustTerms } from '@dealclub/shared/trust-rules';
import { translate } from '../../lib/i18n';
import { matchDealOfRow } from '../matching';
import type { DealRow } from '../../db/rows';

/** The terms the trust rules read, from a stored deal (what matching reads, and the solar). */
export function trustTermsOf(row: DealRow): TrustTerms {
  const { solar } = row.terms as { solar?: string };
  return {
    ...matchDealOfRow(row),
    category: row.category as TrustTerms['category'],
    purchaseType: row.purchaseType as TrustTerms['purchaseType'],
    solar: solar ?? null,
  };
}

export function dealDisclosures(row: DealRow, now = new Date()): Disclosure[] {
  return disclosuresFor(trustTermsOf(row), now);
}

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The figures of a disclosure formatted for `language`: amounts in dollars, dates in full. */
function formatValues(values: Disclosure['values'], language: Language): Record<string, string> {
  const locale = LOCALES[language];
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] =
      typeof value === 'number'
        ? new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'USD',
            maximumFractionDigits: 0,
          }).format(value)
        : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
            new Date(`${value}T00:00:00Z`),
          );
  }
  return out;
}

/** `GET /api/deals/{id}/disclosures`: each disclosure's key, title and plain-language body. */
export function disclosureItems(row: DealRow, language: Language, now = new Date()) {
  return dealDisclosures(row, now).map((d) => {
    const vars = formatValues(d.values, language);
    return {
      key: d.key,
      title: translate(language, `disclosures.${d.key}.title`),
      body: translate(language, `disclosures.${d.key}.body`, vars),
      help: d.help,
    };
  });
}

/** What the offers table compares offers with (effective price): the deal's price and loans. */
export function comparedDealOf(row: DealRow): ComparedDeal {
  const terms = trustTermsOf(row);
  const optionSalePrice = (row.terms as Record<string, unknown>).optionSalePrice;
  return {
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    purchaseType: row.purchaseType,
    loanBalance: terms.loanBalance,
    sellerLoanAmount: terms.sellerLoanAmount,
    optionSalePrice: typeof optionSalePrice === 'number' ? optionSalePrice : null,
  };
}
