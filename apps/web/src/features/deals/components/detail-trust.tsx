import { ShieldAlert } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  explainDealMath,
  loanAmortisations,
  MAX_AMORTISATION_MONTHS,
  type Amortisation,
  type ExplainedMath,
  type TrustTerms,
} from '@dealclub/shared/trust-rules';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatDay } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import type { DealDetail } from '@/lib/deals';
import { useDisclosures } from '../api/disclosures';
import { DetailMath, DetailSection } from './detail-sections';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';

/** The terms the trust rules read, from the deal as the API sends it. */
export function trustTermsOf(deal: DealDetail): TrustTerms {
  return {
    category: deal.category,
    purchaseType: deal.purchaseType ?? null,
    purchasePrice: deal.purchasePrice,
    emd: deal.emd ?? null,
    entryFee: deal.entryFee ?? null,
    optionFee: deal.optionFee ?? null,
    interestRate: deal.interestRate ?? null,
    loanBalance: deal.loanBalance ?? null,
    loanMaturityDate: deal.loanMaturityDate || null,
    piti: deal.piti ?? null,
    sellerLoanAmount: deal.sellerLoanAmount ?? null,
    sellerInterestRate: deal.sellerInterestRate ?? null,
    piMonthlyPayment: deal.piMonthlyPayment ?? null,
    sellerLoanMaturity: deal.sellerLoanMaturity || null,
    monthlyLeasePayment: deal.monthlyLeasePayment ?? null,
    hoaMonthlyFee: deal.hoaMonthlyFee ?? null,
    solarMonthlyFee: deal.solarMonthlyFee ?? null,
    solar: deal.solar ?? null,
  };
}

/**
 * "Risks of these terms" (issue 17): the deal's disclosures in plain language, as the API writes
 * them from the terms, each with a link to the lesson that explains it. Nothing for a deal without.
 */
export function DetailRisks({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const ready = useLocaleSection('trust');
  const disclosures = useDisclosures(dealId);
  if (!ready || disclosures.isPending) return null;
  if (disclosures.isError) {
    return (
      <LoadFailed message={t('offers.form.risks.loadFailed')} onRetry={() => void disclosures.refetch()} />
    );
  }
  if (disclosures.data.length === 0) return null;
  return (
    <DetailSection title={t('dealTrust.risks.title')} className="border-amber-200">
      <p className="mb-3 text-slate-700">{t('dealTrust.risks.intro')}</p>
      <ul className="grid gap-3" data-testid="deal-risks">
        {disclosures.data.map((item) => (
          <li key={item.key} className="flex gap-3 rounded-lg bg-amber-50 p-3">
            <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-800" />
            <div className="grid gap-1">
              <h3 className="font-semibold text-ink">{item.title}</h3>
              <p className="text-slate-800">{item.body}</p>
              <Link
                to={item.help}
                // The visible words start the name (WCAG 2.5.3): a voice user says what they see.
                aria-label={t('dealTrust.risks.learnMoreOf', { title: item.title })}
                className="w-fit font-medium text-brand-800 underline hover:text-brand-700"
              >
                {t('dealTrust.risks.learnMore')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

/** "Cash to close = entry fee $9,000 + EMD $5,000": a figure's formula in the deal's own numbers. */
function Formula({ figure, line }: { figure: string; line: ExplainedMath[keyof ExplainedMath] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  let text: ReactNode;
  if (line.value === null) text = t('dealTrust.formula.none');
  else if (figure === 'monthsToMaturity') {
    text = t('dealTrust.formula.maturity', {
      count: line.value,
      date: line.date ? formatDay(line.date, lang) : '',
    });
  } else {
    text = (
      <>
        {t(`dealDetail.math.${figure}`)} ={' '}
        {line.terms.map((term, index) => (
          <Fragment key={term.term}>
            {index > 0 && (term.minus ? ' − ' : ' + ')}
            {t(`dealTrust.formula.terms.${term.term}`)} {formatMoney(term.amount, lang)}
          </Fragment>
        ))}
      </>
    );
  }
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800 underline">
        {t('dealTrust.formula.show', { figure: t(`dealDetail.math.${figure}`).toLowerCase() })}
      </summary>
      <p className="mt-1 text-slate-800" data-testid={`formula-${figure}`}>
        {text}
      </p>
    </details>
  );
}

/** The deal math with each figure's formula on demand; the plain figures until the texts are in. */
export function DetailMathExplained({ deal }: { deal: DealDetail }) {
  const ready = useLocaleSection('trust');
  const explained = deal.math ? explainDealMath(trustTermsOf(deal)) : null;
  if (!deal.math) return null;
  if (!ready || !explained) return <DetailMath math={deal.math} />;
  return (
    <DetailMath
      math={deal.math}
      explain={(figure) => <Formula figure={figure} line={explained[figure as keyof ExplainedMath]} />}
    />
  );
}

function LoanSchedule({ loan }: { loan: Amortisation }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = t(`dealTrust.amortisation.${loan.loan}`);
  const money = (v: number) => formatMoney(Math.round(v), lang);
  return (
    <div className="grid gap-2" data-testid={`loan-${loan.loan}`}>
      <h3 className="font-semibold text-ink">{name}</h3>
      <p className="text-slate-700">
        {t('dealTrust.amortisation.summary', {
          balance: money(loan.balance),
          rate: formatRate(loan.annualRate, lang),
          payment: money(loan.monthlyPayment),
          date: formatDay(loan.maturityDate, lang),
        })}
      </p>
      <p className="font-semibold text-ink">
        {loan.months === 0
          ? t('dealTrust.amortisation.matured')
          : loan.balloon > 0
            ? t('dealTrust.amortisation.balloon', {
                date: formatDay(loan.maturityDate, lang),
                amount: money(loan.balloon),
              })
            : t('dealTrust.amortisation.paidOff')}
      </p>
      {loan.negative && <p className="text-red-800">{t('dealTrust.amortisation.negative')}</p>}
      {loan.paymentIncludesEscrow && loan.balloon > 0 && (
        <p className="text-sm text-slate-600">{t('dealTrust.amortisation.escrowNote')}</p>
      )}
      {loan.years.length > 0 && (
        <details>
          <summary className="cursor-pointer font-medium text-brand-800 underline">
            {t('dealTrust.amortisation.show')}
          </summary>
          <div className="mt-2 max-h-96 overflow-auto">
            <table className="w-full text-right text-sm">
              <caption className="sr-only">{t('dealTrust.amortisation.caption', { loan: name })}</caption>
              <thead className="sticky top-0 bg-white">
                <tr className="border-b border-slate-200">
                  {(['year', 'payments', 'interest', 'principal', 'balance'] as const).map((column) => (
                    <th key={column} scope="col" className="px-2 py-1 font-semibold">
                      {t(`dealTrust.amortisation.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {loan.years.map((year) => (
                  <tr key={year.year} className="border-b border-slate-100">
                    <th scope="row" className="px-2 py-1 font-medium">
                      {formatNumber(year.year, lang)}
                    </th>
                    <td className="px-2 py-1">{formatNumber(year.payments, lang)}</td>
                    <td className="px-2 py-1">{money(year.interest)}</td>
                    <td className="px-2 py-1">{money(year.principal)}</td>
                    <td className="px-2 py-1">{money(year.endBalance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {loan.months >= MAX_AMORTISATION_MONTHS && (
            <p className="mt-1 text-sm text-slate-600">{t('dealTrust.amortisation.cut')}</p>
          )}
        </details>
      )}
    </div>
  );
}

/**
 * "Loans to maturity": the amortisation of the existing loan of a subject-to or hybrid deal and of
 * the seller financing, computed from the loan fields, with the balloon due at maturity.
 */
export function DetailLoans({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const ready = useLocaleSection('trust');
  const loans = loanAmortisations(trustTermsOf(deal));
  if (!ready || loans.length === 0) return null;
  return (
    <DetailSection title={t('dealTrust.amortisation.title')}>
      <div className="grid gap-6">
        {loans.map((loan) => (
          <LoanSchedule key={loan.loan} loan={loan} />
        ))}
      </div>
    </DetailSection>
  );
}
