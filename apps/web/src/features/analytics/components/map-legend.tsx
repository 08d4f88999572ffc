import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_VALUE_COLOR, SEQUENTIAL_STOPS, sizeLegendValues, sqrtRadius } from '@/components/maps/scales';
import { formatCompactMoney, formatMoney } from '@/lib/format';

/**
 * The buyer map's legend: bubble sizes (buyers per ZIP, or per region on a national map with no
 * region opened; square-root scale) and colours (average monthly payment, sequential scale), with
 * "not given" for ZIPs whose buyers left it empty, and what the budget cap filters on (the buyer's
 * pre-approval amount) with the cap chosen.
 */
export function MapLegend({
  maxCount,
  sizeUnit = 'zip',
  colorDomain,
  budgetCap = null,
}: {
  maxCount: number;
  sizeUnit?: 'zip' | 'region';
  colorDomain: [number, number] | null;
  budgetCap?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const gradientId = useId();
  const sizes = sizeLegendValues(maxCount);
  const biggest = sizes.length ? sqrtRadius(sizes[0]!, maxCount) : 0;
  return (
    <div className="flex flex-wrap gap-6 text-sm text-slate-700" data-testid="map-legend">
      {sizes.length > 0 && (
        <figure className="grid gap-1">
          <figcaption className="font-medium text-slate-800">
            {t(
              sizeUnit === 'region'
                ? 'analyticsScreens.buyerMap.legendSizeRegion'
                : 'analyticsScreens.buyerMap.legendSize',
            )}
          </figcaption>
          <ul className="flex items-end gap-3">
            {sizes.map((value) => {
              const r = sqrtRadius(value, maxCount);
              return (
                <li key={value} className="flex flex-col items-center gap-1">
                  <svg width={biggest * 2 + 2} height={biggest * 2 + 2} aria-hidden="true">
                    <circle
                      cx={biggest + 1}
                      cy={biggest * 2 + 1 - r}
                      r={r}
                      fill="none"
                      stroke="#475569"
                      strokeWidth={1}
                    />
                  </svg>
                  <span>{new Intl.NumberFormat(i18n.language).format(value)}</span>
                </li>
              );
            })}
          </ul>
        </figure>
      )}
      <figure className="grid gap-1">
        <figcaption className="font-medium text-slate-800">
          {t('analyticsScreens.buyerMap.legendColor')}
        </figcaption>
        {colorDomain && (
          <div className="grid gap-1">
            <svg width="180" height="12" aria-hidden="true">
              <defs>
                <linearGradient id={gradientId}>
                  {SEQUENTIAL_STOPS.map((color, i) => (
                    <stop
                      key={color}
                      offset={`${(i / (SEQUENTIAL_STOPS.length - 1)) * 100}%`}
                      stopColor={color}
                    />
                  ))}
                </linearGradient>
              </defs>
              <rect width="180" height="12" rx="2" fill={`url(#${gradientId})`} />
            </svg>
            <div className="flex w-[180px] justify-between">
              <span>{formatMoney(colorDomain[0], i18n.language)}</span>
              <span>{formatMoney(colorDomain[1], i18n.language)}</span>
            </div>
          </div>
        )}
        <div className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-full"
            style={{ background: NO_VALUE_COLOR }}
          />
          {t('analyticsScreens.buyerMap.notGiven')}
        </div>
      </figure>
      <figure className="grid content-start gap-1" data-testid="map-legend-budget">
        <figcaption className="font-medium text-slate-800">
          {t('analyticsScreens.buyerMap.legendBudget')}
        </figcaption>
        <p>
          {budgetCap === null
            ? t('analyticsScreens.buyerMap.legendBudgetAny')
            : t('analyticsScreens.buyerMap.legendBudgetCap', {
                amount: formatCompactMoney(budgetCap, i18n.language),
              })}
        </p>
      </figure>
    </div>
  );
}
