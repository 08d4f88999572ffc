import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/dates';
import type { Offer } from '@/lib/deals';
import { formatMoney } from '@/lib/format';
import { NotProvided } from '@/components/ui/not-provided';

const LAYOUTS = {
  /** One term a row, the value on the right: the offer panel of the deal page. */
  rows: {
    list: 'grid gap-0',
    item: 'flex justify-between gap-4 border-b border-slate-100 py-2 last:border-b-0',
    term: 'text-slate-600',
    value: 'text-right font-medium text-ink',
  },
  /** The terms side by side, each value under its label: a card of "My offers". */
  columns: {
    list: 'grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4',
    item: 'min-w-0',
    term: 'text-xs text-slate-600',
    value: 'font-semibold text-ink',
  },
};

/** A buyer's offer as the buyer sees it: the type, the amount offered, the close date and when it was sent. */
export function OfferTerms({ offer, layout }: { offer: Offer; layout: keyof typeof LAYOUTS }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const amount = offer.type === 'cash' ? offer.purchasePrice : offer.entryFee;
  const terms: [string, ReactNode][] = [
    [t('offers.mine.type'), t(`offers.type.${offer.type}`)],
    [
      offer.type === 'cash' ? t('offers.form.purchasePrice') : t('offers.form.entryFee'),
      amount === null ? <NotProvided /> : formatMoney(amount, lang),
    ],
    [t('offers.mine.closeDate'), formatDay(offer.estimatedCloseDate, lang)],
    [t('offers.mine.submitted'), formatDay(offer.createdAt, lang)],
  ];
  const style = LAYOUTS[layout];
  return (
    <dl className={style.list}>
      {terms.map(([label, value]) => (
        <div key={label} className={style.item}>
          <dt className={style.term}>{label}</dt>
          <dd className={style.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
