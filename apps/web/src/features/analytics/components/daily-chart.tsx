import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealAnalyticsDay } from '@dealclub/shared/analytics';
import { formatNumber } from '@/lib/format';
import { chartScale, dailyTotals, formatShortDay } from './analytics-figures';

/** The four series, in the order of the table, with colours that stay apart for colour-blind readers. */
export const SERIES = [
  { key: 'views', color: '#1d4ed8', dash: [] },
  { key: 'favorites', color: '#be185d', dash: [6, 3] },
  { key: 'interests', color: '#b45309', dash: [2, 2] },
  { key: 'offers', color: '#047857', dash: [8, 3, 2, 3] },
] as const;

/** The drawing's height (px) and the room its x axis's labels take (the y axis's is measured). */
const HEIGHT = 240;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 24;
/** The room one day's label needs on the x axis (px): fewer days are labelled on a narrow screen. */
const LABEL_WIDTH = 64;

/**
 * Views, favorites, interests and offers per day as a line chart, drawn as SVG by the app itself:
 * no charting library to download or to set up on the main thread (issue 32). The drawing is an
 * image with a summary for screen readers; the table of the same figures (below it) is their way
 * to the numbers. A pointer over the chart shows the day's four figures.
 */
export function DailyChart({ daily }: { daily: DealAnalyticsDay[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);

  // The drawing follows its box's width, so that its text keeps its size on a phone.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const labels = useMemo(() => daily.map((d) => formatShortDay(d.date, language)), [daily, language]);
  const scale = useMemo(
    () => chartScale(Math.max(0, ...daily.flatMap((d) => SERIES.map((s) => d[s.key])))),
    [daily],
  );
  const totals = dailyTotals(daily);
  const summary = t('analyticsScreens.deal.chartLabel', {
    days: daily.length,
    views: totals.views,
    favorites: totals.favorites,
    interests: totals.interests,
    offers: totals.offers,
  });

  // Room for the y axis's longest label (7 px a character at 11 px), so that 10,000 still fits.
  const axisWidth = 14 + 7 * Math.max(...scale.ticks.map((tick) => formatNumber(tick, language).length));
  const plotWidth = Math.max(0, width - axisWidth - RIGHT);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = daily.length > 1 ? plotWidth / (daily.length - 1) : 0;
  const x = (i: number) => axisWidth + (daily.length > 1 ? i * step : plotWidth / 2);
  const y = (value: number) => TOP + plotHeight - (value / scale.max) * plotHeight;
  const every = Math.max(1, Math.ceil(LABEL_WIDTH / Math.max(step, 1)));

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (daily.length === 0) return;
    const left = event.currentTarget.getBoundingClientRect().left;
    const i = step > 0 ? Math.round((event.clientX - left - axisWidth) / step) : 0;
    if (!Number.isFinite(i)) return;
    setHovered(Math.min(daily.length - 1, Math.max(0, i)));
  };

  const day = hovered === null ? null : daily[hovered];
  return (
    <div className="grid gap-2">
      <div ref={box} className="relative w-full" style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg
            role="img"
            aria-label={summary}
            data-testid="daily-chart"
            width={width}
            height={HEIGHT}
            className="block touch-pan-y"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setHovered(null)}
          >
            <g aria-hidden="true" fontSize={11} fill="#334155">
              {scale.ticks.map((tick) => (
                <g key={tick}>
                  <line
                    x1={axisWidth}
                    x2={axisWidth + plotWidth}
                    y1={y(tick)}
                    y2={y(tick)}
                    stroke="#e2e8f0"
                  />
                  <text x={axisWidth - 6} y={y(tick)} dy="0.35em" textAnchor="end">
                    {formatNumber(tick, language)}
                  </text>
                </g>
              ))}
              {labels.map((label, i) =>
                (daily.length - 1 - i) % every === 0 ? (
                  <text
                    key={daily[i]!.date}
                    x={x(i)}
                    y={HEIGHT - 6}
                    // The last day's label ends at its point, inside the drawing.
                    textAnchor={i === daily.length - 1 && daily.length > 1 ? 'end' : 'middle'}
                  >
                    {label}
                  </text>
                ) : null,
              )}
              {hovered !== null && (
                <line x1={x(hovered)} x2={x(hovered)} y1={TOP} y2={TOP + plotHeight} stroke="#94a3b8" />
              )}
              {SERIES.map((s) => (
                <g key={s.key} stroke={s.color} fill={s.color}>
                  <polyline
                    fill="none"
                    strokeWidth={2}
                    strokeLinejoin="round"
                    strokeDasharray={s.dash.join(' ') || undefined}
                    points={daily.map((d, i) => `${x(i).toFixed(1)},${y(d[s.key]).toFixed(1)}`).join(' ')}
                  />
                  {daily.map((d, i) => (
                    <circle key={d.date} cx={x(i)} cy={y(d[s.key])} r={i === hovered ? 4 : 2} />
                  ))}
                </g>
              ))}
            </g>
          </svg>
        )}
        {day && hovered !== null && (
          <div
            aria-hidden="true"
            data-testid="daily-chart-tooltip"
            className="pointer-events-none absolute top-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow"
            style={x(hovered) > width / 2 ? { right: width - x(hovered) + 8 } : { left: x(hovered) + 8 }}
          >
            <p className="font-semibold">{labels[hovered]}</p>
            {SERIES.map((s) => (
              <p key={s.key} className="flex items-center gap-2">
                <span className="inline-block size-2 rounded-full" style={{ backgroundColor: s.color }} />
                {t('analyticsScreens.deal.seriesValue', {
                  series: t(`analyticsScreens.deal.series.${s.key}`),
                  value: formatNumber(day[s.key], language),
                })}
              </p>
            ))}
          </div>
        )}
      </div>
      <ul aria-hidden="true" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <svg width={24} height={8}>
              <line
                x1={0}
                x2={24}
                y1={4}
                y2={4}
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dash.join(' ') || undefined}
              />
            </svg>
            {t(`analyticsScreens.deal.series.${s.key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
