import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealAnalyticsDay } from '@dealclub/shared/analytics';
import { dailyTotals, formatShortDay } from './analytics-figures';

/** The four series, in the order of the table, with colours that stay apart for colour-blind readers. */
export const SERIES = [
  { key: 'views', color: '#1d4ed8', dash: [] },
  { key: 'favorites', color: '#be185d', dash: [6, 3] },
  { key: 'interests', color: '#b45309', dash: [2, 2] },
  { key: 'offers', color: '#047857', dash: [8, 3, 2, 3] },
] as const;

/**
 * Views, favorites, interests and offers per day as a line chart (chart.js, loaded with this
 * screen only). The canvas is an image with a summary for screen readers; the table of the same
 * figures (below it) is their way to the numbers.
 */
export function DailyChart({ daily }: { daily: DealAnalyticsDay[] }) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const language = i18n.language;

  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let cancelled = false;
    import('./chart-setup').then(
      ({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, {
          type: 'line',
          data: {
            labels: daily.map((d) => formatShortDay(d.date, language)),
            datasets: SERIES.map((s) => ({
              label: t(`analyticsScreens.deal.series.${s.key}`),
              data: daily.map((d) => d[s.key]),
              borderColor: s.color,
              backgroundColor: s.color,
              borderDash: [...s.dash],
              borderWidth: 2,
              pointRadius: 2,
              tension: 0.2,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            scales: {
              y: { beginAtZero: true, ticks: { precision: 0 } },
              x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
            },
            plugins: { legend: { position: 'bottom' } },
          },
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [daily, language, t]);

  const totals = dailyTotals(daily);
  const summary = t('analyticsScreens.deal.chartLabel', {
    days: daily.length,
    views: totals.views,
    favorites: totals.favorites,
    interests: totals.interests,
    offers: totals.offers,
  });
  if (failed) return <p className="text-slate-700">{t('analyticsScreens.deal.chartFailed')}</p>;
  return (
    <div className="relative h-72 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} data-testid="daily-chart">
        {summary}
      </canvas>
    </div>
  );
}
