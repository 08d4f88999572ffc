import { CalendarClock } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDay, formatMoment } from '@/lib/dates';
import type { DealDetail } from '@/lib/deals';
import { formatMoney, formatNumber, formatRate } from '@/lib/format';
import { NotProvided } from '@/components/ui/not-provided';
import { StatusBadge, TagBadge } from '@/components/deals/status-badge';

type Row = [field: string, value: ReactNode];

/** A titled block of the detail page. */
export function DetailSection({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white p-5 ${className}`}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-6 sm:grid-cols-2">
      {rows.map(([field, value]) => (
        <div
          key={field}
          className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-b-0"
        >
          <dt className="text-slate-600">{t(`dealDetail.fields.${field}`)}</dt>
          <dd className="min-w-0 text-right font-medium text-ink [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Formatters of the term values; a missing value reads 'Not provided'. */
function formatters(t: TFunction, lang: string) {
  const missing = <NotProvided />;
  const has = <T,>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';
  return {
    money: (v: number | null | undefined) => (has(v) ? formatMoney(v, lang) : missing),
    rate: (v: number | null | undefined) => (has(v) ? formatRate(v, lang) : missing),
    day: (v: string | null | undefined) => (has(v) ? formatDay(v, lang) : missing),
    number: (v: number | null | undefined) => (has(v) ? formatNumber(v, lang) : missing),
    text: (v: string | null | undefined) => (has(v) ? v : missing),
    yesNo: (v: boolean | null | undefined) =>
      has(v) ? (v ? t('dealCommon.yes') : t('dealCommon.no')) : missing,
    label: (group: string, v: string | null | undefined) =>
      has(v) ? t(`dealCommon.${group}.${v}`) : missing,
    list: (group: string, values: readonly string[] | null | undefined) =>
      values?.length ? values.map((v) => t(`dealCommon.${group}.${v}`)).join(', ') : missing,
  };
}

/**
 * Every term of the deal, grouped by purpose: price and terms; the subject-to loan; the seller
 * financing; the lease option (each only for its purchase types); the property; parking, solar,
 * HOA and restrictions; the description.
 */
export function DetailTerms({ deal }: { deal: DealDetail }) {
  const { t, i18n } = useTranslation();
  const f = formatters(t, i18n.language);
  const type = deal.category === 'creative' ? deal.purchaseType : null;
  const subjectTo = type === 'SubTo' || type === 'Hybrid';
  const sellerFinance = type === 'SellerFinance' || type === 'Hybrid';
  const leaseOption = type === 'LeaseOption';

  const price: Row[] = [
    ['purchasePrice', f.money(deal.purchasePrice)],
    ['category', f.label('category', deal.category)],
  ];
  if (type) price.push(['purchaseType', f.label('purchaseType', type)]);
  if (deal.category === 'creative' && !leaseOption) price.push(['entryFee', f.money(deal.entryFee)]);
  price.push(
    ['emd', f.money(deal.emd)],
    ['expectedCloseOfEscrow', f.day(deal.expectedCloseOfEscrow)],
    ['traditionalFinancingQualifications', f.list('financing', deal.traditionalFinancingQualifications)],
    ['agentInvolved', f.yesNo(deal.agentInvolved)],
  );

  const lease: Row[] = [
    ['optionFee', f.money(deal.optionFee)],
    ['optionSalePrice', f.money(deal.optionSalePrice)],
    [
      'optionTermYears',
      deal.optionTermYears ? t('dealCommon.years', { count: deal.optionTermYears }) : f.number(null),
    ],
    ['optionFeeDeducted', f.yesNo(deal.optionFeeDeducted)],
    ['monthlyLeasePayment', f.money(deal.monthlyLeasePayment)],
    ['monthlyPaymentCredited', f.yesNo(deal.monthlyPaymentCredited)],
  ];
  if (deal.monthlyPaymentCredited) lease.push(['monthlyCreditAmount', f.money(deal.monthlyCreditAmount)]);
  lease.push(['securityDeposit', f.money(deal.securityDeposit)], ['petsAllowed', f.yesNo(deal.petsAllowed)]);
  if (deal.petsAllowed) {
    lease.push(
      ['allowedPetTypes', f.list('petType', deal.allowedPetTypes)],
      ['petFee', f.money(deal.petFee)],
    );
  }
  lease.push(
    ['utilitiesIncluded', f.yesNo(deal.utilitiesIncluded)],
    ['allowsSublease', f.yesNo(deal.allowsSublease)],
    ['appliancesIncluded', f.yesNo(deal.appliancesIncluded)],
  );

  const property: Row[] = [
    ['propertyType', f.label('propertyType', deal.propertyType)],
    ['bedrooms', f.number(deal.bedrooms)],
    ['bathrooms', f.number(deal.bathrooms)],
    ['squareFootage', f.number(deal.squareFootage)],
    [
      'lotSize',
      deal.lotSize
        ? t('dealDetail.lotSizeValue', {
            value: formatNumber(deal.lotSize, i18n.language),
            unit: t(`dealCommon.lotSizeUnit.${deal.lotSizeUnit ?? 'sqft'}`),
          })
        : f.number(null),
    ],
    ['yearBuilt', deal.yearBuilt ? String(deal.yearBuilt) : f.number(null)],
    ['privatePool', f.yesNo(deal.privatePool)],
  ];

  const extras: Row[] = [
    ['parking', f.label('parking', deal.parking)],
    ['additionalParking', f.text(deal.additionalParking)],
    ['solar', f.label('solar', deal.solar)],
  ];
  if (deal.solar && deal.solar !== 'none') extras.push(['solarMonthlyFee', f.money(deal.solarMonthlyFee)]);
  extras.push(
    ['hoaMonthlyFee', f.money(deal.hoaMonthlyFee)],
    ['restrictions', f.list('restriction', deal.restrictions)],
  );

  return (
    <>
      <DetailSection title={t('dealDetail.sections.price')}>
        <Rows rows={price} />
      </DetailSection>
      {subjectTo && (
        <DetailSection title={t('dealDetail.sections.subjectTo')}>
          <Rows
            rows={[
              ['loanType', f.label('loanType', deal.loanType)],
              ['interestRate', f.rate(deal.interestRate)],
              ['loanBalance', f.money(deal.loanBalance)],
              ['loanMaturityDate', f.day(deal.loanMaturityDate)],
              ['piti', f.money(deal.piti)],
              ['entryFee', f.money(deal.entryFee)],
            ]}
          />
        </DetailSection>
      )}
      {sellerFinance && (
        <DetailSection title={t('dealDetail.sections.sellerFinance')}>
          <Rows
            rows={[
              ['sellerLoanAmount', f.money(deal.sellerLoanAmount)],
              ['sellerInterestRate', f.rate(deal.sellerInterestRate)],
              ['piMonthlyPayment', f.money(deal.piMonthlyPayment)],
              ['sellerLoanMaturity', f.day(deal.sellerLoanMaturity)],
              ['deedTransferType', f.label('deedTransferType', deal.deedTransferType)],
            ]}
          />
        </DetailSection>
      )}
      {leaseOption && (
        <DetailSection title={t('dealDetail.sections.leaseOption')}>
          <Rows rows={lease} />
        </DetailSection>
      )}
      <DetailSection title={t('dealDetail.sections.property')}>
        <Rows rows={property} />
      </DetailSection>
      <DetailSection title={t('dealDetail.sections.extras')}>
        <Rows rows={extras} />
      </DetailSection>
      <DetailSection title={t('dealDetail.sections.description')}>
        <p className="leading-relaxed break-words whitespace-pre-line text-slate-800">{deal.description}</p>
      </DetailSection>
    </>
  );
}

/** The deal math of a creative deal (DECISIONS.md): cash to close, equity, payment, maturity. */
export function DetailMath({
  math,
  explain,
}: {
  math: NonNullable<DealDetail['math']>;
  /** Each figure's formula in the deal's numbers (detail-trust.tsx), under the figure. */
  explain?: (figure: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const f = formatters(t, i18n.language);
  const items: [string, ReactNode][] = [
    ['cashToClose', f.money(math.cashToClose)],
    ['estimatedEquity', f.money(math.estimatedEquity)],
    ['totalMonthlyPayment', f.money(math.totalMonthlyPayment)],
    [
      'monthsToMaturity',
      math.monthsToMaturity === null
        ? f.number(null)
        : t('dealCommon.months', { count: math.monthsToMaturity }),
    ],
  ];
  return (
    <DetailSection title={t('dealDetail.math.title')} className="border-brand-100 bg-brand-50">
      <dl className="grid grid-cols-2 gap-3">
        {items.map(([key, value]) => (
          <div key={key} className="rounded-lg bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{t(`dealDetail.math.${key}`)}</dt>
            <dd className="mt-1 text-lg font-bold text-ink">{value}</dd>
            {explain && <dd>{explain(key)}</dd>}
          </div>
        ))}
      </dl>
    </DetailSection>
  );
}

/** The seller's tags and the system tags. */
export function DetailTags({ tags, systemTags }: { tags: string[]; systemTags: string[] }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('dealDetail.sections.tags')}>
      {tags.length + systemTags.length === 0 ? (
        <p className="text-slate-600">{t('dealDetail.noTags')}</p>
      ) : (
        <div className="grid gap-3">
          {tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('dealDetail.sections.tags')}>
              {tags.map((tag) => (
                <li key={tag}>
                  <TagBadge tag={tag} />
                </li>
              ))}
            </ul>
          )}
          {systemTags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('dealDetail.systemTags')}>
              {systemTags.map((tag) => (
                <li key={tag}>
                  <TagBadge tag={tag} system />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </DetailSection>
  );
}

const SAFE_URL = /^https?:\/\//i;

/** Who listed the deal: first name, company and logo, and the call-booking link. */
export function DetailOriginator({ originator }: { originator: DealDetail['originator'] }) {
  const { t } = useTranslation();
  const name = originator.firstName || originator.companyName || '';
  const logo = originator.logoUrl && SAFE_URL.test(originator.logoUrl) ? originator.logoUrl : null;
  const booking =
    originator.callBookingUrl && SAFE_URL.test(originator.callBookingUrl) ? originator.callBookingUrl : null;
  return (
    <DetailSection title={t('dealDetail.sections.originator')}>
      <div className="flex items-center gap-3">
        {logo && (
          <img
            src={logo}
            alt={t('dealDetail.companyLogo', { company: originator.companyName || name })}
            className="size-14 rounded-md border border-slate-200 bg-white object-contain"
          />
        )}
        <div className="min-w-0">
          {originator.firstName && <p className="font-semibold">{originator.firstName}</p>}
          {originator.companyName && <p className="text-slate-700">{originator.companyName}</p>}
        </div>
      </div>
      {booking && (
        <a
          href={booking}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('dealDetail.bookCallWith', { name })}
          className="mt-4 inline-flex h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          <CalendarClock aria-hidden className="size-5" />
          {t('dealDetail.bookCall')}
        </a>
      )}
    </DetailSection>
  );
}

/** The status changes, for the deal's originator and admins only. */
export function DetailHistory({ history }: { history: DealDetail['statusHistory'] }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailSection title={t('dealDetail.sections.history')}>
      <ol className="grid gap-3">
        {history.map((h, i) => (
          <li key={`${h.date}-${i}`} className="grid gap-1 border-l-2 border-slate-200 pl-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={h.status} />
              <time dateTime={h.date} className="text-slate-600">
                {formatMoment(h.date, i18n.language)}
              </time>
              <span className="text-slate-600">
                {t(`dealDetail.historySource.${h.source}`, { defaultValue: h.source })}
              </span>
            </div>
            {h.reason && <p>{t('dealDetail.historyReason', { reason: h.reason })}</p>}
            {h.comments && <p>{t('dealDetail.historyComments', { comments: h.comments })}</p>}
          </li>
        ))}
      </ol>
    </DetailSection>
  );
}
