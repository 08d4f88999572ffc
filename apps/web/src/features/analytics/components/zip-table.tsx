import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuyerZip } from '@dealclub/shared/analytics';
import { formatMoney } from '@/lib/format';

const PAGE = 50;

/**
 * The buyer map as a table (keyboard and screen-reader users get the same data): ZIP codes with
 * most buyers first, 50 at a time; a ZIP's button filters the buyer list as a click on the map does.
 */
export function ZipTable({
  zips,
  selected,
  onSelect,
}: {
  zips: readonly BuyerZip[];
  selected: string | null;
  onSelect: (zip: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const sorted = useMemo(
    () => [...zips].sort((a, b) => b.buyerCount - a.buyerCount || a.zipCode.localeCompare(b.zipCode)),
    [zips],
  );
  const money = (v: number | null) =>
    v === null ? t('analyticsScreens.buyerMap.notGiven') : formatMoney(v, i18n.language);
  return (
    <div className="grid gap-3">
      <div
        role="region"
        aria-label={t('analyticsScreens.buyerMap.tableCaption')}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="w-full text-left text-sm" data-testid="zip-table">
          <caption className="sr-only">{t('analyticsScreens.buyerMap.tableCaption')}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="p-3">
                {t('analyticsScreens.buyerMap.zipCode')}
              </th>
              <th scope="col" className="p-3 text-right">
                {t('analyticsScreens.buyerMap.buyers')}
              </th>
              <th scope="col" className="p-3 text-right">
                {t('analyticsScreens.buyerMap.averageDown')}
              </th>
              <th scope="col" className="p-3 text-right">
                {t('analyticsScreens.buyerMap.averageMonthly')}
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.slice(0, shown).map((zip) => (
              <tr key={zip.zipCode} className="border-t border-slate-200">
                <th scope="row" className="p-2 font-normal">
                  <button
                    type="button"
                    aria-pressed={selected === zip.zipCode}
                    onClick={() => onSelect(zip.zipCode)}
                    className="rounded-md px-2 py-1 font-mono font-semibold text-brand-800 underline hover:bg-slate-100 aria-pressed:bg-amber-100"
                  >
                    {zip.zipCode}
                  </button>
                </th>
                <td className="p-3 text-right">
                  {new Intl.NumberFormat(i18n.language).format(zip.buyerCount)}
                </td>
                <td className="p-3 text-right">{money(zip.averageDownPayment)}</td>
                <td className="p-3 text-right">{money(zip.averageMonthlyPayment)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sorted.length > shown && (
        <button
          type="button"
          onClick={() => setShown((n) => n + PAGE)}
          className="justify-self-start rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-100"
        >
          {t('analyticsScreens.buyerMap.showMoreZips', { shown, count: sorted.length })}
        </button>
      )}
    </div>
  );
}
